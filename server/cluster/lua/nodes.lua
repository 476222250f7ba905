-- nodes: the live nodes but me, and the public rooms each lists.
-- ARGV: me. Returns {id, url, listing JSON or '', ...}.
local P = 'botpit:'
local out = {}
for _, id in ipairs(redis.call('HKEYS', P .. 'nodes')) do
  if id ~= ARGV[1] and redis.call('EXISTS', P .. 'node:' .. id) == 1 then
    table.insert(out, id)
    table.insert(out, redis.call('HGET', P .. 'nodes', id) or '')
    table.insert(out, redis.call('GET', P .. 'listing:' .. id) or '')
  end
end
return out

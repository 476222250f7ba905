-- every_result: the stored results in the order they were stored (what a
-- rebuild of the ratings reads), a page at a time. Results stored before
-- that order was kept (their numbers were given in that order) are put in
-- it first.
-- ARGV: first (0-based), count.
-- Returns {how many are stored, number, JSON, number, JSON, ...}.
local P = 'botpit:'
local order = P .. 'results:order'
if redis.call('LLEN', order) == 0 and redis.call('ZCARD', P .. 'results') > 0 then
  local keys = redis.call('ZRANGE', P .. 'results', 0, -1)
  table.sort(keys)
  for _, k in ipairs(keys) do redis.call('RPUSH', order, k) end
end
local first, count = tonumber(ARGV[1]), tonumber(ARGV[2])
local out = {redis.call('LLEN', order)}
for _, k in ipairs(redis.call('LRANGE', order, first, first + count - 1)) do
  table.insert(out, k)
  table.insert(out, redis.call('GET', P .. 'result:' .. k) or '')
end
return out

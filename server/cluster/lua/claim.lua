-- claim: takes up to max rooms of nodes whose liveness expired, one epoch
-- up each, so that one node wins each room and a dead node that wakes is
-- refused its next write. The codes a dead node reserved are freed; a
-- node with nothing left leaves the list of nodes.
-- ARGV: me, max. Returns {code, epoch, ...} of the rooms now mine.
local P = 'botpit:'
local me, max = ARGV[1], tonumber(ARGV[2])
local claimed = {}
for _, id in ipairs(redis.call('HKEYS', P .. 'nodes')) do
  if id ~= me and redis.call('EXISTS', P .. 'node:' .. id) == 0 then
    for _, code in ipairs(redis.call('SMEMBERS', P .. 'pool:' .. id)) do
      local key = P .. 'own:{' .. code .. '}'
      if redis.call('GET', key) == id .. ' 0' then redis.call('DEL', key) end
    end
    redis.call('DEL', P .. 'pool:' .. id)
    local want = max - math.floor(#claimed / 2)
    if want > 0 then
      for _, code in ipairs(redis.call('SRANDMEMBER', P .. 'owned:' .. id, want)) do
        local key = P .. 'own:{' .. code .. '}'
        local node, epoch = string.match(redis.call('GET', key) or '', '^(.*) (%d+)$')
        if node == id then
          local e = tonumber(epoch) + 1
          redis.call('SET', key, me .. ' ' .. e)
          redis.call('SMOVE', P .. 'owned:' .. id, P .. 'owned:' .. me, code)
          table.insert(claimed, code)
          table.insert(claimed, tostring(e))
        else
          redis.call('SREM', P .. 'owned:' .. id, code)
        end
      end
    end
    if redis.call('SCARD', P .. 'owned:' .. id) == 0 then
      redis.call('HDEL', P .. 'nodes', id)
      redis.call('DEL', P .. 'listing:' .. id)
    end
  end
end
return claimed

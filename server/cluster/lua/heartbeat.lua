-- heartbeat: renews a node's liveness and its listing's, every fifth of
-- its time to live.
-- ARGV: id, instance, url, ttl ms.
-- Returns {status, rooms owned}: status 'ok'; 'recreated' when the key had
-- expired (the node was paused, or cut off, past its time to live: other
-- nodes may have claimed its rooms); 'usurped' when another process holds
-- the id now (the caller must stop at once).
local P = 'botpit:'
local id, instance, url, ttl = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local key = P .. 'node:' .. id
local v = redis.call('GET', key)
local status = 'ok'
local n = 1
if v then
  local inst, count = string.match(v, '^(%S+) (%d+)$')
  if inst ~= instance then return {'usurped', 0} end
  n = tonumber(count) + 1
else
  status = 'recreated'
end
redis.call('SET', key, instance .. ' ' .. n, 'PX', ttl)
redis.call('HSET', P .. 'nodes', id, url)
redis.call('PEXPIRE', P .. 'listing:' .. id, ttl)
return {status, redis.call('SCARD', P .. 'owned:' .. id)}

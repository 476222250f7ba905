-- start: a node comes up under its id. Its liveness key holds
-- "instance counter" with a time to live; another process renewing it
-- means the id is alive elsewhere.
-- ARGV: id, instance, url, ttl ms.
-- Returns {'ok'}, or {'taken', value, pttl} while the key is another's.
local P = 'botpit:'
local id, instance, url, ttl = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local key = P .. 'node:' .. id
local v = redis.call('GET', key)
if v and string.sub(v, 1, #instance + 1) ~= instance .. ' ' then
  return {'taken', v, redis.call('PTTL', key)}
end
redis.call('SET', key, instance .. ' 1', 'PX', ttl)
redis.call('HSET', P .. 'nodes', id, url)
return {'ok'}

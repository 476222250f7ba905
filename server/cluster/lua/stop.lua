-- stop: a node that stops gracefully takes its liveness and listing down
-- at once (its rooms stay its own, for when it comes back, unless it
-- handed them over).
-- ARGV: id, instance.
local P = 'botpit:'
local key = P .. 'node:' .. ARGV[1]
local v = redis.call('GET', key)
if v and string.sub(v, 1, #ARGV[2] + 1) == ARGV[2] .. ' ' then
  redis.call('DEL', key, P .. 'listing:' .. ARGV[1])
end
return redis.status_reply('OK')

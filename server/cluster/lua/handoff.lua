-- handoff: a node that stops hands one of its rooms to a live node, one
-- epoch up (its own later writes are refused). ARGV: code, me, epoch,
-- target. Returns {epoch, url} of the target, or nil if the room is not
-- mine at that epoch or the target is not alive.
local P = 'botpit:'
local code, me, epoch, target = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local key = P .. 'own:{' .. code .. '}'
if redis.call('GET', key) ~= me .. ' ' .. epoch then return nil end
if redis.call('EXISTS', P .. 'node:' .. target) == 0 then return nil end
local e = tonumber(epoch) + 1
redis.call('SET', key, target .. ' ' .. e)
redis.call('SMOVE', P .. 'owned:' .. me, P .. 'owned:' .. target, code)
return {tostring(e), redis.call('HGET', P .. 'nodes', target) or ''}

-- claim_one: takes one room of a dead node now (someone asks for it),
-- one epoch up. ARGV: code, dead node, its epoch, me.
-- Returns the new epoch, or nil if the room moved meanwhile or the node
-- is alive after all.
local P = 'botpit:'
local code, dead, epoch, me = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local key = P .. 'own:{' .. code .. '}'
if redis.call('GET', key) ~= dead .. ' ' .. epoch then return nil end
if redis.call('EXISTS', P .. 'node:' .. dead) == 1 then return nil end
local e = tonumber(epoch) + 1
redis.call('SET', key, me .. ' ' .. e)
redis.call('SMOVE', P .. 'owned:' .. dead, P .. 'owned:' .. me, code)
return e

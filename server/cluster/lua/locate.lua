-- locate: where a room is. ARGV: code, me.
-- Returns {'none'} (no such room), {'mine', epoch}, {'elsewhere', node,
-- epoch, url} (its owner is alive), or {'dead', node, epoch} (its owner's
-- liveness expired: claim_one may take it).
local P = 'botpit:'
local code, me = ARGV[1], ARGV[2]
local own = redis.call('GET', P .. 'own:{' .. code .. '}')
if not own then return {'none'} end
local node, epoch = string.match(own, '^(.*) (%d+)$')
if not node or epoch == '0' or redis.call('EXISTS', P .. 'room:{' .. code .. '}') == 0 then
  return {'none'}
end
if node == me then return {'mine', epoch} end
if redis.call('EXISTS', P .. 'node:' .. node) == 1 then
  return {'elsewhere', node, epoch, redis.call('HGET', P .. 'nodes', node) or ''}
end
return {'dead', node, epoch}

-- player: the stored player a token belongs to (found by the token's
-- SHA-256), and the room it sits in.
-- ARGV: hash (hex). Returns {id, name, hash, room or ''}, or nil.
local P = 'botpit:'
local id = redis.call('GET', P .. 'token:' .. ARGV[1])
if not id then return nil end
local p = redis.call('HMGET', P .. 'player:' .. id, 'name', 'hash', 'room')
if not p[1] or p[2] ~= ARGV[1] then return nil end
return {id, p[1], p[2], p[3] or ''}

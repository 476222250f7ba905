-- link: takes a link code, once: the token it hands over and the player
-- that token is (as player.lua finds it), or why not.
-- ARGV: code.
-- Returns {'OK', token, id, name, hash, room or ''}, {'OK', token} when
-- no stored player has the token, or {'USED'}, {'EXPIRED'}, {'UNKNOWN'}.
local P = 'botpit:'
local code = ARGV[1]
local key, seen = P .. 'link:' .. code, P .. 'linkseen:' .. code
local f = redis.call('HMGET', key, 'token', 'hash')
if not f[1] then
  local state = redis.call('GET', seen)
  if state == 'used' then return {'USED'} end
  if state then return {'EXPIRED'} end
  return {'UNKNOWN'}
end
redis.call('DEL', key)
redis.call('SET', seen, 'used', 'KEEPTTL')
local id = redis.call('GET', P .. 'token:' .. f[2])
if not id then return {'OK', f[1]} end
local p = redis.call('HMGET', P .. 'player:' .. id, 'name', 'hash', 'room')
if not p[1] or p[2] ~= f[2] then return {'OK', f[1]} end
return {'OK', f[1], id, p[1], p[2], p[3] or ''}

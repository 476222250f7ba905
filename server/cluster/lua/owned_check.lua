-- owned_check: which of these rooms are no longer mine (claimed while I
-- was presumed dead). ARGV: me, code... Returns those codes.
local P = 'botpit:'
local me = ARGV[1]
local gone = {}
for i = 2, #ARGV do
  local own = redis.call('GET', P .. 'own:{' .. ARGV[i] .. '}') or ''
  if string.match(own, '^(.*) %d+$') ~= me then table.insert(gone, ARGV[i]) end
end
return gone

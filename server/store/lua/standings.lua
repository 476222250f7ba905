-- standings: players' standings as stored, each with its version (what a
-- node computes a game's ratings from, and then writes only if the
-- version is still the one it read: apply's S).
-- ARGV: game, player, game, player, ...
-- Returns for each pair {v, played, won, public_played, public_won, rated,
-- rating, rd, vol}, v '0' and the rest '' when there is none.
local P = 'botpit:'
local out = {}
for i = 1, #ARGV, 2 do
  local f = redis.call('HMGET', P .. 'standing:' .. ARGV[i] .. ':' .. ARGV[i + 1], 'v', 'played',
                       'won', 'public_played', 'public_won', 'rated', 'rating', 'rd', 'vol')
  for k = 1, 9 do
    if not f[k] then f[k] = k == 1 and '0' or '' end
  end
  table.insert(out, f)
end
return out

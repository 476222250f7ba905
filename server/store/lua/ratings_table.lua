-- ratings_table: every standing and rating change as stored, in a fixed
-- order (standings by player and game, changes by result and player), to
-- compare two computations of them.
-- Returns {{player, game, played, won, public_played, public_won, rated,
-- rating, rd, vol, ...}, {number, change JSON, ...}, the ratings' version
-- or ''}.
local P = 'botpit:'
local standings, changes = {}, {}
local players = redis.call('SMEMBERS', P .. 'standings:players')
table.sort(players)
for _, player in ipairs(players) do
  local games = redis.call('SMEMBERS', P .. 'standings:of:' .. player)
  table.sort(games)
  for _, game in ipairs(games) do
    local f = redis.call('HMGET', P .. 'standing:' .. game .. ':' .. player, 'played', 'won',
                         'public_played', 'public_won', 'rated', 'rating', 'rd', 'vol')
    if f[1] then
      table.insert(standings, player)
      table.insert(standings, game)
      for k = 1, 8 do table.insert(standings, f[k]) end
    end
  end
end
local keys = redis.call('LRANGE', P .. 'results:order', 0, -1)
table.sort(keys) -- by number: the keys are zero-padded
for _, k in ipairs(keys) do
  local by = redis.call('HGETALL', P .. 'rchanges:' .. k)
  local ids = {}
  for i = 1, #by, 2 do ids[#ids + 1] = i end
  table.sort(ids, function(a, b) return by[a] < by[b] end)
  for _, i in ipairs(ids) do
    table.insert(changes, k)
    table.insert(changes, by[i + 1])
  end
end
return {standings, changes, redis.call('GET', P .. 'ratings:version') or ''}

-- results: recent finished games, newest first, optionally of one game
-- and/or one player: public games, and the private ones the viewer (a
-- token's hash, or a player id) played in; for a history, also the
-- player's name and standings.
-- ARGV: game or '', player id or '', viewer hash or '', limit, viewer id
-- or '' (when no hash is given), 'history' or ''.
-- Returns {viewer id or '', name or '' (history: '' if no such player),
-- {game, v, played, won, public_played, public_won, rated, rating, rd,
-- vol, ...} (history only), then for each result {number, JSON, {rating
-- change JSON...}}}, or the error UNKNOWN_TOKEN.
local P = 'botpit:'
local game, player, hash, limit = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4])
local viewer = ARGV[5] or ''
local history = ARGV[6] == 'history'
if hash ~= '' then
  viewer = redis.call('GET', P .. 'token:' .. hash)
  if not viewer then return redis.error_reply('UNKNOWN_TOKEN') end
end
local name, standings = '', {}
if history then
  name = redis.call('HGET', P .. 'player:' .. player, 'name') or ''
  local games = redis.call('SMEMBERS', P .. 'standings:of:' .. player)
  table.sort(games)
  for _, g in ipairs(games) do
    local f = redis.call('HMGET', P .. 'standing:' .. g .. ':' .. player, 'v', 'played', 'won',
                         'public_played', 'public_won', 'rated', 'rating', 'rd', 'vol')
    if f[1] then
      table.insert(standings, g)
      for k = 1, 9 do table.insert(standings, f[k]) end
    end
  end
end
local index = P .. 'results'
if player ~= '' then
  index = P .. 'results:player:' .. player
elseif game ~= '' then
  index = P .. 'results:game:' .. game
end
local out = {viewer, name, standings}
local found = 0
local page, start = 100, 0
-- Scans at most this many results for the ones the filters keep.
local budget = 5000
while found < limit and start < budget do
  -- Newest first; of two finished at the same time, the later number.
  local keys = redis.call('ZREVRANGE', index, start, start + page - 1)
  if #keys == 0 then break end
  for _, k in ipairs(keys) do
    local json = redis.call('GET', P .. 'result:' .. k)
    if json then
      local ok, r = pcall(cjson.decode, json)
      if ok and type(r) == 'table' then
        local keep = game == '' or r.game == game
        if keep and r.private == true then
          keep = false
          if viewer ~= '' and type(r.players) == 'table' then
            for _, p in ipairs(r.players) do
              if type(p) == 'table' and p.id == viewer then keep = true end
            end
          end
        end
        if keep then
          table.insert(out, {k, json, redis.call('HVALS', P .. 'rchanges:' .. k)})
          found = found + 1
          if found >= limit then break end
        end
      end
    end
  end
  start = start + page
end
return out

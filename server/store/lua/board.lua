-- board: a game's rated players, best first: those with at least
-- `established` rated games, then the others (provisional), each by
-- rating (then by id), at most limit.
-- ARGV: game, established, limit.
-- Returns {id, name, rating, rd, rated, ...}.
local P = 'botpit:'
local game, established, limit = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
local board = P .. 'board:' .. game
local est, prov = {}, {}
local page, start = 200, 0
-- Scans at most this many players for the established ones.
local budget = 20000
while #est < limit and start < budget do
  -- Scores are minus the ratings: best first, ties by id.
  local ids = redis.call('ZRANGE', board, start, start + page - 1)
  if #ids == 0 then break end
  for _, id in ipairs(ids) do
    local f = redis.call('HMGET', P .. 'standing:' .. game .. ':' .. id, 'rating', 'rd', 'rated')
    local rated = tonumber(f[3] or '0')
    if rated > 0 then
      local row = {id, redis.call('HGET', P .. 'player:' .. id, 'name') or id, f[1], f[2], f[3]}
      if rated >= established then
        if #est < limit then table.insert(est, row) end
      elseif #prov < limit then
        table.insert(prov, row)
      end
    end
  end
  start = start + page
end
local out = {}
for _, list in ipairs({est, prov}) do
  for _, row in ipairs(list) do
    if #out / 5 < limit then
      for _, v in ipairs(row) do table.insert(out, v) end
    end
  end
end
return out

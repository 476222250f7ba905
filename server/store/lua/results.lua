-- results: recent finished games, newest first, optionally of one game
-- and/or one player: public games, and the private ones the viewer (a
-- token's hash, or '') played in.
-- ARGV: game or '', player id or '', viewer hash or '', limit.
-- Returns {viewer id or '', result JSON...}, or the error UNKNOWN_TOKEN.
local P = 'botpit:'
local game, player, hash, limit = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4])
local viewer = ''
if hash ~= '' then
  viewer = redis.call('GET', P .. 'token:' .. hash)
  if not viewer then return redis.error_reply('UNKNOWN_TOKEN') end
end
local index = P .. 'results'
if player ~= '' then
  index = P .. 'results:player:' .. player
elseif game ~= '' then
  index = P .. 'results:game:' .. game
end
local out = {viewer}
local page, start = 100, 0
-- Scans at most this many results for the ones the filters keep.
local budget = 5000
while #out - 1 < limit and start < budget do
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
          table.insert(out, json)
          if #out - 1 >= limit then break end
        end
      end
    end
  end
  start = start + page
end
return out

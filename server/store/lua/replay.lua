-- replay: finished game number id with what replaying it needs, if the
-- viewer may watch it: a public game, or a private one the viewer played
-- in (the rule of results.lua).
-- ARGV: id (as its result's key: 12 digits), viewer id or ''.
-- Returns {result JSON, settings JSON or '', log JSON or ''} (the last two
-- empty for a game stored before replays were kept in Redis), or the
-- error NONE (no such game that the viewer may watch).
local P = 'botpit:'
local key, viewer = ARGV[1], ARGV[2]
local json = redis.call('GET', P .. 'result:' .. key)
if not json then return redis.error_reply('NONE no such game') end
local ok, r = pcall(cjson.decode, json)
if not ok or type(r) ~= 'table' then return redis.error_reply('NONE unreadable result') end
if r.private ~= false then
  local played = false
  if viewer ~= '' and type(r.players) == 'table' then
    for _, p in ipairs(r.players) do
      if type(p) == 'table' and p.id == viewer then played = true end
    end
  end
  if not played then return redis.error_reply('NONE a private game') end
end
local kept = redis.call('HMGET', P .. 'replay:' .. key, 'settings', 'log')
return {json, kept[1] or '', kept[2] or ''}

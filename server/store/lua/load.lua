-- load: everything a node needs to rebuild one room: who owns it at which
-- epoch, its row, clock and whether it was kept aside, its log, and the
-- players seated in it.
-- ARGV: code.
-- Returns {owner-and-epoch or '', row or '', clock or '', broken or '',
--          {input...}, {id, name, hash, ...}}.
local P = 'botpit:'
local code = ARGV[1]
local own = redis.call('GET', P .. 'own:{' .. code .. '}') or ''
local key = P .. 'room:{' .. code .. '}'
local fields = redis.call('HMGET', key, 'row', 'clock', 'broken')
local row = fields[1] or ''
local log = redis.call('LRANGE', P .. 'log:{' .. code .. '}', 0, -1)
local players = {}
if row ~= '' then
  local ok, r = pcall(cjson.decode, row)
  if ok and type(r) == 'table' and type(r.seats) == 'table' then
    for _, s in ipairs(r.seats) do
      if type(s) == 'table' and type(s.player) == 'string' then
        local p = redis.call('HMGET', P .. 'player:' .. s.player, 'name', 'hash')
        if p[1] and p[2] then
          table.insert(players, s.player)
          table.insert(players, p[1])
          table.insert(players, p[2])
        end
      end
    end
  end
end
return {own, row, fields[2] or '', fields[3] or '', log, players}

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
local fields = redis.call('HMGET', key, 'row', 'clock', 'broken', 'seated')
local row = fields[1] or ''
local log = redis.call('LRANGE', P .. 'log:{' .. code .. '}', 0, -1)
local players = {}
for id in string.gmatch(fields[4] or '', '%S+') do
  local p = redis.call('HMGET', P .. 'player:' .. id, 'name', 'hash')
  if p[1] and p[2] then
    table.insert(players, id)
    table.insert(players, p[1])
    table.insert(players, p[2])
  end
end
return {own, row, fields[2] or '', fields[3] or '', log, players}

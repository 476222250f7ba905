-- apply: the store's transactions of one loop iteration, in one call; each
-- stands or falls whole and alone, and is fenced: every room it writes
-- must be this node's at the epoch the node holds it at, and each appended
-- input must follow the room's last one. A node that was presumed dead
-- (paused past its time to live) and whose rooms another node claimed is
-- refused here, before anything of that transaction is written.
--
-- The call also carries a deadline in Redis' own clock, shortly before the
-- caller stops waiting for the answer and tells its players the writes
-- failed: a call that Redis reaches later (it was paused, or the network
-- held it) is refused whole, so that "unavailable" stays true.
--
-- ARGV: node, deadline (µs, Redis' clock), the number of transactions, then
-- each transaction: nfences, nfences pairs (code, epoch), the number of
-- arguments its ops take, then the ops:
--   P id name hash              a player (hash: its token's SHA-256, hex)
--   R code row clock n id1..idn a room's row (JSON of everything but its
--                               clock), its clock, and the n players seated
--   D code                      a room and its log, gone
--   A code seq input clock      input number seq (JSON), the room's clock
--   C code clock                the room's clock (best effort: skipped, not
--                               refused, for a room no longer ours)
--   B code why                  a room kept aside: its log does not replay
--   X json game finished n id1..idn   a finished game's result, indexed by
--                               game and by each player in it
-- Returns one answer per transaction: OK, or an error: LATE, FENCED code
-- owner, or SEQ code last seq.
local P = 'botpit:'
local node = ARGV[1]
local ntx = tonumber(ARGV[3])

local t = redis.call('TIME')
if tonumber(t[1]) * 1000000 + tonumber(t[2]) > tonumber(ARGV[2]) then
  local late = {}
  for k = 1, ntx do
    late[k] = redis.error_reply('LATE the transaction reached Redis after its deadline')
  end
  return late
end

-- The players seated in a room, kept beside its row as "id id ...".
local function seated(list)
  local ids = {}
  for id in string.gmatch(list or '', '%S+') do ids[id] = true end
  return ids
end

-- Each stored player knows the room it sits in, so that any node it says
-- hello to can send it there.
local function seat_players(code, old_list, new_list)
  local before, after = seated(old_list), seated(new_list)
  for id in pairs(before) do
    if not after[id] and redis.call('HGET', P .. 'player:' .. id, 'room') == code then
      redis.call('HDEL', P .. 'player:' .. id, 'room')
    end
  end
  for id in pairs(after) do
    if not before[id] then redis.call('HSET', P .. 'player:' .. id, 'room', code) end
  end
end

-- The transaction whose ops are ARGV[first .. last]: checks first, so that
-- a refusal writes nothing of it.
local function check(ours, first, last)
  local i = first
  local next_seq = {}
  while i <= last do
    local op = ARGV[i]
    if op == 'P' then
      i = i + 4
    elseif op == 'X' then
      i = i + 5 + tonumber(ARGV[i + 4])
    elseif op == 'C' then
      i = i + 3
    else
      local code = ARGV[i + 1]
      if ours[code] ~= true then
        return redis.error_reply('FENCED ' .. code .. ' ' .. tostring(ours[code] or 'unknown'))
      end
      if op == 'A' then
        local want = next_seq[code] or (redis.call('LLEN', P .. 'log:{' .. code .. '}') + 1)
        if tonumber(ARGV[i + 2]) ~= want then
          return redis.error_reply('SEQ ' .. code .. ' ' .. (want - 1) .. ' ' .. ARGV[i + 2])
        end
        next_seq[code] = want + 1
        i = i + 5
      elseif op == 'R' then
        i = i + 5 + tonumber(ARGV[i + 4])
      elseif op == 'B' then
        i = i + 3
      elseif op == 'D' then
        i = i + 2
      else
        return redis.error_reply('BADOP ' .. tostring(op))
      end
    end
  end
  return nil
end

local function write(ours, first, last)
  local i = first
  while i <= last do
    local op = ARGV[i]
    if op == 'P' then
      local id, name, hash = ARGV[i + 1], ARGV[i + 2], ARGV[i + 3]
      redis.call('HSET', P .. 'player:' .. id, 'name', name, 'hash', hash)
      redis.call('SET', P .. 'token:' .. hash, id)
      i = i + 4
    elseif op == 'R' then
      local code, row, n = ARGV[i + 1], ARGV[i + 2], tonumber(ARGV[i + 4])
      local key = P .. 'room:{' .. code .. '}'
      local list = table.concat(ARGV, ' ', i + 5, i + 4 + n)
      seat_players(code, redis.call('HGET', key, 'seated') or nil, list)
      redis.call('HSET', key, 'row', row, 'clock', ARGV[i + 3], 'seated', list)
      i = i + 5 + n
    elseif op == 'D' then
      local code = ARGV[i + 1]
      local key = P .. 'room:{' .. code .. '}'
      seat_players(code, redis.call('HGET', key, 'seated') or nil, nil)
      redis.call('DEL', key, P .. 'log:{' .. code .. '}', P .. 'own:{' .. code .. '}')
      redis.call('SREM', P .. 'owned:' .. node, code)
      i = i + 2
    elseif op == 'A' then
      local code = ARGV[i + 1]
      redis.call('RPUSH', P .. 'log:{' .. code .. '}', ARGV[i + 3])
      redis.call('HSET', P .. 'room:{' .. code .. '}', 'clock', ARGV[i + 4])
      i = i + 5
    elseif op == 'C' then
      local code = ARGV[i + 1]
      if ours[code] == true then
        redis.call('HSET', P .. 'room:{' .. code .. '}', 'clock', ARGV[i + 2])
      end
      i = i + 3
    elseif op == 'B' then
      redis.call('HSET', P .. 'room:{' .. ARGV[i + 1] .. '}', 'broken', ARGV[i + 2])
      i = i + 3
    elseif op == 'X' then
      local json, game, finished = ARGV[i + 1], ARGV[i + 2], ARGV[i + 3]
      local n = tonumber(ARGV[i + 4])
      local key = string.format('%012d', redis.call('INCR', P .. 'results:seq'))
      redis.call('SET', P .. 'result:' .. key, json)
      redis.call('ZADD', P .. 'results', finished, key)
      redis.call('ZADD', P .. 'results:game:' .. game, finished, key)
      for k = 1, n do
        redis.call('ZADD', P .. 'results:player:' .. ARGV[i + 4 + k], finished, key)
      end
      i = i + 5 + n
    end
  end
end

local answers = {}
local i = 4
for k = 1, ntx do
  local nfences = tonumber(ARGV[i])
  i = i + 1
  local ours, promote = {}, {}
  for _ = 1, nfences do
    local code, epoch = ARGV[i], ARGV[i + 1]
    i = i + 2
    local own = redis.call('GET', P .. 'own:{' .. code .. '}')
    if own == node .. ' ' .. epoch then
      ours[code] = true
    elseif epoch == '1' and own == node .. ' 0' then
      -- the first write of a room made from a code this node reserved
      ours[code] = true
      promote[code] = true
    else
      ours[code] = own or 'none'
    end
  end
  local nargs = tonumber(ARGV[i])
  local first, last = i + 1, i + nargs
  i = last + 1
  local refused = check(ours, first, last)
  if refused then
    answers[k] = refused
  else
    for code in pairs(promote) do
      redis.call('SET', P .. 'own:{' .. code .. '}', node .. ' 1')
      redis.call('SREM', P .. 'pool:' .. node, code)
      redis.call('SADD', P .. 'owned:' .. node, code)
    end
    write(ours, first, last)
    answers[k] = redis.status_reply('OK')
  end
end
return answers

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
--                               (or under this server's rules); its
--                               players sit in it no more
--   X id json game finished n id1..idn   finished game number id (an id
--                               this node reserved), indexed by game and by
--                               each player in it, and added to the order
--                               in which results were stored
--   Y id code json              what replaying finished game id needs:
--                               its settings (JSON: options, seats,
--                               seed, secret, rules) and a copy of room
--                               code's log as stored so far (the inputs
--                               appended earlier in this transaction
--                               included), made here so that the log
--                               crosses the wire once; kept for good, as
--                               results are
--   S player game played won public_played public_won rated rating rd vol
--     score expect              a player's standing in a game (numbers as
--                               text, kept exact; score: -rating, for the
--                               leaderboard) if its version is still
--                               expect (the one the caller computed from),
--                               or whatever it is when expect is '*' (a
--                               rebuild, after Z)
--   G id player json            how result id moved a player's rating
--   Z                           every standing and rating change, gone
--                               (a rebuild: they are all written again)
--   Q n                         refuses unless exactly n results are
--                               stored (a rebuild read them all)
--   V version                   the rules version of the ratings
--   L code player token hash ttl   a link code (ms to live) handing over a
--                               player's token; the player's earlier code
--                               still unused stops working
-- Returns one answer per transaction: OK, or an error: LATE, FENCED code
-- owner, SEQ code last seq, STALE player game (a standing moved since it
-- was read: computed again from the new one, it may come out otherwise),
-- STALE_RESULTS (results came in during a rebuild), or TAKEN (a result id,
-- replay or link code already in use).
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

-- How many ARGV slots each op takes, its name included (X and R: more,
-- by the count they carry).
local width = {P = 4, R = 5, D = 2, A = 5, C = 3, B = 3, X = 6, S = 13, G = 4, Z = 1, Q = 2,
               V = 2, L = 6, Y = 4}
-- The ops that write a room: only its owner at its epoch may.
local fenced = {R = true, D = true, A = true, B = true}

local function op_width(i)
  local op = ARGV[i]
  local w = width[op]
  if op == 'R' then return w + tonumber(ARGV[i + 4]) end
  if op == 'X' then return w + tonumber(ARGV[i + 5]) end
  return w
end

local function result_key(id)
  return string.format('%012d', tonumber(id))
end

local function standing_key(game, player)
  return P .. 'standing:' .. game .. ':' .. player
end

-- The transaction whose ops are ARGV[first .. last]: checks first, so that
-- a refusal writes nothing of it.
local function check(ours, first, last)
  local i = first
  local next_seq = {}
  while i <= last do
    local op = ARGV[i]
    if not width[op] then return redis.error_reply('BADOP ' .. tostring(op)) end
    if fenced[op] then
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
      end
    elseif op == 'X' then
      if redis.call('EXISTS', P .. 'result:' .. result_key(ARGV[i + 1])) == 1 then
        return redis.error_reply('TAKEN result ' .. ARGV[i + 1])
      end
    elseif op == 'Y' then
      if redis.call('EXISTS', P .. 'replay:' .. result_key(ARGV[i + 1])) == 1 then
        return redis.error_reply('TAKEN replay ' .. ARGV[i + 1])
      end
    elseif op == 'S' and ARGV[i + 12] ~= '*' then
      local v = redis.call('HGET', standing_key(ARGV[i + 2], ARGV[i + 1]), 'v') or '0'
      if v ~= ARGV[i + 12] then
        return redis.error_reply('STALE ' .. ARGV[i + 1] .. ' ' .. ARGV[i + 2])
      end
    elseif op == 'Q' then
      if redis.call('LLEN', P .. 'results:order') ~= tonumber(ARGV[i + 1]) then
        return redis.error_reply('STALE_RESULTS results were stored during the rebuild')
      end
    elseif op == 'L' then
      if redis.call('EXISTS', P .. 'link:' .. ARGV[i + 1], P .. 'linkseen:' .. ARGV[i + 1]) > 0 then
        return redis.error_reply('TAKEN link code')
      end
    end
    i = i + op_width(i)
  end
  return nil
end

local standing_fields = {'played', 'won', 'public_played', 'public_won', 'rated', 'rating', 'rd',
                         'vol'}

-- Z: every standing and rating change goes; what each standing was is kept
-- (in cleared) so that one written again the same keeps its version.
local function clear_ratings(cleared)
  for _, player in ipairs(redis.call('SMEMBERS', P .. 'standings:players')) do
    for _, game in ipairs(redis.call('SMEMBERS', P .. 'standings:of:' .. player)) do
      local key = standing_key(game, player)
      cleared[key] = redis.call('HMGET', key, 'v', unpack(standing_fields))
      redis.call('DEL', key)
    end
    redis.call('DEL', P .. 'standings:of:' .. player)
  end
  for _, game in ipairs(redis.call('SMEMBERS', P .. 'boards')) do
    redis.call('DEL', P .. 'board:' .. game)
  end
  for _, key in ipairs(redis.call('LRANGE', P .. 'results:order', 0, -1)) do
    redis.call('DEL', P .. 'rchanges:' .. key)
  end
  redis.call('DEL', P .. 'standings:players', P .. 'boards')
end

-- S: the standing's new version: one up from the one it had, unless a
-- rebuild wrote it again exactly as it was.
local function standing_version(key, i, cleared)
  local was = cleared[key]
  if ARGV[i + 12] == '*' and was then
    local same = was[1] ~= false
    for k = 1, #standing_fields do
      if was[k + 1] ~= ARGV[i + 2 + k] then same = false end
    end
    if same then return tonumber(was[1]) end
    return tonumber(was[1] or '0') + 1
  end
  return tonumber(redis.call('HGET', key, 'v') or '0') + 1
end

local function write(ours, first, last)
  local i = first
  local cleared = {}
  while i <= last do
    local op = ARGV[i]
    if op == 'P' then
      local id, name, hash = ARGV[i + 1], ARGV[i + 2], ARGV[i + 3]
      redis.call('HSET', P .. 'player:' .. id, 'name', name, 'hash', hash)
      redis.call('SET', P .. 'token:' .. hash, id)
    elseif op == 'R' then
      local code, row, n = ARGV[i + 1], ARGV[i + 2], tonumber(ARGV[i + 4])
      local key = P .. 'room:{' .. code .. '}'
      local list = table.concat(ARGV, ' ', i + 5, i + 4 + n)
      seat_players(code, redis.call('HGET', key, 'seated') or nil, list)
      redis.call('HSET', key, 'row', row, 'clock', ARGV[i + 3], 'seated', list)
    elseif op == 'D' then
      local code = ARGV[i + 1]
      local key = P .. 'room:{' .. code .. '}'
      seat_players(code, redis.call('HGET', key, 'seated') or nil, nil)
      redis.call('DEL', key, P .. 'log:{' .. code .. '}', P .. 'own:{' .. code .. '}')
      redis.call('SREM', P .. 'owned:' .. node, code)
    elseif op == 'A' then
      local code = ARGV[i + 1]
      redis.call('RPUSH', P .. 'log:{' .. code .. '}', ARGV[i + 3])
      redis.call('HSET', P .. 'room:{' .. code .. '}', 'clock', ARGV[i + 4])
    elseif op == 'C' then
      local code = ARGV[i + 1]
      if ours[code] == true then
        redis.call('HSET', P .. 'room:{' .. code .. '}', 'clock', ARGV[i + 2])
      end
    elseif op == 'B' then
      -- Nobody sits in a room kept aside (as on a single node, where it is
      -- not restored): its players' hellos name no room. Its seats stay on
      -- the row, for whoever looks into it.
      local code = ARGV[i + 1]
      local key = P .. 'room:{' .. code .. '}'
      seat_players(code, redis.call('HGET', key, 'seated') or nil, nil)
      redis.call('HSET', key, 'broken', ARGV[i + 2])
    elseif op == 'X' then
      local key, json, game, finished = result_key(ARGV[i + 1]), ARGV[i + 2], ARGV[i + 3], ARGV[i + 4]
      local n = tonumber(ARGV[i + 5])
      redis.call('SET', P .. 'result:' .. key, json)
      redis.call('RPUSH', P .. 'results:order', key)
      redis.call('ZADD', P .. 'results', finished, key)
      redis.call('ZADD', P .. 'results:game:' .. game, finished, key)
      for k = 1, n do
        redis.call('ZADD', P .. 'results:player:' .. ARGV[i + 5 + k], finished, key)
      end
    elseif op == 'Y' then
      -- The log's inputs are JSON objects: joined, they are one array,
      -- kept as one string (the smallest Redis keeps them in).
      local log = redis.call('LRANGE', P .. 'log:{' .. ARGV[i + 2] .. '}', 0, -1)
      redis.call('HSET', P .. 'replay:' .. result_key(ARGV[i + 1]), 'settings', ARGV[i + 3],
                 'log', '[' .. table.concat(log, ',') .. ']')
    elseif op == 'S' then
      local player, game = ARGV[i + 1], ARGV[i + 2]
      local key = standing_key(game, player)
      local v = standing_version(key, i, cleared)
      local fields = {}
      for k = 1, #standing_fields do
        table.insert(fields, standing_fields[k])
        table.insert(fields, ARGV[i + 2 + k])
      end
      redis.call('HSET', key, 'v', v, unpack(fields))
      redis.call('SADD', P .. 'standings:of:' .. player, game)
      redis.call('SADD', P .. 'standings:players', player)
      redis.call('SADD', P .. 'boards', game)
      if tonumber(ARGV[i + 7]) > 0 then
        redis.call('ZADD', P .. 'board:' .. game, ARGV[i + 11], player)
      end
    elseif op == 'G' then
      redis.call('HSET', P .. 'rchanges:' .. result_key(ARGV[i + 1]), ARGV[i + 2], ARGV[i + 3])
    elseif op == 'Z' then
      clear_ratings(cleared)
    elseif op == 'V' then
      redis.call('SET', P .. 'ratings:version', ARGV[i + 1])
    elseif op == 'L' then
      local code, player, ttl = ARGV[i + 1], ARGV[i + 2], tonumber(ARGV[i + 5])
      local earlier = redis.call('GET', P .. 'linkof:' .. player)
      if earlier and redis.call('EXISTS', P .. 'link:' .. earlier) == 1 then
        redis.call('DEL', P .. 'link:' .. earlier, P .. 'linkseen:' .. earlier)
      end
      redis.call('HSET', P .. 'link:' .. code, 'token', ARGV[i + 3], 'hash', ARGV[i + 4])
      redis.call('PEXPIRE', P .. 'link:' .. code, ttl)
      -- Remembered twice as long, so that a late try hears it expired.
      redis.call('SET', P .. 'linkseen:' .. code, 'live', 'PX', 2 * ttl)
      redis.call('SET', P .. 'linkof:' .. player, code, 'PX', ttl)
    end
    i = i + op_width(i)
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

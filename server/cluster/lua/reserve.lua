-- reserve: claims room codes for rooms this node will make, so that a
-- create never waits for Redis nor collides with another node's.
-- ARGV: me, code... Returns the codes reserved (the others are taken).
local P = 'botpit:'
local me = ARGV[1]
local got = {}
for i = 2, #ARGV do
  if redis.call('SET', P .. 'own:{' .. ARGV[i] .. '}', me .. ' 0', 'NX') then
    redis.call('SADD', P .. 'pool:' .. me, ARGV[i])
    table.insert(got, ARGV[i])
  end
end
return got

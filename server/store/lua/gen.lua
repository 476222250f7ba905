-- gen: the data's generation, a random name the first node writes and
-- every node remembers: a Redis that comes back without it (or with
-- another) lost what it held.
-- ARGV: a fresh name, used if there is none. Returns {generation, 1 if
-- it was made now}.
local P = 'botpit:'
local g = redis.call('GET', P .. 'gen')
if g then return {g, 0} end
redis.call('SET', P .. 'gen', ARGV[1])
return {ARGV[1], 1}

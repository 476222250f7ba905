-- owned: the codes of the rooms a node owns, and those it reserved for
-- rooms not yet made.
-- ARGV: node. Returns {{owned...}, {reserved...}}.
local P = 'botpit:'
local node = ARGV[1]
return {redis.call('SMEMBERS', P .. 'owned:' .. node), redis.call('SMEMBERS', P .. 'pool:' .. node)}

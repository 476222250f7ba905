-- mine: the rooms a node owns, and the codes it reserved. ARGV: me.
-- Returns {{owned...}, {reserved...}}.
local P = 'botpit:'
return {redis.call('SMEMBERS', P .. 'owned:' .. ARGV[1]), redis.call('SMEMBERS', P .. 'pool:' .. ARGV[1])}

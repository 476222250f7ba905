// Quotas per address and per identity (issue 21): one client machine cannot
// hold every room, mint identities, guess codes or run every bot. Each
// refusal names its quota, and /metrics counts it.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { Client, httpGet, player, schemaFailures, sleep, startServer, tempDir } from './lib/harness.mjs';
import { metric } from './lib/faults.mjs';

after(() => assert.deepEqual(schemaFailures, [], 'every server message matched its schema'));

const refusedBy = async (c, type, fields, code, quota) => {
  const e = await c.request(type, fields);
  assert.equal(e.type, 'error', `${type} was refused`);
  assert.deepEqual([e.code, e.quota], [code, quota], e.message);
  assert.match(e.message, /address|you/);
  return e;
};

const rooms = async (server) => JSON.parse((await httpGet(server, '/api/rooms')).text).rooms;

test('rooms open at once are limited per address, and a made-and-dropped room goes soon', async () => {
  const server = await startServer(['--rooms-per-addr', '2', '--lone-room-grace', '1', '--grace', '60']);
  const makers = [];
  for (const name of ['A', 'B']) {
    const c = await player(server, name);
    await c.ok('create', { game: 'testgame', private: true });
    makers.push(c);
  }
  const third = await player(server, 'C');
  await refusedBy(third, 'create', { game: 'testgame' }, 'quota_exceeded', 'rooms_per_addr');
  assert.equal(await metric(server, 'botpit_quota_refused_total', 'quota="rooms_per_addr"'), 1);
  assert.equal(await metric(server, 'botpit_quota_limit', 'quota="rooms_per_addr"'), 2);
  assert.equal(await metric(server, 'botpit_quota_top_use', 'quota="rooms_per_addr"'), 2,
    'the figure the refusal compared with the limit');
  await makers[0].drop();
  await sleep(1600);
  const again = await third.ok('create', { game: 'testgame' });
  assert.equal(again.type, 'room', 'the dropped room closed within the short grace');
  for (const c of [makers[1], third]) await c.close();
  assert.equal((await server.stop()).code, 0);
});

test('a room someone else joined keeps the ordinary grace', async () => {
  const server = await startServer(['--lone-room-grace', '1', '--grace', '60']);
  const ada = await player(server, 'Ada');
  const room = await ada.ok('create', { game: 'testgame' });
  const bob = await player(server, 'Bob');
  await bob.ok('join', { room: room.code });
  await bob.ok('leave');
  await ada.drop();
  await bob.close();
  await sleep(1600);
  assert.equal((await rooms(server)).length, 1, 'still open: it was joined');
  assert.equal((await server.stop()).code, 0);
});

test('a game in play against bots keeps the ordinary grace when its only player drops', async () => {
  const server = await startServer(['--lone-room-grace', '1', '--grace', '60']);
  const ada = await player(server, 'Ada');
  await ada.ok('create', { game: 'testgame' });
  await ada.ok('bot', { seat: 1 });
  await ada.ok('start');
  await ada.drop();
  await sleep(1600);
  assert.equal((await rooms(server)).length, 1, 'her seat and her game wait for her');
  assert.equal((await server.stop()).code, 0);
});

test('rooms held by one identity are limited: the rooms it made that people are still in', async () => {
  const server = await startServer(['--rooms-per-player', '1']);
  const ada = await player(server, 'Ada');
  const first = await ada.ok('create', { game: 'testgame' });
  const bob = await player(server, 'Bob');
  await bob.ok('join', { room: first.code });
  // A create leaves Ada's room, but Bob is still in it: it still counts.
  const e = await refusedBy(ada, 'create', { game: 'testgame' }, 'quota_exceeded', 'rooms_per_player');
  assert.equal(e.message, `you already have an open room with people in it (${first.code}), the most the ` +
    'server allows one player; go back to it, or try again when its game has ended or everyone has left it');
  await bob.ok('leave');
  await ada.ok('create', { game: 'testgame' }); // leaving it empties it: it no longer counts
  await ada.close();
  await bob.close();
  assert.equal((await server.stop()).code, 0);
});

// Issue 27: a newcomer tries the games one after another, each a quick game
// against a bot (a private room, a bot, start) left when done. A room left
// to its bots holds nothing of theirs: no quota refuses the next one.
test('trying the games in turn: rooms left to their bots count toward no quota', async () => {
  const server = await startServer(['--rooms-per-player', '2', '--rooms-per-addr', '2', '--bots-per-addr', '2',
    '--lone-room-grace', '1', '--grace', '60']);
  const ada = await player(server, 'Ada');
  const codes = [];
  for (let i = 0; i < 5; i++) {
    const room = await ada.ok('create', { game: 'testgame', private: true });
    codes.push(room.code);
    await ada.ok('bot', { seat: 1 });
    await ada.ok('start');
    await ada.ok('leave'); // a bot keeps her seat
  }
  assert.equal(new Set(codes).size, 5, 'five rooms, none refused');
  // Rooms people are in still count: Ada and Bob stay in theirs.
  await ada.ok('create', { game: 'testgame', private: true });
  await ada.ok('bot', { seat: 1 });
  const bob = await player(server, 'Bob');
  await bob.ok('create', { game: 'testgame', private: true });
  await bob.ok('bot', { seat: 1 });
  const e = await refusedBy(bob, 'bot', { seat: 2, level: 'easy' }, 'quota_exceeded', 'bots_per_addr');
  assert.doesNotMatch(e.message, /has \d|seats, as many/);
  assert.match(e.message, /take a bot out of its seat/);
  const carl = await player(server, 'Carl');
  const addr = await refusedBy(carl, 'create', { game: 'testgame' }, 'quota_exceeded', 'rooms_per_addr');
  assert.equal(addr.message, '2 rooms made from your address are open with people in them, the most the ' +
    'server allows one address; try again when one of them has ended or everyone has left it');
  for (const c of [ada, bob, carl]) await c.close();
  assert.equal((await server.stop()).code, 0);
});

test('a room everyone has left closes after the short grace, even with its game in play', async () => {
  const server = await startServer(['--lone-room-grace', '1', '--grace', '60']);
  const ada = await player(server, 'Ada');
  await ada.ok('create', { game: 'testgame' });
  await ada.ok('bot', { seat: 1 });
  await ada.ok('start');
  await ada.ok('leave');
  assert.equal((await rooms(server)).length, 1, 'open a moment longer: someone may still come to watch');
  await sleep(1600);
  assert.equal((await rooms(server)).length, 0, 'closed: nobody has a seat to come back to');
  await ada.close();
  assert.equal((await server.stop()).code, 0);
});

test('rooms lists your own rooms, private ones too, marked, for "back to your room"', async () => {
  const server = await startServer(['--grace', '60']);
  const ada = await player(server, 'Ada');
  const quick = await ada.ok('create', { game: 'testgame', private: true });
  await ada.ok('bot', { seat: 1 });
  await ada.ok('start');
  const inside = await ada.ok('rooms');
  assert.deepEqual(inside.rooms, [], 'a private room is not listed');
  assert.deepEqual(inside.mine.map((r) => [r.code, r.private, r.in, r.made, r.status]),
    [[quick.code, true, true, true, 'playing']]);
  await ada.ok('leave');
  const bob = await player(server, 'Bob');
  const other = await bob.ok('create', { game: 'testgame' });
  await ada.ok('join', { room: other.code });
  const there = await ada.ok('rooms', { watch: true });
  assert.deepEqual(there.mine.map((r) => [r.code, r.in, r.made]).sort(),
    [[other.code, true, false], [quick.code, false, true]].sort(), 'the room she is in and the one she made');
  assert.deepEqual((await bob.ok('rooms')).mine.map((r) => r.code), [other.code], 'each their own');
  await ada.ok('leave');
  ada.drain();
  await bob.ok('leave'); // the list changes: Ada, watching it, gets a push with her own rooms
  const pushed = await ada.next((m) => m.type === 'rooms' && m.id === undefined);
  assert.deepEqual(pushed.mine.map((r) => [r.code, r.in, r.made]), [[quick.code, false, true]]);
  await ada.close();
  await bob.close();
  assert.equal((await server.stop()).code, 0);
});

test('rooms created per minute are limited per address, with the wait given', async () => {
  const server = await startServer(['--rooms-per-min', '2']);
  const ada = await player(server, 'Ada');
  for (let i = 0; i < 2; i++) {
    await ada.ok('create', { game: 'testgame' });
    await ada.ok('leave');
  }
  const e = await refusedBy(ada, 'create', { game: 'testgame' }, 'rate_limited', 'rooms_per_min');
  assert.ok(e.retry_after_ms > 0 && e.retry_after_ms <= 30000, `wait ${e.retry_after_ms} ms`);
  assert.equal(await metric(server, 'botpit_quota_refused_total', 'quota="rooms_per_min"'), 1);
  assert.equal(await metric(server, 'botpit_quota_top_use', 'quota="rooms_per_min"'), 2);
  await ada.close();
  assert.equal((await server.stop()).code, 0);
});

test('new identities per minute are limited per address; a known token still comes back', async () => {
  const server = await startServer(['--players-per-min', '3']);
  const known = [];
  for (const name of ['A', 'B', 'C']) known.push(await player(server, name));
  const fourth = await Client.connect(server);
  const e = await refusedBy(fourth, 'hello', { name: 'D' }, 'rate_limited', 'players_per_min');
  assert.ok(e.retry_after_ms > 0);
  await known[0].close();
  const back = await Client.connect(server);
  assert.equal((await back.hello('A', known[0].token)).you.id, known[0].id);
  for (const c of [back, fourth, known[1], known[2]]) await c.close();
  assert.equal((await server.stop()).code, 0);
});

test('join attempts are limited per address, and a code that names no room costs more', async () => {
  const server = await startServer(['--joins-per-min', '21']);
  const ada = await player(server, 'Ada');
  const room = await ada.ok('create', { game: 'testgame' });
  const guesser = await player(server, 'Guess');
  for (const code of ['AAAAA', 'BBBBB']) {
    const miss = await guesser.request('join', { room: code });
    assert.equal(miss.code, 'no_such_room');
  }
  // Two misses cost 20 of 21: the right code (1) still fits, nothing after.
  await guesser.ok('join', { room: room.code, as: 'spectator' });
  await guesser.ok('leave');
  const e = await refusedBy(guesser, 'join', { room: 'CCCCC' }, 'rate_limited', 'joins_per_min');
  assert.ok(e.retry_after_ms > 0);
  await ada.close();
  await guesser.close();
  assert.equal((await server.stop()).code, 0);
});

test('bot seats in the rooms of one address are limited', async () => {
  const server = await startServer(['--bots-per-addr', '2']);
  const ada = await player(server, 'Ada');
  await ada.ok('create', { game: 'testgame' });
  await ada.ok('bot', { seat: 1 });
  await ada.ok('bot', { seat: 2, level: 'easy' });
  await ada.ok('bot', { seat: 2, level: 'normal' }); // a new level is not a new bot
  await refusedBy(ada, 'bot', { seat: 3 }, 'quota_exceeded', 'bots_per_addr');
  assert.equal(await metric(server, 'botpit_quota_refused_total', 'quota="bots_per_addr"'), 1);
  assert.equal(await metric(server, 'botpit_quota_top_use', 'quota="bots_per_addr"'), 2);
  await ada.close();
  assert.equal((await server.stop()).code, 0);
});

test('an IPv6 address counts as its /64', async () => {
  const server = await startServer(['--trust-proxy', '--rooms-per-addr', '1', '--rooms-per-player', '0']);
  const from = (ip) => ({ headers: { 'X-Forwarded-For': ip } });
  const one = await player(server, 'One', from('2001:db8:1:2::1'));
  await one.ok('create', { game: 'testgame' });
  const sameNet = await player(server, 'Two', from('2001:db8:1:2:ffff::9'));
  await refusedBy(sameNet, 'create', { game: 'testgame' }, 'quota_exceeded', 'rooms_per_addr');
  const otherNet = await player(server, 'Three', from('2001:db8:1:3::1'));
  await otherNet.ok('create', { game: 'testgame' });
  for (const c of [one, sameNet, otherNet]) await c.close();
  assert.equal((await server.stop()).code, 0);
});

test('an identity that never joined a room expires in minutes, not a day', async () => {
  const server = await startServer(['--guest-ttl', '1']);
  const guest = await player(server, 'Guest');
  const seated = await player(server, 'Seated');
  await seated.ok('create', { game: 'testgame' });
  await seated.ok('leave');
  await guest.drop();
  await seated.drop();
  await sleep(1600);
  const back = await Client.connect(server);
  assert.notEqual((await back.hello('Guest', guest.token)).you.id, guest.id, 'forgotten');
  const seatedBack = await Client.connect(server);
  assert.equal((await seatedBack.hello('Seated', seated.token)).you.id, seated.id, 'kept');
  for (const c of [back, seatedBack]) await c.close();
  assert.equal((await server.stop()).code, 0);
});

test('an identity that never joined a room is not stored', async () => {
  const db = join(tempDir(), 'botpit.db');
  let server = await startServer(['--db', db]);
  const guest = await player(server, 'Guest');
  const seated = await player(server, 'Seated');
  await seated.ok('create', { game: 'testgame' });
  await seated.ok('leave');
  assert.equal((await server.stop()).code, 0);
  server = await startServer(['--db', db]);
  const back = await Client.connect(server);
  assert.notEqual((await back.hello('Guest', guest.token)).you.id, guest.id, 'not restored');
  const seatedBack = await Client.connect(server);
  assert.equal((await seatedBack.hello('Seated', seated.token)).you.id, seated.id);
  for (const c of [back, seatedBack]) await c.close();
  assert.equal((await server.stop()).code, 0);
});

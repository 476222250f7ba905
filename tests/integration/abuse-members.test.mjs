// A room safe from its own members (issue 27): a member's reconnections are
// limited and cost the others nothing, what a reconnection is resent is
// bounded in bytes, a room caps its spectators and its chat as a whole, and
// the host can see who is watching and mute or remove them. Also: who may
// host, and what the spectator count counts.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { Client, httpGet, player, schemaFailures, sleep, startServer } from './lib/harness.mjs';

after(() => assert.deepEqual(schemaFailures, [], 'every server message matched its schema'));

const from = (ip) => ({ headers: { 'X-Forwarded-For': ip } });

/** Sends text as is (a message the client schemas refuse) and returns the reply to its id. */
let rawId = 1;
async function rawRequest(c, fields) {
  const id = `raw${rawId++}`;
  c.sendRaw(JSON.stringify({ ...fields, id }));
  return c.next((m) => m.id === id);
}

/** Everything c was sent before now (a pong comes after all of it). */
async function settled(c) {
  await c.request('ping');
}

const roomsOf = (c) => c.queue.filter((m) => m.type === 'room');

test('hellos with one token are limited; a refused one leaves the open connection alone', async () => {
  const server = await startServer(); // the per-token limit holds even with the quotas off
  const ada = await player(server, 'Ada');
  let current = ada;
  for (let i = 0; i < 10; i++) {
    const c = await Client.connect(server);
    await c.hello('Ada', ada.token);
    current = c;
  }
  const late = await Client.connect(server);
  const e = await late.request('hello', { name: 'Ada', token: ada.token });
  assert.equal(e.code, 'rate_limited');
  assert.match(e.message, /^you have reconnected too often; try again in \d+ s$/);
  assert.ok(e.retry_after_ms > 0 && e.retry_after_ms <= 6000, `wait ${e.retry_after_ms} ms`);
  assert.equal((await current.request('ping')).type, 'pong', 'the open connection was not replaced');
  assert.equal(current.closeInfo, undefined);
  await late.close();
  await current.close();
  assert.equal((await server.stop()).code, 0);
});

test('hellos with known tokens are limited per address too', async () => {
  const server = await startServer(['--resumes-per-min', '3']);
  const ada = await player(server, 'Ada');
  const bob = await player(server, 'Bob');
  for (let i = 0; i < 3; i++) {
    const c = await Client.connect(server);
    await c.hello('Ada', ada.token);
    await c.close();
  }
  const c = await Client.connect(server);
  const e = await c.request('hello', { name: 'Bob', token: bob.token });
  assert.deepEqual([e.code, e.quota], ['rate_limited', 'resumes_per_min']);
  assert.match(e.message, /too many reconnections from your address; try again in \d+ s/);
  await c.close();
  await bob.close();
  assert.equal((await server.stop()).code, 0);
});

test('taking over an open connection tells the others nothing; coming back after a drop tells them once', async () => {
  const server = await startServer(['--grace', '60']);
  const ada = await player(server, 'Ada');
  const room = await ada.ok('create', { game: 'testgame' });
  const bob = await player(server, 'Bob');
  await bob.ok('join', { room: room.code });
  const sam = await player(server, 'Sam');
  await sam.ok('join', { room: room.code, as: 'spectator' });
  await ada.next((m) => m.type === 'room' && m.spectators === 1);
  await settled(ada);
  ada.drain();
  let b = bob;
  let s = sam;
  for (let i = 0; i < 4; i++) {
    const nb = await Client.connect(server);
    await nb.hello('Bob', bob.token);
    assert.equal((await nb.next('room')).seats[1].connected, true, 'the new connection gets the room');
    b = nb;
    const ns = await Client.connect(server);
    await ns.hello('Sam', sam.token);
    assert.equal((await ns.next('room')).spectators, 1);
    s = ns;
  }
  await settled(ada);
  assert.deepEqual(roomsOf(ada), [], 'eight takeovers, no room message to the host');
  await b.drop();
  assert.equal((await ada.next('room')).seats[1].connected, false);
  const back = await Client.connect(server);
  await back.hello('Bob', bob.token);
  assert.equal((await ada.next('room')).seats[1].connected, true);
  await settled(ada);
  assert.deepEqual(roomsOf(ada), [], 'one room message each way');
  for (const c of [ada, back, s]) await c.close();
  assert.equal((await server.stop()).code, 0);
});

test('a reconnection is resent the newest chat that fits in 16 KiB, not all fifty lines', async () => {
  const server = await startServer(['--grace', '60']);
  const ada = await player(server, 'Ada');
  const room = await ada.ok('create', { game: 'testgame' });
  const talkers = [ada];
  for (const name of ['Bob', 'Cid', 'Dee', 'Eve']) {
    const c = await player(server, name);
    await c.ok('join', { room: room.code, as: 'spectator' });
    talkers.push(c);
  }
  let n = 0;
  for (const c of talkers) {
    for (let i = 0; i < 10; i++) await c.ok('chat', { text: String(n++).padStart(2, '0') + '😀'.repeat(498) });
  }
  const again = await Client.connect(server);
  let chatBytes = 0;
  again.ws.on('message', (data) => { if (data.toString().startsWith('{"type":"chat"')) chatBytes += data.length; });
  await again.hello('Eve', talkers[4].token);
  await again.next('room');
  await settled(again);
  const lines = again.queue.filter((m) => m.type === 'chat').map((m) => Number(m.text.slice(0, 2)));
  assert.ok(chatBytes <= 16384, `${chatBytes} bytes of chat resent`);
  assert.ok(lines.length >= 7, `${lines.length} lines`);
  assert.deepEqual(lines, lines.map((_, i) => 50 - lines.length + i), 'the newest, in order');
  for (const c of [...talkers.slice(0, 4), again]) await c.close();
  assert.equal((await server.stop()).code, 0);
});

test('a room holds at most --max-spectators watchers; a free seat is still taken', async () => {
  const server = await startServer(['--max-spectators', '2']);
  const ada = await player(server, 'Ada');
  const room = await ada.ok('create', { game: 'testgame' });
  const [s1, s2, s3, s4] = await Promise.all(['S1', 'S2', 'S3', 'S4'].map((n) => player(server, n)));
  await s1.ok('join', { room: room.code, as: 'spectator' });
  await s2.ok('join', { room: room.code, as: 'spectator' });
  const e = await s3.request('join', { room: room.code, as: 'spectator' });
  assert.equal(e.code, 'room_full');
  assert.equal(e.message, `room ${room.code} already has 2 spectators, the most a room may have; try again later`);
  const seated = await s3.ok('join', { room: room.code });
  assert.equal(seated.seats[1].player.id, s3.id, 'a seat was free');
  await s1.ok('leave');
  await s4.ok('join', { room: room.code, as: 'spectator' });
  for (const c of [ada, s1, s2, s3, s4]) await c.close();
  assert.equal((await server.stop()).code, 0);
});

test('a room carries so much chat as a whole, and its spectators a fifth of it', async () => {
  const server = await startServer(['--room-chat', '10']);
  const ada = await player(server, 'Ada');
  const room = await ada.ok('create', { game: 'testgame' });
  const bob = await player(server, 'Bob');
  await bob.ok('join', { room: room.code });
  const [s1, s2] = await Promise.all(['S1', 'S2'].map((n) => player(server, n)));
  for (const s of [s1, s2]) await s.ok('join', { room: room.code, as: 'spectator' });
  await s1.ok('chat', { text: 'one' });
  await s2.ok('chat', { text: 'two' });
  const watchers = await s1.request('chat', { text: 'three' });
  assert.equal(watchers.code, 'rate_limited');
  assert.match(watchers.message, new RegExp(`^the spectators of room ${room.code} may send 2 chat lines in 10 seconds together`));
  assert.ok(watchers.retry_after_ms > 0 && watchers.retry_after_ms <= 5000, `${watchers.retry_after_ms} ms`);
  for (let i = 0; i < 8; i++) await ada.ok('chat', { text: `line ${i}` }); // the players still may
  const whole = await bob.request('chat', { text: 'and me' });
  assert.equal(whole.code, 'rate_limited');
  assert.match(whole.message, new RegExp(`^room ${room.code} carries at most 10 chat lines in 10 seconds from everyone together`));
  assert.ok(whole.retry_after_ms > 0 && whole.retry_after_ms <= 1000, `${whole.retry_after_ms} ms`);
  await sleep(whole.retry_after_ms + 50);
  await bob.ok('chat', { text: 'now' });
  for (const c of [ada, bob, s1, s2]) await c.close();
  assert.equal((await server.stop()).code, 0);
});

test('the host sees who watches, mutes a spectator (and their address) and unmutes them', async () => {
  const server = await startServer(['--trust-proxy']);
  const ada = await player(server, 'Ada', from('198.51.100.1'));
  const room = await ada.ok('create', { game: 'testgame' });
  const bob = await player(server, 'Bob', from('198.51.100.2'));
  await bob.ok('join', { room: room.code });
  const sam = await player(server, 'Sam', from('198.51.100.7'));
  await sam.ok('join', { room: room.code, as: 'spectator' });
  const seen = await ada.next((m) => m.type === 'room' && m.spectators === 1);
  assert.deepEqual(seen.watchers, [{ id: sam.id, name: 'Sam', connected: true, muted: false }]);
  assert.equal('watchers' in (await bob.next((m) => m.type === 'room' && m.spectators === 1)), false,
    'only the host is shown the watchers');
  const muted = await ada.ok('mute', { player: sam.id, muted: true });
  assert.equal(muted.type, 'room');
  assert.deepEqual(muted.watchers, [{ id: sam.id, name: 'Sam', connected: true, muted: true }]);
  const e = await sam.request('chat', { text: 'spam' });
  assert.equal(e.code, 'muted');
  assert.equal(e.message, `the host of room ${room.code} has muted you; you can still watch, but not chat`);
  const fresh = await player(server, 'Not Sam', from('198.51.100.7'));
  await fresh.ok('join', { room: room.code, as: 'spectator' });
  assert.equal((await fresh.request('chat', { text: 'spam again' })).code, 'muted', 'a fresh identity from the same address');
  await ada.ok('mute', { player: sam.id, muted: false });
  await sam.ok('chat', { text: 'sorry' });
  assert.equal((await ada.next('chat')).text, 'sorry', 'the first line anyone got from Sam');
  const mutedBob = await ada.ok('mute', { player: bob.id, muted: true });
  assert.equal(mutedBob.seats[1].player.muted, true);
  assert.equal((await bob.next((m) => m.type === 'room' && m.seats[1].player?.muted)).seats[1].player.id, bob.id,
    'a muted seated player is shown to everyone');
  assert.equal((await bob.request('chat', { text: 'hm' })).message,
    `the host of room ${room.code} has muted you; you can still play, but not chat`);
  for (const c of [ada, bob, sam, fresh]) await c.close();
  assert.equal((await server.stop()).code, 0);
});

test('the host removes a spectator, who cannot come back', async () => {
  const server = await startServer(['--trust-proxy']);
  const ada = await player(server, 'Ada', from('198.51.100.1'));
  const room = await ada.ok('create', { game: 'testgame' });
  const sam = await player(server, 'Sam', from('198.51.100.7'));
  await sam.ok('join', { room: room.code, as: 'spectator' });
  const r = await ada.ok('kick', { player: sam.id });
  assert.deepEqual([r.spectators, r.watchers], [0, []]);
  const left = await sam.next('left');
  assert.deepEqual([left.room, left.reason], [room.code, 'kicked']);
  assert.equal((await sam.request('join', { room: room.code, as: 'spectator' })).code, 'kicked');
  const bob = await player(server, 'Bob', from('198.51.100.2'));
  await bob.ok('join', { room: room.code });
  const seatGone = await ada.ok('kick', { player: bob.id });
  assert.equal(seatGone.seats[1].player, null, 'kick {player} removes a seated player too');
  for (const c of [ada, sam, bob]) await c.close();
  assert.equal((await server.stop()).code, 0);
});

test('mute and kick {player}: what bad input gets', async () => {
  const server = await startServer();
  const ada = await player(server, 'Ada');
  const room = await ada.ok('create', { game: 'testgame' });
  const sam = await player(server, 'Sam');
  await sam.ok('join', { room: room.code, as: 'spectator' });
  const stranger = await player(server, 'Stranger');
  const answers = {
    nobody: await ada.request('mute', { player: 'pnobody00000', muted: true }),
    outsider: await ada.request('kick', { player: stranger.id }),
    notHost: await sam.request('mute', { player: ada.id, muted: true }),
    self: await ada.request('kick', { player: ada.id }),
    selfMute: await ada.request('mute', { player: ada.id, muted: true }),
    neither: await rawRequest(ada, { type: 'kick' }),
    both: await rawRequest(ada, { type: 'kick', seat: 1, player: sam.id }),
    noFlag: await rawRequest(ada, { type: 'mute', player: sam.id }),
    notInRoom: await stranger.request('mute', { player: sam.id, muted: true }),
  };
  const got = Object.fromEntries(Object.entries(answers).map(([k, e]) => [k, [e.code, e.message]]));
  assert.deepEqual(got, {
    nobody: ['bad_player', `nobody in room ${room.code} has the player id "pnobody00000"`],
    outsider: ['bad_player', `nobody in room ${room.code} has the player id "${stranger.id}"`],
    notHost: ['not_host', `only the host of room ${room.code} can do that`],
    self: ['bad_player', 'you cannot remove yourself; leave instead'],
    selfMute: ['bad_player', 'you cannot mute yourself'],
    neither: ['bad_message', '"kick" takes either a "seat" or a "player" (an id), not neither'],
    both: ['bad_message', '"kick" takes either a "seat" or a "player" (an id), not both'],
    noFlag: ['bad_message', '"mute" needs a field "muted"'],
    notInRoom: ['not_in_room', 'you are not in a room'],
  });
  await sam.ok('chat', { text: 'still here' }); // nothing changed
  for (const c of [ada, sam, stranger]) await c.close();
  assert.equal((await server.stop()).code, 0);
});

test('a spectator who disconnects stops counting at once, and leaves after the grace', async () => {
  const server = await startServer(['--grace', '1']);
  const ada = await player(server, 'Ada');
  const room = await ada.ok('create', { game: 'testgame' });
  const sam = await player(server, 'Sam');
  await sam.ok('join', { room: room.code, as: 'spectator' });
  await ada.next((m) => m.type === 'room' && m.spectators === 1);
  await sam.drop();
  const away = await ada.next('room');
  assert.equal(away.spectators, 0, '"1 person watching" no more');
  assert.deepEqual(away.watchers, [{ id: sam.id, name: 'Sam', connected: false, muted: false }]);
  const listed = JSON.parse((await httpGet(server, '/api/rooms')).text).rooms;
  assert.equal(listed[0].spectators, 0);
  const gone = await ada.next('room', 4000);
  assert.deepEqual([gone.spectators, gone.watchers], [0, []], 'gone once the grace ran out');
  await ada.close();
  assert.equal((await server.stop()).code, 0);
});

test('a spectator never becomes host: a room left to its bots has none, and its bot seats stay shut', async () => {
  const server = await startServer(['--grace', '60']);
  const ada = await player(server, 'Ada');
  const room = await ada.ok('create', { game: 'testgame' });
  await ada.ok('bot', { seat: 1 });
  await ada.ok('start');
  await ada.ok('leave'); // a bot keeps her seat
  const sam = await player(server, 'Sam');
  const watching = await sam.ok('join', { room: room.code });
  assert.equal(watching.host, null);
  const e = await sam.request('sit', { seat: 0 });
  assert.deepEqual([e.code, e.message], ['not_host',
    `taking a bot's seat needs the host's approval, and room ${room.code} has no host now`]);
  // Before a game, whoever first takes a seat in a room without host hosts it.
  const bob = await player(server, 'Bob');
  const lobbyRoom = await bob.ok('create', { game: 'testgame' });
  const cid = await player(server, 'Cid');
  await cid.ok('join', { room: lobbyRoom.code, as: 'spectator' });
  await bob.ok('leave');
  assert.equal((await cid.next((m) => m.type === 'room' && m.seats[0].player === null)).host, null);
  assert.equal((await cid.ok('sit', { seat: 2 })).host, cid.id);
  for (const c of [ada, sam, bob, cid]) await c.close();
  assert.equal((await server.stop()).code, 0);
});

test('start with the wrong number of seats filled says how many the game needs', async () => {
  const server = await startServer();
  const ada = await player(server, 'Ada');
  const duel = await ada.ok('create', { game: 'manoover' }); // the standard game: two players exactly
  assert.deepEqual([duel.min_players, duel.max_players], [2, 2]);
  const e = await ada.request('start');
  assert.equal(e.message, `${duel.title} needs exactly 2 players; 1 seat is filled`);
  const ranged = await ada.ok('create', { game: 'testgame' });
  assert.equal((await ada.request('start')).message, `${ranged.title} needs 2 to 4 players; 1 seat is filled`);
  await ada.close();
  assert.equal((await server.stop()).code, 0);
});

// Rooms through real WebSockets: hello, games, create, join by code, seats,
// bots, chat, leave, kick, host hand-over, spectators.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Client, player, schemaFailures, startServer } from './lib/harness.mjs';

let server;
before(async () => { server = await startServer(); });
after(async () => {
  const { code } = await server.stop();
  assert.equal(code, 0, 'the server exits 0 on SIGTERM');
  assert.deepEqual(schemaFailures, [], 'every server message matched its schema');
});

async function roomOf(host, options = {}) {
  const room = await host.ok('create', { game: 'testgame', options });
  return room;
}

test('hello gives a player id, a 128-bit token and the server clock', async () => {
  const c = await Client.connect(server);
  const w = await c.hello('  Ada  ');
  assert.equal(w.you.name, 'Ada', 'the name is trimmed');
  assert.match(w.token, /^[0-9a-f]{32}$/);
  assert.equal(w.room, null);
  assert.ok(Math.abs(w.server.time - Date.now()) < 5000);
  await c.close();
});

test('names that are empty, too long or hold control characters are refused', async () => {
  const c = await Client.connect(server);
  for (const name of ['   ', 'x'.repeat(25), 'a\u0007b']) {
    const e = await c.request('hello', { name });
    assert.equal(e.type, 'error');
    assert.equal(e.code, 'bad_name', `name ${JSON.stringify(name)}`);
  }
  const ok = await c.hello('é'.repeat(24));
  assert.equal([...ok.you.name].length, 24, '24 characters, not bytes');
  await c.close();
});

test('games lists the test game with its options and the room options', async () => {
  const c = await player(server, 'Gus');
  const g = await c.ok('games');
  const game = g.games.find((x) => x.id === 'testgame');
  assert.ok(game, 'testgame is registered in the test build');
  const names = game.options.map((o) => o.name);
  assert.deepEqual(names, ['target', 'turn_s', 'bot_ms', 'seed', 'bot_takeover']);
  assert.deepEqual(game.bot_levels, ['easy', 'normal']);
  await c.close();
});

test('create makes the creator host in seat 0; a friend joins by code', async () => {
  const ada = await player(server, 'Ada');
  const room = await roomOf(ada);
  assert.match(room.code, /^[A-HJKMNP-Z2-9]{5}$/);
  assert.equal(room.host, ada.id);
  assert.equal(room.status, 'lobby');
  assert.equal(room.seats[0].player.id, ada.id);
  assert.equal(room.max_players, 4);

  const bob = await player(server, 'Bob');
  const joined = await bob.ok('join', { room: room.code.toLowerCase() });
  assert.equal(joined.code, room.code, 'codes are case-insensitive');
  assert.equal(joined.seats[1].player.id, bob.id, 'the first free seat');
  const seen = await ada.next('room');
  assert.equal(seen.seats[1].player.name, 'Bob', 'the host sees the friend arrive');
  await ada.close();
  await bob.close();
});

test('join refuses unknown codes and a full room when asked for a seat', async () => {
  const ada = await player(server, 'Ada');
  const missing = await ada.request('join', { room: 'ZZZZZ' });
  assert.equal(missing.code, 'no_such_room');
  const bad = await ada.request('join', { room: 'O0O0O' });
  assert.equal(bad.code, 'no_such_room');
  const room = await roomOf(ada);
  for (const seat of [1, 2, 3]) await ada.ok('bot', { seat });
  const bob = await player(server, 'Bob');
  const full = await bob.request('join', { room: room.code, as: 'player' });
  assert.equal(full.code, 'room_full');
  assert.equal(bob.queue.length, 0, 'nothing else was sent');
  const watching = await bob.ok('join', { room: room.code });
  assert.equal(watching.spectators, 1, 'without "as" a full room is watched');
  await ada.close();
  await bob.close();
});

test('sit and stand move a player; a taken seat is refused', async () => {
  const ada = await player(server, 'Ada');
  const room = await roomOf(ada);
  const bob = await player(server, 'Bob');
  await bob.ok('join', { room: room.code, as: 'spectator' });
  const taken = await bob.request('sit', { seat: 0 });
  assert.equal(taken.code, 'seat_taken');
  const badSeat = await bob.request('sit', { seat: 9 });
  assert.equal(badSeat.code, 'bad_seat');
  const sat = await bob.ok('sit', { seat: 2 });
  assert.equal(sat.seats[2].player.id, bob.id);
  assert.equal(sat.spectators, 0);
  const stood = await bob.ok('stand');
  assert.equal(stood.seats[2].player, null);
  assert.equal(stood.spectators, 1);
  const again = await bob.request('stand');
  assert.equal(again.code, 'not_seated');
  await ada.close();
  await bob.close();
});

test('only the host seats bots, and only at a known level', async () => {
  const ada = await player(server, 'Ada');
  const room = await roomOf(ada);
  const bob = await player(server, 'Bob');
  await bob.ok('join', { room: room.code });
  const notHost = await bob.request('bot', { seat: 2 });
  assert.equal(notHost.code, 'not_host');
  const badLevel = await ada.request('bot', { seat: 2, level: 'godlike' });
  assert.equal(badLevel.code, 'bad_message');
  assert.match(badLevel.message, /easy, normal/);
  const onPlayer = await ada.request('bot', { seat: 1 });
  assert.equal(onPlayer.code, 'seat_taken');
  const withBot = await ada.ok('bot', { seat: 2, level: 'easy' });
  assert.equal(withBot.seats[2].bot, 'easy');
  const removed = await ada.ok('kick', { seat: 2 });
  assert.equal(removed.seats[2].bot, null, 'kicking a bot before the game removes it');
  await ada.close();
  await bob.close();
});

test('chat reaches everyone in the room, both ways, and is limited to 500 characters', async () => {
  const ada = await player(server, 'Ada');
  const room = await roomOf(ada);
  const bob = await player(server, 'Bob');
  await bob.ok('join', { room: room.code });
  const echo = await ada.ok('chat', { text: 'hello Bob' });
  assert.equal(echo.type, 'chat', 'the sender gets its own line back as the reply');
  const atBob = await bob.next('chat');
  assert.equal(atBob.text, 'hello Bob');
  assert.equal(atBob.from.name, 'Ada');
  assert.equal(atBob.id, undefined);
  bob.send({ type: 'chat', text: 'hi Ada 👋' });
  const atAda = await ada.next((m) => m.type === 'chat' && m.from.id === bob.id);
  assert.equal(atAda.text, 'hi Ada 👋');
  const long = await ada.request('chat', { text: 'x'.repeat(501) });
  assert.equal(long.code, 'bad_message');
  const carl = await player(server, 'Carl');
  await carl.ok('join', { room: room.code });
  const history = await carl.next('chat');
  assert.equal(history.text, 'hello Bob', 'a newcomer gets the recent chat');
  await Promise.all([ada.close(), bob.close(), carl.close()]);
});

test('chat is rate limited per player', async () => {
  const ada = await player(server, 'Ada');
  await roomOf(ada);
  const replies = [];
  for (let i = 0; i < 14; i++) replies.push(ada.request('chat', { text: `line ${i}` }));
  const errors = (await Promise.allSettled(replies)).filter((r) => r.status === 'fulfilled' && r.value.type === 'error');
  assert.ok(errors.length >= 1, 'some of 14 quick lines are refused');
  assert.equal(errors[0].value.code, 'rate_limited');
  await ada.close();
});

test('leave sends left; the others see the seat empty', async () => {
  const ada = await player(server, 'Ada');
  const room = await roomOf(ada);
  const bob = await player(server, 'Bob');
  await bob.ok('join', { room: room.code });
  await ada.next('room');
  const left = await bob.ok('leave');
  assert.deepEqual([left.type, left.reason, left.room], ['left', 'left', room.code]);
  const seen = await ada.next('room');
  assert.equal(seen.seats[1].player, null);
  const notIn = await bob.request('leave');
  assert.equal(notIn.code, 'not_in_room');
  await ada.close();
  await bob.close();
});

test('the host can kick a player, who cannot come back', async () => {
  const ada = await player(server, 'Ada');
  const room = await roomOf(ada);
  const bob = await player(server, 'Bob');
  await bob.ok('join', { room: room.code });
  const self = await ada.request('kick', { seat: 0 });
  assert.equal(self.code, 'bad_seat');
  const byGuest = await bob.request('kick', { seat: 0 });
  assert.equal(byGuest.code, 'not_host');
  const after = await ada.ok('kick', { seat: 1 });
  assert.equal(after.seats[1].player, null);
  const left = await bob.next('left');
  assert.equal(left.reason, 'kicked');
  const back = await bob.request('join', { room: room.code });
  assert.equal(back.code, 'kicked');
  await ada.close();
  await bob.close();
});

test('when the host leaves, the room passes to another player', async () => {
  const ada = await player(server, 'Ada');
  const room = await roomOf(ada);
  const bob = await player(server, 'Bob');
  await bob.ok('join', { room: room.code });
  const carl = await player(server, 'Carl');
  await carl.ok('join', { room: room.code, as: 'spectator' });
  await ada.ok('leave');
  const seen = await bob.next((m) => m.type === 'room' && m.seats[0].player === null);
  assert.equal(seen.host, bob.id, 'a connected, seated player is preferred');
  const start = await bob.request('start');
  assert.equal(start.code, 'not_ready', 'the new host can act as host');
  await Promise.all([ada.close(), bob.close(), carl.close()]);
});

test('public rooms are listed and watchers get updates; private rooms are not listed', async () => {
  const watcher = await player(server, 'Wanda');
  const first = await watcher.ok('rooms', { watch: true });
  const ada = await player(server, 'Ada');
  const pub = await roomOf(ada);
  const update = await watcher.next((m) => m.type === 'rooms' && m.rooms.some((r) => r.code === pub.code));
  const listed = update.rooms.find((r) => r.code === pub.code);
  assert.equal(listed.host, 'Ada');
  assert.equal(listed.players, 1);
  assert.ok(first.rooms.every((r) => r.code !== pub.code));
  const bob = await player(server, 'Bob');
  const priv = await bob.ok('create', { game: 'testgame', private: true });
  const list = await watcher.ok('rooms');
  assert.ok(!list.rooms.some((r) => r.code === priv.code), 'private rooms stay off the list');
  const guest = await player(server, 'Gail');
  const joined = await guest.ok('join', { room: priv.code });
  assert.equal(joined.private, true, 'but the code still works');
  await Promise.all([watcher.close(), ada.close(), bob.close(), guest.close()]);
});

test('create checks the game and its options', async () => {
  const c = await player(server, 'Ada');
  const noGame = await c.request('create', { game: 'chess' });
  assert.equal(noGame.code, 'no_such_game');
  const unknown = await c.request('create', { game: 'testgame', options: { speed: 3 } });
  assert.equal(unknown.code, 'bad_options');
  assert.match(unknown.message, /speed/);
  const range = await c.request('create', { game: 'testgame', options: { target: 2 } });
  assert.equal(range.code, 'bad_options');
  const seed = await c.request('create', { game: 'testgame', options: { seed: -1 } });
  assert.equal(seed.code, 'bad_options');
  const ok = await c.ok('create', { game: 'testgame', options: { target: 30, seed: 7 } });
  assert.equal(ok.options.target, 30);
  assert.equal(ok.options.seed, 7);
  await c.close();
});

// Secrets never follow from what a player can know or choose (issue 21):
// hidden deals come from the server's randomness (kept with the room so a
// restart deals the same game), a seeded room says so, taking a bot's seat
// in play needs the host's approval, and a seat whose secrets you saw is
// yours to the end of the game.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { Client, httpGet, player, schemaFailures, startServer, tempDir } from './lib/harness.mjs';

after(() => assert.deepEqual(schemaFailures, [], 'every server message matched its schema'));

/** Ada hosts a seeded testgame with Bob; returns their first views. */
async function dealt(server, options) {
  const ada = await player(server, 'Ada');
  const room = await ada.ok('create', { game: 'testgame', options });
  const bob = await player(server, 'Bob');
  await bob.ok('join', { room: room.code });
  await ada.ok('start');
  const [sa, sb] = [await ada.next('state'), await bob.next('state')];
  return { ada, bob, code: room.code, secrets: [sa.view.secret, sb.view.secret] };
}

test('the same seed deals the same open game but not the same secrets; a seeded room says so', async () => {
  const server = await startServer();
  const one = await dealt(server, { seed: 42 });
  const two = await dealt(server, { seed: 42 });
  assert.notDeepEqual(one.secrets, two.secrets, 'hidden deals do not follow the seed');
  const open = await dealt(server, {});
  const listed = JSON.parse((await httpGet(server, '/api/rooms')).text).rooms;
  assert.equal(listed.find((r) => r.code === one.code).seeded, true);
  assert.equal(listed.find((r) => r.code === open.code).seeded, false);
  // Play the seeded game out: its result says it was seeded.
  await one.ada.ok('act', { action: { kind: 'add', n: 3 } });
  await one.bob.ok('act', { action: { kind: 'add', n: 3 } });
  await one.ada.ok('act', { action: { kind: 'add', n: 3 } });
  await one.bob.ok('act', { action: { kind: 'add', n: 3 } });
  await one.ada.ok('act', { action: { kind: 'add', n: 3 } });
  await one.bob.ok('act', { action: { kind: 'add', n: 3 } });
  await one.ada.ok('act', { action: { kind: 'add', n: 3 } });
  await one.ada.next('over');
  const results = JSON.parse((await httpGet(server, '/api/results')).text).results;
  assert.equal(results.find((r) => r.room === one.code).seeded, true);
  for (const g of [one, two, open]) for (const c of [g.ada, g.bob]) await c.close();
  assert.equal((await server.stop()).code, 0);
});

test('a game restored after kill -9 has exactly the secrets it was dealt', async () => {
  const db = join(tempDir(), 'botpit.db');
  let server = await startServer(['--db', db]);
  const game = await dealt(server, {});
  await game.ada.ok('act', { action: { kind: 'add', n: 2 } });
  await server.stop('SIGKILL');
  server = await startServer(['--db', db]);
  const back = [];
  for (const [c, name] of [[game.ada, 'Ada'], [game.bob, 'Bob']]) {
    const again = await Client.connect(server);
    await again.hello(name, c.token);
    back.push(again);
  }
  const views = [await back[0].next('state'), await back[1].next('state')];
  assert.deepEqual(views.map((s) => s.view.secret), game.secrets);
  assert.equal(views[0].seq, 1);
  for (const c of back) await c.close();
  assert.equal((await server.stop()).code, 0);
});

test("taking a bot's seat in play needs the host's approval, and the seat is then yours to the end", async () => {
  const server = await startServer();
  const ada = await player(server, 'Ada');
  const room = await ada.ok('create', { game: 'testgame', options: { target: 1000 } });
  await ada.ok('bot', { seat: 1, level: 'easy' });
  const eve = await player(server, 'Eve');
  await eve.ok('join', { room: room.code, as: 'spectator' });
  await ada.ok('start');

  const late = await player(server, 'Late');
  const full = await late.request('join', { room: room.code, as: 'player' });
  assert.equal(full.code, 'room_full', 'joining a game in play never seats you');
  await late.ok('join', { room: room.code });
  assert.equal((await late.next('state')).seat, -1, 'it makes you a spectator');
  await late.close();

  const pending = await eve.ok('sit', { seat: 1 });
  assert.deepEqual([pending.type, pending.seat], ['sit_pending', 1]);
  const asked = await ada.next('sit_request');
  assert.deepEqual([asked.seat, asked.from.id], [1, eve.id]);
  const denied = await ada.ok('deny', { player: eve.id });
  assert.equal(denied.type, 'sit_denied');
  assert.equal((await eve.next('sit_denied')).seat, 1);
  const notAsked = await ada.request('approve', { player: eve.id });
  assert.equal(notAsked.code, 'bad_seat', 'a denied request cannot be approved later');
  const byGuest = await eve.request('approve', { player: eve.id });
  assert.equal(byGuest.code, 'not_host');

  await eve.ok('sit', { seat: 1 });
  await ada.next('sit_request');
  eve.drain();
  const seated = await ada.ok('approve', { player: eve.id });
  assert.equal(seated.seats[1].player.id, eve.id);
  const view = await eve.next('state');
  assert.ok(Number.isInteger(view.view.secret), 'she sees the seat\'s secret now');

  const stand = await eve.request('stand');
  assert.equal(stand.code, 'wrong_status', 'she cannot stand up again');
  assert.match(stand.message, /seat 2/);
  await eve.ok('leave');
  const after = await ada.next((m) => m.type === 'room' && m.seats[1].player === null);
  assert.equal(after.seats[1].bot, 'easy', 'the bot that played the seat takes it back, at its level');
  await ada.close();
  await eve.close();
  assert.equal((await server.stop()).code, 0);
});

test('a host who takes over hears of the seat requests still waiting', async () => {
  const server = await startServer();
  const ada = await player(server, 'Ada');
  const room = await ada.ok('create', { game: 'testgame', options: { target: 1000 } });
  const bob = await player(server, 'Bob');
  await bob.ok('join', { room: room.code });
  await ada.ok('bot', { seat: 2 });
  const eve = await player(server, 'Eve');
  await eve.ok('join', { room: room.code, as: 'spectator' });
  await ada.ok('start');
  await eve.ok('sit', { seat: 2 });
  await ada.next('sit_request');
  await ada.ok('leave'); // Bob hosts now
  const asked = await bob.next('sit_request');
  assert.deepEqual([asked.seat, asked.from.id], [2, eve.id]);
  const seated = await bob.ok('approve', { player: eve.id });
  assert.equal(seated.seats[2].player.id, eve.id);
  for (const c of [ada, bob, eve]) await c.close();
  assert.equal((await server.stop()).code, 0);
});

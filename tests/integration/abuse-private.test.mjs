// Private rooms stay private (issue 21): /api/results shows outsiders only
// public games (a player proves who it is with its token), and a finished
// private room cannot be joined by someone who was not in it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { httpGet, player, schemaFailures, startServer } from './lib/harness.mjs';

let server;
before(async () => { server = await startServer(); });
after(async () => {
  assert.equal((await server.stop()).code, 0);
  assert.deepEqual(schemaFailures, [], 'every server message matched its schema');
});

/** Ada and Bob play a testgame to its end; returns them and the room code. */
async function finished(isPrivate) {
  const ada = await player(server, 'Ada');
  const room = await ada.ok('create', { game: 'testgame', private: isPrivate, options: { target: 5 } });
  const bob = await player(server, 'Bob');
  await bob.ok('join', { room: room.code });
  await ada.ok('start');
  await ada.ok('act', { action: { kind: 'add', n: 3 } });
  await bob.ok('act', { action: { kind: 'add', n: 2 } });
  await ada.next('over');
  return { ada, bob, code: room.code };
}

const results = async (query = '', token) => {
  const r = await httpGet(server, `/api/results${query}`, token ? { Authorization: `Bearer ${token}` } : {});
  return { status: r.status, body: JSON.parse(r.text) };
};

test('/api/results lists only public games to outsiders; a player sees its own private games', async () => {
  const open = await finished(false);
  const hidden = await finished(true);
  const outsider = await player(server, 'Eve');

  const anon = await results();
  assert.equal(anon.status, 200);
  const codes = anon.body.results.map((r) => r.room);
  assert.ok(codes.includes(open.code), 'the public game is listed');
  assert.ok(!codes.includes(hidden.code), 'the private game is not');
  assert.equal(anon.body.results.find((r) => r.room === open.code).private, false);

  const byPlayer = await results(`?player=${hidden.ada.id}`);
  assert.ok(!byPlayer.body.results.some((r) => r.room === hidden.code), 'not by player id either');

  const eve = await results('', outsider.token);
  assert.ok(!eve.body.results.some((r) => r.room === hidden.code), 'nor to another player');

  const own = await results(`?player=${hidden.ada.id}`, hidden.bob.token);
  const mine = own.body.results.find((r) => r.room === hidden.code);
  assert.ok(mine, 'a player of the private game sees it');
  assert.equal(mine.private, true);
  assert.equal(mine.seeded, false);

  const bad = await results('', '0'.repeat(32));
  assert.equal(bad.status, 401);
  assert.equal(bad.body.code, 'not_authenticated');

  for (const c of [open.ada, open.bob, hidden.ada, hidden.bob, outsider]) await c.close();
});

test('a finished private room cannot be joined by an outsider; its players can come back', async () => {
  const { ada, bob, code } = await finished(true);
  const eve = await player(server, 'Eve');
  const e = await eve.request('join', { room: code, as: 'spectator' });
  assert.equal(e.code, 'no_such_room', 'to an outsider it does not exist');
  await bob.ok('leave');
  const back = await bob.ok('join', { room: code });
  assert.equal(back.code, code, 'a player of the game may come back');
  const open = await finished(false);
  const watch = await eve.ok('join', { room: open.code, as: 'spectator' });
  assert.equal(watch.code, open.code, 'a finished public room can still be watched');
  for (const c of [ada, bob, eve, open.ada, open.bob]) await c.close();
});

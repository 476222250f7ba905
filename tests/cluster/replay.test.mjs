// Replays in distributed mode: the finished games' logs are kept in
// SQLite only, so a node on Redis refuses every replay with a clear error
// (no_such_replay to `replay`, by game or by room; no_replay to
// `replay_step`), never opens a SQLite file for it, and stays up: the
// players carry on as before (PROTOCOL.md, Replays; server/README.md).
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { schemaFailures } from '../integration/lib/harness.mjs';
import { hello, httpGet, startCluster } from './lib/cluster.mjs';

const cleanups = [];
afterEach(async () => { while (cleanups.length) await cleanups.pop()(); });

test('a node on Redis refuses replays with a clear error and stays up', { timeout: 120000 }, async () => {
  const cl = await startCluster(1, { ttl: 2 });
  cleanups.push(() => cl.stop());
  const [n1] = cl.nodes;
  const ada = await hello(n1, 'Ada');
  const bob = await hello(n1, 'Bob');
  const room = await ada.ok('create', { game: 'testgame', options: { target: 5 } });
  await bob.ok('join', { room: room.code });
  await ada.ok('start');
  for (let turn = 0; ; turn = 1 - turn) {
    const state = await [ada, bob][turn].ok('act', { action: { kind: 'add', n: 1 } });
    if (state.view.winner >= 0) break;
  }
  const over = await ada.next('over');
  assert.equal(over.replay, undefined, 'the over message names no replay: none is kept');

  const byGame = await ada.request('replay', { game: 1 });
  assert.equal(byGame.type, 'error');
  assert.equal(byGame.code, 'no_such_replay');
  assert.match(byGame.message, /distributed mode/);
  const byRoom = await bob.request('replay', { room: room.code });
  assert.equal(byRoom.code, 'no_such_replay', 'nor by the room it was played in');
  assert.equal(byRoom.message, byGame.message);
  const step = await ada.request('replay_step', { by: 1 });
  assert.equal(step.code, 'no_replay');
  assert.match(step.message, /distributed mode/, 'the step says why, not "open one first"');

  // The store was not asked (it would have tried a SQLite file and said so).
  assert.doesNotMatch(n1.stderr(), /reading replay|cannot open it for reading/);
  assert.ok(n1.alive(), 'the node is up');
  assert.equal((await httpGet(n1, '/healthz')).status, 200);
  const again = await ada.ok('create', { game: 'testgame' });
  assert.equal(again.type, 'room', 'and answers the next request');
  for (const c of [ada, bob]) c.close();
});

test('every message matched its schema', () => {
  assert.deepEqual(schemaFailures, []);
});

// Replays in distributed mode: a finished game's replay is kept in Redis
// in the same call that stores its result (its settings, and its room's
// log copied by the script), so any node opens it: a boxing game played on
// node 1 is replayed from node 3, each audience's view at every input the
// very view sent live (as the integration replay tests check), and again
// from node 2 after node 1 was killed. A private game's replay is refused
// to an outsider on any node and opens for its players. With Redis paused
// a replay is refused (unavailable) within a second, not waited for. The Redis memory a
// replay costs per input is printed (server/README.md quotes it).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { schemaFailures } from '../integration/lib/harness.mjs';
import {
  bySeq, compareWithLive, GAMES, paced, playToEnd, started,
} from '../integration/lib/replays.mjs';
import { hello, httpGet, startCluster } from './lib/cluster.mjs';

let cl;
before(async () => { cl = await startCluster(3, { ttl: 2 }); });
after(async () => {
  const results = await cl.stop();
  for (const r of results) assert.equal(r.code, 0, 'each node still running exits cleanly');
});

const boxing = GAMES.find((g) => g.game === 'boxing');
let played; // the boxing game of the first test: { id, code, records, over, tokens }

const replayKey = (id) => `botpit:replay:${String(id).padStart(12, '0')}`;

test('a game finished on node 1 is replayed from node 3, every view the one sent live', { timeout: 240000 }, async () => {
  const [n1, , n3] = cl.nodes;
  const { players, watcher, code } = await started(n1, boxing);
  const clients = [...players, watcher];
  const { records, over } = await playToEnd(clients, boxing);
  assert.ok(Number.isInteger(over.replay) && over.replay > 0, 'the over message names the replay');
  const id = over.replay;
  played = { id, code, records, over, tokens: clients.map((c) => c.token) };

  // The spectator's eyes, from node 3.
  const watcher3 = await hello(n3, 'Watcher', watcher.token);
  const opened = await paced(watcher3, 'replay', { game: id, seat: -1 });
  assert.equal(opened.type, 'replay');
  assert.equal(opened.game, id);
  assert.equal(opened.engine, 'boxing');
  assert.equal(opened.room, code);
  assert.deepEqual(opened.result, over.result, 'the result is the one announced');
  const last = bySeq(records.at(-1).states).at(-1);
  assert.equal(opened.inputs, last.seq, 'every input was kept');
  assert.equal(await compareWithLive(watcher3, records.at(-1).states, -1, 'boxing'), opened.inputs);

  // Each player's own eyes, from node 3 too.
  for (let i = 0; i < players.length; i++) {
    const c = await hello(n3, `P${i}`, players[i].token);
    const own = await paced(c, 'replay', { game: id, seat: i });
    assert.equal(own.frame.seat, i);
    await compareWithLive(c, records[i].states, i, 'boxing');
    c.close();
  }

  // What it costs Redis: the key holds the settings and the log.
  const bytes = await cl.redis.command('MEMORY', 'USAGE', replayKey(id), 'SAMPLES', '0');
  assert.ok(Number.isInteger(bytes) && bytes > 0, `the replay is kept under ${replayKey(id)}`);
  const logText = await cl.redis.command('HGET', replayKey(id), 'log');
  const settings = await cl.redis.command('HGET', replayKey(id), 'settings');
  const log = JSON.parse(logText);
  assert.equal(log.length, opened.inputs, 'the kept log has every input');
  assert.deepEqual(log.map((input) => input.seq), Array.from({ length: log.length }, (_, k) => k + 1));
  assert.equal(await cl.redis.command('TTL', replayKey(id)), -1, 'kept for good: no time to live');
  const logBytes = Buffer.byteLength(logText);
  console.log(`replay memory: game ${id} (boxing, ${log.length} inputs) costs Redis ${bytes} bytes ` +
    `(MEMORY USAGE): its log ${logBytes} bytes, ${(logBytes / log.length).toFixed(1)} per input; ` +
    `its settings ${Buffer.byteLength(settings)} bytes; the rest, the key's own, ` +
    `${bytes - logBytes - Buffer.byteLength(settings)} bytes`);
  for (const c of [...clients, watcher3]) c.close();
});

test('a private game\'s replay is for its players only, on every node', { timeout: 60000 }, async () => {
  const [n1, n2, n3] = cl.nodes;
  const ada = await hello(n1, 'Ada');
  const bob = await hello(n1, 'Bob');
  const room = await ada.ok('create', { game: 'testgame', options: { target: 5 }, private: true });
  await bob.ok('join', { room: room.code });
  await ada.ok('start');
  for (let turn = 0; ; turn = 1 - turn) {
    const state = await [ada, bob][turn].ok('act', { action: { kind: 'add', n: 1 } });
    if (state.view.winner >= 0) break;
  }
  const over = await ada.next('over');
  assert.ok(over.replay > 0);

  for (const node of [n1, n2, n3]) {
    const eve = await hello(node, 'Eve');
    const refused = await eve.request('replay', { game: over.replay });
    assert.equal(refused.type, 'error');
    assert.equal(refused.code, 'no_such_replay', `node ${node.id} refuses an outsider`);
    assert.match(refused.message, /private game's replay is for its players only/);
    const step = await eve.request('replay_step', { by: 1 });
    assert.equal(step.code, 'no_replay', 'and nothing was opened to step');
    eve.close();
  }
  const bob2 = await hello(n2, 'Bob', bob.token);
  const opened = await bob2.ok('replay', { game: over.replay, seat: 1 });
  assert.equal(opened.type, 'replay');
  assert.deepEqual(opened.result, over.result);
  assert.ok(opened.inputs >= 5, 'five adds at least');
  const ghost = await bob2.request('replay', { game: over.replay + 1000 });
  assert.equal(ghost.code, 'no_such_replay', 'an id no game has');
  const elsewhere = await bob2.request('replay', { room: room.code });
  assert.equal(elsewhere.code, 'no_such_room', 'by room code, only on the node that holds the room');
  assert.match(elsewhere.message, /replayed by its id, on any node/);
  const here = await ada.ok('replay', { room: room.code });
  assert.equal(here.game, over.replay, 'which opens it by the room it was played in');
  for (const c of [ada, bob, bob2]) c.close();
});

test('with node 1 killed after the game, its replay still opens elsewhere', { timeout: 120000 }, async () => {
  assert.ok(played, 'the first test played a game');
  const [n1, n2] = cl.nodes;
  await n1.stop('SIGKILL');
  const watcher = await hello(n2, 'Watcher', played.tokens.at(-1));
  const opened = await paced(watcher, 'replay', { game: played.id, seat: -1 });
  assert.equal(opened.game, played.id);
  assert.deepEqual(opened.result, played.over.result);
  assert.equal(await compareWithLive(watcher, played.records.at(-1).states, -1, 'boxing'), opened.inputs);
  assert.equal((await httpGet(n2, '/healthz')).status, 200, 'node 2 is up');
  watcher.close();
});

test('with Redis paused, a replay is unavailable within a second, the node answering meanwhile; it opens once Redis goes on', { timeout: 60000 }, async () => {
  assert.ok(played, 'the first test played a game');
  const [, n2] = cl.nodes;
  const watcher = await hello(n2, 'Watcher', played.tokens.at(-1));
  await cl.redis.kill('SIGSTOP');
  let reply, took, health;
  try {
    const sent = Date.now();
    const asked = watcher.request('replay', { game: played.id, seat: -1 }, 10000);
    health = await httpGet(n2, '/healthz');
    reply = await asked;
    took = Date.now() - sent;
  } finally {
    cl.redis.proc.kill('SIGCONT');
  }
  assert.ok([200, 503].includes(health.status), 'the loop answered while the replay waited for Redis');
  assert.equal(reply.type, 'error');
  assert.equal(reply.code, 'unavailable');
  assert.match(reply.message, /could not read game \d+ just now; try again shortly/);
  assert.ok(took < 1000, `unavailable after ${took} ms`);
  let opened = null;
  for (let i = 0; i < 50 && !opened; i++) {
    const r = await watcher.request('replay', { game: played.id, seat: -1 }, 10000);
    if (r.type === 'replay') opened = r;
    else await new Promise((resolve) => setTimeout(resolve, 200));
  }
  assert.ok(opened, 'the replay opens again once Redis answers');
  assert.deepEqual(opened.result, played.over.result);
  watcher.close();
});

test('every message matched its schema', () => {
  assert.deepEqual(schemaFailures, []);
});

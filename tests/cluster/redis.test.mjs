// Redis itself: killed (-9) and restarted, the node answers unavailable
// meanwhile, comes back by itself, and nothing acknowledged is lost; paused
// (SIGSTOP), an input gets unavailable within a second; a Redis that lost
// its data is noticed; and a node refuses to start, with one line naming
// the fault and exit status 1, on a bad URL, an unknown host, a refused
// connection, a wrong or missing password, no append-only file, or a node
// id alive elsewhere.
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { schemaFailures } from '../integration/lib/harness.mjs';
import {
  freePort, hello, httpGet, metric, runBotpit, sleep, startCluster, startNode, startRedis,
} from './lib/cluster.mjs';

const cleanups = [];
afterEach(async () => { while (cleanups.length) await cleanups.pop()(); });

const ADD = { kind: 'add', n: 1 };

/** Ada and Bob in a started testgame room on node. */
async function duel(node) {
  const ada = await hello(node, 'Ada');
  const room = await ada.ok('create', { game: 'testgame', options: { target: 1000000 } });
  const bob = await hello(node, 'Bob');
  await bob.ok('join', { room: room.code });
  await ada.ok('start');
  await ada.next('state');
  await bob.next('state');
  return { ada, bob, room };
}

/** Whoever's turn it is acts, until stop() says so; counts what it sees. */
function keepPlaying(players) {
  const tally = { acked: 0, unavailable: 0, refused: [], stop: false };
  const loop = async (c) => {
    let turnOf = null;
    while (!tally.stop) {
      const reply = await c.request('act', { action: ADD }, 20000).catch((e) => ({ type: 'error', code: String(e) }));
      if (reply.type === 'state') tally.acked = Math.max(tally.acked, reply.seq);
      else if (reply.code === 'unavailable') tally.unavailable++;
      else if (reply.code !== 'not_your_turn' && reply.code !== 'not_in_room') tally.refused.push(reply.code);
      turnOf = reply;
      // 60 ms: under the 20 messages a second a connection may send (at
      // 20 ms after a state it could pass them and get rate_limited).
      await sleep(60);
    }
    return turnOf;
  };
  tally.done = Promise.all(players.map(loop));
  return tally;
}

/** The highest seq a client has seen in a state, waiting for one. */
async function seqSeen(c, atLeast, timeoutMs = 20000) {
  let best = -1;
  const deadline = Date.now() + timeoutMs;
  while (best < atLeast && Date.now() < deadline) {
    const s = await c.next('state', Math.max(100, deadline - Date.now())).catch(() => null);
    if (!s) break;
    best = Math.max(best, s.seq);
  }
  return best;
}

test('kill -9 of Redis and a restart: unavailable meanwhile, back by itself, nothing acknowledged lost', { timeout: 120000 }, async () => {
  const cl = await startCluster(1, { ttl: 2 });
  cleanups.push(() => cl.stop());
  const [n1] = cl.nodes;
  const { ada, bob, room } = await duel(n1);
  const play = keepPlaying([ada, bob]);
  await sleep(800);
  await cl.redis.kill('SIGKILL');
  const ackedAtKill = play.acked;
  await sleep(1500);
  assert.equal((await httpGet(n1, '/healthz')).status, 503, '/healthz says the store is down');
  assert.equal(await metric(n1, 'botpit_redis_up'), 0);
  const duringOutage = play.unavailable;
  assert.ok(duringOutage > 0, 'inputs meanwhile are answered unavailable');
  await cl.redis.start();
  let healthy = false;
  for (let i = 0; i < 100 && !healthy; i++) {
    healthy = (await httpGet(n1, '/healthz')).status === 200;
    if (!healthy) await sleep(100);
  }
  assert.ok(healthy, 'the node reconnects by itself');
  await sleep(1500);
  play.stop = true;
  await play.done;
  assert.deepEqual(play.refused, [], 'no other refusal');
  assert.ok(play.acked > ackedAtKill, `play went on after Redis came back (${ackedAtKill} -> ${play.acked})`);
  const stored = (await cl.redis.command('LRANGE', `botpit:log:{${room.code}}`, '0', '-1')).length;
  assert.ok(stored >= play.acked, `every acknowledged input is stored (${stored} >= ${play.acked})`);
  assert.ok(await metric(n1, 'botpit_redis_connects_total') >= 2);
  for (const c of [ada, bob]) c.close();
});

test('a paused Redis (SIGSTOP): an input gets unavailable within a second, and all is well once it goes on', { timeout: 120000 }, async () => {
  const cl = await startCluster(1, { ttl: 2 });
  cleanups.push(() => cl.stop());
  const [n1] = cl.nodes;
  const { ada, bob, room } = await duel(n1);
  await ada.ok('act', { action: ADD }); // seq 1, Bob's turn
  await bob.next('state');
  await cl.redis.kill('SIGSTOP');
  const sent = Date.now();
  const reply = await bob.request('act', { action: ADD }, 10000);
  const took = Date.now() - sent;
  assert.equal(reply.type, 'error');
  assert.equal(reply.code, 'unavailable');
  assert.ok(took < 1000, `unavailable after ${took} ms`);
  // The commit point: what was never stored was never told, to anyone.
  assert.ok(!ada.queue.some((m) => m.type === 'state' && m.seq >= 2), 'Ada never heard of the refused input');
  assert.ok(!bob.queue.some((m) => m.type === 'state' && m.seq >= 2), 'nor Bob');
  const again = await bob.request('act', { action: ADD }, 10000);
  assert.equal(again.code, 'unavailable', 'and at once while Redis stays paused');
  cl.redis.proc.kill('SIGCONT');
  // The room comes back from Redis: Bob sees it again, his input not applied.
  let s = null;
  for (let i = 0; i < 100; i++) {
    const r = await bob.request('act', { action: ADD }, 10000);
    if (r.type === 'state') { s = r; break; }
    await sleep(100);
  }
  assert.ok(s, 'Bob can play again');
  assert.equal(s.seq, 2, 'his refused inputs never happened; this one is input 2');
  const log = await cl.redis.command('LRANGE', `botpit:log:{${room.code}}`, '0', '-1');
  assert.deepEqual(log.map((i) => JSON.parse(i).seq), [1, 2]);
  for (const c of [ada, bob]) c.close();
});

test('a node that did not run for a second (a busy machine) keeps its connection: nothing refused', { timeout: 60000 }, async () => {
  const cl = await startCluster(1, { ttl: 5 });
  cleanups.push(() => cl.stop());
  const [n1] = cl.nodes;
  const { ada, bob } = await duel(n1);
  await ada.ok('act', { action: ADD }); // seq 1: Bob's turn
  await bob.next('state');
  // Bob's move goes out; the node stops before it reads Redis' answer.
  bob.send({ type: 'act', id: 'held', action: ADD });
  await sleep(5);
  n1.pause();
  await sleep(1200);
  n1.resume();
  const reply = await bob.next((m) => m.id === 'held', 10000);
  assert.equal(reply.type, 'state', `the move was stored and told (${reply.code ?? ''})`);
  assert.equal(reply.seq, 2);
  assert.equal(await metric(n1, 'botpit_redis_connects_total'), 1, 'the connection was kept');
  assert.equal(await metric(n1, 'botpit_redis_failed_calls_total'), 0);
  for (const c of [ada, bob]) c.close();
});

test('a Redis that lost its data is noticed and said loudly', { timeout: 60000 }, async () => {
  const redis = await startRedis({ aof: false });
  cleanups.push(() => redis.stop());
  const port = await freePort();
  const node = await startNode(redis, 2, port, { args: ['--redis-volatile'] });
  cleanups.push(() => node.stop());
  await redis.kill('SIGKILL');
  await redis.start(); // empty: nothing was kept
  let lost = 0;
  for (let i = 0; i < 100 && !lost; i++) {
    lost = await metric(node, 'botpit_redis_data_lost_total').catch(() => 0);
    if (!lost) await sleep(100);
  }
  assert.equal(lost, 1);
  assert.match(node.stderr(), /LOST ITS DATA/);
});

test('start-up faults: one line naming the fault, exit status 1', { timeout: 120000 }, async () => {
  const redis = await startRedis();
  cleanups.push(() => redis.stop());
  const port = await freePort();
  const base = ['--port', String(port), '--bind', '127.0.0.2', '--node-id', 'solo'];
  const expect = (args, pattern, code = 1) => {
    const r = runBotpit([...base, ...args]);
    assert.equal(r.code, code, `exit ${code} for ${args.join(' ')}: ${r.stderr}`);
    const lines = r.stderr.trim().split('\n');
    assert.equal(lines.length, 1, `one line: ${r.stderr}`);
    assert.match(lines[0], pattern);
  };
  const closed = await freePort();
  expect(['--redis', `redis://127.0.0.1:${closed}`], new RegExp(`cannot connect to Redis at 127\\.0\\.0\\.1:${closed}: Connection refused`));
  expect(['--redis', 'redis://no-such-host.invalid:16380'], /cannot find the Redis host "no-such-host\.invalid"/);
  expect(['--redis', 'http://127.0.0.1:16380'], /--redis wants redis:\/\//);
  expect(['--redis', `${redis.url}/99`], /has no database 99/);
  expect(['--redis', `redis://:nope@127.0.0.1:${redis.port}`], /has no password set, but the URL gives one/);
  const locked = await startRedis({ password: 'sesame' });
  cleanups.push(() => locked.stop());
  expect(['--redis', `redis://127.0.0.1:${locked.port}`], /wants a password/);
  expect(['--redis', `redis://:wrong@127.0.0.1:${locked.port}`], /refused the password/);
  const volatile = await startRedis({ aof: false });
  cleanups.push(() => volatile.stop());
  expect(['--redis', volatile.url], /keeps no append-only file .* --redis-volatile/);
  // A flag that is not one: a usage error, as for every flag.
  expect(['--redis', redis.url, '--node-id', 'not a name'], /--node-id is 1 to 64 letters/, 2);
  // A node id another process renews.
  const first = await startNode(redis, 3, port, { ttl: 2 });
  cleanups.push(() => first.stop());
  const r = runBotpit(['--port', String(port), '--bind', '127.0.0.4', '--redis', redis.url, '--node-id', first.id, '--node-ttl', '2']);
  assert.equal(r.code, 1);
  assert.match(r.stderr.trim(), /^botpit: node id "n3" is alive elsewhere/);
});

test('a node id whose last run was killed starts once its key expires', { timeout: 60000 }, async () => {
  const redis = await startRedis();
  cleanups.push(() => redis.stop());
  const port = await freePort();
  const node = await startNode(redis, 2, port, { ttl: 2 });
  await node.stop('SIGKILL');
  const started = Date.now();
  await node.start(); // waits out its own stale key (at most a time to live)
  cleanups.push(() => node.stop());
  assert.ok(Date.now() - started < 6000);
  const c = await hello(node, 'Ada');
  assert.equal((await c.ok('create', { game: 'testgame' })).type, 'room');
  c.close();
});

test('every message matched its schema', () => {
  assert.deepEqual(schemaFailures, []);
});

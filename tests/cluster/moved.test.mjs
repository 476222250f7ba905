// Three nodes on one Redis: a room made on node 1 is found through node 2
// (moved, then the same token on node 1), played to its end; node 3's
// lobby lists it and node 3's /api/results and history show its result;
// a token works on every node, and a hello anywhere sends the player back
// to its room.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { schemaFailures } from '../integration/lib/harness.mjs';
import {
  hello, httpGet, joinFollowing, metric, sleep, startCluster, wsOf, Client,
} from './lib/cluster.mjs';

let cl;
before(async () => { cl = await startCluster(3); });
after(async () => {
  const results = await cl.stop();
  for (const r of results) assert.equal(r.code, 0, 'each node exits cleanly');
});

/** Plays testgame to its end between two clients that hold the room. */
async function playOut(a, b, seatOf) {
  let s = await a.next('state');
  for (;;) {
    if (s.view.winner >= 0) return s;
    const mover = s.view.turn === seatOf.a ? a : b;
    const other = mover === a ? b : a;
    const reply = await mover.ok('act', { action: { kind: 'add', n: 3 } });
    assert.equal(reply.type, 'state');
    s = reply;
    await other.next((m) => m.type === 'state' && m.seq === reply.seq);
  }
}

test('a join through another node is answered with moved, and the room plays on its node', async () => {
  const [n1, n2, n3] = cl.nodes;
  const ada = await hello(n1, 'Ada');
  const room = await ada.ok('create', { game: 'testgame', options: { target: 12 } });
  const bob = await hello(n2, 'Bob');
  const bobId = bob.welcome.you.id;
  const reply = await bob.request('join', { room: room.code });
  assert.equal(reply.type, 'moved', 'node 2 does not hold the room');
  assert.equal(reply.room, room.code);
  assert.equal(reply.url, n1.url, 'moved names the node that holds it');
  const { client: bob1, room: joined } = await joinFollowing(bob, room.code);
  assert.equal(bob1.welcome.you.id, bobId, 'one identity on every node');
  assert.equal(joined.seats[1].player.id, bobId);
  await ada.next((m) => m.type === 'room' && m.seats[1].player);
  await ada.ok('start');
  const last = await playOut(ada, bob1, { a: 0, b: 1 });
  assert.ok(last.view.winner >= 0);
  await ada.next('over');

  // Node 3's lobby, results and history, from Redis.
  const c = await hello(n3, 'Cy');
  const results = (await httpGet(n3, '/api/results?game=testgame')).json().results;
  assert.ok(results.some((r) => r.room === room.code), 'node 3 shows the result of node 1\'s game');
  const history = (await httpGet(n3, `/api/results?player=${bobId}`)).json().results;
  assert.equal(history[0].room, room.code, 'and Bob\'s history');
  assert.deepEqual(history[0].players.map((p) => p.id), [ada.welcome.you.id, bobId]);
  for (const node of cl.nodes) {
    const r = await httpGet(node, `/api/results?player=${bobId}`);
    assert.deepEqual(r.json(), (await httpGet(n1, `/api/results?player=${bobId}`)).json(), `${node.id} answers the same`);
  }
  await c.close();
  for (const x of [ada, bob1]) await x.close();
});

test('node 3\'s lobby lists node 1\'s public rooms, and not its private ones', async () => {
  const [n1, , n3] = cl.nodes;
  const ada = await hello(n1, 'Ada');
  const open = await ada.ok('create', { game: 'testgame' });
  const eve = await hello(n1, 'Eve');
  const hidden = await eve.ok('create', { game: 'testgame', private: true });
  const cy = await hello(n3, 'Cy');
  let codes = [];
  for (let i = 0; i < 40 && !codes.includes(open.code); i++) {
    await sleep(100);
    codes = (await cy.ok('rooms')).rooms.map((r) => r.code);
  }
  assert.ok(codes.includes(open.code), 'the rooms verb on node 3 lists it');
  assert.ok(!codes.includes(hidden.code), 'a private room is not listed');
  const api = (await httpGet(n3, '/api/rooms')).json().rooms.map((r) => r.code);
  assert.ok(api.includes(open.code), '/api/rooms on node 3 too');
  for (const x of [ada, eve, cy]) await x.close();
});

test('a player who comes back through another node gets welcome with its room, then moved there', async () => {
  const [n1, n2, n3] = cl.nodes;
  const ada = await hello(n1, 'Ada');
  const room = await ada.ok('create', { game: 'testgame' });
  const token = ada.token;
  await ada.close();
  const back = await Client.connect(n3);
  const welcome = await back.ok('hello', { name: 'Ada', token });
  assert.equal(welcome.room, room.code, 'welcome names the room on node 1');
  const moved = await back.next('moved');
  assert.deepEqual([moved.room, moved.url], [room.code, n1.url]);
  assert.equal(moved.id, undefined, 'unasked: no id');
  const there = await Client.connect({ wsUrl: wsOf(moved.url) });
  const w = await there.ok('hello', { name: 'Ada', token });
  assert.equal(w.room, room.code);
  const r = await there.next('room');
  assert.equal(r.code, room.code);
  assert.equal(r.seats[0].player.id, w.you.id, 'back in her seat');
  await there.close();
  await back.close();
  // A token node 2 never saw, for a player in no room: a plain welcome.
  const guest = await hello(n1, 'Gus');
  const g2 = await Client.connect(n2);
  const gw = await g2.ok('hello', { name: 'Gus', token: guest.token });
  assert.equal(gw.room, null);
  for (const x of [guest, g2]) await x.close();
});

test('a code that names no room anywhere is no_such_room on every node', async () => {
  for (const node of cl.nodes) {
    const c = await hello(node, 'Tess');
    const reply = await c.request('join', { room: 'ZZZZZ' });
    assert.equal(reply.type, 'error');
    assert.equal(reply.code, 'no_such_room');
    await c.close();
  }
});

test('/metrics shows the nodes, rooms owned, and Redis', async () => {
  const [n1] = cl.nodes;
  assert.equal(await metric(n1, 'botpit_cluster_nodes_alive'), 3);
  assert.ok(await metric(n1, 'botpit_cluster_rooms_owned') >= 1);
  assert.equal(await metric(n1, 'botpit_redis_up'), 1);
  assert.ok(await metric(n1, 'botpit_redis_latency_seconds_count') > 0);
  assert.ok(await metric(cl.nodes[1], 'botpit_cluster_moved_total') >= 1, 'node 2 sent moved');
  assert.equal((await httpGet(n1, '/healthz')).status, 200);
});

test('every message matched its schema', () => {
  assert.deepEqual(schemaFailures, []);
});

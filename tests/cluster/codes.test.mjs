// Room codes are unique across nodes: 1,000 creates at once over three
// nodes that draw codes from a space of only 150 (botpit-test's
// BOTPIT_TEST_CODE_SPACE), so that they collide all the time. Codes are
// claimed atomically in Redis before a room is made: no two open rooms
// ever share one, each is owned by the node that answered its create, and
// a create that finds no free code is refused (unavailable), never given a
// code another room has.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { schemaFailures } from '../integration/lib/harness.mjs';
import { Client, sleep, startCluster } from './lib/cluster.mjs';

const SPACE = 150;
const CREATES = 1000;

let cl;
before(async () => {
  cl = await startCluster(3, { env: { BOTPIT_TEST_CODE_SPACE: String(SPACE) }, args: ['--max-connections', '2000', '--max-per-ip', '2000', '--max-rooms', '2000'] });
});
after(async () => { await cl.stop(); });

test(`${CREATES} creates at once over three nodes with ${SPACE} codes: no two rooms share a code`, { timeout: 240000 }, async () => {
  const clients = [];
  for (let i = 0; i < CREATES; i++) {
    const node = cl.nodes[i % 3];
    clients.push(Client.connect(node).then(async (c) => { await c.hello(`P${i}`); c.node = node; return c; }));
  }
  const ready = await Promise.all(clients);
  // All at once; a refusal (no free code just now) tries again for a while.
  const made = await Promise.all(ready.map(async (c) => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const reply = await c.request('create', { game: 'testgame' }, 20000);
      if (reply.type === 'room') return { code: reply.code, node: c.node };
      assert.equal(reply.code, 'unavailable', `a create is refused only as unavailable (${reply.code})`);
      await sleep(100 + Math.random() * 200);
    }
    return null;
  }));
  const rooms = made.filter(Boolean);
  const codes = rooms.map((r) => r.code);
  assert.equal(new Set(codes).size, codes.length, 'no two rooms share a code');
  assert.ok(codes.length <= SPACE);
  assert.ok(codes.length >= SPACE / 2, `most codes were used (${codes.length} rooms)`);
  for (const r of rooms) {
    const own = await cl.redis.command('GET', `botpit:own:{${r.code}}`);
    assert.equal(own, `${r.node.id} 1`, `room ${r.code} is owned by the node that made it`);
  }
  for (const node of cl.nodes) {
    const owned = await cl.redis.command('SMEMBERS', `botpit:owned:${node.id}`);
    const mine = rooms.filter((r) => r.node === node).map((r) => r.code).sort();
    assert.deepEqual(owned.sort(), mine, `${node.id}'s set of rooms is exactly the rooms it made`);
  }
  console.log(`${CREATES} clients created ${codes.length} rooms from ${SPACE} codes; ${CREATES - codes.length} were refused as unavailable, none shared a code`);
  for (const c of ready) c.drop();
});

test('bursts of creates on one node with codes to spare: every one is answered with a room', { timeout: 120000 }, async () => {
  // A short time to live: the node reconciles what it owns with Redis
  // every 200 ms, in the middle of the creates.
  const one = await startCluster(1, { ttl: 1, args: ['--max-connections', '1000', '--max-per-ip', '1000', '--max-rooms', '1000'] });
  try {
    let first = 0;
    const rooms = [];
    const clients = [];
    for (let round = 0; round < 4; round++) {
      const batch = await Promise.all(Array.from({ length: 150 }, (_, i) => Client.connect(one.nodes[0]).then(async (c) => { await c.hello(`B${round}-${i}`); return c; })));
      clients.push(...batch);
      const replies = await Promise.all(batch.map(async (c) => {
        // A machine busy enough to hold a write past its deadline gets it
        // refused (unavailable, logged): a client tries again.
        for (let attempt = 0; attempt < 3; attempt++) {
          const r = await c.request('create', { game: 'testgame' }, 20000);
          if (r.type === 'room') return r;
          assert.equal(r.code, 'unavailable');
          if (attempt === 0) first++;
        }
        return null;
      }));
      rooms.push(...replies);
      await sleep(300);
    }
    const log = one.nodes[0].stderr();
    const failedWrites = (log.match(/a write failed/g) ?? []).length;
    assert.ok(first === 0 || failedWrites > 0, `${first} creates were refused with no write failing: creates must wait for codes, never reuse one; the node said:\n${log.slice(0, 2000)}`);
    assert.ok(rooms.every(Boolean), 'every create got a room');
    assert.equal(new Set(rooms.map((r) => r.code)).size, 600, 'six hundred rooms, six hundred codes');
    for (const c of clients) c.drop();
  } finally {
    await one.stop();
  }
});

test('every message matched its schema', () => {
  assert.deepEqual(schemaFailures, []);
});

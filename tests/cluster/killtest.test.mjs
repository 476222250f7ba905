// The distributed kill -9 loop: three nodes, games on all of them, and a
// random node killed (-9) again and again while its clients play as fast as
// they can; the killed node starts again meanwhile. Clients follow moved
// and come back through any live node. Every room's history must never be
// rewritten: no client ever sees a room at a seq below one that was
// acknowledged before (lost inputs), nor two different views at one seq;
// and in the end Redis holds every acknowledged input, once, in order.
//
// BOTPIT_KILLS sets the number of kills (5 here; scripts/killtest
// --cluster N runs N and prints the same figures).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { schemaFailures } from '../integration/lib/harness.mjs';
import { Client, hello, sleep, startCluster, wsOf } from './lib/cluster.mjs';

const KILLS = Number(process.env.BOTPIT_KILLS ?? 5);
const ADD = { kind: 'add', n: 1 };

/** Per room: the highest seq any client saw, and the view each seat saw at each seq. */
class Ledger {
  constructor() { this.rooms = new Map(); this.lost = 0; this.rewritten = 0; this.compared = 0; }
  room(code) {
    if (!this.rooms.has(code)) this.rooms.set(code, { acked: 0, views: new Map() });
    return this.rooms.get(code);
  }
  /** A state; first: the first one after a (re)connection. */
  seen(state, first) {
    const r = this.room(state.room);
    if (first && state.seq < r.acked) this.lost += r.acked - state.seq;
    const key = `${state.seq}/${state.seat}`;
    const view = JSON.stringify(state.view);
    if (r.views.has(key)) {
      this.compared++;
      if (r.views.get(key) !== view) this.rewritten++;
    } else {
      r.views.set(key, view);
    }
    r.acked = Math.max(r.acked, state.seq);
  }
  total() { return [...this.rooms.values()].reduce((n, r) => n + r.acked, 0); }
}

/** Plays for one player until stop: acts on its turn, follows moved, comes back after a drop. */
async function player(cl, ledger, stop, name, token, code, first) {
  let c = first;
  let fresh = false;
  let target = null;
  while (!stop.now) {
    let m;
    try {
      m = await c.next((x) => ['state', 'moved'].includes(x.type), 2000);
    } catch (e) {
      if (!c.closeInfo) continue; /* quiet: the other player's turn, or its node is down */
      m = { type: 'dropped' };
    }
    if (m.type === 'state') {
      ledger.seen(m, fresh);
      fresh = false;
      if (m.view.winner < 0 && m.view.turn === m.seat && !c.queue.some((x) => x.type === 'state')) {
        await sleep(20);
        c.send({ type: 'act', id: `${name}-${m.seq}`, action: ADD });
      }
      continue;
    }
    target = m.type === 'moved' ? wsOf(m.url) : null;
    c.drop();
    for (let tries = 0; !stop.now; tries++) {
      const live = cl.nodes.filter((n) => n.alive());
      const url = target ?? live[tries % live.length].wsUrl;
      target = null;
      try {
        const d = await Client.connect({ wsUrl: url });
        const w = await d.request('hello', { name, token }, 5000);
        if (w.type === 'welcome' && w.room === code) {
          const next = await d.next((x) => x.type === 'room' || x.type === 'moved', 5000);
          if (next.type === 'room') { c = d; fresh = true; break; }
          target = wsOf(next.url);
        }
        d.drop();
      } catch { /* going or gone: another */ }
      await sleep(100);
    }
  }
  c.drop();
}

test(`kill -9 of random nodes, ${KILLS} times, while clients play: no acknowledged input lost`, { timeout: 120000 + KILLS * 15000 }, async () => {
  const cl = await startCluster(3, { ttl: 2, args: ['--bot-pace-ms', '10'] });
  const ledger = new Ledger();
  const stop = { now: false };
  const players = [];
  const codes = [];
  // On each node: two humans, and a human with a bot.
  for (const node of cl.nodes) {
    const a = await hello(node, `A-${node.id}`);
    const duel = await a.ok('create', { game: 'testgame', options: { target: 1000000 } });
    const b = await hello(node, `B-${node.id}`);
    await b.ok('join', { room: duel.code });
    await a.ok('start');
    const s = await hello(node, `S-${node.id}`);
    const solo = await s.ok('create', { game: 'testgame', options: { target: 1000000 } });
    await s.ok('bot', { seat: 1 });
    await s.ok('start');
    codes.push(duel.code, solo.code);
    for (const [c, code] of [[a, duel.code], [b, duel.code], [s, solo.code]]) {
      players.push(player(cl, ledger, stop, c.welcome.you.name, c.token, code, c));
    }
  }
  const restarts = [];
  for (let kill = 0; kill < KILLS; kill++) {
    await sleep(1000 + Math.random() * 2000);
    const live = cl.nodes.filter((n) => n.alive());
    const victim = live[Math.floor(Math.random() * live.length)];
    await victim.stop('SIGKILL');
    // It comes back after a while (once its key has expired), as systemd would restart it.
    restarts.push(sleep(500 + Math.random() * 2000).then(() => victim.start()));
    await Promise.all(restarts.splice(0));
  }
  await sleep(4000); // everyone back in a room and playing
  stop.now = true;
  await Promise.all(players);
  let stored = 0;
  for (const code of codes) {
    const log = await cl.redis.command('LRANGE', `botpit:log:{${code}}`, '0', '-1');
    log.forEach((item, i) => assert.equal(JSON.parse(item).seq, i + 1, `room ${code}: input ${i + 1} stored once, in order`));
    assert.ok(log.length >= ledger.room(code).acked, `room ${code}: ${log.length} stored, ${ledger.room(code).acked} acknowledged`);
    stored += log.length;
  }
  console.log(`cluster kill -9 loop: ${KILLS} kills of random nodes, ${ledger.total()} inputs acknowledged, ` +
    `${ledger.lost} acknowledged inputs lost, ${ledger.rewritten} views rewritten, ${ledger.compared} views compared, ${stored} inputs stored`);
  assert.equal(ledger.lost, 0);
  assert.equal(ledger.rewritten, 0);
  await cl.stop();
});

test('every message matched its schema', () => {
  assert.deepEqual(schemaFailures, []);
});

// Nothing acknowledged is ever lost: the real server killed with -9 at
// random moments while clients play as fast as they can, again and again on
// the same database. Every client records the highest seq it has seen in a
// state (what the server acknowledged to it); after each restart every room
// must be back with at least that seq, and where nothing came after it,
// with the very view the client last saw.
//
// BOTPIT_KILLS sets the number of kills (20 here; scripts/killtest runs
// 100 and more and prints the same figures).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { metric } from './lib/faults.mjs';
import { Client, player, schemaFailures, sleep, startServer, tempDir } from './lib/harness.mjs';

const KILLS = Number(process.env.BOTPIT_KILLS ?? 20);
const ADD = { kind: 'add', n: 1 };
const ACT_GAP_MS = 60; /* under the 20 messages a second a client may send */

// Three rooms: two humans; a human and a bot; a bot and a human who never
// acts, so that the turn timer's ticks are inputs too. A spectator watches
// the first.
const ROOMS = [
  { name: 'two humans', options: { target: 1000000 }, people: ['Ada', 'Bob'], watcher: 'Wes' },
  { name: 'human and bot', options: { target: 1000000 }, people: ['Cy'], bots: [1] },
  { name: 'bot and idler', options: { target: 1000000, turn_s: 1 }, people: ['Idle'], bots: [1], idle: ['Idle'] },
];

/** What the clients were told: per room, the highest seq and what each seat saw at it. */
class Ledger {
  constructor() { this.rooms = new Map(); }
  seen(state) {
    const r = this.rooms.get(state.room) ?? { acked: 0, views: new Map() };
    this.rooms.set(state.room, r);
    if (state.seq > r.acked) { r.acked = state.seq; r.views.clear(); }
    if (state.seq === r.acked) r.views.set(state.seat, JSON.stringify(state.view));
  }
  acked(code) { return this.rooms.get(code)?.acked ?? 0; }
  view(code, seat) { return this.rooms.get(code)?.views.get(seat); }
  total() { return [...this.rooms.values()].reduce((n, r) => n + r.acked, 0); }
}

/** Plays for c, from its first state, while the server lives: acts
 * whenever its newest state says it may. */
async function drive(c, first, ledger, acts) {
  let s = first;
  try {
    for (;;) {
      ledger.seen(s);
      const newest = !c.queue.some((m) => m.type === 'state');
      if (newest && acts && s.view.winner < 0 && s.view.turn === s.seat) {
        await sleep(ACT_GAP_MS);
        const reply = await c.request('act', { action: ADD }, 60000);
        if (reply.type === 'state') ledger.seen(reply);
        else if (reply.code !== 'not_your_turn') throw new Error(`act refused: ${reply.code} ${reply.message}`);
      }
      s = await c.next('state', 60000);
    }
  } catch (e) {
    if (!c.closeInfo) throw e; /* the server was killed: that is the point */
  }
}

/** The people of every room, in their rooms, the first time: who they
 * are, where, and whether they play. */
async function setUp(server) {
  const people = [];
  for (const spec of ROOMS) {
    const host = await player(server, spec.people[0]);
    const room = await host.ok('create', { game: 'testgame', options: spec.options });
    const members = [host];
    for (const name of spec.people.slice(1)) {
      const c = await player(server, name);
      await c.ok('join', { room: room.code });
      members.push(c);
    }
    for (const seat of spec.bots ?? []) await host.ok('bot', { seat });
    const watchers = [];
    if (spec.watcher) {
      const w = await player(server, spec.watcher);
      await w.ok('join', { room: room.code, as: 'spectator' });
      watchers.push(w);
    }
    await host.ok('start');
    for (const c of [...members, ...watchers]) {
      const name = c.welcome.you.name;
      const acts = members.includes(c) && !(spec.idle ?? []).includes(name);
      people.push({ name, token: c.token, room: room.code, acts, watches: watchers.includes(c) });
      c.drop();
    }
  }
  return people;
}

test(`kill -9 at random moments, ${KILLS} times: every acknowledged input is there after each restart`, { timeout: 60000 + KILLS * 5000 }, async () => {
  const db = join(tempDir(), 'botpit.db');
  const args = ['--db', db, '--bot-pace-ms', '10'];
  const ledger = new Ledger();
  let server = await startServer(args);
  const people = await setUp(server);
  let lost = 0;
  let compared = 0;
  for (let kill = 0; kill <= KILLS; kill++) {
    const clients = [];
    for (const p of people) {
      const c = await Client.connect(server);
      await c.hello(p.name, p.token);
      /* Spectators are not stored: after a restart they come back by joining. */
      if (p.watches && !c.welcome.room) await c.ok('join', { room: p.room, as: 'spectator' });
      else assert.equal(c.welcome.room, p.room, `${p.name} is back in room ${p.room}`);
      const s = await c.next('state');
      const acked = ledger.acked(p.room);
      if (s.seq < acked) lost += acked - s.seq;
      assert.ok(s.seq >= acked, `after kill ${kill}, room ${p.room} is at seq ${s.seq}; ${acked} were acknowledged`);
      const seen = ledger.view(p.room, s.seat);
      if (s.seq === acked && seen !== undefined) {
        assert.equal(JSON.stringify(s.view), seen, `room ${p.room} seat ${s.seat} replays to the view it had`);
        compared++;
      }
      clients.push({ c, first: s, acts: p.acts });
    }
    assert.equal(await metric(server, 'botpit_rooms_broken'), 0, 'every room replayed');
    if (kill === KILLS) {
      for (const { c } of clients) c.drop();
      break;
    }
    const playing = clients.map(({ c, first, acts }) => drive(c, first, ledger, acts));
    // Most lives are short; some pass the idler's 1 s turn, so ticks are
    // among the inputs killed mid-way too.
    await sleep(Math.random() < 0.2 ? 1000 + Math.random() * 300 : 20 + Math.random() * 280);
    await server.stop('SIGKILL');
    await Promise.all(playing);
    server = await startServer(args);
  }
  console.log(`kill -9 loop: ${KILLS} kills, ${ledger.total()} inputs acknowledged, ` +
    `${lost} acknowledged inputs lost, ${compared} restored views compared byte for byte`);
  assert.equal(lost, 0);
  await server.stop();
});

test('every message matched its schema', () => {
  assert.deepEqual(schemaFailures, []);
});

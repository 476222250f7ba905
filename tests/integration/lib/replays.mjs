// Replays of every game through the real server, shared by the
// replay-<game>.test.mjs suites (one per game, so that they run side by
// side) and by tests/cluster/replay.test.mjs (its steps are exported). A seeded game is played to its end by test players (each game's
// simple driver) beside the server's bots, with a spectator watching, and
// every `state` each of them received is kept. Then the replay opens, once
// per audience, and is stepped input by input: at every seq a live state
// had, the replay's view of that seat (or of the spectator) is the very
// view the live game sent, and the events of the inputs stepped over are
// the events that state carried. The replay's own audience ("all") shows
// every secret from the start: it says replay: true and, before the end,
// differs from the spectator's view. The harness checks every message
// against the schemas (replay, replay_frame, and the game's view and
// events in them).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { drivers } from './drivers.mjs';
import { player, startServer } from './harness.mjs';

// ---- drivers for the games drivers.mjs does not know ----

const RW_ORDER = ['speed', 'speed', 'power', 'speed', 'speed', 'power', 'manoeuvrability', 'manoeuvrability', 'manoeuvrability'];
const RW_LIMITS = { speed: [4, 8], power: [1, 3], manoeuvrability: [2, 5] };

function robotwarsAct(view, seat) {
  if (view.phase === 'setup') {
    const me = view.battle.robots.find((r) => r.seat === seat);
    if (!me || me.allocated) return null;
    const add = { speed: 0, power: 0, manoeuvrability: 0 };
    let discs = me.discs;
    for (const cap of RW_ORDER) {
      if (discs === 0) break;
      if (RW_LIMITS[cap][0] + add[cap] < RW_LIMITS[cap][1]) { add[cap]++; discs--; }
    }
    return { kind: 'allocate', ...add };
  }
  if (view.phase !== 'battle' || view.battle.turn?.seat !== seat || !view.battle.legal) return null;
  const legal = view.battle.legal;
  if (legal.attack) return { kind: 'attack' };
  const f = legal.forward;
  if (f && !f.blocked && view.board[f.to[1]][f.to[0]] === '.') return { kind: 'forward' };
  return { kind: 'end' };
}

function roboballAct(view) {
  const me = view.robots[view.you];
  if (view.need === 'program') {
    const hand = [...me.cards];
    const registers = me.program.map((c, i) => (i < 5 - me.locked ? hand.shift() : null));
    const hitches = registers.map(() => (me.hitched ? null : 'hitch'));
    return { kind: 'program', turn: view.turn, registers, submit: true, hitches };
  }
  if (view.need === 'reenter') return { kind: 'reenter', turn: view.turn, facing: 'N' };
  if (view.need === 'stay_down') return { kind: 'stay_down', turn: view.turn, stay: false };
  return null;
}

// Each game: options for a short seeded game, how many test players (seats
// 0..humans-1), the bots beside them, and the players' driver. A driver may
// be asked again with a state it has answered: it acts once per state.
export const GAMES = [
  { game: 'testgame', options: { target: 15, seed: 11 }, humans: 2, bots: [{ seat: 2, level: 'normal' }],
    act: drivers.testgame.act },
  { game: 'boxing', options: { turn_limit: 5, seed: 7 }, humans: 2, bots: [{ seat: 2, level: 'normal' }],
    act: drivers.boxing.act },
  { game: 'manoover', options: { match_to: 0, seed: 5 }, humans: 1, bots: [{ seat: 1, level: 'easy' }],
    act: drivers.manoover.act },
  { game: 'ricochet', options: drivers.ricochet.options, humans: 2, bots: drivers.ricochet.bots,
    act: () => null },
  { game: 'robotwars', options: { turn_limit: 2, setup_s: 30, turn_s: 30, seed: 3 }, humans: 2, bots: [],
    act: robotwarsAct },
  { game: 'roborally', options: { mode: 'roboball', teams: 2, max_turns: 3, seed: 9 }, humans: 2,
    bots: [{ seat: 2, level: 'normal' }, { seat: 3, level: 'easy' }], act: (view) => roboballAct(view) },
];

const NAMES = ['Ada', 'Bob', 'Cy', 'Dee'];

/** A started room of `spec`: its players (seats 0..), a spectator, the code. */
export async function started(server, spec) {
  const players = [];
  for (let i = 0; i < spec.humans; i++) players.push(await player(server, NAMES[i]));
  const room = await players[0].ok('create', { game: spec.game, options: spec.options });
  for (const p of players.slice(1)) await p.ok('join', { room: room.code, as: 'player' });
  for (const b of spec.bots) await players[0].ok('bot', { seat: b.seat, level: b.level });
  const watcher = await player(server, 'Watcher');
  await watcher.ok('join', { room: room.code, as: 'spectator' });
  await players[0].ok('start');
  return { players, watcher, code: room.code };
}

/** Takes every queued state of c into its record; the newest it holds. */
function takeStates(c, record) {
  for (;;) {
    const i = c.queue.findIndex((m) => m.type === 'state');
    if (i < 0) break;
    const s = c.queue.splice(i, 1)[0];
    record.states.push(s);
    if (!record.newest || s.seq >= record.newest.seq) record.newest = s;
  }
  return record.newest;
}

/**
 * Plays the room to its end with the spec's driver, keeping every state
 * every client received; resolves with the records and the over message.
 */
export async function playToEnd(clients, spec, timeoutMs = 150000) {
  const records = clients.map(() => ({ states: [], newest: null }));
  const acted = new Set();
  const lastSent = new Map();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    clients.forEach((c, i) => takeStates(c, records[i]));
    const overs = clients.map((c) => c.queue.find((m) => m.type === 'over'));
    if (overs.every(Boolean)) {
      await new Promise((r) => setTimeout(r, 50)); // a last state may trail the over
      clients.forEach((c, i) => takeStates(c, records[i]));
      return { records, over: overs[0] };
    }
    for (let i = 0; i < clients.length; i++) {
      const s = records[i].newest;
      if (!s || s.seat < 0) continue;
      const action = spec.act(s.view, s.seat);
      const key = `${i}:${s.seq}`;
      if (!action || acted.has(key)) continue;
      acted.add(key);
      const wait = (lastSent.get(i) ?? 0) + 55 - Date.now(); // within 20 messages a second
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      lastSent.set(i, Date.now());
      const reply = await clients[i].request('act', { action }, 20000);
      if (reply.type === 'state') {
        records[i].states.push(reply);
        if (reply.seq >= records[i].newest.seq) records[i].newest = reply;
      } else {
        // A bot's input or a deadline may have moved the game first.
        assert.match(reply.code, /illegal|not_your_turn|wrong_status/, `${spec.game}: ${reply.message}`);
      }
    }
    if (Date.now() > deadline) throw new Error(`${spec.game}: no end in sight at seq ${records.map((r) => r.newest?.seq)}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** The states a client got, one per seq (the first), in seq order. */
export function bySeq(states) {
  const seen = new Map();
  for (const s of states) if (!seen.has(s.seq)) seen.set(s.seq, s);
  return [...seen.values()].sort((a, b) => a.seq - b.seq);
}

/**
 * Sends a request within the server's 20 messages a second per
 * connection (40 at once): each client gets a bucket of its own.
 */
const buckets = new WeakMap();
export async function paced(c, type, fields) {
  const b = buckets.get(c) ?? { tokens: 30, at: Date.now() };
  buckets.set(c, b);
  for (;;) {
    const now = Date.now();
    b.tokens = Math.min(30, b.tokens + ((now - b.at) * 18) / 1000);
    b.at = now;
    if (b.tokens >= 1) break;
    await new Promise((r) => setTimeout(r, Math.ceil(((1 - b.tokens) * 1000) / 18)));
  }
  b.tokens -= 1;
  return c.ok(type, fields);
}

/** Steps client c's open replay to each live state's seq and compares. */
export async function compareWithLive(c, states, seat, game) {
  let at = 0;
  for (const live of bySeq(states)) {
    const frame = await paced(c, 'replay_step', { to: live.seq });
    assert.equal(frame.type, 'replay_frame');
    assert.equal(frame.seq, live.seq, `${game}: the frame stands where asked`);
    assert.equal(frame.from, at);
    assert.deepEqual(frame.seat, seat);
    assert.deepEqual(frame.view, live.view, `${game}: the view of seat ${seat} at input ${live.seq} is the one sent live`);
    const events = frame.inputs.flatMap((input) => input.events);
    assert.deepEqual(frame.inputs.map((input) => input.seq), Array.from({ length: live.seq - at }, (_, k) => at + k + 1));
    if (live.seq > at || live.seq === 0) {
      assert.deepEqual(events, live.events, `${game}: the events up to input ${live.seq} are those sent live`);
    }
    at = live.seq;
  }
  return at;
}

/** The replay test of one game (spec: one of GAMES, by engine id). */
export function replayTest(id) {
  const spec = GAMES.find((g) => g.game === id);
  test(`${spec.game}: the replay equals, step by step, what each seat and the spectator were sent, and shows every secret`, { timeout: 200000 }, async () => {
    const server = await startServer();
    try {
      const { players, watcher, code } = await started(server, spec);
      const clients = [...players, watcher];
      const { records, over } = await playToEnd(clients, spec);
      assert.ok(Number.isInteger(over.replay) && over.replay > 0, 'the over message names the finished game');
      const id = over.replay;

      // The header, for the spectator's audience.
      const opened = await paced(watcher, 'replay', { game: id, seat: -1 });
      assert.equal(opened.type, 'replay');
      assert.equal(opened.game, id);
      assert.equal(opened.engine, spec.game);
      assert.equal(opened.room, code);
      assert.deepEqual(opened.result, over.result, 'the result is the one announced');
      const last = bySeq(records[records.length - 1].states).at(-1);
      assert.equal(opened.inputs, last.seq, 'every input was kept');
      assert.equal(opened.frame.seq, 0);
      assert.deepEqual(opened.players.map((p) => p.name ?? p.bot), [...NAMES.slice(0, spec.humans), ...spec.bots.map((b) => b.level)]);
      if (spec.game !== 'testgame') {
        // A ricochet round is a mark, and the game lasts as many rounds as
        // it takes the bot to win one (the deal depends on the room's
        // secret seed as well: one round, or several).
        if (spec.game === 'ricochet') assert.equal(opened.marks.length, over.result.rounds, 'ricochet: a mark for each round');
        else assert.ok(opened.marks.length > 1, `${spec.game} has turn or round marks`);
        assert.equal(opened.marks[0].seq, 0);
        opened.marks.forEach((m, i) => i && assert.ok(m.seq > opened.marks[i - 1].seq, 'marks in order'));
      }
      assert.equal(await compareWithLive(watcher, records[records.length - 1].states, -1, spec.game), opened.inputs);

      // Each test player's own eyes.
      for (let i = 0; i < players.length; i++) {
        const own = await paced(players[i], 'replay', { game: id, seat: i });
        assert.equal(own.frame.seat, i);
        await compareWithLive(players[i], records[i].states, i, spec.game);
      }

      // The replay's own audience, input by input: every secret from the start.
      const viewer = await player(server, 'Viewer');
      const all = await paced(viewer, 'replay', { game: id });
      assert.equal(all.frame.seat, 'all');
      const spectatorAt = new Map(bySeq(records[records.length - 1].states).map((s) => [s.seq, s.view]));
      let frame = all.frame;
      let secrets = 0;
      const logged = [];
      for (;;) {
        assert.equal(frame.view.replay, true);
        logged.push(...frame.inputs.map((input) => input.seq));
        const spectator = spectatorAt.get(frame.seq);
        if (spectator && frame.seq < all.inputs) {
          const { replay, ...shown } = frame.view;
          if (JSON.stringify(shown) !== JSON.stringify(spectator)) secrets++;
        }
        if (frame.seq === all.inputs) break;
        frame = await paced(viewer, 'replay_step', { by: 1 });
      }
      assert.deepEqual(logged, Array.from({ length: all.inputs }, (_, k) => k + 1), 'stepping one by one lists every input once');
      assert.ok(secrets > 0, `${spec.game}: the replay shows what the spectator could not see`);

      // Back to a mark, and back one step: no events, the view complete.
      const mark = all.marks.at(-1) ?? { seq: 1 };
      const back = await paced(viewer, 'replay_step', { to: mark.seq });
      assert.equal(back.seq, mark.seq);
      assert.deepEqual(back.inputs, []);
      const again = await paced(viewer, 'replay_step', { by: -1 });
      assert.equal(again.seq, Math.max(0, mark.seq - 1));
      for (const c of [...clients, viewer]) await c.close();
    } finally {
      assert.equal((await server.stop()).code, 0);
    }
  });
}


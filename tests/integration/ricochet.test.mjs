// Ricochet Robots through real WebSockets: three players bid at the same
// moment, the sand timer runs out on the server, the lowest bidder fails,
// the next demonstrates the optimal solution (found by `botpit solve`, the
// real solver) and takes the chip; everyone sees every move and, after the
// round, the optimal solution the server's own solver found off the loop.
// Then a bot: it bids once the server's solver has answered, demonstrates
// move by move and wins the game.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, test } from 'node:test';
import { player, schemaFailures, serverBinary, startServer } from './lib/harness.mjs';

let server;
before(async () => { server = await startServer(['--bot-pace-ms', '50']); });
after(async () => {
  const { code } = await server.stop();
  assert.equal(code, 0);
  assert.deepEqual(schemaFailures, [], 'every server message matched its schema');
});

const FAST = { timer_s: 2, demo_s: 5, pause_s: 1, idle_min_s: 3, idle_s: 6, bot_think_pct: 0 };

/** The round in a view as a puzzle for `botpit solve`. */
function puzzleOf(view) {
  const robots = Object.fromEntries(Object.entries(view.robots).map(([c, r]) => [c, r.cell]));
  return {
    layout: view.layout,
    robots,
    target: { color: view.target.color, symbol: view.target.symbol },
    active_robot: view.active,
    ricochet_rule: view.ricochet_rule,
  };
}

/** Solves with the real solver, as a separate process. */
function solve(view) {
  return new Promise((resolve, reject) => {
    const proc = spawn(serverBinary(), ['solve'], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (d) => { out += d; });
    proc.on('error', reject);
    proc.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`solve exited ${code}`))));
    proc.stdin.end(JSON.stringify(puzzleOf(view)));
  });
}

/** The first state whose events include one of `kind` (its event in .event). */
async function stateWith(client, kind, timeoutMs = 15000) {
  const m = await client.next((s) => s.type === 'state' && s.events.some((e) => e.kind === kind), timeoutMs);
  m.event = m.events.find((e) => e.kind === kind);
  return m;
}

test('three players bid at once; the demonstrations play out and the chip is awarded', async () => {
  const [ada, bob, cid] = await Promise.all(['Ada', 'Bob', 'Cid'].map((n) => player(server, n)));
  const room = await ada.ok('create', { game: 'ricochet', options: { ...FAST, seed: 4242 } });
  await bob.ok('join', { room: room.code });
  await cid.ok('join', { room: room.code });
  await ada.ok('start');
  const first = await Promise.all([ada, bob, cid].map((c) => c.next('state')));
  const view = first[0].view;
  assert.equal(view.phase, 'bidding');
  assert.deepEqual(first.map((s) => s.seat), [0, 1, 2]);
  assert.deepEqual(first.map((s) => JSON.stringify({ ...s.view, you: null })), Array(3).fill(JSON.stringify({ ...view, you: null })),
    'every seat sees the same table');
  assert.equal(view.board.walls.length, 256);
  assert.equal(view.board.targets.length, 17);
  assert.deepEqual(Object.keys(view.layout), ['NW', 'NE', 'SE', 'SW']);
  const best = await solve(view);
  assert.ok(best.moves >= 2);

  // The same moment: Ada bids 1 (never enough: the robot must turn), Bob
  // the optimum, Cid two more.
  for (const c of [ada, bob, cid]) c.drain();
  const replies = await Promise.all([
    ada.request('act', { action: { kind: 'bid', moves: 1 } }),
    bob.request('act', { action: { kind: 'bid', moves: best.moves } }),
    cid.request('act', { action: { kind: 'bid', moves: best.moves + 2 } }),
  ]);
  assert.deepEqual(replies.map((r) => r.type), ['state', 'state', 'state'], 'every bid is accepted');
  const timers = [];
  for (const c of [ada, bob, cid]) c.queue.forEach((m) => m.type === 'state' && m.events.forEach((e) => e.kind === 'timer' && timers.push(e)));
  replies.forEach((r) => r.events.forEach((e) => e.kind === 'timer' && timers.push(e)));
  assert.equal(new Set(timers.map((t) => t.ends)).size, 1, 'the first bid started the one sand timer');
  const higher = await bob.request('act', { action: { kind: 'bid', moves: best.moves + 1 } });
  assert.equal(higher.code, 'illegal', 'no one raises their own bid');

  // The timer runs out on the server: Ada demonstrates first.
  const out = await stateWith(cid, 'timer_out', 5000);
  assert.deepEqual(out.event.order, [0, 1, 2]);
  assert.equal(out.view.phase, 'demonstration');
  assert.equal(out.view.demonstrator, 0);
  assert.ok(out.deadline && out.deadline.remaining_ms <= 5000, 'the demonstration has its deadline');
  const early = await bob.request('act', { action: { kind: 'move', robot: 'red', dir: 'N' } });
  assert.equal(early.code, 'not_your_turn');

  // Ada's one move fails her bid; the robots go back.
  let moved = null;
  for (const robot of ['red', 'green', 'blue', 'yellow']) {
    for (const dir of ['N', 'E', 'S', 'W']) {
      const r = await ada.request('act', { action: { kind: 'move', robot, dir } });
      if (r.type === 'state') { moved = r; break; }
      assert.equal(r.code, 'illegal');
    }
    if (moved) break;
  }
  assert.ok(moved, 'Ada could move some robot');
  const fail = moved.events.find((e) => e.kind === 'demo_end');
  assert.equal(fail.end, 'out_of_moves');
  assert.deepEqual(fail.robots, view.robots, 'the robots are back where the round began');
  assert.equal(moved.view.demonstrator, 1);

  // Bob plays the optimum and takes the chip; Cid watches every slide.
  for (const [robot, dir] of best.solution) await bob.ok('act', { action: { kind: 'move', robot, dir } });
  const end = await stateWith(cid, 'round_end');
  assert.equal(end.event.outcome, 'won');
  assert.equal(end.event.winner, 1);
  assert.deepEqual(end.view.chips, [0, 1, 0]);
  const slides = cid.queue.concat([end]).flatMap((m) => (m.type === 'state' ? m.events : [])).filter((e) => e.kind === 'move');
  assert.ok(slides.length >= best.moves, 'every move reached the others');
  for (const s of slides) assert.equal(s.path.at(-1), s.to);
  // The server's own solver answered off the loop; now everyone may see it.
  const optimal = end.view.last_round.optimal.status === 'pending'
    ? (await stateWith(cid, 'optimal')).event.optimal
    : end.view.last_round.optimal;
  assert.equal(optimal.status, 'solved');
  assert.equal(optimal.moves, best.moves);
  assert.equal(optimal.steps.length, best.moves);

  // After the pause the next chip; the robots stay where Bob left them.
  const next = await stateWith(ada, 'reveal');
  assert.equal(next.view.round, 2);
  assert.deepEqual(next.view.start, end.view.robots);
  await Promise.all([ada.close(), bob.close(), cid.close()]);
});

test('a bot bids once the solver has answered, demonstrates and wins', async () => {
  const ada = await player(server, 'Ada');
  const room = await ada.ok('create', { game: 'ricochet', options: { ...FAST, chips_to_win: 1 } });
  await ada.ok('bot', { seat: 1, level: 'hard' });
  await ada.ok('start');
  const bid = await stateWith(ada, 'bid');
  assert.equal(bid.event.seat, 1);
  const over = await ada.next('over', 20000);
  assert.deepEqual(over.result.winners, [1]);
  assert.deepEqual(over.result.scores, [0, 1]);
  assert.match(over.result.summary, /Seat 2 wins with 1 chip/);
  const moves = ada.queue.flatMap((m) => (m.type === 'state' ? m.events : [])).filter((e) => e.kind === 'move');
  assert.ok(moves.every((e) => e.seat === 1), 'only the bot moved');
  assert.equal(room.game, 'ricochet');
  await ada.close();
});

// A game through real WebSockets: start, act, per-seat views, spectators,
// deadlines, bots, off-loop work, the end, and a rematch.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { player, schemaFailures, sleep, startServer } from './lib/harness.mjs';

let server;
before(async () => { server = await startServer(['--bot-pace-ms', '50']); });
after(async () => {
  const { code } = await server.stop();
  assert.equal(code, 0);
  assert.deepEqual(schemaFailures, [], 'every server message matched its schema');
});

/** Ada hosts, Bob joins; returns both with the room code. */
async function table(options = {}) {
  const ada = await player(server, 'Ada');
  const room = await ada.ok('create', { game: 'testgame', options });
  const bob = await player(server, 'Bob');
  await bob.ok('join', { room: room.code });
  return { ada, bob, code: room.code };
}

test('start needs the host and enough players', async () => {
  const ada = await player(server, 'Ada');
  const room = await ada.ok('create', { game: 'testgame' });
  const alone = await ada.request('start');
  assert.equal(alone.code, 'not_ready');
  assert.match(alone.message, /2 to 4 players; 1 seat is filled/);
  const bob = await player(server, 'Bob');
  await bob.ok('join', { room: room.code });
  const guest = await bob.request('start');
  assert.equal(guest.code, 'not_host');
  const started = await ada.ok('start');
  assert.equal(started.status, 'playing');
  assert.equal(started.max_players, 2, 'seats close up to the players');
  const again = await ada.request('start');
  assert.equal(again.code, 'wrong_status');
  await ada.close();
  await bob.close();
});

test('each seat sees its own secret; spectators see none', async () => {
  const { ada, bob, code } = await table();
  const sam = await player(server, 'Sam');
  await sam.ok('join', { room: code, as: 'spectator' });
  await ada.ok('start');
  const sa = await ada.next('state');
  const sb = await bob.next('state');
  const ss = await sam.next('state');
  assert.equal(sa.seat, 0);
  assert.equal(sb.seat, 1);
  assert.equal(ss.seat, -1);
  assert.ok(Number.isInteger(sa.view.secret) && Number.isInteger(sb.view.secret));
  assert.equal(ss.view.secret, undefined, 'a spectator view has no secret');
  assert.equal(sa.view.secrets, undefined, 'nobody sees the others before the end');
  assert.equal(sa.seq, 0);
  await Promise.all([ada.close(), bob.close(), sam.close()]);
});

test('act: out of turn, malformed and illegal actions change nothing', async () => {
  const { ada, bob } = await table();
  await ada.ok('start');
  await ada.next('state');
  await bob.next('state');
  bob.drain();
  const early = await bob.request('act', { action: { kind: 'add', n: 1 } });
  assert.equal(early.code, 'not_your_turn');
  assert.match(early.message, /Seat 1/);
  const malformed = await ada.request('act', { action: { kind: 'jump' } });
  assert.equal(malformed.code, 'bad_action');
  const illegal = await ada.request('act', { action: { kind: 'add', n: 4 } });
  assert.equal(illegal.code, 'illegal');
  assert.match(illegal.message, /1, 2 or 3/);
  ada.sendRaw('{"type":"act","id":"x"}');
  const noAction = await ada.next('error');
  assert.deepEqual([noAction.code, noAction.id], ['bad_message', 'x']);
  assert.deepEqual(bob.queue, [], 'refusals are sent to the actor only');

  const mine = await ada.ok('act', { action: { kind: 'add', n: 3 } });
  assert.equal(mine.type, 'state', 'the actor gets its state as the reply');
  assert.equal(mine.seq, 1);
  assert.deepEqual(mine.events, [{ kind: 'added', seat: 0, n: 3, total: 3 }]);
  const theirs = await bob.next('state');
  assert.equal(theirs.view.total, 3);
  assert.equal(theirs.id, undefined, 'others get no id');
  await ada.close();
  await bob.close();
});

test('acting needs a seat in a running game', async () => {
  const ada = await player(server, 'Ada');
  const lonely = await ada.request('act', { action: { kind: 'add', n: 1 } });
  assert.equal(lonely.code, 'not_in_room');
  const room = await ada.ok('create', { game: 'testgame' });
  const notStarted = await ada.request('act', { action: { kind: 'add', n: 1 } });
  assert.equal(notStarted.code, 'wrong_status');
  const bob = await player(server, 'Bob');
  await bob.ok('join', { room: room.code });
  const sam = await player(server, 'Sam');
  await sam.ok('join', { room: room.code, as: 'spectator' });
  await ada.ok('start');
  const watcher = await sam.request('act', { action: { kind: 'add', n: 1 } });
  assert.equal(watcher.code, 'not_seated');
  await Promise.all([ada.close(), bob.close(), sam.close()]);
});

test('a deadline shows in the state and its tick plays the turn', async () => {
  const { ada, bob } = await table({ turn_s: 1 });
  await ada.ok('start');
  const first = await bob.next('state');
  assert.ok(first.deadline.remaining_ms > 800 && first.deadline.remaining_ms <= 1000);
  assert.ok(Math.abs(first.deadline.at - (Date.now() + first.deadline.remaining_ms)) < 1000);
  const ticked = await bob.next((m) => m.type === 'state' && m.events.some((e) => e.kind === 'timeout'), 4000);
  assert.deepEqual(ticked.events[0], { kind: 'timeout', seat: 0 });
  assert.equal(ticked.view.total, 1);
  assert.equal(ticked.view.turn, 1);
  await ada.close();
  await bob.close();
});

test('a game with a bot plays to the end; everything is revealed; over is sent', async () => {
  const ada = await player(server, 'Ada');
  const room = await ada.ok('create', { game: 'testgame', options: { target: 10 } });
  await ada.ok('bot', { seat: 1, level: 'normal' });
  await ada.ok('start');
  let state = await ada.next('state');
  while (state.view.winner < 0) {
    // Act on the newest state: a reply is taken out of the queue ahead of
    // states sent before it (a bot's move, the hint).
    while (ada.queue.some((m) => m.type === 'state')) {
      const queued = await ada.next('state');
      if (queued.seq > state.seq) state = queued;
    }
    if (state.view.winner >= 0) break;
    state = state.view.turn === 0
      ? await ada.ok('act', { action: { kind: 'add', n: 1 } })
      : await ada.next('state', 5000);
  }
  assert.equal(state.view.winner, 1, 'the normal bot plays perfectly from 0 to 10');
  assert.equal(state.view.secrets.length, 2, 'after the end all secrets show');
  const over = await ada.next('over');
  assert.deepEqual(over.result.winners, [1]);
  assert.equal(over.room, room.code);
  const finished = await ada.next((m) => m.type === 'room' && m.status === 'over');
  assert.equal(finished.code, room.code);
  await ada.close();
});

test('off-loop work: the hint arrives as a logged server input', async () => {
  const { ada, bob } = await table({ target: 8 });
  await ada.ok('start');
  await ada.ok('act', { action: { kind: 'add', n: 2 } });
  await bob.ok('act', { action: { kind: 'add', n: 2 } });
  const hinted = await ada.next((m) => m.type === 'state' && m.view.hint !== null, 3000);
  assert.equal(hinted.view.hint, 4 % 4 || 1);
  assert.deepEqual(hinted.events.map((e) => e.kind), ['hint']);
  await ada.close();
  await bob.close();
});

test('rematch moves everyone to a new room with the same seats', async () => {
  const { ada, bob, code } = await table({ target: 5 });
  await ada.ok('start');
  const early = await ada.request('rematch');
  assert.equal(early.code, 'wrong_status');
  let turn = ada;
  for (let i = 0; i < 5; i++) {
    const s = await turn.ok('act', { action: { kind: 'add', n: 1 } });
    if (s.view.winner >= 0) break;
    turn = turn === ada ? bob : ada;
  }
  await ada.next('over');
  const guest = await bob.request('rematch');
  assert.equal(guest.code, 'not_host');
  const next = await ada.ok('rematch');
  assert.notEqual(next.code, code);
  assert.equal(next.status, 'lobby');
  assert.equal(next.seats[0].player.id, ada.id);
  assert.equal(next.seats[1].player.id, bob.id);
  const atBob = await bob.next((m) => m.type === 'room' && m.code === next.code);
  assert.equal(atBob.host, ada.id);
  const old = await bob.request('join', { room: code });
  assert.equal(old.code, 'no_such_room', 'the old room is closed');
  await ada.close();
  await bob.close();
});

test('leaving a game hands the seat to a bot; a spectator can sit back in, with the host\'s approval', async () => {
  const { ada, bob, code } = await table({ target: 50 });
  const sam = await player(server, 'Sam');
  await sam.ok('join', { room: code, as: 'spectator' });
  await ada.ok('start');
  const stand = await bob.request('stand');
  assert.equal(stand.code, 'wrong_status', 'a seat whose secrets you saw is yours to the end');
  await bob.ok('leave');
  const left = await ada.next((m) => m.type === 'room' && m.seats[1].player === null);
  assert.equal(left.seats[1].bot, 'normal', 'a bot keeps the seat warm');
  await sleep(100);
  const pending = await sam.ok('sit', { seat: 1 });
  assert.equal(pending.type, 'sit_pending');
  await ada.next('sit_request');
  const sat = await ada.ok('approve', { player: sam.id });
  assert.equal(sat.seats[1].player.id, sam.id);
  assert.equal(sat.seats[1].bot, null, 'the bot steps aside');
  const view = await sam.next((m) => m.type === 'state' && m.seat === 1);
  assert.ok(Number.isInteger(view.view.secret));
  await Promise.all([ada.close(), bob.close(), sam.close()]);
});

test('a bot thinking off the loop holds up nothing: chat gets through first', async () => {
  const ada = await player(server, 'Ada');
  await ada.ok('create', { game: 'testgame', options: { target: 10, bot_ms: 400 } });
  await ada.ok('bot', { seat: 1, level: 'normal' });
  await ada.ok('start');
  await ada.ok('act', { action: { kind: 'add', n: 1 } });
  const echo = await ada.ok('chat', { text: 'your move, bot' });
  assert.equal(echo.text, 'your move, bot');
  assert.ok(!ada.queue.some((m) => m.type === 'state' && m.view.total > 1),
    'the chat reply came while the bot was still thinking');
  const moved = await ada.next((m) => m.type === 'state' && m.view.total > 1, 3000);
  assert.equal(moved.view.total, 1 + 1, 'the normal bot plays perfectly: 10 - 1 leaves 1 mod 4');
  await ada.close();
});

test('a bot whose seat is taken while it thinks never plays its answer', async () => {
  const { ada, bob, code } = await table({ target: 10, bot_ms: 400 });
  await ada.ok('bot', { seat: 2, level: 'normal' });
  const sam = await player(server, 'Sam');
  await sam.ok('join', { room: code, as: 'spectator' });
  await ada.ok('start');
  await ada.ok('act', { action: { kind: 'add', n: 1 } });
  await bob.ok('act', { action: { kind: 'add', n: 1 } });
  await sam.ok('sit', { seat: 2 }); // the host approves at once
  await ada.next('sit_request');
  const sat = await ada.ok('approve', { player: sam.id });
  assert.equal(sat.seats[2].player.id, sam.id, 'Sam took the seat from the thinking bot');
  await sleep(700);
  const seen = sam.queue.filter((m) => m.type === 'state' && m.seat === 2);
  assert.ok(seen.length > 0, 'Sam got the seat view');
  assert.ok(seen.every((m) => m.view.total === 2 && m.view.turn === 2),
    'nothing was added for seat 2 while it was Sam\'s');
  const mine = await sam.ok('act', { action: { kind: 'add', n: 3 } });
  assert.equal(mine.view.total, 5);
  await Promise.all([ada.close(), bob.close(), sam.close()]);
});

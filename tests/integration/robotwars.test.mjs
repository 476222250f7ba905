// Robot Wars through the real server: a four-roboteer tournament (two
// players driven by this test, two bots) played to the final; a room killed
// with -9 mid-battle comes back identical and plays to its end. The harness
// checks every view, event, accepted action and result against the game's
// schemas in protocol/schema/games/robotwars/.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { newestState, sendLoop, settled, takeState } from './lib/drivers.mjs';
import { Client, player, schemaFailures, startServer, tempDir } from './lib/harness.mjs';
import { gameProblem } from './lib/schemas.mjs';

// ---- a player's simple driver ----

const ORDER = ['speed', 'speed', 'power', 'speed', 'speed', 'power', 'manoeuvrability', 'manoeuvrability', 'manoeuvrability'];
const LIMITS = { speed: [4, 8], power: [1, 3], manoeuvrability: [2, 5] };

/** Discs as the order above spends them (within the maxima). */
function allocation(discs) {
  const add = { speed: 0, power: 0, manoeuvrability: 0 };
  for (const cap of ORDER) {
    if (discs === 0) break;
    if (LIMITS[cap][0] + add[cap] < LIMITS[cap][1]) { add[cap]++; discs--; }
  }
  return add;
}

/** One legal action for `seat` from its view, or null: attack when it can,
 * step forward onto safe floor, else end the turn. */
function act(view, seat) {
  if (view.phase === 'setup') {
    const me = view.battle.robots.find((r) => r.seat === seat);
    if (!me || me.allocated) return null;
    return { kind: 'allocate', ...allocation(me.discs) };
  }
  if (view.phase !== 'battle' || view.battle.turn?.seat !== seat || !view.battle.legal) return null;
  const legal = view.battle.legal;
  if (legal.attack) return { kind: 'attack' };
  const f = legal.forward;
  if (f && !f.blocked && view.board[f.to[1]][f.to[0]] === '.') return { kind: 'forward' };
  if (legal.right && view.battle.turn.turns_left > 1 && !view.battle.turn.final_turn_only) return { kind: 'turn', to: 'right' };
  return { kind: 'end' };
}

const driver = { act };

const isOver = (s) => s.view.phase === 'over';

async function room4(server) {
  const ada = await player(server, 'Ada');
  const room = await ada.ok('create', { game: 'robotwars', options: { setup_s: 30, turn_s: 30 } });
  const bob = await player(server, 'Bob');
  await bob.ok('join', { room: room.code });
  await ada.ok('bot', { seat: 2, level: 'normal' });
  await ada.ok('bot', { seat: 3, level: 'hard' });
  await ada.ok('start');
  return { ada, bob, room };
}

/**
 * Plays with the driver until `until(state)` holds for a state every client
 * has reached (or the game is over), checking every message on the way. A
 * client acts only on a state as new as anyone's. Returns the newest states.
 */
async function playUntil(clients, until, known = null, timeoutMs = 120000) {
  const states = known ? [...known] : await Promise.all(clients.map((c) => c.next('state', 20000)));
  return sendLoop(clients, states, {
    drain: newestState,
    done: (ss) => settled(ss) && (until(ss[0]) || ss.some(isOver)),
    next: (ss) => {
      const i = settled(ss) ? ss.findIndex((s) => driver.act(s.view, s.seat)) : -1;
      return i < 0 ? null : { i, action: driver.act(ss[i].view, ss[i].seat) };
    },
    onReply: (ss, i, reply) => {
      assert.notEqual(reply.type, 'error', `${JSON.stringify(reply)}`);
      takeState(ss, i, reply);
    },
    timeoutMs,
    pauseMs: 5,
    replyTimeoutMs: 20000,
    // Within the server's 20 messages a second per connection: only a
    // client that acted less than 55 ms ago waits.
    paceMs: 55,
  });
}

test('a four-roboteer tournament, two players and two bots, is played to the final', async () => {
  const server = await startServer(['--bot-pace-ms', '5']);
  const { ada, bob } = await room4(server);
  const states = await playUntil([ada, bob], isOver, null, 200000);
  const over = await ada.next('over', 20000);
  const result = over.result;
  assert.equal(gameProblem('robotwars', 'result', result), null);
  assert.equal(result.format, 'tournament');
  assert.equal(result.battles.length, 3, 'two semi-finals and the final');
  assert.deepEqual(result.battles.map((b) => b.stage), ['semi_final', 'semi_final', 'final']);
  assert.equal(result.winners.length, 1);
  const final = result.battles[2];
  assert.ok(final.winners.includes(result.winners[0]), 'the winner of the final wins the game');
  const semiWinners = result.battles.slice(0, 2).map((b) => b.winners[0]).sort();
  assert.deepEqual([...final.seats].sort(), semiWinners, 'the final is between the semi-finals’ winners');
  assert.match(result.summary, /^Seat [1-4] wins the Robot Wars final$/);
  const view = states[0].view;
  assert.equal(view.phase, 'over');
  assert.equal(view.bracket.champion, result.winners[0]);
  assert.equal(gameProblem('robotwars', 'view', view), null);
  await ada.close();
  await bob.close();
  assert.equal((await server.stop()).code, 0);
});

test('a room killed with -9 mid-battle comes back identical and plays to the end', async () => {
  const db = join(tempDir(), 'botpit.db');
  const args = ['--db', db, '--bot-pace-ms', '5'];
  let server = await startServer(args);
  const { ada, bob, room } = await room4(server);
  // Into a battle, a few turns in, at a player's turn: nothing moves until
  // that player acts, so the room is still when it is killed.
  const playersTurn = (s) => s.view.phase === 'battle' && s.view.battle.round >= 2 && [0, 1].includes(s.view.battle.turn?.seat);
  const last = await playUntil([ada, bob], playersTurn);
  assert.ok(playersTurn(last[0]), 'killed mid-battle');
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(ada.queue.filter((m) => m.type === 'state').length, 0, 'nothing moved meanwhile');
  await server.stop('SIGKILL');

  server = await startServer(args);
  const reconnect = async (old, name) => {
    const c = await Client.connect(server);
    await c.hello(name, old.token);
    return c;
  };
  const ada2 = await reconnect(ada, 'Ada');
  const bob2 = await reconnect(bob, 'Bob');
  const [sa, sb] = [await ada2.next('state'), await bob2.next('state')];
  assert.equal(sa.room, room.code);
  assert.equal(sa.seq, last[0].seq, 'every input is there');
  assert.equal(JSON.stringify(sa.view), JSON.stringify(last[0].view), "Ada's view is byte-identical");
  assert.equal(JSON.stringify(sb.view), JSON.stringify(last[1].view), "Bob's view is byte-identical");
  assert.equal(gameProblem('robotwars', 'view', sa.view), null);
  const after = await playUntil([ada2, bob2], isOver, [sa, sb], 200000);
  assert.equal(after[0].view.phase, 'over');
  const over = await ada2.next('over', 20000);
  assert.equal(over.result.battles.length, 3);
  await ada2.close();
  await bob2.close();
  assert.equal((await server.stop()).code, 0);
});

test('every message matched the server and the game schemas', () => {
  assert.deepEqual(schemaFailures, []);
});

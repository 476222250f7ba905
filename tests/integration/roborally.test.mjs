// RoboRally through the real server: four robots, two players driven by
// this test and two bots, race to a winner; every view, event, action and
// result matches protocol/schema/games/roborally/, and no player's view ever
// holds the other's hand or unrevealed registers. Then the server is killed
// with -9 in the middle of a turn (one program in, one still out), started
// again on the same database: the room is back byte for byte, and the race
// plays on to a winner.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import Ajv from 'ajv/dist/2020.js';
import { Client, repoRoot, schemaFailures, startServer, tempDir } from './lib/harness.mjs';
import { caughtUp } from './lib/drivers.mjs';
import { openRally, rallyPlayer } from './lib/rally.mjs';

const ajv = new Ajv({ allErrors: true, strict: false });
const schemaDir = join(repoRoot, 'protocol', 'schema', 'games', 'roborally');
for (const f of ['result', 'view', 'event', 'action']) ajv.addSchema(JSON.parse(readFileSync(join(schemaDir, `${f}.json`), 'utf8')));
const validate = (name) => ajv.getSchema(`https://botpit.invalid/schema/games/roborally/${name}.json`);
const [checkView, checkEvent, checkAction, checkResult] = ['view', 'event', 'action', 'result'].map(validate);

function conform(check, what, value) {
  assert.ok(check(value), `${what} breaks its schema: ${ajv.errorsText(check.errors)} in ${JSON.stringify(value).slice(0, 400)}`);
}

/** Checks a state: schemas, and only its own seat's secrets before the end. */
function inspect(state) {
  conform(checkView, 'a view', state.view);
  for (const e of state.events) conform(checkEvent, `a ${e.kind} event`, e);
  if (state.view.phase === 'over') return;
  for (const r of state.view.robots) {
    if (r.seat === state.seat) continue;
    assert.equal(r.cards, undefined, `seat ${state.seat} sees seat ${r.seat}'s hand`);
    assert.equal(r.program, undefined, `seat ${state.seat} sees seat ${r.seat}'s program`);
  }
}

/** What a test player does: the first cards of its hand, left to right. */
function actionFor(view) {
  const me = view.robots[view.you];
  if (view.need === 'program') {
    const hand = [...me.cards];
    const registers = me.program.map((c, i) => (i < 5 - me.locked ? hand.shift() : null));
    return { kind: 'program', turn: view.turn, registers, submit: true };
  }
  if (view.need === 'reenter') return { kind: 'reenter', turn: view.turn, facing: 'N' };
  if (view.need === 'stay_down') return { kind: 'stay_down', turn: view.turn, stay: false };
  return null;
}

const { drainStates, play } = rallyPlayer({ inspect, actionFor, checkAction: (a) => conform(checkAction, 'an action', a) });

const openRace = (server, course) => openRally(server, { course });

async function finish(clients, server) {
  const over = await clients[0].next('over', 20000);
  conform(checkResult, 'the result', over.result);
  assert.ok(over.result.winners.length >= 1, 'someone touched the last flag');
  const last = drainStates(clients[0], null);
  if (last) {
    const them = last.view.robots.find((r) => r.seat === 1);
    assert.ok(Array.isArray(them.cards), 'after the race every hand is shown');
  }
  for (const c of clients) await c.close();
  assert.equal((await server.stop()).code, 0);
}

test('four robots, two players and two bots, race to a winner through the real server', async () => {
  const server = await startServer(['--bot-pace-ms', '20']);
  const { ada, bob } = await openRace(server, 'dizzy_dash');
  const states = await play([ada, bob], () => false);
  assert.equal(states[0].view.phase, 'over');
  assert.ok(states[0].view.turn >= 2, 'a race of more than one turn');
  await finish([ada, bob], server);
});

test('a server killed with -9 mid-turn comes back with the room identical and the race plays on', async () => {
  const db = join(tempDir(), 'botpit.db');
  const args = ['--db', db, '--bot-pace-ms', '20'];
  let server = await startServer(args);
  const { ada, bob, room } = await openRace(server, 'risky_exchange');
  // Two turns, then turn 3 with Ada's program in and Bob's still out.
  // Stop as soon as one player sees that turn's programming (the other
  // must not act in it first), then let the other catch up.
  const mid = await play([ada, bob], (s) => s.some((x) => x.view.turn >= 3 && x.view.phase === 'program'));
  const [adaNow, bobState] = await caughtUp([ada, bob], mid, drainStates);
  assert.equal(adaNow.view.phase, 'program', 'the race is still on');
  const reply = await ada.request('act', { action: actionFor(adaNow.view) });
  assert.equal(reply.type, 'state');
  await new Promise((r) => setTimeout(r, 200)); // the bots program too
  const before = [drainStates(ada, reply), drainStates(bob, bobState)];
  assert.equal(before[0].seq, before[1].seq, 'both saw the last input');
  assert.equal(before[1].view.need, 'program', "Bob's program is still out: mid-turn");
  assert.equal(before[0].view.robots[0].programmed, true, "Ada's is in");

  await server.stop('SIGKILL');
  server = await startServer(args);
  const ada2 = await Client.connect(server);
  await ada2.hello('Ada', ada.token);
  const bob2 = await Client.connect(server);
  await bob2.hello('Bob', bob.token);
  const [sa, sb] = [await ada2.next('state'), await bob2.next('state')];
  assert.equal(sa.room, room.code);
  assert.equal(sa.seq, before[0].seq, 'every input is back');
  assert.equal(JSON.stringify(sa.view), JSON.stringify(before[0].view), "Ada's view is byte-identical");
  assert.equal(JSON.stringify(sb.view), JSON.stringify(before[1].view), "Bob's view is byte-identical");
  ada2.queue.unshift(sa);
  bob2.queue.unshift(sb);
  const states = await play([ada2, bob2], () => false);
  assert.equal(states[0].view.phase, 'over');
  await finish([ada2, bob2], server);
});

test('every server message matched its schema', () => {
  assert.deepEqual(schemaFailures, []);
});

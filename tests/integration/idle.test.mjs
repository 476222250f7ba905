// An idle server sleeps: with no rooms and no connections it arms no timer
// but for real deadlines (here: forgetting a player a day from now), so it
// wakes at most once a second. BOTPIT_IDLE_S sets the window (5 s here;
// tests/bench/idle_wakeups.mjs measures 60 s and prints the figure).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { httpGet, startServer } from './lib/harness.mjs';
import { idleWakeups, visitAndLeave } from './lib/wakeups.mjs';

const WINDOW_S = Number(process.env.BOTPIT_IDLE_S ?? 5);

test(`an idle server wakes at most once a second (${WINDOW_S} s measured, after a visit)`, async () => {
  const server = await startServer(['--grace', '1']);
  await visitAndLeave(server);
  const rooms = JSON.parse((await httpGet(server, '/api/rooms')).text).rooms;
  assert.equal(rooms.length, 0, 'the room has closed');
  const { wakeups, perRead } = await idleWakeups(server, WINDOW_S);
  console.log(`idle server: ${wakeups} wake-ups in ${WINDOW_S} s ` +
    `(a /metrics read costs ${perRead})`);
  assert.ok(wakeups <= WINDOW_S, `${wakeups} wake-ups in ${WINDOW_S} s`);
  assert.equal((await server.stop()).code, 0);
});

// A client that stops reading while its room is busy is cut off, its seat
// is held as for any disconnect, and the others' latency stays normal.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Client, httpGet, player, schemaFailures, sleep, startServer } from './lib/harness.mjs';

let server;
before(async () => { server = await startServer(['--max-per-ip', '100']); });
after(async () => {
  assert.equal((await server.stop()).code, 0);
  assert.deepEqual(schemaFailures, []);
});

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function slowDisconnects() {
  const m = (await httpGet(server, '/metrics')).text.match(/^botpit_slow_disconnects_total (\d+)$/m);
  return Number(m[1]);
}

test('a seated client that stops reading is cut off without slowing the room', async () => {
  const ada = await player(server, 'Ada');
  const room = await ada.ok('create', { game: 'testgame' });
  const sloth = await player(server, 'Sloth');
  await sloth.ok('join', { room: room.code });
  sloth.ws._socket.pause(); // reads nothing from now on

  // Twenty visitors come and go as fast as the rate limit allows: every
  // arrival and departure is a `room` message to everyone in the room.
  let churning = true;
  const churners = await Promise.all(Array.from({ length: 20 }, (_, i) => player(server, `Visitor${i}`)));
  const churn = churners.map(async (c) => {
    while (churning) {
      await c.ok('join', { room: room.code, as: 'spectator' });
      await c.ok('leave');
      c.drain();
      await sleep(150); // two messages per turn: well inside 20 a second
    }
  });

  // Meanwhile Ada measures her round trips.
  const rtts = [];
  const start = Date.now();
  while ((await slowDisconnects()) === 0 && Date.now() - start < 30000) {
    const t0 = performance.now();
    await ada.ok('ping');
    rtts.push(performance.now() - t0);
    ada.drain();
    await sleep(100); // well inside Ada's own rate limit
  }
  churning = false;
  await Promise.all(churn);
  const cutAfter = Date.now() - start;
  assert.equal(await slowDisconnects(), 1, 'the non-reader was cut off');
  const p50 = percentile(rtts, 50);
  const p95 = percentile(rtts, 95);
  console.log(`cut off after ${cutAfter} ms; Ada's round trips meanwhile: ${rtts.length}, p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...rtts).toFixed(1)} ms`);
  assert.ok(p95 < 250, `Ada's p95 round trip stayed normal (${p95.toFixed(1)} ms)`);

  const seen = await ada.next((m) => m.type === 'room' && m.seats[1].player && !m.seats[1].connected, 5000);
  assert.equal(seen.seats[1].player.name, 'Sloth', 'the seat is held as for any disconnect');
  sloth.ws._socket.resume();
  await sloth.closed;
  const back = await Client.connect(server);
  await back.hello('Sloth', sloth.token);
  const r = await back.next('room');
  assert.equal(r.seats[1].connected, true, 'and taken back with the token');
  await Promise.all([ada.close(), back.close(), ...churners.map((c) => c.close())]);
});

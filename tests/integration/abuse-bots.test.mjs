// Bots cannot be turned against the server (issue 21): a thinking bot
// answers within its time budget, and bots left alone in a room (no human
// connected) stop playing at once; the room closes after its grace.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { httpGet, player, schemaFailures, sleep, startServer } from './lib/harness.mjs';
import { metric } from './lib/faults.mjs';

after(() => assert.deepEqual(schemaFailures, [], 'every server message matched its schema'));

test('a bot that would think for 2 s answers when its budget (200 ms) is spent', async () => {
  const server = await startServer(['--bot-budget-ms', '200', '--bot-pace-ms', '10']);
  const ada = await player(server, 'Ada');
  await ada.ok('create', { game: 'testgame', options: { target: 100, bot_ms: 2000 } });
  await ada.ok('bot', { seat: 1 });
  await ada.ok('start');
  await ada.ok('act', { action: { kind: 'add', n: 1 } });
  const asked = Date.now();
  await ada.next((m) => m.type === 'state' && m.events.some((e) => e.seat === 1), 1800);
  const took = Date.now() - asked;
  assert.ok(took < 1000, `the bot answered after ${took} ms`);
  await ada.close();
  assert.equal((await server.stop()).code, 0);
});

test('bots left alone stop playing at once, and their room closes after the grace', async () => {
  const server = await startServer(['--bot-pace-ms', '10', '--grace', '2']);
  const ada = await player(server, 'Ada');
  await ada.ok('create', { game: 'testgame', options: { target: 1000000 } });
  await ada.ok('bot', { seat: 1 });
  await ada.ok('bot', { seat: 2 });
  await ada.ok('start');
  await ada.ok('leave'); // a bot takes her seat: three bots, nobody watching
  await sleep(300);
  const before = await metric(server, 'botpit_inputs_total');
  await sleep(700);
  const later = await metric(server, 'botpit_inputs_total');
  assert.ok(later - before <= 1, `the bots stopped (${later - before} inputs in 0.7 s)`);
  await sleep(2000);
  const rooms = JSON.parse((await httpGet(server, '/api/rooms')).text).rooms;
  assert.equal(rooms.length, 0, 'the room closed after the grace');
  await ada.close();
  assert.equal((await server.stop()).code, 0);
});

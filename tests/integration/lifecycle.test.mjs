// Connections coming and going: reconnection with the token, a second
// connection taking over, the grace period and bot takeover, room closing,
// and stopping the server.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import WebSocket from 'ws';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client, player, schemaFailures, serverBinary, sleep, startServer, tempDir } from './lib/harness.mjs';

let server;
before(async () => { server = await startServer(['--grace', '1', '--bot-pace-ms', '50']); });
after(async () => {
  if (server) await server.stop();
  assert.deepEqual(schemaFailures, [], 'every server message matched its schema');
});

test('a dropped player reconnects with its token: same id, same seat, room and state again', async () => {
  const ada = await player(server, 'Ada');
  const room = await ada.ok('create', { game: 'testgame', options: { target: 99 } });
  const bob = await player(server, 'Bob');
  await bob.ok('join', { room: room.code });
  await ada.ok('start');
  await ada.ok('act', { action: { kind: 'add', n: 2 } });
  const before = await bob.next((m) => m.type === 'state' && m.seq === 1);
  bob.drain();
  ada.drain();
  await bob.drop();
  const away = await ada.next((m) => m.type === 'room' && !m.seats[1].connected);
  assert.equal(away.seats[1].player.id, bob.id, 'the seat is held');

  const back = await Client.connect(server);
  const w = await back.hello('Bob', bob.token);
  assert.equal(w.you.id, bob.id);
  assert.equal(w.room, room.code);
  const r = await back.next('room');
  assert.equal(r.seats[1].connected, true);
  const s = await back.next('state');
  assert.equal(s.seat, 1);
  assert.equal(s.seq, 1);
  assert.deepEqual(s.events, []);
  assert.deepEqual(s.view, before.view, 'the same view as before the drop');
  const seen = await ada.next((m) => m.type === 'room' && m.seats[1].connected);
  assert.equal(seen.seats[1].player.name, 'Bob');
  await back.ok('act', { action: { kind: 'add', n: 1 } });
  await ada.close();
  await back.close();
});

test('a second connection with the same token takes over; the first is closed 4001', async () => {
  const first = await player(server, 'Twin');
  const second = await Client.connect(server);
  const w = await second.hello('Twin', first.token);
  assert.equal(w.you.id, first.id);
  const closed = await first.closed;
  assert.equal(closed.code, 4001);
  assert.match(closed.reason, /somewhere else/);
  assert.equal((await second.ok('ping')).type, 'pong');
  await second.close();
});

test('an unknown or malformed token makes a new player', async () => {
  const c = await Client.connect(server);
  const w = await c.hello('Newbie', '0'.repeat(32));
  assert.match(w.token, /^[0-9a-f]{32}$/);
  assert.notEqual(w.token, '0'.repeat(32));
  const d = await Client.connect(server);
  const w2 = await d.hello('Other', 'not-a-token');
  assert.notEqual(w2.you.id, w.you.id);
  await c.close();
  await d.close();
});

test('past the grace period a bot plays for the away player, who can take the seat back', async () => {
  const ada = await player(server, 'Ada');
  const room = await ada.ok('create', { game: 'testgame', options: { target: 200 } });
  const bob = await player(server, 'Bob');
  await bob.ok('join', { room: room.code });
  await ada.ok('start');
  await ada.ok('act', { action: { kind: 'add', n: 1 } });
  await bob.drop();
  const takeover = await ada.next((m) => m.type === 'room' && m.seats[1].bot === 'normal', 4000);
  assert.equal(takeover.seats[1].player.id, bob.id, 'the seat still belongs to Bob');
  const botMove = await ada.next((m) => m.type === 'state' && m.events.some((e) => e.kind === 'added' && e.seat === 1), 3000);
  assert.equal(botMove.view.turn, 0);
  const back = await Client.connect(server);
  await back.hello('Bob', bob.token);
  const r = await back.next('room');
  assert.equal(r.seats[1].bot, null, 'the bot steps aside');
  assert.equal(r.seats[1].player.id, bob.id);
  await ada.close();
  await back.close();
});

test('a lobby seat is freed after the grace period; the host passes on', async () => {
  const ada = await player(server, 'Ada');
  const room = await ada.ok('create', { game: 'testgame' });
  const bob = await player(server, 'Bob');
  await bob.ok('join', { room: room.code });
  await ada.drop();
  const r = await bob.next((m) => m.type === 'room' && m.seats[0].player === null, 4000);
  assert.equal(r.host, bob.id);
  await bob.close();
});

test('a room with no one connected closes after the grace period', async () => {
  const ada = await player(server, 'Ada');
  const room = await ada.ok('create', { game: 'testgame' });
  await ada.drop();
  await sleep(2500);
  const c = await player(server, 'Late');
  const e = await c.request('join', { room: room.code });
  assert.equal(e.code, 'no_such_room');
  await c.close();
});

test('keepalive: a silent connection is pinged, then hung up; one that answers stays', async () => {
  const quick = await startServer(['--keepalive', '1']);
  const open = (autoPong) => new Promise((resolve) => {
    const c = new Client(new WebSocket(quick.wsUrl, { autoPong }));
    let pings = 0;
    c.ws.on('ping', () => { pings++; });
    const started = Date.now();
    c.closed.then((info) => resolve({ closedAfterMs: Date.now() - started, code: info.code, pings }));
    setTimeout(() => { resolve({ stillOpen: true, pings }); c.close(); }, 5000);
  });
  const [answering, silent] = await Promise.all([open(true), open(false)]);
  assert.equal(answering.stillOpen, true, 'a client answering pings keeps its connection');
  assert.ok(answering.pings >= 3, `it was pinged (${answering.pings} times)`);
  assert.ok(silent.closedAfterMs >= 1500 && silent.closedAfterMs < 4500,
    `a silent client is hung up after about 2.5 intervals (${silent.closedAfterMs} ms)`);
  await quick.stop();
});

test('SIGTERM closes every client with 1001 and exits 0', async () => {
  const a = await player(server, 'A');
  const b = await Client.connect(server);
  const exit = server.stop('SIGTERM');
  const [ca, cb] = await Promise.all([a.closed, b.closed]);
  assert.deepEqual([ca.code, ca.reason], [1001, 'server shutting down']);
  assert.equal(cb.code, 1001);
  const { code, signal } = await exit;
  assert.equal(signal, null);
  assert.equal(code, 0);
  server = null;
});

test('the start-up banner lists the addresses with their words in one column', async () => {
  const proc = spawn(serverBinary(), ['--port', '0', '--bind', '0.0.0.0', '--no-quotas', '--log-level', 'warn',
    '--db', join(tempDir(), 'banner.db'), '--public-url', 'https://botpit.example.org'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner:\n${out}`)), 10000);
    proc.stdout.on('data', (d) => { out += d; if (out.includes('Press Ctrl-C')) { clearTimeout(timer); resolve(); } });
  });
  proc.kill('SIGTERM');
  await new Promise((resolve) => proc.on('exit', resolve));
  const lines = out.split('\n').filter((l) => l.startsWith('  '));
  assert.ok(lines.some((l) => l.includes('(this machine)')) && lines.some((l) => l.includes('(the public address)')), out);
  const columns = new Set(lines.map((l) => l.indexOf('(')));
  assert.equal(columns.size, 1, `one column for the words:\n${out}`);
});

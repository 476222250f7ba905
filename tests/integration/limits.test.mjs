// Bad and hostile input: each gets a clear error, nothing changes, and the
// connection (and the server) stay up, except where the protocol closes.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Client, httpGet, player, schemaFailures, sleep, startServer } from './lib/harness.mjs';

let server;
before(async () => { server = await startServer(['--max-per-ip', '6']); });
after(async () => {
  const { code } = await server.stop();
  assert.equal(code, 0);
  assert.deepEqual(schemaFailures, [], 'every server message matched its schema');
});

test('act before hello is not_authenticated', async () => {
  const c = await Client.connect(server);
  c.send({ type: 'act', id: 'a1', action: { kind: 'add', n: 1 } });
  const e = await c.next('error');
  assert.deepEqual([e.code, e.id], ['not_authenticated', 'a1']);
  assert.match(e.message, /hello/);
  await c.hello('Late');
  await c.close();
});

test('bad JSON, wrong shapes and unknown types get errors; the connection still works', async () => {
  const c = await player(server, 'Mallory');
  const cases = [
    ['{"type":', 'bad_json'],
    ['[1,2,3]', 'bad_message'],
    ['"hello"', 'bad_message'],
    ['null', 'bad_message'],
    ['{"id":1}', 'bad_message'],
    ['{"type":7}', 'bad_message'],
    ['{"type":"teleport"}', 'unknown_type'],
    ['{"type":"join"}', 'bad_message'],
    ['{"type":"join","room":5}', 'bad_message'],
    ['{"type":"sit","seat":"one"}', 'bad_message'],
    // Numbers out of range are refused, not clamped into another meaning.
    ['{"type":"sit","seat":1000000000000}', 'bad_message'],
    ['{"type":"kick","seat":-1}', 'bad_message'],
    ['{"type":"bot","seat":16}', 'bad_message'],
    ['{"type":"chat","text":"hi","type":"chat"}', 'bad_json'],
    ['{"type":"ping","id":{"nested":true}}', 'bad_message'],
    ['{"type":"ping","id":"' + 'x'.repeat(65) + '"}', 'bad_message'],
  ];
  for (const [text, code] of cases) {
    c.sendRaw(text);
    const e = await c.next('error');
    assert.equal(e.code, code, `for ${text}`);
    assert.ok(e.message.length > 5, 'with a sentence');
  }
  const unknown = await c.request('hello', { name: 'Again' });
  assert.equal(unknown.code, 'bad_message', 'hello twice is refused');
  const pong = await c.ok('ping');
  assert.equal(pong.type, 'pong');
  await c.close();
});

test('a 100 KiB frame gets too_large and close 1009', async () => {
  const c = await player(server, 'Big');
  c.sendRaw(JSON.stringify({ type: 'chat', text: 'x'.repeat(100 * 1024) }));
  const e = await c.next('error');
  assert.equal(e.code, 'too_large');
  const closed = await c.closed;
  assert.equal(closed.code, 1009);
  assert.equal(closed.reason, 'message too large');
});

test('a message just under the limit arrives whole, through fragments', async () => {
  const c = await player(server, 'Long');
  await c.ok('create', { game: 'testgame' });
  const pad = 'y'.repeat(60 * 1024);
  const reply = await c.request('act', { action: { kind: 'nope', pad } });
  assert.equal(reply.code, 'wrong_status', 'the 60 KiB message was read and answered');
  await c.close();
});

test('a flood gets rate_limited, then close 1008', async () => {
  const c = await player(server, 'Flood');
  // rooms, not ping: pings have a lower limit of their own (abuse-lesser).
  for (let i = 0; i < 200; i++) c.sendRaw(`{"type":"rooms","id":${i}}`);
  const limited = await c.next((m) => m.type === 'error' && m.code === 'rate_limited');
  assert.match(limited.message, /too fast/);
  assert.ok(Number.isInteger(limited.id) && limited.id > 30, 'the refusal names the refused request');
  assert.ok(!c.queue.some((m) => m.type === 'rooms' && m.id === limited.id), 'which got no answer');
  const closed = await c.closed;
  assert.equal(closed.code, 1008);
  assert.equal(closed.reason, 'too many messages');
  const fresh = await player(server, 'After');
  assert.equal((await fresh.ok('ping')).type, 'pong', 'the server is still up');
  await fresh.close();
});

test('a burst within the limit is served in full', async () => {
  const c = await player(server, 'Quick');
  const replies = await Promise.all(Array.from({ length: 30 }, () => c.request('ping')));
  assert.ok(replies.every((r) => r.type === 'pong'));
  await c.close();
});

test('binary frames close the connection with 1003', async () => {
  const c = await player(server, 'Binary');
  c.ws.send(Buffer.from([1, 2, 3]));
  const closed = await c.closed;
  assert.equal(closed.code, 1003);
});

test('connections per address are limited', async () => {
  await sleep(200); // let the earlier tests' connections finish closing
  const clients = [];
  for (let i = 0; i < 6; i++) clients.push(await Client.connect(server));
  const extra = await Client.connect(server);
  const closed = await extra.closed;
  assert.equal(closed.code, 1008);
  assert.match(closed.reason, /too many connections/);
  await Promise.all(clients.map((c) => c.close()));
  const metrics = await httpGet(server, '/metrics');
  assert.match(metrics.text, /botpit_connections_refused_total [1-9]/);
});

test('an IPv6 address counts as its /64 toward the per-address limit (behind a trusted proxy)', async () => {
  const proxied = await startServer(['--max-per-ip', '2', '--trust-proxy']);
  const from = (addr) => Client.connect(proxied, { headers: { 'X-Real-IP': addr } });
  const a = await from('2001:db8:1:2::1');
  const b = await from('2001:db8:1:2:ffff::7');
  const third = await from('2001:db8:1:2:abcd::1');
  let timer;
  const closed = await Promise.race([third.closed,
    new Promise((r) => { timer = setTimeout(() => r({ code: 'still open' }), 3000); })]);
  clearTimeout(timer);
  assert.equal(closed.code, 1008, 'a third address in the same /64 is refused');
  if (closed.code !== 1008) await third.close();
  const other = await from('2001:db8:1:3::1');
  assert.ok((await other.hello('Other')).token, 'the next /64 is served');
  await Promise.all([a.close(), b.close(), other.close()]);
  await proxied.stop();
});

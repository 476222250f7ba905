// The lesser items of issue 21: names and chat are checked (no direction
// marks, no control characters, something visible, few stacked accents),
// pings are rate-limited, a kicked player stays out of that room under any
// identity from the same address, and sentences count seats from 1.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Client, player, schemaFailures, sleep, startServer } from './lib/harness.mjs';

let server;
before(async () => { server = await startServer(['--trust-proxy']); });
after(async () => {
  assert.equal((await server.stop()).code, 0);
  assert.deepEqual(schemaFailures, [], 'every server message matched its schema');
});

test('names with direction marks, nothing visible or stacked accents are bad_name', async () => {
  const bad = ['Ada\u202Eevil', '\u2066Bob\u2069', '\u200B\u200B', '\u3164', 'e\u0301\u0302\u0303\u0304', '\u200E'];
  for (const name of bad) {
    const c = await Client.connect(server);
    const e = await c.request('hello', { name });
    assert.equal(e.code, 'bad_name', JSON.stringify(name));
    await c.close();
  }
  const ok = await Client.connect(server);
  assert.equal((await ok.hello('  Zoë  ')).you.name, 'Zoë');
  await ok.close();
});

test('chat with control characters or nothing visible is refused; the rest is trimmed', async () => {
  const ada = await player(server, 'Ada');
  await ada.ok('create', { game: 'testgame' });
  for (const text of ['ring\u0007', 'two\nlines', '   ', '\u200B', 'gg\u202E']) {
    const e = await ada.request('chat', { text });
    assert.equal(e.code, 'bad_message', JSON.stringify(text));
  }
  const line = await ada.ok('chat', { text: '  good game  ' });
  assert.equal(line.text, 'good game');
  await ada.close();
});

test('a ping flood is answered about 10 a second, refused once, then ignored until it slows', async () => {
  const c = await player(server, 'Pinger');
  // 36 pings fit the network's own message limit (40 at once): the lobby
  // answers 30 of them.
  for (let i = 0; i < 36; i++) c.send({ type: 'ping', id: `f${i}` });
  await c.request('games');
  const pongs = c.queue.filter((m) => m.type === 'pong').length;
  const refused = c.queue.filter((m) => m.type === 'error' && m.code === 'rate_limited');
  assert.ok(pongs >= 30 && pongs <= 32, `${pongs} pongs`);
  assert.equal(refused.length, 1, 'one refusal, not one per ping');
  await sleep(300);
  assert.equal((await c.request('ping')).type, 'pong', 'answered again once it slows down');
  await c.close();
});

test('a kicked player cannot come back from the same address under a fresh identity', async () => {
  const from = (ip) => ({ headers: { 'X-Forwarded-For': ip } });
  const ada = await player(server, 'Ada', from('198.51.100.1'));
  const room = await ada.ok('create', { game: 'testgame' });
  const bob = await player(server, 'Bob', from('198.51.100.7'));
  await bob.ok('join', { room: room.code });
  await ada.ok('kick', { seat: 1 });
  const fresh = await player(server, 'Not Bob', from('198.51.100.7'));
  const e = await fresh.request('join', { room: room.code, as: 'spectator' });
  assert.equal(e.code, 'kicked');
  const other = await player(server, 'Carl', from('198.51.100.8'));
  await other.ok('join', { room: room.code });
  for (const c of [ada, bob, fresh, other]) await c.close();
});

test('the lobby and the test engine name seats from 1 in their sentences', async () => {
  const ada = await player(server, 'Ada');
  const room = await ada.ok('create', { game: 'testgame' });
  const bob = await player(server, 'Bob');
  await bob.ok('join', { room: room.code });
  const taken = await bob.request('sit', { seat: 0 });
  assert.deepEqual([taken.code, taken.message], ['seat_taken', 'seat 1 is taken']);
  const empty = await ada.request('kick', { seat: 3 });
  assert.equal(empty.message, 'seat 4 is empty');
  await ada.ok('start');
  const early = await bob.request('act', { action: { kind: 'add', n: 1 } });
  assert.deepEqual([early.code, early.message], ['not_your_turn', "it is Seat 1's turn"]);
  await ada.close();
  await bob.close();
});

test('the connection limit per address counts an IPv6 address by its /64', async () => {
  const limited = await startServer(['--trust-proxy', '--max-per-ip', '2']);
  const from = (ip) => ({ headers: { 'X-Forwarded-For': ip } });
  const a = await player(limited, 'A', from('2001:db8:5:6::1'));
  const b = await player(limited, 'B', from('2001:db8:5:6::2'));
  const c = await Client.connect(limited, from('2001:db8:5:6:abcd::3'));
  const closed = await c.closed;
  assert.equal(closed.code, 1008, 'a third address of the same /64 is one too many');
  const other = await player(limited, 'D', from('2001:db8:5:7::1'));
  for (const x of [a, b, other]) await x.close();
  assert.equal((await limited.stop()).code, 0);
});

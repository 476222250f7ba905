// The transport rules of PROTOCOL.md that no verb covers: a text frame that
// is not valid UTF-8 closes the connection with 1007, before or after hello,
// whole or split across fragments, and the server stays up for others.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { metric } from './lib/faults.mjs';
import { Client, player, serverForFile } from './lib/harness.mjs';

const file = serverForFile();

const bytes = (...parts) => Buffer.concat(parts.map((p) => Buffer.from(p)));

async function expectBadUtf8Close(c) {
  const closed = await c.closed;
  assert.equal(closed.code, 1007);
  assert.equal(closed.reason, 'bad utf8');
  assert.deepEqual(c.queue, [], 'no message comes before the close');
}

test('a text frame with a byte that is never UTF-8 closes with 1007, before hello', async () => {
  const c = await Client.connect(file.server);
  c.ws.send(bytes('{"type":"hello","name":"', [0xff, 0xfe], '"}'), { binary: false });
  await expectBadUtf8Close(c);
});

test('an encoded surrogate closes with 1007 after hello', async () => {
  const c = await player(file.server, 'Ada');
  c.drain();
  c.ws.send(bytes('{"type":"chat","text":"', [0xed, 0xa0, 0x80], '"}'), { binary: false });
  await expectBadUtf8Close(c);
});

test('a sequence cut across two fragments is checked as a whole', async () => {
  const c = await player(file.server, 'Bob');
  c.drain();
  c.ws.send(bytes('{"type":"ping","id":"', [0xc3]), { binary: false, fin: false });
  c.ws.send(bytes([0x28], '"}'), { binary: false, fin: true });
  await expectBadUtf8Close(c);
});

test('valid multi-byte text split across fragments is fine, and the server is still up', async () => {
  const c = await player(file.server, 'Cid');
  const text = Buffer.from('{"type":"ping","id":"é€😀"}');
  const cut = text.indexOf(0xe2) + 1; // inside the euro sign
  c.ws.send(text.subarray(0, cut), { binary: false, fin: false });
  c.ws.send(text.subarray(cut), { binary: false, fin: true });
  const pong = await c.next('pong');
  assert.equal(pong.id, 'é€😀');
  await c.close();
});

// Messages queued for one connection together leave in one write, as frames
// side by side (server/net/session.c): a joiner's chat history is the
// largest such burst. Every line must arrive whole, in order, and the
// burst must not cost a write per message.
test('a joiner gets the chat history whole and in order, and the burst leaves in few writes', async () => {
  const server = file.server;
  const [ada, bob, cid] = await Promise.all(['Ada', 'Bob', 'Cid'].map((n) => player(server, n)));
  const room = await ada.ok('create', { game: 'boxing', private: true });
  for (const c of [bob, cid]) await c.ok('join', { room: room.code });
  const lines = [];
  for (let i = 0; i < 10; i++) {
    for (const [k, c] of [ada, bob, cid].entries()) {
      // From one character to the longest line, some of them multi-byte.
      const text = `${k}:${i}:` + (i % 2 ? 'é' : 'x').repeat([1, 120, 130, 490][(i + k) % 4]);
      lines.push(text);
      await c.ok('chat', { text });
    }
  }
  const writes0 = await metric(server, 'botpit_ws_writes_total');
  const out0 = await metric(server, 'botpit_messages_out_total');
  const dan = await player(server, 'Dan');
  await dan.ok('join', { room: room.code });
  const got = [];
  while (got.length < lines.length) got.push((await dan.next('chat')).text);
  assert.deepEqual(got, lines);
  assert.deepEqual(dan.problems, []);
  const writes = (await metric(server, 'botpit_ws_writes_total')) - writes0;
  const out = (await metric(server, 'botpit_messages_out_total')) - out0;
  assert.ok(out >= lines.length + 2, `${out} messages went out (the join's reply, the history, the room)`);
  assert.ok(writes <= out - lines.length, `${writes} writes carried ${out} messages`);
  await Promise.all([ada, bob, cid, dan].map((c) => c.close()));
});

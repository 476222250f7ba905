// The transport rules of PROTOCOL.md that no verb covers: a text frame that
// is not valid UTF-8 closes the connection with 1007, before or after hello,
// whole or split across fragments, and the server stays up for others.
import assert from 'node:assert/strict';
import { test } from 'node:test';
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

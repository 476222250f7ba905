// The HTTP side: the page, health, metrics, the JSON API, and paths that
// must not be served.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { request as httpRequest } from 'node:http';
import { httpGet, player, startServer } from './lib/harness.mjs';

let server;
before(async () => { server = await startServer(); });
after(async () => { await server.stop(); });

test('/ serves the web client with its type, an ETag and safety headers', async () => {
  const r = await httpGet(server, '/');
  assert.equal(r.status, 200);
  assert.match(r.headers.get('content-type'), /^text\/html/);
  assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
  assert.match(r.headers.get('content-security-policy'), /default-src 'self'/);
  const etag = r.headers.get('etag');
  assert.ok(etag);
  const again = await httpGet(server, '/', { 'if-none-match': etag });
  assert.equal(again.status, 304, 'unchanged files are not sent again');
});

test('paths outside the web root, hidden files and unknown types are 404', async () => {
  for (const path of ['/../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/.git/config', '/games/../../etc/passwd',
    '/nothing.html', '/meson.build', '/a//b.js', '/x.exe']) {
    const r = await httpGet(server, path);
    assert.equal(r.status, 404, path);
  }
});

test('/healthz answers ok', async () => {
  const r = await httpGet(server, '/healthz');
  assert.equal(r.status, 200);
  const body = JSON.parse(r.text);
  assert.equal(body.status, 'ok');
  assert.match(body.version, /^\d+\.\d+\.\d+/);
});

test('/metrics counts connections, rooms, messages and errors', async () => {
  const c = await player(server, 'Metric');
  await c.ok('create', { game: 'testgame' });
  c.sendRaw('{"type":"teleport"}');
  await c.next('error');
  const r = await httpGet(server, '/metrics');
  assert.equal(r.status, 200);
  assert.match(r.headers.get('content-type'), /^text\/plain; version=0\.0\.4/);
  assert.match(r.text, /^botpit_connections 1$/m);
  assert.match(r.text, /^botpit_rooms\{game="testgame",status="lobby"\} 1$/m);
  assert.match(r.text, /^botpit_errors_total\{code="unknown_type"\} [1-9]/m);
  assert.match(r.text, /^botpit_messages_in_total [1-9]/m);
  assert.match(r.text, /^botpit_bytes_out_total [1-9]/m);
  await c.close();
});

test('/metrics is well-formed: each metric has one HELP and one TYPE, and every series one of them', async () => {
  const text = (await httpGet(server, '/metrics')).text;
  const typed = new Map();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    assert.ok(!typed.has(name), `${name} is declared twice`);
    typed.set(name, type);
  }
  const helped = [...text.matchAll(/^# HELP (\S+) /gm)].map((m) => m[1]);
  assert.deepEqual([...helped].sort(), [...typed.keys()].sort());
  for (const line of text.split('\n').filter((l) => l && !l.startsWith('#'))) {
    const name = line.match(/^([a-z_]+)[{ ]/)?.[1];
    assert.ok(typed.has(name), `${line} has a TYPE`);
    assert.match(line, /^[a-z_]+(\{[^}]*\})? -?\d+$/);
  }
  for (const name of ['botpit_loop_wakeups_total', 'botpit_store_ok', 'botpit_store_errors_total', 'botpit_rooms_broken']) {
    assert.ok(typed.has(name), `${name} is shown`);
  }
});

test('/api/results refuses a limit out of range instead of changing it', async () => {
  for (const limit of ['0', '201', '-1', 'ten', '']) {
    const r = await httpGet(server, `/api/results?limit=${limit}`);
    assert.equal(r.status, 400, `limit=${limit}`);
    assert.equal(JSON.parse(r.text).code, 'bad_message');
  }
  // After a player id (longer than a limit's digits) the limit still counts.
  const c = await player(server, 'Limit');
  const after = await httpGet(server, `/api/results?player=${c.id}&limit=0`);
  assert.equal(after.status, 400, 'a limit after a player id is read');
  await c.close();
  const ok = await httpGet(server, '/api/results?limit=200');
  assert.equal(ok.status, 200);
  assert.ok(Array.isArray(JSON.parse(ok.text).results));
});

test('/api/games and /api/rooms return JSON', async () => {
  const games = JSON.parse((await httpGet(server, '/api/games')).text);
  assert.ok(games.games.some((g) => g.id === 'testgame'));
  const c = await player(server, 'Lister');
  const room = await c.ok('create', { game: 'testgame' });
  const rooms = JSON.parse((await httpGet(server, '/api/rooms')).text);
  assert.ok(rooms.rooms.some((r) => r.code === room.code));
  await c.close();
});

test('/ws without an upgrade explains itself', async () => {
  const r = await httpGet(server, '/ws');
  assert.equal(r.status, 426);
});

/** One request with any method; the body as text. */
function httpMethod(method, path, body = null) {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, path, method, agent: false }, (res) => {
      let text = '';
      res.on('data', (d) => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.setTimeout(3000, () => req.destroy(new Error(`${method} ${path}: no answer in 3 s`)));
    req.end(body ?? undefined);
  });
}

test('HEAD answers with the headers of GET and no body; other methods get 405 at once, body or not', async () => {
  for (const path of ['/', '/style.css', '/api/games', '/healthz']) {
    const [get, head] = [await httpMethod('GET', path), await httpMethod('HEAD', path)];
    assert.equal(head.status, 200, path);
    assert.equal(head.text, '', `${path}: no body`);
    assert.equal(head.headers['content-type'], get.headers['content-type'], path);
    if (path !== '/healthz') assert.equal(head.headers['content-length'], String(Buffer.byteLength(get.text)), path);
    if (get.headers.etag) assert.equal(head.headers.etag, get.headers.etag, path);
  }
  assert.equal((await httpMethod('HEAD', '/nope.html')).status, 404);
  for (const [method, body] of [['POST', ''], ['POST', 'abc'], ['PUT', '{}'], ['DELETE', null]]) {
    const res = await httpMethod(method, '/', body);
    assert.equal(res.status, 405, method);
    assert.equal(res.headers.allow, 'GET, HEAD');
  }
});

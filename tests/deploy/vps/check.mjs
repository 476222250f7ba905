// The recipe test's client: from the host, through the container's nginx
// and TLS, as a player would.
//   node check.mjs http DOMAIN          the page, /healthz, HTTP -> HTTPS
//   node check.mjs play DOMAIN FILE     a room with a bot, started; saves
//                                       the token and room to FILE
//   node check.mjs resume DOMAIN FILE   reconnects with the token: the same
//                                       room, the game still on
// BOTPIT_CHECK_WS names another endpoint for play and resume (scripts/
// container-test: ws://127.0.0.1:PORT/ws); DOMAIN is then the one the
// server's --public-url names.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { get as httpsGet } from 'node:https';
import { get as httpGet } from 'node:http';
import WebSocket from 'ws';

const [mode, domain, file] = process.argv.slice(2);
const tls = { rejectUnauthorized: false, servername: domain };

function fetch(get, port, path) {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers: { host: domain }, ...tls }, (res) => {
      let text = '';
      res.on('data', (d) => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
    }).on('error', reject);
  });
}

function connect() {
  const ws = new WebSocket(process.env.BOTPIT_CHECK_WS || 'wss://127.0.0.1/ws', { ...tls, headers: { host: domain } });
  const queue = [];
  const waiters = [];
  ws.on('message', (d) => {
    const m = JSON.parse(d);
    const i = waiters.findIndex((w) => w.pred(m));
    if (i >= 0) waiters.splice(i, 1)[0].resolve(m); else queue.push(m);
  });
  let id = 0;
  const next = (pred) => {
    const i = queue.findIndex(pred);
    if (i >= 0) return Promise.resolve(queue.splice(i, 1)[0]);
    return new Promise((resolve, reject) => {
      waiters.push({ pred, resolve });
      setTimeout(() => reject(new Error('no answer in 10 s')), 10000);
    });
  };
  const request = (type, fields = {}) => {
    const mine = ++id;
    ws.send(JSON.stringify({ type, id: mine, ...fields }));
    return next((m) => m.id === mine);
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, next, request }));
    ws.once('error', reject);
  });
}

if (mode === 'http') {
  const redirect = await fetch(httpGet, 80, '/');
  assert.equal(redirect.status, 301);
  assert.equal(redirect.headers.location, `https://${domain}/`);
  const page = await fetch(httpsGet, 443, '/');
  assert.equal(page.status, 200);
  assert.match(page.text, /<title>/);
  assert.equal(page.headers.server, 'nginx', 'no version advertised');
  const health = JSON.parse((await fetch(httpsGet, 443, '/healthz')).text);
  assert.equal(health.status, 'ok');
  console.log(`http: redirect, page (${page.text.length} bytes), healthz ok (${health.version})`);
} else if (mode === 'play') {
  const c = await connect();
  const w = await c.request('hello', { name: 'Ada' });
  assert.equal(w.server.public_url, `https://${domain}`, 'share links use the public address');
  const room = await c.request('create', { game: 'manoover' });
  assert.equal(room.type, 'room');
  assert.equal((await c.request('bot', { seat: 1, level: 'easy' })).type, 'room');
  assert.equal((await c.request('start')).type, 'room');
  // Play a little: pass whenever it is our turn, until a few inputs are in.
  let state = await c.next((m) => m.type === 'state');
  while (state.seq < 4) {
    const reply = await c.request('act', { action: { kind: 'pass' } });
    state = reply.type === 'state' ? reply : await c.next((m) => m.type === 'state');
  }
  writeFileSync(file, JSON.stringify({ token: w.token, room: room.code, seq: state.seq }));
  console.log(`play: MANOOVER room ${room.code} against a bot over ${process.env.BOTPIT_CHECK_WS ? 'ws' : 'wss'}, ${state.seq} inputs in`);
  c.ws.close();
} else if (mode === 'resume') {
  const saved = JSON.parse(readFileSync(file, 'utf8'));
  const c = await connect();
  const w = await c.request('hello', { name: 'Ada', token: saved.token });
  assert.equal(w.room, saved.room, 'back in the same room');
  const state = await c.next((m) => m.type === 'state');
  assert.ok(saved.seq > 0 && state.seq >= saved.seq, 'every input is still there');
  console.log(`resume: room ${w.room}, seq ${state.seq} (was ${saved.seq})`);
  c.ws.close();
}

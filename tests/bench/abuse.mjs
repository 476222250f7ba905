// Replays the attacks of one abusive client against a real server with its
// default limits and prints, for each, what was tried, what the server did
// and whether it held. Honest clients come from other addresses
// (127.0.0.x) and measure what they get meanwhile. A check that prints
// figures, not a test (the integration tests abuse-*.test.mjs assert each
// defence on its own).
//   node tests/bench/abuse.mjs [BINARY] [--quick] [--only=takeoverFlood,spectatorChat]
import WebSocket from 'ws';
import { Client, httpGet, player, sleep, startServer } from '../integration/lib/harness.mjs';
import { cpuSeconds, percentile as pct, rssMb as rssOf } from './lib.mjs';

const binary = process.argv.find((a, i) => i >= 2 && !a.startsWith('--')) || 'build/server/botpit';
const quick = process.argv.includes('--quick');
const rows = [];
const from = (addr) => ({ localAddress: addr });

function report(attack, tried, saw, held) {
  rows.push({ attack, tried, saw, held });
  console.log(`${held ? 'HELD    ' : 'NOT HELD'}  ${attack}: ${saw}`);
}

const rssMb = (server) => rssOf(server.proc.pid);

/** An honest client pinging every 100 ms while `during` runs: p50/p90/p99. */
async function pingsDuring(server, addr, during) {
  const honest = await player(server, 'Honest', from(addr));
  const rtts = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = performance.now();
      await honest.request('ping');
      rtts.push(performance.now() - t);
      await sleep(100);
    }
  })();
  const result = await during();
  running = false;
  await loop;
  await honest.close();
  rtts.sort((a, b) => a - b);
  return { result, p50: pct(rtts, 0.5), p90: pct(rtts, 0.9), p99: pct(rtts, 0.99), n: rtts.length };
}

async function roomExhaustion(server) {
  const conns = quick ? 20 : 60;
  const attackers = await Promise.all(Array.from({ length: conns }, (_, i) => player(server, `A${i}`, from('127.0.0.10'))
    .catch(() => null)));
  let made = 0;
  const codes = new Set();
  for (const a of attackers.filter(Boolean)) {
    for (let k = 0; k < 20; k++) {
      const r = await a.request('create', { game: 'boxing', private: true });
      if (r.type === 'room') { made++; await a.request('leave'); } else { codes.add(r.code); break; }
    }
  }
  const honest = await player(server, 'Honest', from('127.0.0.11'));
  const mine = await honest.request('create', { game: 'boxing' });
  await honest.close();
  await Promise.all(attackers.filter(Boolean).map((a) => a.close()));
  report('room exhaustion', `${conns} connections from one address create private rooms`,
    `${made} rooms made, then ${[...codes].join('/')}; an honest client's create: ${mine.type}`,
    made <= 20 && mine.type === 'room');
}

async function identityChurn(server) {
  const tries = quick ? 60 : 300;
  let welcomed = 0;
  const refused = new Set();
  for (let i = 0; i < tries; i++) {
    const c = await Client.connect(server, from('127.0.0.12')).catch(() => null);
    if (!c) continue;
    const w = await c.request('hello', { name: `Churn${i}` }).catch(() => ({ type: 'error', code: 'closed' }));
    if (w.type === 'welcome') welcomed++; else refused.add(w.code);
    c.drop();
  }
  const metrics = (await httpGet(server, '/metrics')).text;
  const players = Number(/^botpit_players (\d+)/m.exec(metrics)?.[1] ?? NaN);
  report('identity churn', `${tries} hello-and-drop from one address`,
    `${welcomed} welcomed, then ${[...refused].join('/') || 'none refused'}; players known: ${players}`,
    welcomed <= 40);
}

async function botFlood(server) {
  const rooms = quick ? 10 : 40;
  const before = rssMb(server);
  const attackers = [];
  // Every game the server offers, in turn (the registry's list, GET /api/games).
  const games = JSON.parse((await httpGet(server, '/api/games')).text).games.map((g) => g.id);
  const outcome = await pingsDuring(server, '127.0.0.14', async () => {
    let started = 0;
    const codes = new Set();
    for (let i = 0; i < rooms; i++) {
      const a = await player(server, `Bots${i}`, from('127.0.0.13')).catch(() => null);
      if (!a) { codes.add('closed'); continue; }
      attackers.push(a);
      const game = games[i % games.length];
      const r = await a.request('create', { game });
      if (r.type !== 'room') { codes.add(r.code); continue; }
      let ok = true;
      for (let s = 1; s < Math.min(4, r.seats.length); s++) {
        const b = await a.request('bot', { seat: s, level: 'hard' });
        if (b.type !== 'room') { codes.add(b.code); ok = false; break; }
      }
      if (ok && (await a.request('start')).type === 'room') started++;
    }
    await sleep(quick ? 3000 : 10000);
    return { started, codes };
  });
  const during = rssMb(server);
  await Promise.all(attackers.map((a) => a.close()));
  report('bot rooms on the loop', `${rooms} rooms of hard bots started from one address while an honest client pings`,
    `${outcome.result.started} started (then ${[...outcome.result.codes].join('/') || 'no refusal'}); ` +
    `honest ping p50 ${outcome.p50.toFixed(1)} ms, p90 ${outcome.p90.toFixed(1)}, p99 ${outcome.p99.toFixed(1)} ` +
    `(${outcome.n} pings); RSS ${before.toFixed(0)} -> ${during.toFixed(0)} MB`,
    outcome.p99 < 50);
}

async function seatSecrets(server) {
  const host = await player(server, 'Host', from('127.0.0.15'));
  const room = await host.ok('create', { game: 'boxing' });
  await host.ok('bot', { seat: 1, level: 'hard' });
  await host.ok('start');
  const spy = await player(server, 'Spy', from('127.0.0.16'));
  await spy.request('join', { room: room.code });
  const sit = await spy.request('sit', { seat: 1 });
  const asked = await host.next('sit_request', 3000).then(() => true, () => false);
  report('a spectator reads a bot seat\'s secrets', 'sit in a host-placed bot\'s seat mid-game',
    `the spy got ${sit.type}${sit.code ? ` (${sit.code})` : ''}; the host was asked: ${asked}`,
    sit.type !== 'state' && (sit.type === 'sit_pending' || sit.type === 'error'));
  await Promise.all([host.close(), spy.close()]);
}

async function privateResults(server) {
  const res = JSON.parse((await httpGet(server, '/api/results')).text);
  const leaked = res.results.filter((r) => r.private);
  report('private games in /api/results', 'read /api/results as an outsider',
    `${res.results.length} results listed, ${leaked.length} of them private`, leaked.length === 0);
}

async function codeGuessing(server) {
  const c = await player(server, 'Guesser', from('127.0.0.17'));
  const tries = quick ? 30 : 100;
  const answers = {};
  const t0 = performance.now();
  for (let i = 0; i < tries; i++) {
    const code = Math.random().toString(36).slice(2, 7).toUpperCase().padEnd(5, 'X');
    const r = await c.request('join', { room: code });
    answers[r.code ?? r.type] = (answers[r.code ?? r.type] ?? 0) + 1;
    await sleep(70); // under the connection's own flood limit: this is about the lobby's
  }
  const s = (performance.now() - t0) / 1000;
  await c.close();
  const misses = answers.no_such_room ?? 0;
  report('room code guessing', `${tries} joins with random codes from one address`,
    `${JSON.stringify(answers)} in ${s.toFixed(1)} s`, misses <= 10);
}

async function lesser(server) {
  const c = await player(server, 'Lesser', from('127.0.0.18'));
  const names = ['\u202Eevil', '\u200B\u200B', `a${'\u0301'.repeat(8)}`];
  const nameAnswers = [];
  for (const name of names) {
    const x = await Client.connect(server, from('127.0.0.18'));
    nameAnswers.push((await x.request('hello', { name })).type);
    await x.close();
  }
  const room = await c.ok('create', { game: 'boxing' });
  const chats = [];
  for (const text of ['\u0007bell', '   ', '\u2066hidden']) chats.push((await c.request('chat', { text })).type);
  report('names and chat', 'bidi, zero-width and stacked-accent names; control, blank and bidi chat',
    `names: ${nameAnswers.join(', ')}; chat: ${chats.join(', ')}`,
    nameAnswers.every((t) => t === 'error') && chats.every((t) => t === 'error'));

  let pongs = 0;
  const flood = 200;
  const pinger = await player(server, 'Pinger', from('127.0.0.20'));
  pinger.ws.on('message', (d) => { if (JSON.parse(d).type === 'pong') pongs++; });
  for (let i = 0; i < flood; i++) pinger.send({ type: 'ping', id: 1000 + i });
  const how = await Promise.race([pinger.closed.then((x) => `closed with ${x.code}`), sleep(1500).then(() => 'still open')]);
  report('ping flood', `${flood} pings at once`, `${pongs} answered; the connection: ${how}`, pongs < flood / 2);
  pinger.drop();

  const head = await new Promise((resolve) => {
    import('node:http').then(({ request }) => request({ host: '127.0.0.1', port: server.port, path: '/', method: 'HEAD' },
      (r) => resolve(r.statusCode)).on('error', () => resolve('error')).end());
  });
  report('HEAD on a static file', 'HEAD /', `${head}`, head === 200);

  const raw = new WebSocket(server.wsUrl);
  await new Promise((r) => raw.once('open', r));
  const closed = new Promise((r) => raw.once('close', (code) => r(code)));
  raw._socket.write(Buffer.from([0x81, 0x82, 0, 0, 0, 0, 0xc3, 0x28])); // a masked text frame, invalid UTF-8
  const code = await closed;
  report('invalid UTF-8', 'a text frame that is not UTF-8', `closed with ${code}`, code === 1007);

  const kicked = await player(server, 'Kicked', from('127.0.0.19'));
  await kicked.ok('join', { room: room.code });
  const seat = (await c.next((m) => m.type === 'room' && m.seats.some((s) => s.player?.name === 'Kicked')))
    .seats.find((s) => s.player?.name === 'Kicked').seat;
  await c.ok('kick', { seat });
  await kicked.close();
  const again = await player(server, 'Fresh', from('127.0.0.19'));
  const back = await again.request('join', { room: room.code });
  report('a kicked player returns', 'kicked, then a fresh identity from the same address joins',
    `${back.type}${back.code ? ` (${back.code})` : ''}`, back.type === 'error');
  await Promise.all([again.close(), c.close()]);
}

/** A WebSocket from addr that has said hello (as name, with token if given): [ws, first reply]. */
function rawHello(server, addr, name, token) {
  return new Promise((resolve) => {
    const ws = new WebSocket(server.wsUrl, { localAddress: addr });
    ws.once('error', () => resolve([ws, { type: 'error', code: 'connect' }]));
    ws.once('close', () => resolve([ws, { type: 'error', code: 'closed' }]));
    ws.once('open', () => ws.send(JSON.stringify(token ? { type: 'hello', name, token } : { type: 'hello', name })));
    ws.once('message', (d) => {
      ws._socket.pause(); // what follows (the room, its chat history) is not read
      resolve([ws, JSON.parse(d)]);
    });
  });
}

const metricOf = async (server, name) =>
  Number(new RegExp(`^${name} (\\d+)`, 'm').exec((await httpGet(server, '/metrics')).text)[1]);

/** From now on c only counts what it gets (no parsing, no schema checks). */
function countOnly(c) {
  const got = { messages: 0, bytes: 0 };
  c.ws.removeAllListeners('message');
  c.ws.on('message', (d) => { got.messages++; got.bytes += d.length; });
  return got;
}

/** c reads at most bytesPerS from now on (its socket paused in between). */
function readSlowly(c, bytesPerS) {
  const sock = c.ws._socket;
  const slice = bytesPerS / 20;
  let budget = slice;
  sock.on('data', (d) => { budget -= d.length; if (budget <= 0) sock.pause(); });
  const timer = setInterval(() => { budget = Math.min(budget + slice, slice); sock.resume(); }, 50);
  return () => clearInterval(timer);
}

// Issue 27: a member reconnects with its own token in 8 loops as fast as it
// can, in a room whose chat history holds 50 long lines; an idle host counts
// what it is sent and an honest member reads at 128 KB/s.
async function takeoverFlood(server) {
  const seconds = quick ? 5 : 10;
  const host = await player(server, 'Host', from('127.0.0.30'));
  const room = await host.ok('create', { game: 'ricochet' });
  const honest = await player(server, 'Honest', from('127.0.0.31'));
  await honest.ok('join', { room: room.code });
  const mal = await player(server, 'Mal', from('127.0.0.32'));
  await mal.ok('join', { room: room.code });
  const talkers = [];
  for (let i = 0; i < 5; i++) {
    const t = await player(server, `Talker${i}`, from('127.0.0.33'));
    await t.ok('join', { room: room.code });
    for (let k = 0; k < 10; k++) await t.ok('chat', { text: `${i}${k}` + '😀'.repeat(498) });
    talkers.push(t);
  }
  await sleep(200);
  const bytesOut0 = await metricOf(server, 'botpit_bytes_out_total');
  const cpu0 = cpuSeconds(server.proc.pid);
  const atHost = countOnly(host);
  const stopReading = readSlowly(honest, 128 * 1024);
  const t0 = performance.now();
  let cutAfter = null;
  honest.closed.then((x) => { cutAfter = { s: (performance.now() - t0) / 1000, code: x.code }; });
  const tally = { welcomed: 0, refused: 0, codes: new Set() };
  let running = true;
  const loop = async () => {
    let prev = null;
    while (running) {
      const [ws, reply] = await rawHello(server, '127.0.0.32', 'Mal', mal.token);
      if (reply.type === 'welcome') {
        tally.welcomed++;
        prev?.terminate();
        prev = ws;
      } else {
        tally.refused++;
        tally.codes.add(reply.code);
        ws.terminate();
      }
    }
    prev?.terminate();
  };
  const loops = Array.from({ length: 8 }, loop);
  await sleep(seconds * 1000);
  running = false;
  await Promise.all(loops);
  const took = (performance.now() - t0) / 1000;
  const mbOut = ((await metricOf(server, 'botpit_bytes_out_total')) - bytesOut0) / 1e6;
  const cpu = cpuSeconds(server.proc.pid) - cpu0;
  stopReading();
  report('reconnection flood', `8 loops of hello with one member's token for ${seconds} s (50 long chat lines in the room)`,
    `${tally.welcomed} hellos welcomed, ${tally.refused} refused (${[...tally.codes].join('/') || 'none'}) in ${took.toFixed(1)} s; ` +
    `the idle host got ${atHost.messages} message${atHost.messages === 1 ? "" : "s"} (${(atHost.bytes / 1e6).toFixed(1)} MB); the member reading at 128 KB/s ` +
    `${cutAfter ? `was cut off (${cutAfter.code}) after ${cutAfter.s.toFixed(1)} s` : 'stayed connected'}; ` +
    `the server sent ${mbOut.toFixed(0)} MB in all (CPU ${(100 * cpu / took).toFixed(0)}%)`,
    !cutAfter && atHost.messages < 100 && tally.welcomed <= 30);
  for (const c of [host, honest, mal, ...talkers]) c.drop();
}

// Issue 27: many spectators of one room each chat at the rate one person is
// allowed (10 lines in 10 s); how many deliveries a second the server makes.
async function spectatorChat(server) {
  const count = quick ? 200 : 600;
  const seconds = quick ? 5 : 10;
  const host = await player(server, 'Host', from('127.0.0.40'));
  const room = await host.ok('create', { game: 'ricochet' });
  countOnly(host);
  const watchers = [];
  const joins = {};
  for (let i = 0; i < count; i++) {
    const addr = `127.0.1.${1 + Math.floor(i / 25)}`; // 25 new players an address (30 a minute allowed)
    const [ws, w] = await rawHello(server, addr, `W${i}`);
    if (w.type !== 'welcome') { joins[w.code] = (joins[w.code] ?? 0) + 1; ws.terminate(); continue; }
    ws._socket.resume();
    const answer = await new Promise((resolve) => {
      ws.once('message', (d) => resolve(JSON.parse(d)));
      ws.send(JSON.stringify({ type: 'join', room: room.code, as: 'spectator' }));
    });
    const key = answer.type === 'error' ? answer.code : 'joined';
    joins[key] = (joins[key] ?? 0) + 1;
    if (answer.type === 'error') { ws.terminate(); continue; }
    let got = 0;
    ws.on('message', () => { got++; });
    watchers.push({ ws, got: () => got });
  }
  const out = () => metricOf(server, 'botpit_messages_out_total');
  const out0 = await out();
  const cpu0 = cpuSeconds(server.proc.pid);
  const t0 = performance.now();
  let sent = 0;
  const timers = watchers.map((w, i) => setTimeout(function line() {
    if (w.ws.readyState !== WebSocket.OPEN) return;
    w.ws.send(JSON.stringify({ type: 'chat', text: `watcher ${i} line ${sent++}` }));
    timers[i] = setTimeout(line, 1000);
  }, Math.random() * 1000));
  await sleep(seconds * 1000);
  for (const t of timers) clearTimeout(t);
  const took = (performance.now() - t0) / 1000;
  const delivered = (await out()) - out0;
  const cpu = cpuSeconds(server.proc.pid) - cpu0;
  const cut = watchers.filter((w) => w.ws.readyState !== WebSocket.OPEN).length;
  report('spectators chatting', `${count} spectators of one room each chat once a second for ${seconds} s`,
    `joins: ${JSON.stringify(joins)}; ${sent} lines sent, ${Math.round(delivered / took)} messages out a second ` +
    `(server CPU ${(100 * cpu / took).toFixed(0)}%); ${cut} spectators cut off`,
    delivered / took < 5000);
  for (const w of watchers) w.ws.terminate();
  host.drop();
}

const server = await startServer(['--log-level', 'error'], { binary, quotas: true });
console.log(`botpit abuse check against ${binary}${quick ? ' (quick)' : ''}\n`);
const attacks = [roomExhaustion, identityChurn, botFlood, seatSecrets, privateResults, codeGuessing, lesser,
  takeoverFlood, spectatorChat];
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7).split(',');
for (const attack of attacks.filter((a) => !only || only.includes(a.name))) {
  try {
    await attack(server);
  } catch (e) {
    report(attack.name, 'the attack itself', `failed to run: ${e.message}`, false);
  }
}
await server.stop();
const held = rows.filter((r) => r.held).length;
console.log(`\n${held} of ${rows.length} held`);
console.log(JSON.stringify({ held, of: rows.length, rows }));
process.exitCode = held === rows.length ? 0 : 1;

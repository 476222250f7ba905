// Replays the attacks of one abusive client against a real server with its
// default limits and prints, for each, what was tried, what the server did
// and whether it held. Honest clients come from other addresses
// (127.0.0.x) and measure what they get meanwhile. A check that prints
// figures, not a test (the integration tests abuse-*.test.mjs assert each
// defence on its own).
//   node tests/bench/abuse.mjs [BINARY] [--quick]
import WebSocket from 'ws';
import { Client, httpGet, player, sleep, startServer } from '../integration/lib/harness.mjs';
import { percentile as pct, rssMb as rssOf } from './lib.mjs';

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
  const outcome = await pingsDuring(server, '127.0.0.14', async () => {
    let started = 0;
    const codes = new Set();
    for (let i = 0; i < rooms; i++) {
      const a = await player(server, `Bots${i}`, from('127.0.0.13')).catch(() => null);
      if (!a) { codes.add('closed'); continue; }
      attackers.push(a);
      const game = ['boxing', 'manoover', 'ricochet', 'robotwars', 'roborally'][i % 5];
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

const server = await startServer(['--log-level', 'error'], { binary, quotas: true });
console.log(`botpit abuse check against ${binary}${quick ? ' (quick)' : ''}\n`);
for (const attack of [roomExhaustion, identityChurn, botFlood, seatSecrets, privateResults, codeGuessing, lesser]) {
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

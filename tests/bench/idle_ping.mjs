// Holds N idle WebSocket connections on a server and measures what one more
// client sees meanwhile: the round trip of a `ping` every 50 ms, as
// p50/p99/max per 5-second window. A per-connection cost that grows with N
// (a keepalive sweep, a timer list) shows as a window with a spike. A
// benchmark that prints figures, not a test.
//   node tests/bench/idle_ping.mjs [BINARY] [N] [SECONDS] [KEEPALIVE_S]
// BINARY defaults to build/server/botpit; it is started on a free port with
// a fresh database, limits raised for N connections from 127.0.0.1.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import WebSocket from 'ws';
import { percentile as pct, rssMb as rssOf } from './lib.mjs';

const binary = process.argv[2] || 'build/server/botpit';
const count = Number(process.argv[3] || 8000);
const seconds = Number(process.argv[4] || 90);
const keepalive = Number(process.argv[5] || 30);
const port = 20000 + Math.floor(Math.random() * 20000);
const dir = mkdtempSync(join(tmpdir(), 'botpit-idle-ping-'));

const server = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1',
  '--db', join(dir, 'botpit.db'), '--log-level', 'warn', '--keepalive', String(keepalive),
  '--max-connections', String(count + 100), '--max-per-ip', String(count + 100)],
{ stdio: ['ignore', 'ignore', 'inherit'] });
const url = `ws://127.0.0.1:${port}/ws`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function connect() {
  for (let attempt = 0; ; attempt++) {
    try {
      return await new Promise((resolve, reject) => {
        const ws = new WebSocket(url);
        ws.once('open', () => resolve(ws));
        ws.once('error', reject);
      });
    } catch (e) {
      if (attempt > 50) throw e;
      await sleep(100);
    }
  }
}

const rssMb = () => rssOf(server.pid);

const probe = await connect();
probe.send(JSON.stringify({ type: 'hello', id: 0, name: 'Probe' }));
await new Promise((resolve) => probe.once('message', resolve));
const sent = new Map();
const rtts = [];
probe.on('message', (data) => {
  const m = JSON.parse(data);
  if (m.type === 'pong' && sent.has(m.id)) {
    rtts.push(performance.now() - sent.get(m.id));
    sent.delete(m.id);
  }
});
let id = 0;
const pinger = setInterval(() => {
  sent.set(++id, performance.now());
  probe.send(JSON.stringify({ type: 'ping', id }));
}, 50);

const idle = [];
const t0 = performance.now();
for (let i = 0; i < count; i += 200) {
  const batch = [];
  for (let j = i; j < Math.min(count, i + 200); j++) batch.push(connect());
  idle.push(...await Promise.all(batch));
}
let closed = 0;
for (const ws of idle) ws.on('close', () => { closed++; });
console.log(`${count} idle connections open in ${((performance.now() - t0) / 1000).toFixed(1)} s; ` +
  `server RSS ${rssMb().toFixed(1)} MB; keepalive ${keepalive} s`);

console.log('window   pings  p50 ms  p99 ms  max ms  lost  closed');
const all = [];
for (let w = 0; w < seconds / 5; w++) {
  rtts.length = 0;
  await sleep(5000);
  const xs = [...rtts].sort((a, b) => a - b);
  all.push(...xs);
  const lost = [...sent.values()].filter((t) => performance.now() - t > 5000).length;
  console.log(`${String(w * 5).padStart(3)}-${String(w * 5 + 5).padEnd(4)} ${String(xs.length).padStart(6)} ` +
    `${pct(xs, 0.5).toFixed(1).padStart(7)} ${pct(xs, 0.99).toFixed(1).padStart(7)} ` +
    `${(xs.length ? xs[xs.length - 1] : NaN).toFixed(1).padStart(7)} ${String(lost).padStart(5)} ${String(closed).padStart(7)}`);
}
all.sort((a, b) => a - b);
console.log(JSON.stringify({ connections: count, seconds, keepalive_s: keepalive,
  p50_ms: +pct(all, 0.5).toFixed(2), p99_ms: +pct(all, 0.99).toFixed(2),
  max_ms: +all[all.length - 1].toFixed(2), closed, rss_mb: +rssMb().toFixed(1) }));
clearInterval(pinger);
for (const ws of idle) ws.terminate();
probe.terminate();
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
rmSync(dir, { recursive: true, force: true });

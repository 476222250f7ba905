// The chat-broadcast load: N clients in rooms of 4, each sending one chat a
// second that its whole room receives; latency is send -> receipt by each
// member. Per level: p50/p95/p99/p99.9, deliveries a second, errors,
// disconnects, and the server's CPU and RSS from /proc. A fresh server per
// level. A benchmark that prints figures, not a test. The generator is one
// node process: past ~12,000 clients it is itself the limit on 2 cores, so
// treat the top levels with care (its own CPU is printed too).
//   node tests/bench/chat_load.mjs [BINARY] [LEVELS=1000,2000,4000,8000] [SECONDS=20]
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { cpuSeconds, percentile, rssMb } from './lib.mjs';

const binary = process.argv[2] || 'build-release/server/botpit';
const levels = (process.argv[3] || '1000,2000,4000,8000').split(',').map(Number);
const seconds = Number(process.argv[4] || 20);
const ROOM = 4;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const procStat = (pid) => ({ cpu: cpuSeconds(pid), rss: rssMb(pid) });

// Older servers (to compare with) have no quotas to turn off.
const quotaFlag = execFileSync(binary, ['--help']).toString().includes('--no-quotas') ? ['--no-quotas'] : [];

async function startServer(n) {
  const dir = mkdtempSync(join(tmpdir(), 'botpit-chat-load-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const proc = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--db', join(dir, 'botpit.db'),
    '--log-level', 'error', ...quotaFlag, '--max-connections', String(n + 100), '--max-per-ip', String(n + 100),
    '--max-rooms', String(Math.ceil(n / ROOM) + 100)], { stdio: ['ignore', 'ignore', 'inherit'] });
  await sleep(300);
  return { proc, dir, url: `ws://127.0.0.1:${port}/ws` };
}

class Bot {
  constructor(url, i, stats) {
    this.i = i;
    this.stats = stats;
    this.pending = new Map();
    this.nextId = 0;
    this.ws = new WebSocket(url, { perMessageDeflate: false });
    this.ws.on('message', (data) => this.onMessage(data));
    this.ws.on('close', () => { if (!this.stats.stopping) this.stats.disconnects++; });
    this.ws.on('error', () => {});
  }

  opened() {
    return new Promise((resolve, reject) => { this.ws.once('open', resolve); this.ws.once('error', reject); });
  }

  request(type, fields = {}) {
    const id = ++this.nextId;
    this.ws.send(JSON.stringify({ type, id, ...fields }));
    return new Promise((resolve) => this.pending.set(id, resolve));
  }

  onMessage(data) {
    const m = JSON.parse(data);
    if (m.id !== undefined && this.pending.has(m.id)) {
      this.pending.get(m.id)(m);
      this.pending.delete(m.id);
    }
    if (m.type === 'error') this.stats.errors++;
    if (m.type === 'chat' && this.stats.measuring) {
      const sent = Number(m.text.split(' ')[1]);
      if (sent) this.stats.latencies.push(performance.now() - sent);
    }
  }
}

async function level(n) {
  const server = await startServer(n);
  const stats = { latencies: [], errors: 0, disconnects: 0, measuring: false, stopping: false };
  const bots = [];
  for (let i = 0; i < n; i += 250) {
    const batch = [];
    for (let j = i; j < Math.min(n, i + 250); j++) batch.push(new Bot(server.url, j, stats));
    await Promise.all(batch.map((b) => b.opened()));
    await Promise.all(batch.map((b) => b.request('hello', { name: `L${b.i}` })));
    bots.push(...batch);
  }
  for (let r = 0; r < n; r += ROOM) {
    const room = await bots[r].request('create', { game: 'boxing', private: true });
    await Promise.all(bots.slice(r + 1, r + ROOM).map((b) => b.request('join', { room: room.code })));
  }
  const timers = bots.map((b, k) => setTimeout(function tick() {
    b.ws.send(JSON.stringify({ type: 'chat', text: `c ${performance.now()}` }));
    timers[k] = setTimeout(tick, 1000);
  }, (k * 1000) / n));
  await sleep(5000); // warm up
  const s0 = procStat(server.proc.pid);
  const g0 = process.cpuUsage();
  stats.latencies = [];
  stats.errors = 0;
  stats.measuring = true;
  await sleep(seconds * 1000);
  stats.measuring = false;
  const s1 = procStat(server.proc.pid);
  const g1 = process.cpuUsage(g0);
  stats.stopping = true;
  timers.forEach(clearTimeout);
  const xs = stats.latencies.sort((a, b) => a - b);
  const pct = (p) => +percentile(xs, p).toFixed(1);
  const row = {
    clients: n, p50_ms: pct(0.5), p95_ms: pct(0.95), p99_ms: pct(0.99), p999_ms: pct(0.999),
    delivered_per_s: Math.round(xs.length / seconds), expected_per_s: n * ROOM,
    errors: stats.errors, disconnects: stats.disconnects,
    server_cpu_pct: Math.round(((s1.cpu - s0.cpu) / seconds) * 100), server_rss_mb: +s1.rss.toFixed(1),
    generator_cpu_pct: Math.round(((g1.user + g1.system) / 1e6 / seconds) * 100),
  };
  bots.forEach((b) => b.ws.terminate());
  server.proc.kill('SIGTERM');
  await new Promise((r) => server.proc.once('exit', r));
  rmSync(server.dir, { recursive: true, force: true });
  return row;
}

console.log(`chat broadcast, rooms of ${ROOM}, one chat a second each, ${seconds} s a level, ${binary}`);
console.log('clients   p50    p95    p99   p99.9  delivered/s  errors  disc  srv cpu  srv MB  gen cpu');
for (const n of levels) {
  const r = await level(n);
  console.log(`${String(r.clients).padStart(7)} ${String(r.p50_ms).padStart(6)} ${String(r.p95_ms).padStart(6)} ` +
    `${String(r.p99_ms).padStart(6)} ${String(r.p999_ms).padStart(7)} ${String(r.delivered_per_s).padStart(12)} ` +
    `${String(r.errors).padStart(7)} ${String(r.disconnects).padStart(5)} ${String(r.server_cpu_pct).padStart(7)}% ` +
    `${String(r.server_rss_mb).padStart(7)} ${String(r.generator_cpu_pct).padStart(7)}%`);
  console.log(JSON.stringify(r));
  if (r.p99_ms > 100) break;
}

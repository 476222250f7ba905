// A soak: 500 clients in 250 rooms act at random for a minute (BOTPIT_SOAK_S)
// against the real server: no error, no disconnect, and the server's memory
// flat after warm-up. The figures are printed for the record.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { httpGet, player, schemaFailures, sleep, startServer } from './lib/harness.mjs';

const CLIENTS = 500;
const SECONDS = Number(process.env.BOTPIT_SOAK_S || 60);
// Warm-up fills what the server keeps bounded (the 50 recent chat lines of
// each room): players chat every second until then, every ~5 s after.
const WARMUP_S = Math.min(30, SECONDS / 2);

function rssKiB(pid) {
  return Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]);
}

const pick = (items) => items[Math.floor(Math.random() * items.length)];

/** One client's minute: act on its turn, chat, ping, look at the rooms. */
async function live(c, start, until, stats) {
  let lastChat = 0;
  while (Date.now() < until) {
    await sleep(80 + Math.random() * 220); // about 5 messages a second at most
    let state = null;
    while (c.queue.length) {
      const m = c.queue.shift();
      if (m.type === 'error') stats.errors.push(`${m.code}: ${m.message}`);
      if (m.type === 'state') state = m;
    }
    if (state) c.state = state;
    const myTurn = c.state && c.state.view.turn === c.state.seat && c.state.view.winner < 0;
    // The rooms list (every public room) is large: asked for now and then, as
    // a player back in the lobby would, not every second.
    const choice = myTurn ? 'act' : Math.random() < 0.02 ? 'rooms' : pick(['ping', 'chat', 'chat', 'wait']);
    if (choice === 'act') {
      c.send({ type: 'act', action: { kind: 'add', n: 1 + Math.floor(Math.random() * 3) } });
      c.state = null; // wait for the next state before acting again
    } else if (choice === 'chat' && Date.now() - lastChat > (Date.now() - start < WARMUP_S * 1000 ? 1000 : 5000)) {
      c.send({ type: 'chat', text: `soak line ${stats.sent} ${'x'.repeat(Math.floor(Math.random() * 200))}` });
      lastChat = Date.now();
    } else if (choice === 'ping' || choice === 'rooms') {
      c.send({ type: choice });
    } else {
      continue;
    }
    stats.sent++;
  }
}

test(`${CLIENTS} clients acting at random for ${SECONDS} s: no error, no disconnect, flat memory`, { timeout: (SECONDS + 120) * 1000 }, async () => {
  const server = await startServer(['--max-per-ip', String(CLIENTS + 50), '--log-level', 'warn']);
  try {
    await soak(server);
  } finally {
    await server.stop();
  }
  assert.deepEqual(schemaFailures, []);
});

async function soak(server) {
  const clients = [];
  for (let i = 0; i < CLIENTS; i += 2) {
    const host = await player(server, `Host${i}`);
    const room = await host.ok('create', { game: 'testgame', options: { target: 1000000 } });
    const guest = await player(server, `Guest${i}`);
    await guest.ok('join', { room: room.code });
    await host.ok('start');
    clients.push(host, guest);
  }
  const stats = { sent: 0, errors: [] };
  const start = Date.now();
  const until = start + SECONDS * 1000;
  const samples = [];
  const sampler = setInterval(async () => {
    if (Date.now() > until - 1000) return; // not the wind-down
    const metrics = (await httpGet(server, '/metrics')).text;
    const queued = Number(metrics.match(/^botpit_send_queue_bytes (\d+)/m)[1]);
    samples.push({ s: Math.round((Date.now() - start) / 1000), kib: rssKiB(server.proc.pid), queued });
  }, 5000);
  await Promise.all(clients.map((c) => live(c, start, until, stats)));
  clearInterval(sampler);

  const closed = clients.filter((c) => c.closeInfo);
  const afterWarmup = samples.filter((x) => x.s >= WARMUP_S);
  const base = afterWarmup[0]?.kib ?? samples[0].kib;
  const last = samples[samples.length - 1].kib;
  const peak = Math.max(...afterWarmup.map((x) => x.kib));
  console.log(JSON.stringify({
    clients: CLIENTS, seconds: SECONDS, messages_sent: stats.sent,
    messages_per_s: Math.round(stats.sent / SECONDS),
    rss_kib: samples.map((x) => `${x.s}s:${x.kib}`).join(' '),
    queued_bytes: samples.map((x) => x.queued).join(' '),
    growth_after_warmup_pct: Number((((last - base) / base) * 100).toFixed(1)),
  }));
  assert.deepEqual(stats.errors.slice(0, 5), [], 'no client got an error');
  assert.equal(closed.length, 0, 'no client was disconnected');
  assert.ok(peak <= base * 1.25 + 2048, `memory stayed flat after warm-up (from ${base} to a peak of ${peak} KiB)`);
  await Promise.all(clients.map((c) => c.close()));
}

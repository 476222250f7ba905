// Prints the server's resident memory with N idle WebSocket connections that
// have each said hello (a benchmark that prints figures, not a test).
//   node tests/bench/idle_rss.mjs [BINARY] [N]
import WebSocket from 'ws';
import { startServer } from '../integration/lib/harness.mjs';
import { rssKiB } from './lib.mjs';

const binary = process.argv[2] || 'build/server/botpit';
const n = Number(process.argv[3] || 1000);

const server = await startServer(['--max-per-ip', String(n + 10), '--max-connections', String(n + 10)], { binary });
const pid = server.proc.pid;
await new Promise((r) => setTimeout(r, 300));
const before = rssKiB(pid);
const sockets = [];
for (let i = 0; i < n; i++) {
  const ws = new WebSocket(server.wsUrl);
  await new Promise((resolve, reject) => {
    ws.once('open', () => {
      ws.send(JSON.stringify({ type: 'hello', name: `idle${i}` }));
      ws.once('message', resolve);
    });
    ws.once('error', reject);
  });
  sockets.push(ws);
}
await new Promise((r) => setTimeout(r, 1000));
const after = rssKiB(pid);
console.log(JSON.stringify({
  connections: n,
  rss_idle_server_kib: before,
  rss_with_connections_kib: after,
  per_connection_bytes: Math.round(((after - before) * 1024) / n),
}));
for (const ws of sockets) ws.terminate();
await server.stop();

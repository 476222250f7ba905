// SIGTERM with N connections open that have said hello: how long the server
// takes to exit, and the close codes the clients get (all should be 1001,
// "server shutting down"). A benchmark that prints figures, not a test.
//   node tests/bench/shutdown.mjs [BINARY] [N]
import WebSocket from 'ws';
import { startServer } from '../integration/lib/harness.mjs';

const binary = process.argv[2] || 'build-release/server/botpit';
const n = Number(process.argv[3] || 10000);

const server = await startServer(['--max-per-ip', String(n + 10), '--max-connections', String(n + 10)], { binary });
const codes = {};
let closed = 0;
const allClosed = new Promise((resolve) => {
  const check = setInterval(() => { if (closed === n) { clearInterval(check); resolve(); } }, 50);
});
for (let i = 0; i < n; i += 500) {
  const batch = [];
  for (let j = i; j < Math.min(n, i + 500); j++) {
    const ws = new WebSocket(server.wsUrl, { perMessageDeflate: false });
    ws.on('close', (code) => { codes[code] = (codes[code] || 0) + 1; closed++; });
    ws.on('error', () => {});
    batch.push(new Promise((resolve, reject) => {
      ws.once('open', () => { ws.send(JSON.stringify({ type: 'hello', name: `S${j}` })); ws.once('message', resolve); });
      ws.once('error', reject);
    }));
  }
  await Promise.all(batch);
}
const t0 = performance.now();
const { code } = await server.stop('SIGTERM');
const exitMs = Math.round(performance.now() - t0);
await allClosed;
console.log(JSON.stringify({ connections: n, exit_code: code, shutdown_ms: exitMs, close_codes: codes }));
process.exit(0);

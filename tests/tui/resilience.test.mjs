// botpit-tui when the network misbehaves: no server yet, a server killed
// mid-game and brought back (the seat resumes), the same player connecting
// from elsewhere, a server that speaks garbage or is not a WebSocket at
// all, and TLS that checks certificates unless --insecure. Never a crash,
// always a sentence on screen.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createNetServer, connect } from 'node:net';
import { join } from 'node:path';
import { createServer as createTlsServer } from 'node:tls';
import { after, describe, test } from 'node:test';
import { WebSocketServer } from 'ws';
import { Client, startServer, tempDir } from '../integration/lib/harness.mjs';
import { Tui, configOf } from './lib/tui.mjs';

function freePort() {
  return new Promise((resolve) => {
    const s = createNetServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const listening = (server) => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));

describe('botpit-tui when the network misbehaves', () => {
  const cleanup = [];
  after(async () => {
    for (const f of cleanup.reverse()) await f();
  });

  test('no server yet: it says so, keeps trying, and connects once one starts', async () => {
    const port = await freePort();
    const tui = Tui.start([`ws://127.0.0.1:${port}/ws`, '--name', 'Ada'], { label: 'no-server' });
    cleanup.push(() => tui.stop());
    await tui.waitFor(/no server; retry in \d+s/);
    await tui.waitFor(/! Cannot reach ws:\/\/127\.0\.0\.1:\d+\/ws/);
    tui.save('1-waiting');
    // kept until the server has listed its games
    tui.command('create ricochet timer_s=30');
    const server = await startServer(['--port', String(port)]);
    cleanup.push(() => server.stop());
    const screen = await tui.waitFor(/Room [A-Z2-9]{5}/, { timeout: 20000 });
    assert.match(screen, /Sand timer \(seconds\): 30/, 'the create typed while offline is made once the games are known');
    assert.match(screen, /online/);
  });

  test('the server is killed mid-game and comes back: reconnecting, then the seat resumes', async () => {
    const db = join(tempDir(), 'botpit.db');
    let server = await startServer(['--db', db]);
    const tui = Tui.start([server.wsUrl, '--name', 'Ada'], { label: 'restart' });
    cleanup.push(async () => {
      tui.stop();
      await server.stop();
    });
    await tui.waitFor(/Games on this server\n\s+Ricochet Robots/);
    await tui.gameWithBot('create testgame');
    await tui.waitFor('total: 0');
    tui.command('act {"kind": "add", "n": 3}');
    await tui.waitFor(/total: [4-6]/);
    await server.stop('SIGKILL');
    await tui.waitFor(/reconnecting/);
    await tui.waitFor('! The connection dropped');
    tui.save('2-reconnecting');
    server = await startServer(['--db', db, '--port', String(server.port)]);
    await tui.waitFor(/Ada \(seat 1\)\s+online/, { timeout: 20000 });
    const screen = await tui.waitFor(/total: [4-6]/);
    assert.match(screen, /has no board in the terminal yet/, 'back at the table');
    tui.save('3-resumed');
    tui.command('act {"kind": "add", "n": 1}');
    await tui.waitFor(/total: ([5-9]|1\d)/);
  });

  test('the same player connecting elsewhere replaces it; :reconnect takes the seat back', async () => {
    const server = await startServer();
    const tui = Tui.start([server.wsUrl, '--name', 'Ada'], { label: 'replaced' });
    cleanup.push(async () => {
      tui.stop();
      await server.stop();
    });
    await tui.waitFor(/Games on this server\n\s+Ricochet/);
    tui.command('create ricochet');
    const code = (await tui.waitFor(/Room ([A-Z2-9]{5})/)).match(/Room ([A-Z2-9]{5})/)[1];
    const { token } = configOf(tui.home).servers[server.wsUrl];
    const elsewhere = await Client.connect(server);
    const welcome = await elsewhere.hello('Ada', token);
    assert.equal(welcome.room, code, 'the same player, in the same room');
    await tui.waitFor('You connected again from somewhere else');
    await tui.waitFor('replaced: :reconnect');
    tui.save('4-replaced');
    tui.command('reconnect');
    const closed = await elsewhere.closed;
    assert.equal(closed.code, 4001);
    await tui.waitFor(new RegExp(`Room ${code}`));
    await tui.waitFor(/Ada \(seat 1\)\s+online/);
  });

  test('a server that speaks garbage gets a sentence, not a crash', async () => {
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((r) => wss.on('listening', r));
    wss.on('connection', (ws) => {
      ws.on('message', () => {
        ws.send('this is not JSON at all');
        setTimeout(() => ws.send('[1, 2, 3]'), 300);
        setTimeout(() => ws.send(Buffer.from([0xff, 0x00, 0x13]), { binary: true }), 600);
      });
    });
    cleanup.push(() => new Promise((r) => wss.close(r)));
    const tui = Tui.start([`ws://127.0.0.1:${wss.address().port}/ws`, '--name', 'Ada'], { label: 'garbage' });
    cleanup.push(() => tui.stop());
    await tui.waitFor('! The server sent something that is not JSON');
    await tui.waitFor('! The server sent JSON that is not a message');
    tui.save('5-garbage');
    tui.keys('q');
    assert.equal(await tui.exited(), 0);
  });

  test('an address that is no WebSocket server gets a sentence too', async () => {
    const http = createHttpServer((req, res) => {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('nothing here');
    });
    const port = await listening(http);
    cleanup.push(() => new Promise((r) => http.close(r)));
    const tui = Tui.start([`http://127.0.0.1:${port}/`, '--name', 'Ada'], { label: 'not-websocket' });
    cleanup.push(() => tui.stop());
    await tui.waitFor(/! Cannot reach ws:\/\/127\.0\.0\.1:\d+\/ws: something answers there, but not a Botpit/);
    tui.save('6-not-websocket');
    tui.keys('q');
    assert.equal(await tui.exited(), 0);
  });

  test('TLS checks the certificate, and --insecure skips the check for a test box', async () => {
    const dir = tempDir();
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    const server = await startServer();
    const tls = createTlsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (sock) => {
      const up = connect(server.port, '127.0.0.1');
      sock.pipe(up).pipe(sock);
      up.on('error', () => sock.destroy());
      sock.on('error', () => up.destroy());
    });
    const port = await listening(tls);
    cleanup.push(async () => {
      await new Promise((r) => tls.close(r));
      await server.stop();
    });
    const strict = Tui.start([`wss://127.0.0.1:${port}/ws`, '--name', 'Ada'], { label: 'tls-strict' });
    cleanup.push(() => strict.stop());
    await strict.waitFor(/! Cannot reach wss:\/\/127\.0\.0\.1:\d+\/ws: the secure connection failed/);
    assert.doesNotMatch(strict.screen(), /online/);
    strict.save('7-tls-refused');
    const insecure = Tui.start([`wss://127.0.0.1:${port}/ws`, '--name', 'Ada', '--insecure'], { label: 'tls-insecure' });
    cleanup.push(() => insecure.stop());
    await insecure.waitFor(/Games on this server\n\s+Ricochet Robots/, { timeout: 15000 });
    assert.match(insecure.screen(), /online/);
  });
});

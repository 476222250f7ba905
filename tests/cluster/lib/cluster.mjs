// The distributed mode's harness: a real redis-server of the test's own (a
// free loopback port, its own folder, an append-only file fsynced on every
// write) and real botpit nodes on 127.0.0.2, .3, .4 ... sharing one port
// number, each with its own node id and address. Clients are the
// integration harness' (every message checked against its schema).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { request as httpRequest } from 'node:http';
import { Client, serverBinary, sleep } from '../../integration/lib/harness.mjs';

export { Client, sleep };

/** A GET to a node (any loopback address), on a fresh connection. */
export function httpGet(node, path, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: node.addr, port: node.port, path, headers, agent: false }, (res) => {
      let text = '';
      res.on('data', (d) => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode, text, json: () => JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

export function tempDir() {
  return mkdtempSync(join(tmpdir(), 'botpit-cluster-'));
}

// Whatever a failed test leaves running is killed once the file's tests end.
const running = new Set();
if (process.env.NODE_TEST_CONTEXT) {
  after(() => {
    setTimeout(() => { for (const p of running) p.kill('SIGKILL'); }, 10000).unref();
  });
}
function track(proc) {
  running.add(proc);
  proc.on('exit', () => running.delete(proc));
  return proc;
}

/** A port free on every address of 127.0.0.0/8 we use (bound on all of them to check). */
export async function freePort() {
  for (;;) {
    const port = await new Promise((resolve, reject) => {
      const s = createServer();
      s.once('error', reject);
      s.listen(0, '127.0.0.1', () => { const { port: p } = s.address(); s.close(() => resolve(p)); });
    });
    const free = await Promise.all([2, 3, 4, 5, 6].map((h) => new Promise((resolve) => {
      const s = createServer();
      s.once('error', () => resolve(false));
      s.listen(port, `127.0.0.${h}`, () => s.close(() => resolve(true)));
    })));
    if (free.every(Boolean)) return port;
  }
}

/** Commands to Redis over RESP (a test's own inspection). */
export class RedisClient {
  constructor(port) { this.port = port; }

  async command(...args) {
    const sock = new Socket();
    await new Promise((resolve, reject) => { sock.once('error', reject); sock.connect(this.port, '127.0.0.1', resolve); });
    const payload = `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(String(a))}\r\n${a}\r\n`).join('')}`;
    sock.write(payload);
    let buf = Buffer.alloc(0);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => { sock.destroy(); reject(new Error(`redis ${args[0]}: no answer`)); }, 5000);
      sock.on('data', (d) => {
        buf = Buffer.concat([buf, d]);
        const parsed = parseReply(buf, 0);
        if (parsed) { clearTimeout(timer); sock.destroy(); resolve(parsed.value); }
      });
      sock.on('error', (e) => { clearTimeout(timer); reject(e); });
    });
  }
}

function parseReply(buf, at) {
  const eol = buf.indexOf('\r\n', at);
  if (eol < 0) return null;
  const kind = String.fromCharCode(buf[at]);
  const line = buf.toString('utf8', at + 1, eol);
  const next = eol + 2;
  if (kind === '+') return { value: line, end: next };
  if (kind === '-') return { value: new Error(line), end: next };
  if (kind === ':') return { value: Number(line), end: next };
  if (kind === '$') {
    const n = Number(line);
    if (n < 0) return { value: null, end: next };
    if (buf.length < next + n + 2) return null;
    return { value: buf.toString('utf8', next, next + n), end: next + n + 2 };
  }
  if (kind === '*') {
    const n = Number(line);
    if (n < 0) return { value: null, end: next };
    const out = [];
    let pos = next;
    for (let i = 0; i < n; i++) {
      const r = parseReply(buf, pos);
      if (!r) return null;
      out.push(r.value);
      pos = r.end;
    }
    return { value: out, end: pos };
  }
  throw new Error(`unexpected RESP ${kind}`);
}

/** A redis-server of the test's own; restart() keeps its folder (and data). */
export async function startRedis({ aof = true, password = null } = {}) {
  const dir = tempDir();
  const port = await freePort();
  const redis = {
    port, dir, proc: null, password,
    url: password ? `redis://:${password}@127.0.0.1:${port}` : `redis://127.0.0.1:${port}`,
    client: new RedisClient(port),
    async start() {
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--dir', dir,
        '--appendonly', aof ? 'yes' : 'no', '--appendfsync', 'always', '--loglevel', 'warning'];
      if (password) args.push('--requirepass', password);
      this.proc = track(spawn('redis-server', args, { stdio: ['ignore', 'ignore', 'pipe'] }));
      this.exited = new Promise((resolve) => this.proc.on('exit', resolve));
      for (let i = 0; i < 100; i++) {
        try {
          const r = password ? await this.client.commandAuthed(password, 'PING') : await this.command('PING');
          if (r === 'PONG') return;
        } catch { /* not yet */ }
        await sleep(50);
      }
      throw new Error('redis-server did not start');
    },
    async command(...args) {
      if (!password || args[0] === 'AUTH') return this.client.command(...args);
      // A fresh connection per command: authenticate on the same socket.
      const sock = new RedisClient(port);
      return sock.commandAuthed(password, ...args);
    },
    async kill(signal = 'SIGKILL') {
      this.proc.kill(signal);
      if (signal === 'SIGKILL' || signal === 'SIGTERM') await this.exited;
    },
    async stop() {
      if (this.proc && this.proc.exitCode === null && this.proc.signalCode === null) {
        this.proc.kill('SIGCONT');
        this.proc.kill('SIGTERM');
        await this.exited;
      }
    },
  };
  await redis.start();
  return redis;
}

RedisClient.prototype.commandAuthed = async function commandAuthed(password, ...args) {
  const sock = new Socket();
  await new Promise((resolve, reject) => { sock.once('error', reject); sock.connect(this.port, '127.0.0.1', resolve); });
  const enc = (a) => `*${a.length}\r\n${a.map((x) => `$${Buffer.byteLength(String(x))}\r\n${x}\r\n`).join('')}`;
  sock.write(enc(['AUTH', password]) + enc(args));
  let buf = Buffer.alloc(0);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { sock.destroy(); reject(new Error('redis: no answer')); }, 5000);
    sock.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      const first = parseReply(buf, 0);
      const second = first && parseReply(buf, first.end);
      if (second) { clearTimeout(timer); sock.destroy(); resolve(second.value); }
    });
    sock.on('error', (e) => { clearTimeout(timer); reject(e); });
  });
};

/** Runs botpit with args and returns {code, stdout, stderr} once it exits (start-up failures). */
export function runBotpit(args, timeoutMs = 20000) {
  const r = spawnSync(serverBinary(), args, { encoding: 'utf8', timeout: timeoutMs });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

/**
 * A botpit node: 127.0.0.{host} on port, node id `n{host}`, on redis. It
 * prints its URL once it listens; restart() starts it again with the same
 * id and address.
 */
export async function startNode(redis, host, port, { ttl = 2, args = [], env = {} } = {}) {
  const id = `n${host}`;
  const addr = `127.0.0.${host}`;
  const node = {
    id, host, addr, port,
    url: `http://${addr}:${port}`,
    wsUrl: `ws://${addr}:${port}/ws`,
    httpUrl: `http://${addr}:${port}`,
    proc: null,
    stderrText: '',
    async start() {
      const argv = ['--port', String(port), '--bind', addr, '--log-level', 'info', '--no-quotas',
        '--redis', redis.url, '--node-id', id, '--node-url', this.url, '--node-ttl', String(ttl), ...args];
      this.proc = track(spawn(serverBinary(), argv, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } }));
      this.stderrText = '';
      this.proc.stderr.on('data', (d) => { this.stderrText += d; });
      this.exited = new Promise((resolve) => this.proc.on('exit', (code, signal) => resolve({ code, signal })));
      let out = '';
      await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`node ${id} did not start:\n${out}\n${this.stderrText}`)), 20000);
        this.proc.stdout.on('data', (d) => {
          out += d;
          if (out.includes('Press Ctrl-C to stop.')) { clearTimeout(timer); resolve(); }
        });
        this.exited.then(({ code }) => { clearTimeout(timer); reject(new Error(`node ${id} exited ${code}:\n${out}\n${this.stderrText}`)); });
      });
      return this;
    },
    stderr() { return this.stderrText; },
    alive() { return this.proc && this.proc.exitCode === null && this.proc.signalCode === null; },
    async stop(signal = 'SIGTERM') {
      if (this.alive()) {
        if (signal !== 'SIGKILL') this.proc.kill('SIGCONT');
        this.proc.kill(signal);
      }
      const r = await this.exited;
      if (r.code && r.signal === null) process.stderr.write(`node ${id} exited ${r.code}; its stderr:\n${this.stderrText}\n`);
      return r;
    },
    pause() { this.proc.kill('SIGSTOP'); },
    resume() { this.proc.kill('SIGCONT'); },
  };
  return node.start();
}

/** Redis and n nodes (127.0.0.2 ...), all stopped by stop(). */
export async function startCluster(n = 3, opts = {}) {
  const redis = await startRedis(opts.redis);
  const port = await freePort();
  const nodes = [];
  for (let i = 0; i < n; i++) nodes.push(await startNode(redis, i + 2, port, opts));
  return {
    redis, port, nodes,
    async stop() {
      const results = [];
      for (const node of nodes) if (node.alive()) results.push(await node.stop());
      await redis.stop();
      return results;
    },
  };
}

/** A value of a node's /metrics (the first series of name). */
export async function metric(node, name) {
  const text = (await httpGet(node, '/metrics')).text;
  const m = text.match(new RegExp(`^${name.replace(/[{}"]/g, '\\$&')} (-?[\\d.]+)$`, 'm'));
  if (!m) throw new Error(`/metrics of ${node.id} has no ${name}`);
  return Number(m[1]);
}

/** A client of node that said hello (with token, if given). */
export async function hello(node, name, token) {
  const c = await Client.connect(node);
  await c.hello(name, token);
  c.node = node;
  return c;
}

/** The WebSocket address of a moved.url. */
export function wsOf(url) {
  return `${url.replace(/^http/, 'ws').replace(/\/+$/, '')}/ws`;
}

/**
 * Sends `join` and follows `moved` as a client must: a new connection to
 * the node named, hello with the same token, the same join. Returns the
 * client that holds the room (a new one if it moved) and the `room` reply.
 */
export async function joinFollowing(client, code, as) {
  const fields = as ? { room: code, as } : { room: code };
  const reply = await client.request('join', fields);
  if (reply.type !== 'moved') {
    if (reply.type === 'error') throw new Error(`join refused: ${reply.code}: ${reply.message}`);
    return { client, room: reply, moved: null };
  }
  assert.equal(reply.room, code);
  const name = client.welcome.you.name;
  client.close();
  const there = await Client.connect({ wsUrl: wsOf(reply.url) });
  await there.hello(name, client.token);
  assert.equal(there.welcome.you.id, client.welcome.you.id, 'the same player on the other node');
  const room = await there.ok('join', fields);
  return { client: there, room, moved: reply };
}

/**
 * Connects a returning player (token) through the first node of `via` that
 * answers, following `moved` and retrying while nodes die or rooms move:
 * resolves with the client (welcomed, in its room if it has one) once a
 * node holds the player's room.
 */
export async function reconnect(via, name, token, { timeoutMs = 30000, wantRoom = null } = {}) {
  const deadline = Date.now() + timeoutMs;
  let target = null;
  let lastError = null;
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    const url = target ?? via[attempt % via.length].wsUrl;
    target = null;
    let c;
    try {
      c = await Client.connect({ wsUrl: url });
    } catch (e) {
      lastError = e;
      await sleep(200);
      continue;
    }
    const welcome = await c.request('hello', { name, token }, 10000).catch((e) => ({ type: 'error', message: String(e) }));
    if (welcome.type !== 'welcome') {
      lastError = new Error(`hello: ${welcome.code ?? ''} ${welcome.message}`);
      c.drop();
      await sleep(200);
      continue;
    }
    c.welcome = welcome;
    c.token = welcome.token;
    c.id = welcome.you.id;
    if (wantRoom && welcome.room !== wantRoom) {
      lastError = new Error(`welcome.room is ${welcome.room}, not ${wantRoom}`);
      c.drop();
      await sleep(200);
      continue;
    }
    // A room elsewhere: welcome then moved.
    const moved = welcome.room ? await c.next((m) => m.type === 'moved' || m.type === 'room', 5000).catch(() => null) : null;
    if (moved?.type === 'moved') {
      target = wsOf(moved.url);
      c.drop();
      continue;
    }
    if (moved?.type === 'room') c.queue.unshift(moved);
    return c;
  }
  throw new Error(`could not reconnect ${name}: ${lastError}`);
}

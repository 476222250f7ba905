// The integration harness: a real botpit on a free port of 127.0.0.1 and
// real WebSocket clients whose every received message is checked against
// protocol/schema/server/<type>.json and, for the game inside a state or an
// over, against the room's game's schemas (protocol/schema/games/<id>/; see
// schemas.mjs). A message that breaks its schema fails the test that was
// running when it came (and the file, if it came after the last test).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, afterEach, before } from 'node:test';
import WebSocket from 'ws';
import { MessageChecker } from './schemas.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = join(here, '..', '..', '..');

/** Every schema failure seen in this process (tests may assert it is empty). */
export const schemaFailures = [];

let reported = 0;
function reportSchemaFailures() {
  if (schemaFailures.length === reported) return;
  const fresh = schemaFailures.slice(reported);
  reported = schemaFailures.length;
  throw new Error(`${fresh.length} message(s) broke their schema:\n${fresh.join('\n')}`);
}
if (process.env.NODE_TEST_CONTEXT) {
  afterEach(reportSchemaFailures);
  after(reportSchemaFailures);
}

export function serverBinary() {
  const bin = process.env.BOTPIT_TEST_BIN;
  if (!bin) throw new Error('BOTPIT_TEST_BIN is not set (meson test sets it)');
  return bin;
}

/** A fresh folder for a test's files (databases). */
export function tempDir() {
  return mkdtempSync(join(tmpdir(), 'botpit-test-'));
}

// A test that fails half-way leaves its servers running, and their open
// sockets would keep the test file alive until meson's timeout. So once the
// tests are done, whatever the file's own after-hooks have not stopped
// within a grace period is killed, and the failure is reported at once.
// (The timer is unref'd: it never holds up a file that ends cleanly.)
export const LEFTOVER_GRACE_MS = 10000;
const running = new Set();
if (process.env.NODE_TEST_CONTEXT) {
  after(() => {
    setTimeout(() => {
      for (const proc of running) proc.kill('SIGKILL');
    }, LEFTOVER_GRACE_MS).unref();
  });
}

// Every test client comes from 127.0.0.1, so the per-address quotas are
// off unless a test asks for them (quotas: true, or one of their flags).
const QUOTA_FLAGS = ['--rooms-per-addr', '--rooms-per-player', '--bots-per-addr', '--rooms-per-min', '--resumes-per-min', '--room-chat',
  '--players-per-min', '--joins-per-min'];

/** Starts botpit; resolves once it prints the URL it listens on. */
export async function startServer(args = [], { binary = serverBinary(), env = {}, quotas = false } = {}) {
  const db = args.includes('--db') ? [] : ['--db', join(tempDir(), 'botpit.db')];
  const noQuotas = quotas || args.some((a) => QUOTA_FLAGS.includes(a)) ? [] : ['--no-quotas'];
  const proc = spawn(binary, ['--port', '0', '--bind', '127.0.0.1', '--log-level', 'warn', ...db, ...noQuotas, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  running.add(proc);
  proc.on('exit', () => running.delete(proc));
  let stdout = '';
  let stderr = '';
  proc.stderr.on('data', (d) => { stderr += d; });
  const exited = new Promise((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${stdout}\n${stderr}`)), 10000);
    proc.stdout.on('data', (d) => {
      stdout += d;
      const m = stdout.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) { clearTimeout(timer); resolve(Number(m[1])); }
    });
    exited.then(({ code }) => reject(new Error(`server exited with ${code}:\n${stdout}\n${stderr}`)));
  });
  return {
    port,
    proc,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    httpUrl: `http://127.0.0.1:${port}`,
    exited,
    stderr: () => stderr,
    /** Resolves once stderr matches re: what the server logs before it
     *  prints its address may still be on its way through the other pipe. */
    async said(re, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!re.test(stderr)) {
        if (Date.now() > deadline) assert.fail(`the server never logged ${re}; its stderr:\n${stderr}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return stderr;
    },
    /** Stops the server; a non-zero exit shows its stderr (sanitizer reports). */
    async stop(signal = 'SIGTERM') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      const result = await exited;
      if (result.code !== 0 && result.signal === null) process.stderr.write(`botpit exited ${result.code}; its stderr:\n${stderr}\n`);
      return result;
    },
  };
}

/**
 * One server for the whole test file: started before its tests, stopped
 * after them, and it must exit cleanly. Returns a box whose .server is set
 * once started.
 */
export function serverForFile(args = []) {
  const box = { server: null };
  before(async () => { box.server = await startServer(args); });
  after(async () => {
    const { code } = await box.server.stop();
    assert.equal(code, 0, 'the server exits cleanly');
  });
  return box;
}

let nextId = 1;

/** A WebSocket client that queues what it receives and checks each message. */
export class Client {
  constructor(ws) {
    this.ws = ws;
    this.queue = [];
    this.waiters = [];
    this.problems = [];
    this.checker = new MessageChecker();
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        this.closeInfo = { code, reason: reason.toString() };
        resolve(this.closeInfo);
        this._wake();
      });
    });
    ws.on('message', (data, isBinary) => {
      let m;
      try {
        m = JSON.parse(data.toString());
      } catch {
        this.problems.push(`not JSON: ${data}`);
        return;
      }
      const problems = isBinary ? ['a binary frame'] : this.checker.received(m);
      for (const problem of problems) {
        const line = `${m.type}: ${problem} in ${JSON.stringify(m).slice(0, 300)}`;
        this.problems.push(line);
        schemaFailures.push(line);
      }
      this.queue.push(m);
      this._wake();
    });
  }

  /** options go to the WebSocket (headers, localAddress, rejectUnauthorized). */
  static async connect(server, options = {}) {
    const ws = new WebSocket(server.wsUrl, { maxPayload: 16 << 20, ...options });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return new Client(ws);
  }

  _wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  /**
   * Sends a message that must itself match its client schema (an act's
   * action is checked against its game once the server accepts it).
   */
  send(message) {
    const problems = this.checker.sent(message);
    if (problems.length) throw new Error(`the test sends an invalid ${message.type}: ${problems.join('; ')}`);
    this.ws.send(JSON.stringify(message));
  }

  /** Sends anything at all (bad input tests). */
  sendRaw(text) {
    this.ws.send(text);
  }

  /** The first queued message matching pred (a type or a function). */
  async next(pred, timeoutMs = 5000) {
    const match = typeof pred === 'function' ? pred : (m) => m.type === pred;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = this.queue.findIndex(match);
      if (i >= 0) return this.queue.splice(i, 1)[0];
      if (this.closeInfo) throw new Error(`closed (${this.closeInfo.code} ${this.closeInfo.reason}) while waiting; queue: ${this.describeQueue()}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting; queue: ${this.describeQueue()}`);
      await new Promise((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => { clearTimeout(t); resolve(); });
      });
    }
  }

  describeQueue() {
    const names = this.queue.map((m) => m.type + (m.code ? `:${m.code}` : ''));
    const shown = names.length > 12 ? [`(${names.length - 12} more)`, ...names.slice(-12)] : names;
    return shown.join(', ') || '(empty)';
  }

  /** Sends with a fresh id and returns the reply that echoes it. */
  async request(type, fields = {}, timeoutMs = 5000) {
    const id = nextId++;
    this.send({ type, id, ...fields });
    return this.next((m) => m.id === id, timeoutMs);
  }

  /** Like request, but the reply must not be an error. */
  async ok(type, fields = {}) {
    const reply = await this.request(type, fields);
    if (reply.type === 'error') throw new Error(`${type} refused: ${reply.code}: ${reply.message}`);
    return reply;
  }

  async hello(name, token) {
    const welcome = await this.ok('hello', token ? { name, token } : { name });
    this.welcome = welcome;
    this.id = welcome.you.id;
    this.token = welcome.token;
    return welcome;
  }

  /** Drops every queued message (after a step whose broadcasts don't matter). */
  drain() {
    this.queue.length = 0;
  }

  close() {
    this.ws.close();
    return this.closed;
  }

  /** Cuts the TCP connection without a close handshake. */
  drop() {
    this.ws.terminate();
    return this.closed;
  }
}

/** A connected client that has said hello. */
export async function player(server, name, options = {}) {
  const c = await Client.connect(server, options);
  await c.hello(name);
  return c;
}

/**
 * A GET on a fresh connection, the path sent exactly as given (fetch would
 * normalise ".." and reuse kept-alive sockets, racing the server's idle
 * timeout).
 */
export function httpGet(server, path, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, path, headers, agent: false }, (res) => {
      let text = '';
      res.on('data', (d) => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode, headers: { get: (h) => res.headers[h.toLowerCase()] ?? null }, text }));
    });
    req.on('error', reject);
    req.end();
  });
}


export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

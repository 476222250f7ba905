// Helpers for the storage fault tests: breaking the real server's database
// writes in ways that need no privileges, and reading what it says about it.
import { execFileSync, spawn } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { httpGet, player, sleep, startServer, tempDir } from './harness.mjs';

/** A value of /metrics (the first series of `name`, or one with `labels`). */
export async function metric(server, name, labels = '') {
  const text = (await httpGet(server, '/metrics')).text;
  const escaped = (name + (labels ? `{${labels}}` : '')).replace(/[{}"]/g, '\\$&');
  const m = text.match(new RegExp(`^${escaped} (-?\\d+)$`, 'm'));
  if (!m) throw new Error(`/metrics has no ${name}${labels ? `{${labels}}` : ''}`);
  return Number(m[1]);
}

/**
 * A server whose database writes can be made to fail: botpit-test reads
 * the file BOTPIT_FAULTS names before every write (tests/support/faultvfs.c).
 */
export async function faultyServer(args = []) {
  const dir = tempDir();
  const control = join(dir, 'faults');
  const db = join(dir, 'botpit.db');
  writeFileSync(control, '');
  const server = await startServer(['--db', db, ...args], { env: { BOTPIT_FAULTS: control } });
  server.db = db;
  /** 'full' (a full disk), 'readonly' (a read-only file system) or '' (none). */
  server.fault = (mode) => writeFileSync(control, mode);
  return server;
}

/**
 * Makes every write past `extra` more bytes of the largest database file
 * fail, as a full small disk does: the file size limit (RLIMIT_FSIZE) of
 * the running server, which ignores SIGXFSZ. No privileges needed.
 */
export function fillDiskAfter(server, extra) {
  const sizes = ['', '-wal'].map((s) => {
    try { return statSync(server.db + s).size; } catch { return 0; }
  });
  const limit = Math.max(...sizes) + extra;
  execFileSync('prlimit', ['--pid', String(server.proc.pid), `--fsize=${limit}:`]);
  return limit;
}

/** Lifts the file size limit again. */
export function freeDisk(server) {
  execFileSync('prlimit', ['--pid', String(server.proc.pid), '--fsize=unlimited:']);
}

/**
 * Another process holds the database's write lock (as a backup or a stray
 * sqlite3 shell would) until release() is called.
 */
export async function holdWriteLock(db) {
  const shell = spawn('sqlite3', [db], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  shell.stdout.on('data', (d) => { out += d; });
  shell.stdin.write('BEGIN IMMEDIATE;\nSELECT \'locked\';\n');
  for (let i = 0; i < 200 && !out.includes('locked'); i++) await sleep(10);
  if (!out.includes('locked')) throw new Error('sqlite3 did not take the lock');
  return async () => {
    const gone = new Promise((resolve) => shell.on('exit', resolve));
    shell.stdin.end('COMMIT;\n');
    await gone;
  };
}

/**
 * Ada and Bob in a started testgame room (Ada's turn); returns them with
 * the room and Ada's first state.
 */
export async function startedGame(server, options = { target: 1000 }) {
  const ada = await player(server, 'Ada');
  const room = await ada.ok('create', { game: 'testgame', options });
  const bob = await player(server, 'Bob');
  await bob.ok('join', { room: room.code });
  await ada.ok('start');
  const state = await ada.next('state');
  await bob.next('state');
  return { ada, bob, room, state };
}

/** Lines of the server's log at level error that contain `text`. */
export function errorLines(server, text) {
  return server.stderr().split('\n').filter((l) => / error /.test(l) && l.includes(text));
}

/** Polls pred() until it is true; false after timeoutMs. */
export async function eventually(pred, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await pred()) return true;
    await sleep(50);
  }
  return false;
}

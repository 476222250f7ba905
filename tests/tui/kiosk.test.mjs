// botpit-tui --kiosk, as botpit-ssh runs it for a shared account: the name
// and token only in the --state folder (none: a guest, nothing kept, not
// even where XDG_CONFIG_HOME points), no debug log whatever the
// environment says, Ctrl-Z does not stop it; and --forwarded-for gives a
// server behind which it plays (--trust-proxy) the player's own address.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startServer } from '../integration/lib/harness.mjs';
import { Tui, sleep, tuiBinary } from './lib/tui.mjs';

const fresh = (what) => mkdtempSync(join(tmpdir(), `botpit-kiosk-${what}-`));

/** The process state letter of pid (R, S, T for stopped, ...). */
function procState(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2)[0];
}

describe('botpit-tui --kiosk', () => {
  let server;
  const tuis = [];
  before(async () => {
    server = await startServer(['--trust-proxy', '--max-per-ip', '1']);
  });
  after(async () => {
    for (const t of tuis) t.stop();
    await server?.stop();
  });

  function start(args, label, env = {}) {
    const home = fresh('home');
    const log = join(fresh('log'), 'tui.log');
    const t = Tui.start([server.wsUrl, '--kiosk', ...args], { label, home, env: { BOTPIT_TUI_LOG: log, ...env } });
    t.debugLog = log;
    tuis.push(t);
    return t;
  }

  test('with --state it keeps the player there, and only there, with no debug log', async () => {
    const state = fresh('state');
    const tui = start(['--state', state, '--forwarded-for', '192.0.2.10'], 'kiosk-state');
    await tui.waitFor('Choose a name');
    assert.match(tui.screen(), /Your name and player are kept for you/);
    tui.type('Ada');
    tui.keys('Enter');
    await tui.waitFor(/Games on this server/);
    const file = join(state, 'tui.json');
    for (let i = 0; i < 50 && !existsSync(file); i++) await sleep(100);
    const cfg = JSON.parse(readFileSync(file, 'utf8'));
    assert.equal(cfg.name, 'Ada');
    assert.match(cfg.servers[server.wsUrl].token, /^[0-9a-f]{32}$/);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.deepEqual(readdirSync(tui.home).filter((f) => f !== 'stderr.txt'), [],
      'nothing where XDG_CONFIG_HOME points');
    assert.equal(existsSync(tui.debugLog), false, 'BOTPIT_TUI_LOG is ignored');
    tui.save('1-lobby');
    tui.keys('q');
    assert.equal(await tui.exited(), 0);

    const again = start(['--state', state, '--forwarded-for', '192.0.2.10'], 'kiosk-again');
    const screen = await again.waitFor(/Games on this server/);
    assert.doesNotMatch(screen, /Choose a name/);
    assert.match(screen, /Ada/, 'the same player, by the token in the folder');
    again.keys('q');
    assert.equal(await again.exited(), 0);
  });

  test('without --state it is a guest: asked for a name, nothing kept anywhere', async () => {
    const tui = start(['--forwarded-for', '192.0.2.11'], 'kiosk-guest');
    const first = await tui.waitFor('Choose a name');
    assert.doesNotMatch(first, /nothing will be remembered|XDG_CONFIG_HOME/, 'no missing folder, no folder named');
    assert.match(first, /You play as a guest: nothing is kept/);
    tui.type('Guest');
    tui.keys('Enter');
    await tui.waitFor(/Games on this server/);
    await sleep(300);
    assert.deepEqual(readdirSync(tui.home).filter((f) => f !== 'stderr.txt'), []);
    tui.keys('q');
    assert.equal(await tui.exited(), 0);
  });

  test('Ctrl-Z does not stop it, even under a shell with job control', async () => {
    // Under sshd the game leads its own session, whose process group the
    // kernel never stops; under a shell with job control (bash -i) it is a
    // job the terminal's Ctrl-Z stops, which is what --kiosk must prevent.
    const home = fresh('home');
    const tui = Tui.start(['--norc', '--noprofile', '-i', '-c', '"$0" "$@"; exit $?', tuiBinary(), server.wsUrl, '--kiosk', '--forwarded-for', '192.0.2.12'],
      { binary: 'bash', label: 'kiosk-ctrl-z', home });
    tuis.push(tui);
    await tui.waitFor('Choose a name');
    const game = Number(execFileSync('pgrep', ['-P', String(tui.pid())], { encoding: 'utf8' }).trim());
    tui.keys('C-z');
    await sleep(300);
    assert.notEqual(procState(game), 'T', 'not stopped');
    tui.type('Zed');
    tui.keys('Enter');
    await tui.waitFor(/Games on this server/);
    tui.keys('C-z');
    await sleep(300);
    assert.notEqual(procState(game), 'T');
    tui.keys('?');
    await tui.waitFor(/Keys|help/i);
    tui.save('ctrl-z-still-answers');
    tui.keys('Escape', 'q');
    assert.equal(await tui.exited(), 0);
  });

  test('--forwarded-for: the server counts each player by their own address', async () => {
    // The server allows one connection per address (--max-per-ip 1) and
    // sees every one of these come from 127.0.0.1.
    const a = start(['--name', 'Ann', '--forwarded-for', '192.0.2.20'], 'kiosk-addr-a');
    const b = start(['--name', 'Ben', '--forwarded-for', '2001:db8::20'], 'kiosk-addr-b');
    await a.waitFor(/Games on this server[\s\S]*online|online[\s\S]*Games on this server/);
    await b.waitFor(/Games on this server[\s\S]*online|online[\s\S]*Games on this server/);
    const c = start(['--name', 'Cat', '--forwarded-for', '192.0.2.20'], 'kiosk-addr-c');
    const screen = await c.waitFor(/too many connections from your address/i);
    c.save('same-address-refused');
    assert.doesNotMatch(screen, /\bonline\b/);
    assert.match(a.screen(), /\bonline\b/, 'the first from that address still plays');
    for (const t of [a, b, c]) t.keys('q');
  });

  test('--forwarded-for takes an IP address only', async () => {
    const t = start(['--forwarded-for', '1.2.3.4\r\nX-Evil: 1'], 'kiosk-bad-address');
    assert.equal(await t.exited(), 2);
    assert.match(t.stderrText(), /--forwarded-for needs an IP address/);
  });
});

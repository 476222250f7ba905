// botpit-ssh as sshd runs it for the play account, with sshd's variables
// made by hand (SSH_CONNECTION, SSH_USER_AUTH's file, the client's TERM and
// locale) and the real botpit-tui and server: a key is asked for a name
// once and is the same player every time after; another key is another
// player; no key is a guest with nothing kept; commands and sessions
// without a terminal are refused; the limits per address at once and per
// minute hold; and nothing the client sends reaches the game's process.
// (scripts/vps-test does the same through a real sshd.)
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startServer } from '../integration/lib/harness.mjs';
import { Tui, sleep, tuiBinary } from '../tui/lib/tui.mjs';

const sshBin = process.env.BOTPIT_SSH_BIN;
const ED25519 = 'AAAAC3NzaC1lZDI1NTE5AAAAINgrdgouauqahtj1ee1D5PcXSJhF9mZFkIlaWRL4Lpfa';
const ED25519_FP = 'SHA256:NM78q1ENIBCxV9ISR0+E8wWDz080IjJENUmVtdw68Yc';
const ED25519_HEX = '34cefcab510d2010b157d212474f84f30583cf4f34223244354995b5dc3af187';
const OTHER = 'AAAAC3NzaC1lZDI1NTE5AAAAIIxlyhDQD9Y4Z9nyZcBupBo5ICJP1BZA+NwlHKhaqaQd';

const fresh = (what) => mkdtempSync(join(tmpdir(), `botpit-ssh-${what}-`));

describe('botpit-ssh, the play account\'s program', () => {
  let server;
  const tuis = [];
  before(async () => {
    server = await startServer(['--trust-proxy']);
  });
  after(async () => {
    for (const t of tuis) t.stop();
    await server?.stop();
  });

  /** A settings file and state folder, as install.sh makes them. */
  function setup(extra = '') {
    const dir = fresh('host');
    const conf = join(dir, 'botpit-ssh.conf');
    writeFileSync(conf, `server ${server.wsUrl}\ntui ${tuiBinary()}\nstate ${dir}\n${extra}`);
    chmodSync(conf, 0o600);
    return { dir, conf };
  }

  function authFile(text) {
    const f = join(fresh('auth'), 'sshauth');
    writeFileSync(f, text);
    return f;
  }

  /** A session in tmux, as sshd would start it (what it says to the
   *  player goes to stderr, which sshd puts on the terminal: stderrText()). */
  function session(host, { key, addr = '192.0.2.1', env = {}, label }) {
    const auth = authFile(key ? `publickey ssh-ed25519 ${key}\n` : 'keyboard-interactive\n');
    const t = Tui.start(['--config', host.conf], {
      binary: sshBin,
      label,
      env: { SSH_CONNECTION: `${addr} 50022 192.0.2.254 22`, SSH_USER_AUTH: auth, ...env },
    });
    tuis.push(t);
    return t;
  }

  /** A session with no terminal (ssh -T): its exit status and what it said. */
  function noTerminal(host, addr, env = {}) {
    const r = spawnSync(sshBin, ['--config', host.conf], {
      env: { PATH: process.env.PATH, SSH_CONNECTION: `${addr} 50022 192.0.2.254 22`, ...env },
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    return { status: r.status, said: r.stderr };
  }

  test('--help; the keys command lets any well-formed key in with a terminal only', () => {
    assert.match(execFileSync(sshBin, ['--help'], { encoding: 'utf8' }), /botpit-ssh keys TYPE KEY/);
    const line = execFileSync(sshBin, ['keys', 'ssh-ed25519', ED25519], { encoding: 'utf8' });
    assert.equal(line, `restrict,pty ssh-ed25519 ${ED25519}\n`);
    const bad = spawnSync(sshBin, ['keys', 'ssh-ed25519', `${ED25519}\ncommand="sh"`], { encoding: 'utf8' });
    assert.equal(bad.status, 1);
    assert.equal(bad.stdout, '', 'nothing printed: sshd refuses the key');
  });

  test('a key: asked for a name once, then the same player, seat and game every time', async () => {
    const host = setup();
    const first = session(host, { key: ED25519, label: 'ssh-key-first' });
    await first.waitFor('Choose a name');
    assert.match(first.screen(), /Your name and player are kept for you/);
    first.type('Ada');
    first.keys('Enter');
    await first.waitFor(/Games on this server/);
    const code = await first.gameWithBot('create manoover');
    await first.waitFor(/Your turn|Bot \(normal\)'s turn|turn/);
    first.save('1-table');
    first.command('quit!');
    assert.equal(await first.exited(), 0);
    assert.match(first.stderrText(), new RegExp(`your key ${ED25519_FP.replace(/[+/]/g, '\\$&')} is your player here`));

    const folder = join(host.dir, 'keys', ED25519_HEX);
    assert.equal(statSync(folder).mode & 0o777, 0o700);
    assert.equal(statSync(join(folder, 'tui.json')).mode & 0o777, 0o600);
    assert.equal(JSON.parse(readFileSync(join(folder, 'tui.json'), 'utf8')).name, 'Ada');
    assert.deepEqual(readdirSync(first.home).filter((f) => f !== 'stderr.txt'), [], 'nothing in the HOME it was given');

    const again = session(host, { key: ED25519, label: 'ssh-key-again' });
    const screen = await again.waitFor(new RegExp(`room ${code}`));
    assert.doesNotMatch(screen, /Choose a name/);
    assert.match(screen, /Ada \(seat 1\)/, 'back in the same seat');
    again.save('2-back-at-the-table');
    again.command('quit!');
    assert.equal(await again.exited(), 0);

    const other = session(host, { key: OTHER, label: 'ssh-key-other' });
    await other.waitFor('Choose a name');
    other.keys('Escape');
    assert.equal(await other.exited(), 0);
  });

  test('no key: a guest, asked for a name each time, nothing kept', async () => {
    const host = setup();
    for (const round of [1, 2]) {
      const t = session(host, { label: `ssh-guest-${round}` });
      await t.waitFor('Choose a name');
      assert.match(t.screen(), /You play as a guest/);
      t.type('Guest');
      t.keys('Enter');
      await t.waitFor(/Games on this server/);
      t.keys('q');
      assert.equal(await t.exited(), 0);
      assert.match(t.stderrText(), /no key, so you play as a guest/);
    }
    assert.equal(existsSync(join(host.dir, 'keys')) ? readdirSync(join(host.dir, 'keys')).length : 0, 0);
  });

  test('a command (sh, scp, sftp) or a session without a terminal is refused', async () => {
    const host = setup();
    for (const command of ['sh', 'scp -t /tmp', '/usr/lib/openssh/sftp-server']) {
      const t = session(host, { key: ED25519, env: { SSH_ORIGINAL_COMMAND: command }, label: 'ssh-command' });
      assert.equal(await t.exited(), 1);
      assert.match(t.stderrText(), /this account only plays the game: it runs no commands, copies no files and has no sftp/);
    }
    const r = noTerminal(host, '192.0.2.5');
    assert.equal(r.status, 1);
    assert.match(r.said, /the game needs a terminal/);
    assert.equal(existsSync(join(host.dir, 'keys', ED25519_HEX)), false, 'no folder for a refused session');
  });

  test('one address: so many at once, so many a minute; others still get in', async () => {
    const host = setup('per-address 2\nper-minute 3\n');
    const a = session(host, { key: ED25519, addr: '198.51.100.7', label: 'ssh-limit-1' });
    const b = session(host, { addr: '198.51.100.7', label: 'ssh-limit-2' });
    await a.waitFor('Choose a name');
    await b.waitFor('Choose a name');
    const c = session(host, { addr: '198.51.100.7', label: 'ssh-limit-3' });
    assert.equal(await c.exited(), 1);
    assert.match(c.stderrText(), /Botpit: 2 games are already open from your address; close one of them first/);
    const d = session(host, { addr: '198.51.100.8', label: 'ssh-limit-other' });
    await d.waitFor('Choose a name', { message: 'another address is not held up' });
    a.keys('Escape');
    assert.equal(await a.exited(), 0);
    // a's place is free again, and this minute has seen 2 begin from the
    // address: one more may, then none until the minute has passed.
    const e = noTerminal(host, '198.51.100.7');
    assert.match(e.said, /needs a terminal/);
    const f = noTerminal(host, '198.51.100.7');
    assert.equal(f.status, 1);
    assert.match(f.said, /too many new connections from your address in the last minute; try again in \d+ s/);
    for (const t of [b, d]) t.keys('Escape');
  });

  test('a terminal this machine does not know gets the common one', async () => {
    const host = setup();
    const t = session(host, { label: 'ssh-unknown-term', env: { TERM: 'no-such-terminal-9' } });
    await t.waitFor('Choose a name');
    const environ = readFileSync(`/proc/${t.pid()}/environ`, 'utf8');
    assert.match(environ, /TERM=xterm-256color/);
    t.keys('Escape');
    assert.equal(await t.exited(), 0);
  });

  test('nothing the client sends reaches the game: TERM, locale and environment', async () => {
    const host = setup();
    const log = join(fresh('log'), 'tui.log');
    const t = session(host, {
      key: ED25519,
      label: 'ssh-crafted-env',
      env: { TERM: '../../../../tmp/evil', LC_ALL: '../../x', BOTPIT_TUI_LOG: log, TERMINFO: '/tmp', NCURSES_NO_UTF8_ACS: '1' },
    });
    await t.waitFor(/Choose a name|Games on this server/);
    const environ = readFileSync(`/proc/${t.pid()}/environ`, 'utf8').split('\0').filter(Boolean).sort();
    assert.deepEqual(environ, ['LANG=C', 'PATH=/usr/bin:/bin', 'TERM=xterm-256color']);
    const argv = readFileSync(`/proc/${t.pid()}/cmdline`, 'utf8').split('\0').filter(Boolean);
    assert.deepEqual(argv.slice(1), ['--kiosk', '--state', join(host.dir, 'keys', ED25519_HEX),
      '--forwarded-for', '192.0.2.1', server.wsUrl]);
    await sleep(200);
    assert.equal(existsSync(log), false, 'no debug log');
    t.keys('Escape');
    assert.equal(await t.exited(), 0);
  });
});

// The recipe test's SSH player: from the host, through the container's sshd
// (README "Host it on a VPS", step 5), as players would, in tmux (tmux -L
// $BOTPIT_TMUX_SOCKET). Each check prints what it saw.
//   node ssh.mjs all WORK      a new player plays a bot game and comes back
//                              the same; another key, a guest; the admin's
//                              login unchanged; every refusal
//   node ssh.mjs again WORK    the same key, the same player (after an upgrade)
//   node ssh.mjs limits WORK   per address: games at once, new connections a
//                              minute (last: it leaves the minute used up)
// VPS_LEADER is the container's init (for nsenter); WORK keeps the keys.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { Tui, sleep } from '../../tui/lib/tui.mjs';

const [mode, work] = process.argv.slice(2);
const leader = process.env.VPS_LEADER;
const host = '127.0.0.1';
const say = (what, saw) => console.log(`ssh: ${what}: ${saw}`);

function inside(...cmd) {
  return execFileSync('nsenter', ['-t', leader, '-a', 'env', '-i', 'PATH=/usr/sbin:/usr/bin:/sbin:/bin', ...cmd],
    { encoding: 'utf8' });
}

function key(name) {
  const file = join(work, `key-${name}`);
  if (!existsSync(file)) execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', name, '-f', file]);
  return file;
}

/** ssh's options for a player with that key (none: a guest). */
function opts(keyFile, logLevel = 'ERROR') {
  const o = ['-p', '22', '-o', 'StrictHostKeyChecking=accept-new', '-o', `UserKnownHostsFile=${join(work, 'known_hosts')}`,
    '-o', 'IdentityAgent=none', '-o', `LogLevel=${logLevel}`, '-o', 'ConnectTimeout=10'];
  return keyFile ? [...o, '-o', 'IdentitiesOnly=yes', '-i', keyFile]
    : [...o, '-o', 'PubkeyAuthentication=no', '-o', 'PreferredAuthentications=keyboard-interactive'];
}

/** A player's terminal: ssh in tmux. */
function player(keyFile, label, { args = [], env = {} } = {}) {
  return Tui.start([...opts(keyFile), ...args, '-t', `play@${host}`], { binary: 'ssh', label, width: 120, height: 36, env });
}

/** ssh with no terminal of ours: status and everything it said. */
function run(keyFile, args, input) {
  const r = spawnSync('ssh', [...opts(keyFile), ...args], { encoding: 'utf8', input, timeout: 30000 });
  return { status: r.status, out: `${r.stdout}${r.stderr}`.trim() };
}

const oneLine = (s) => s.replace(/\s+/g, ' ').trim().slice(0, 400);

/** The SHA-256 of a public key's blob: the folder botpit-ssh keeps it in. */
function keyHex(keyFile) {
  const blob = readFileSync(`${keyFile}.pub`, 'utf8').split(' ')[1];
  return createHash('sha256').update(Buffer.from(blob, 'base64')).digest('hex');
}

/** The botpit-tui processes of the play account, inside. */
function games() {
  return inside('sh', '-c', 'pgrep -u play -x botpit-tui || true').split('\n').filter(Boolean);
}

async function waitNoGames() {
  for (let i = 0; i < 50 && games().length; i++) await sleep(200);
  assert.equal(games().length, 0, 'every game has ended');
}

function httpGet(port, path) {
  return new Promise((resolve) => {
    const req = request({ host, port, path, timeout: 5000 }, (res) => {
      let text = '';
      res.on('data', (d) => { text += d; });
      res.on('end', () => resolve(`HTTP ${res.statusCode} ${text.slice(0, 40)}`));
    });
    req.on('error', (e) => resolve(`no answer (${e.code ?? e.message})`));
    req.on('timeout', () => { req.destroy(); resolve('no answer (timeout)'); });
    req.end();
  });
}

/** ssh -N with a forwarding, left running a moment; what it said. */
async function forwarding(args, probe) {
  // INFO: ssh says so when the server refuses a forwarded connection.
  const child = spawn('ssh', [...opts(key('alice'), 'INFO'), '-N', ...args, `play@${host}`], { stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  child.stderr.on('data', (d) => { said += d; });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  await sleep(2000);
  const probed = probe ? await probe() : '';
  await sleep(500);
  child.kill();
  const code = await exited;
  return { probed, said: oneLine(said), code };
}

async function play() {
  const alice = key('alice');
  // The admin's own login: a real shell, as before.
  inside('sh', '-c', `mkdir -p /root/.ssh && chmod 700 /root/.ssh && cat >> /root/.ssh/authorized_keys <<'K'\n${readFileSync(`${key('admin')}.pub`, 'utf8')}K`);
  const admin = run(key('admin'), [`root@${host}`, 'id -un; echo "$SHELL"']);
  assert.equal(admin.status, 0, admin.out);
  assert.match(admin.out, /^root\n\/bin\/(ba)?sh$/);
  say('the admin logs in as before', oneLine(admin.out));
  const cfg = (user) => inside('sshd', '-T', '-C', `user=${user},host=x,addr=192.0.2.1`);
  const pick = (text, keys) => keys.map((k) => text.match(new RegExp(`^${k} .*$`, 'm'))[0]).join(', ');
  assert.match(cfg('root'), /^forcecommand none$/m);
  say('sshd for root', pick(cfg('root'), ['forcecommand', 'allowtcpforwarding', 'authenticationmethods']));
  const forPlay = cfg('play');
  for (const line of ['forcecommand /usr/local/bin/botpit-ssh', 'disableforwarding yes', 'allowtcpforwarding no',
    'allowagentforwarding no', 'x11forwarding no', 'permittunnel no', 'maxsessions 1', 'permituserrc no',
    'authenticationmethods publickey keyboard-interactive', 'passwordauthentication no', 'exposeauthinfo yes']) {
    assert.match(forPlay, new RegExp(`^${line}$`, 'm'), line);
  }
  say('sshd for play', pick(forPlay, ['forcecommand', 'disableforwarding', 'x11forwarding', 'allowagentforwarding',
    'permittunnel', 'maxsessions', 'authenticationmethods', 'persourcemaxstartups', 'persourcenetblocksize']));
  say('the play account', oneLine(inside('getent', 'passwd', 'play')) + '; shadow ' + inside('getent', 'shadow', 'play').split(':')[1]);

  // A new player: a name, a room, a bot, a game; then quit.
  const first = player(alice, 'vps-ssh-1-new');
  await first.waitFor('Choose a name', { timeout: 20000 });
  first.save('1-name');
  first.type('Ada');
  first.keys('Enter');
  await first.waitFor(/Games on this server/);
  const code = await first.gameWithBot('create manoover');
  await first.waitFor(/Your turn|rolls/, { timeout: 20000 });
  if (/Your turn/.test(first.screen())) {
    first.keys('p');
    await first.waitFor('Press p again to pass');
    first.keys('p');
    await first.waitFor('Ada passes.');
  }
  await first.waitFor(/Bot \(normal\) rolls/, { timeout: 20000 });
  await first.waitFor(/blue \d steps|Bot \(normal\) turns robot blue|Bot \(normal\) passes/, { timeout: 20000 });
  first.save('2-game');
  say('a new player over ssh', `named Ada, MANOOVER room ${code} against a bot, a turn each played`);
  first.command('quit!');
  assert.equal(await first.exited(), 0);
  const closed = first.screen();
  assert.match(closed, /Botpit: your key SHA256:\S+ is your player here/);
  assert.doesNotMatch(closed, /[$#] *$/m, 'no shell prompt after the game');
  say('quitting', `the game ends and so does ssh (${closed.match(/\[exit \d+\]/)[0]}), no shell prompt`);

  const hex = keyHex(alice);
  const modes = inside('stat', '-c', '%a %U %n', '/var/lib/botpit-ssh', '/var/lib/botpit-ssh/keys',
    `/var/lib/botpit-ssh/keys/${hex}`, `/var/lib/botpit-ssh/keys/${hex}/tui.json`);
  assert.match(modes, new RegExp(`^700 play /var/lib/botpit-ssh/keys/${hex}$`, 'm'));
  assert.match(modes, /^600 play \S+tui\.json$/m);
  assert.match(modes, /^700 play \/var\/lib\/botpit-ssh\/keys$/m);
  assert.equal(JSON.parse(inside('cat', `/var/lib/botpit-ssh/keys/${hex}/tui.json`)).name, 'Ada');
  say('the player\'s folder', oneLine(modes.replaceAll(hex, '<sha256 of the key>')));

  // The same key again: no name asked, back at the table.
  const back = player(alice, 'vps-ssh-2-back');
  const screen = await back.waitFor(new RegExp(`room ${code}`), { timeout: 20000 });
  assert.doesNotMatch(screen, /Choose a name/);
  assert.match(screen, /Ada \(seat 1\)/);
  back.save('back');
  say('the same key again', `no name asked; Ada (seat 1) in room ${code}`);

  // The client's own escapes: Ctrl-Z, a shell escape, Ctrl-C.
  const [pid] = games();
  back.keys('C-z');
  await sleep(500);
  const state = inside('ps', '-o', 'stat=', '-p', pid).trim();
  assert.doesNotMatch(state, /^T/, `botpit-tui stopped (${state})`);
  back.command('!sh');
  const bang = await back.waitFor(/!sh|Unknown|unknown|not a command/);
  back.keys('Escape');
  back.keys('C-c');
  assert.equal(await back.exited(), 0);
  await waitNoGames();
  say('Ctrl-Z', `the game goes on (process state ${state})`);
  say(':!sh', oneLine(bang.split('\n').filter((l) => /!sh|nknown|not a command/.test(l)).join(' ')));
  say('Ctrl-C', 'the game ends and so does the connection, no shell');

  // Another key is another player; no key is a guest, asked every time.
  const bob = player(key('bob'), 'vps-ssh-3-bob');
  await bob.waitFor('Choose a name', { timeout: 20000 });
  bob.keys('Escape');
  assert.equal(await bob.exited(), 0);
  say('another key', 'asked for a name: another player');
  const guest = player(null, 'vps-ssh-4-guest');
  const gs = await guest.waitFor('Choose a name', { timeout: 20000 });
  assert.doesNotMatch(gs, /assword/);
  assert.match(gs, /You play as a guest/);
  guest.type('Gus');
  guest.keys('Enter');
  await guest.waitFor(/Games on this server/);
  guest.keys('q');
  assert.equal(await guest.exited(), 0);
  assert.match(guest.screen(), /no key, so you play as a guest/);
  const kept = inside('sh', '-c', 'ls /var/lib/botpit-ssh/keys/*/tui.json | wc -l').trim();
  assert.equal(kept, '1', 'only Ada has a player file: Bob chose no name, the guest keeps nothing');
  say('no key', 'a guest, no password asked, nothing kept');

  // Nothing else is reachable.
  for (const [what, args] of [['ssh play@ sh', [`play@${host}`, 'sh']], ['ssh -t play@ sh -i', ['-t', `play@${host}`, 'sh -i']],
    ['ssh play@ id', [`play@${host}`, 'id']]]) {
    const r = run(alice, args);
    assert.equal(r.status, 1, r.out);
    assert.match(r.out, /only plays the game/);
    say(what, `exit ${r.status}: ${oneLine(r.out)}`);
  }
  let r = run(alice, ['-T', `play@${host}`]);
  assert.equal(r.status, 1);
  assert.match(r.out, /needs a terminal/);
  say('ssh -T play@', `exit ${r.status}: ${oneLine(r.out)}`);
  const local = join(work, 'payload.txt');
  writeFileSync(local, 'nothing\n');
  for (const [what, cmd, args, input] of [
    ['scp (sftp protocol)', 'scp', [local, `play@${host}:/tmp/pwned-scp`]],
    ['scp -O (the old protocol)', 'scp', ['-O', local, `play@${host}:/tmp/pwned-scp-o`]],
    ['sftp', 'sftp', ['-b', '-', `play@${host}`], `put ${local} /tmp/pwned-sftp\nls /\n`]]) {
    const p = spawnSync(cmd, [...opts(alice).filter((o) => o !== '-p' && o !== '22'), ...args], { encoding: 'utf8', input, timeout: 30000 });
    assert.notEqual(p.status, 0);
    say(what, `exit ${p.status}: ${oneLine(`${p.stdout}${p.stderr}`)}`);
  }
  assert.equal(inside('sh', '-c', 'ls /tmp/pwned* /var/lib/botpit-ssh/pwned* 2>/dev/null | wc -l').trim(), '0', 'no file copied');
  say('files copied', 'none (/tmp/pwned* absent inside)');

  const l = await forwarding(['-L', '17401:127.0.0.1:8080'], () => httpGet(17401, '/healthz'));
  assert.doesNotMatch(l.probed, /HTTP 200/);
  assert.match(l.said, /administratively prohibited/);
  say('ssh -L 17401:127.0.0.1:8080', `GET /healthz through it: ${l.probed}; ssh: ${l.said}`);
  const rr = await forwarding(['-o', 'ExitOnForwardFailure=yes', '-R', '17402:127.0.0.1:22']);
  const listening = execFileSync('ss', ['-Hltn', 'sport = :17402'], { encoding: 'utf8' }).trim();
  assert.equal(listening, '');
  assert.match(rr.said, /remote port forwarding failed/);
  say('ssh -R 17402:127.0.0.1:22', `exit ${rr.code}: ${rr.said}; port 17402 listening: none`);
  const d = await forwarding(['-D', '17403'], () => {
    const c = spawnSync('curl', ['-s', '-m', '5', '--socks5', '127.0.0.1:17403', 'http://127.0.0.1:8080/healthz'], { encoding: 'utf8' });
    return `curl exit ${c.status}${c.stdout ? `, got ${c.stdout.slice(0, 40)}` : ', nothing'}`;
  });
  assert.doesNotMatch(d.probed, /got/);
  assert.match(d.said, /administratively prohibited/);
  say('ssh -D 17403', `curl --socks5 to /healthz: ${d.probed}; ssh: ${d.said}`);

  // Agent and X11 forwarding asked for, a crafted TERM and environment.
  const agent = execFileSync('ssh-agent', ['-s'], { encoding: 'utf8' });
  const sock = agent.match(/SSH_AUTH_SOCK=([^;]+)/)[1];
  const agentPid = agent.match(/SSH_AGENT_PID=(\d+)/)[1];
  const crafted = player(alice, 'vps-ssh-5-crafted', {
    args: ['-A', '-X', '-o', 'SetEnv=BOTPIT_TUI_LOG=/tmp/pwned-log LD_PRELOAD=/tmp/pwned.so', '-o', 'SendEnv=LC_ALL'],
    env: { SSH_AUTH_SOCK: sock, DISPLAY: ':77', TERM: '../../../../tmp/pwned-term', LC_ALL: '../../../tmp/x' },
  });
  await crafted.waitFor(/room|Games on this server/, { timeout: 20000 });
  const [cpid] = games();
  const environ = inside('cat', `/proc/${cpid}/environ`).split('\0').filter(Boolean).sort();
  assert.deepEqual(environ, ['LANG=C', 'PATH=/usr/bin:/bin', 'TERM=xterm-256color']);
  const sockets = inside('sh', '-c', 'ls -d /tmp/ssh-* /tmp/.X11-unix/* 2>/dev/null | wc -l').trim();
  assert.equal(sockets, '0', 'no agent or X11 socket');
  crafted.keys('C-c');
  await crafted.exited();
  process.kill(Number(agentPid));
  assert.equal(inside('sh', '-c', 'ls /tmp/pwned* 2>/dev/null | wc -l').trim(), '0');
  say('-A -X, SetEnv BOTPIT_TUI_LOG/LD_PRELOAD, TERM=../../../../tmp/pwned-term, LC_ALL=../../../tmp/x',
    `the game runs with ${environ.join(' ')}; no agent or X11 socket, no file written`);
  await waitNoGames();
}

async function limits() {
  // A clean minute first: the checks before began a dozen sessions.
  await sleep(61000);
  // 4 at once from one address (botpit-ssh.conf: per-address 4).
  const held = [];
  for (let i = 0; i < 4; i++) held.push(player(null, `vps-ssh-6-held-${i}`));
  for (const t of held) await t.waitFor('Choose a name', { timeout: 20000 });
  const fifth = player(null, 'vps-ssh-7-fifth');
  assert.equal(await fifth.exited(20000), 1);
  const refused = fifth.screen();
  assert.match(refused, /4 games are already open from your address/);
  say('a fifth game at once from one address', oneLine(refused.split('\n').find((l) => /Botpit:/.test(l))));
  for (const t of held) t.keys('Escape');
  for (const t of held) await t.exited();
  await waitNoGames();
  // 12 new a minute (per-minute 12): the 4 above, 8 more, then no more.
  let n = 4;
  let last;
  for (;;) {
    last = run(null, ['-T', `play@${host}`]);
    if (!/needs a terminal/.test(last.out)) break;
    n++;
    assert.ok(n <= 12, 'more than 12 in a minute went in');
  }
  assert.equal(n, 12);
  assert.match(last.out, /too many new connections from your address in the last minute; try again in \d+ s/);
  say('new connections in a minute from one address', `12 went in, the 13th: ${oneLine(last.out)}`);
}

async function again() {
  const t = player(key('alice'), 'vps-ssh-8-after-upgrade');
  const screen = await t.waitFor(/room [A-Z2-9]{5}|Games on this server/, { timeout: 20000 });
  assert.doesNotMatch(screen, /Choose a name/);
  assert.match(screen, /Ada/);
  t.keys('C-c');
  assert.equal(await t.exited(), 0);
  say('after the upgrade', 'the same key is still Ada');
}

try {
  if (mode === 'all') {
    await play();
  } else if (mode === 'again') {
    await again();
  } else if (mode === 'limits') {
    await limits();
  } else {
    throw new Error('usage: node ssh.mjs all|again|limits WORK');
  }
} finally {
  try {
    execFileSync('tmux', ['-L', process.env.BOTPIT_TMUX_SOCKET, 'kill-server'], { stdio: 'ignore' });
  } catch {
    // no sessions left
  }
}

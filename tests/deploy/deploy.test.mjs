// The VPS recipe, as far as it runs here: install.sh into a throwaway root,
// the systemd unit verified, and the installed server behind a real nginx
// with the shipped site file (a self-signed certificate standing in for
// certbot's), driven over wss.
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { get as httpsGet } from 'node:https';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Client, player, repoRoot, schemaFailures, startServer, tempDir } from '../integration/lib/harness.mjs';

const buildDir = process.env.BOTPIT_BUILD_DIR;
const dir = tempDir();
const root = join(dir, 'root');
let server, nginx, ports;

function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** The shipped site file, with the test's name, addresses and certificate. */
function siteForTest(site, p) {
  return site
    .replaceAll('botpit.example.org', 'localhost')
    .replaceAll('/etc/letsencrypt/live/localhost/fullchain.pem', join(dir, 'cert.pem'))
    .replaceAll('/etc/letsencrypt/live/localhost/privkey.pem', join(dir, 'key.pem'))
    .replaceAll('/var/www/html', join(dir, 'www'))
    .replaceAll('server 127.0.0.1:8080;', `server 127.0.0.1:${p.botpit};`)
    .replace(/^\s*listen \[::\]:\d+.*$/gm, '')
    .replace('listen 80;', `listen 127.0.0.1:${p.http};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${p.https} ssl http2;`);
}

function nginxConf() {
  const asRoot = process.getuid() === 0 ? 'user root;' : '';
  return `${asRoot}
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  access_log ${dir}/nginx-access.log;
  client_body_temp_path ${dir}/tmp-body;
  proxy_temp_path ${dir}/tmp-proxy;
  fastcgi_temp_path ${dir}/tmp-fastcgi;
  uwsgi_temp_path ${dir}/tmp-uwsgi;
  scgi_temp_path ${dir}/tmp-scgi;
  include ${dir}/botpit-site.conf;
}
`;
}

function fetchTls(path, options = {}) {
  return new Promise((resolve, reject) => {
    httpsGet({ host: '127.0.0.1', port: ports.https, path, servername: 'localhost', rejectUnauthorized: false, ...options }, (res) => {
      let text = '';
      res.on('data', (d) => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
    }).on('error', reject);
  });
}

const tls = (extra = {}) => ({ rejectUnauthorized: false, servername: 'localhost', ...extra });

before(async () => {
  // 1. install.sh into a throwaway root, from this build.
  execFileSync(join(repoRoot, 'deploy', 'install.sh'), ['--root', root, 'stage', 'system'], {
    env: { ...process.env, BOTPIT_BUILD_DIR: buildDir },
    stdio: 'pipe',
  });
  // 2. nginx with the shipped site and a self-signed certificate.
  ports = { botpit: await freePort(), http: await freePort(), https: await freePort() };
  mkdirSync(join(dir, 'www'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=localhost',
    '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'pipe' });
  const site = readFileSync(join(repoRoot, 'deploy', 'nginx', 'botpit.conf'), 'utf8');
  writeFileSync(join(dir, 'botpit-site.conf'), siteForTest(site, ports));
  writeFileSync(join(dir, 'nginx.conf'), nginxConf());
  // 3. The installed server, flagged as the shipped environment file says.
  const env = readFileSync(join(root, 'etc', 'botpit', 'botpit.env'), 'utf8');
  const shipped = env.match(/^BOTPIT_ARGS=(.*)$/m)[1].split(/\s+/);
  assert.ok(shipped.includes('--trust-proxy'));
  server = await startServer(['--port', String(ports.botpit), '--max-per-ip', '2',
    '--web-root', join(root, 'usr/local/share/botpit/web'), '--trust-proxy', '--public-url', 'https://localhost'],
  { binary: join(root, 'usr/local/bin/botpit') });
  nginx = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'nginx-error.log')], { stdio: 'pipe' });
  for (let i = 0; i < 50; i++) {
    try { await fetchTls('/healthz'); break; } catch { await new Promise((r) => setTimeout(r, 100)); }
  }
});

after(async () => {
  nginx?.kill('SIGQUIT');
  if (server) assert.equal((await server.stop()).code, 0);
  assert.deepEqual(schemaFailures, []);
});

test('install.sh puts everything where the unit expects it', () => {
  const unit = readFileSync(join(root, 'etc/systemd/system/botpit.service'), 'utf8');
  const exec = unit.match(/^ExecStart=(\S+)/m)[1];
  assert.equal(exec, '/usr/local/bin/botpit');
  assert.ok(existsSync(join(root, exec)), 'the binary the unit runs');
  assert.ok(existsSync(join(root, 'usr/local/share/botpit/web/index.html')), 'the web client');
  assert.ok(existsSync(join(root, 'etc/botpit/botpit.env')), 'the environment file');
  assert.ok(existsSync(join(root, 'var/lib/botpit')), 'the data folder');
  assert.match(unit, /^ReadWritePaths=|^StateDirectory=botpit$/m);
  const version = execFileSync(join(root, exec), ['--version']).toString();
  assert.match(version, /^botpit \d+\.\d+\.\d+/);
});

test('running install.sh again keeps the host\'s environment file', () => {
  const envPath = join(root, 'etc/botpit/botpit.env');
  writeFileSync(envPath, readFileSync(envPath, 'utf8') + '# edited by the host\n');
  const said = execFileSync(join(repoRoot, 'deploy', 'install.sh'), ['--root', root, 'stage', 'system'], {
    env: { ...process.env, BOTPIT_BUILD_DIR: buildDir }, stdio: 'pipe',
  }).toString();
  assert.match(readFileSync(envPath, 'utf8'), /# edited by the host/);
  assert.match(said, /differs from deploy\/botpit\.env/, 'and says the shipped one differs');
});

test('install.sh ssh stages the play account\'s files (README step 5)', () => {
  const said = execFileSync(join(repoRoot, 'deploy', 'install.sh'), ['--root', root, '--prefix', '/opt/botpit', 'ssh'], {
    env: { ...process.env, BOTPIT_BUILD_DIR: buildDir }, stdio: 'pipe',
  }).toString();
  assert.match(said, /wrote \/etc\/botpit\/botpit-ssh\.conf/);
  const sshd = readFileSync(join(root, 'etc/ssh/sshd_config.d/botpit-play.conf'), 'utf8');
  assert.match(sshd, /^Match User play$/m);
  assert.match(sshd, /^\s+ForceCommand \/opt\/botpit\/bin\/botpit-ssh$/m, 'the program where --prefix put it');
  assert.match(sshd, /^\s+AuthorizedKeysCommand \/opt\/botpit\/bin\/botpit-ssh keys %t %k$/m);
  const global = sshd.slice(0, sshd.indexOf('Match User play'));
  assert.deepEqual(global.split('\n').filter((l) => /^\w/.test(l)), ['PerSourceMaxStartups 10', 'PerSourceNetBlockSize 32:64'],
    'only these apply to other accounts');
  // Nothing may come after the Match block's settings (a later global
  // would be the play account's alone).
  assert.doesNotMatch(sshd.slice(sshd.indexOf('\n', sshd.indexOf('Match User play'))), /^\w/m);
  const home = join(root, 'var/lib/botpit-ssh');
  assert.equal(statSync(home).mode & 0o777, 0o755);
  assert.equal(statSync(join(home, 'keys')).mode & 0o777, 0o700);
  assert.equal(statSync(join(home, 'sessions')).mode & 0o777, 0o600);
  // The settings the program reads are the ones shipped, and it accepts them.
  const conf = join(root, 'etc/botpit/botpit-ssh.conf');
  assert.equal(readFileSync(conf, 'utf8'), readFileSync(join(repoRoot, 'deploy/ssh/botpit-ssh.conf'), 'utf8'));
  const r = spawnSync(join(buildDir, 'clients/ssh/botpit-ssh'), ['--config', conf], { env: {}, encoding: 'utf8' });
  assert.match(r.stderr, /SSH_CONNECTION names no client/, 'read the settings, then wanted sshd');
});

test('the systemd unit passes systemd-analyze verify', () => {
  // verify wants the binary at the unit's path: point it at the staged one.
  const unit = readFileSync(join(root, 'etc/systemd/system/botpit.service'), 'utf8')
    .replace('ExecStart=/usr/local/bin/botpit', `ExecStart=${join(root, 'usr/local/bin/botpit')}`);
  writeFileSync(join(dir, 'botpit.service'), unit);
  execFileSync('systemd-analyze', ['verify', join(dir, 'botpit.service')], { stdio: 'pipe' });
  const review = execFileSync('systemd-analyze', ['security', '--offline=true', join(dir, 'botpit.service')]).toString();
  const level = Number(review.match(/Overall exposure level for \S+: ([\d.]+)/)[1]);
  console.log(`systemd-analyze security: exposure ${level}`);
  assert.ok(level < 2.5, `the unit is well hardened (exposure ${level})`);
});

test('nginx -t accepts the shipped site', () => {
  execFileSync('nginx', ['-t', '-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'nginx-error.log')], { stdio: 'pipe' });
});

test('plain HTTP moves to HTTPS', async () => {
  const res = await new Promise((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port: ports.http, path: '/#/room/ABCDE', headers: { host: 'localhost' } }, resolve)
      .on('error', reject).end();
  });
  assert.equal(res.statusCode, 301);
  assert.match(res.headers.location, /^https:\/\/localhost\//);
});

test('the page, /healthz and /metrics through the proxy', async () => {
  const page = await fetchTls('/');
  assert.equal(page.status, 200);
  assert.match(page.headers['strict-transport-security'], /max-age/);
  const health = JSON.parse((await fetchTls('/healthz')).text);
  assert.equal(health.status, 'ok');
  const metrics = await fetchTls('/metrics');
  assert.equal(metrics.status, 200, 'from this machine');
  assert.match(metrics.text, /^botpit_connections \d+$/m);
});

test('nginx does not advertise its version', async () => {
  const page = await fetchTls('/');
  assert.equal(page.headers.server, 'nginx');
});

test('/api/ is limited per address at nginx: a burst past 20 gets 429, another address is served', async () => {
  const from = (addr) => fetchTls('/api/games', { localAddress: addr });
  const burst = await Promise.all(Array.from({ length: 40 }, () => from('127.0.0.7')));
  const codes = burst.map((r) => r.status);
  assert.ok(codes.filter((c) => c === 200).length >= 20, `the burst is served (${codes})`);
  assert.ok(codes.includes(429), `past it, 429 (${codes})`);
  assert.equal((await from('127.0.0.8')).status, 200);
});

test('a room through nginx over wss: hello, create, join, chat, a dropped connection resumed', async () => {
  const proxied = { wsUrl: `wss://127.0.0.1:${ports.https}/ws` };
  const ada = await player(proxied, 'Ada', tls());
  assert.equal(ada.welcome.server.public_url, 'https://localhost');
  const room = await ada.ok('create', { game: 'boxing' });
  const bob = await player(proxied, 'Bob', tls({ localAddress: '127.0.0.3' }));
  await bob.ok('join', { room: room.code });
  await ada.ok('chat', { text: 'through the proxy' });
  assert.equal((await bob.next('chat')).text, 'through the proxy');
  await bob.drop();
  const seen = await ada.next((m) => m.type === 'room' && !m.seats[1].connected);
  assert.equal(seen.seats[1].player.id, bob.id);
  const back = await Client.connect(proxied, tls({ localAddress: '127.0.0.3' }));
  const w = await back.hello('Bob', bob.token);
  assert.equal(w.room, room.code, 'resumed into the same room');
  assert.equal((await back.next('room')).seats[1].connected, true);
  await Promise.all([ada.close(), back.close()]);
});

test('the connection limit counts the client\'s address from the proxy, not nginx\'s', async () => {
  await new Promise((r) => setTimeout(r, 300));
  const proxied = { wsUrl: `wss://127.0.0.1:${ports.https}/ws` };
  const from = (addr) => Client.connect(proxied, tls({ localAddress: addr }));
  const a1 = await from('127.0.0.5');
  const a2 = await from('127.0.0.5');
  const a3 = await from('127.0.0.5');
  const closed = await a3.closed;
  assert.equal(closed.code, 1008, 'a third connection from one address is refused');
  const other = await from('127.0.0.6');
  const w = await other.hello('Other');
  assert.ok(w.token, 'while another address, through the same nginx, is served');
  await Promise.all([a1.close(), a2.close(), other.close()]);
});

// botpit-tui from a first run to leaving: the name, the lobby, the create
// form, the room with bots, chat with a WebSocket player in the same room,
// a game without a renderer of its own, mistakes, a small window, and the
// terminal given back as it was.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { player, startServer } from '../integration/lib/harness.mjs';
import { Tui, configOf, tuiBinary } from './lib/tui.mjs';

describe('botpit-tui in the lobby and a room', () => {
  let server;
  let tui;
  let bo;
  let code;

  before(async () => {
    server = await startServer();
  });

  after(async () => {
    bo?.close();
    tui?.stop();
    await server?.stop();
  });

  test('--help and --version answer without a terminal', () => {
    const help = execFileSync(tuiBinary(), ['--help'], { encoding: 'utf8' });
    assert.match(help, /Usage: botpit-tui \[URL\]/);
    for (const flag of ['--name', '--join', '--spectate', '--create', '--insecure']) assert.match(help, new RegExp(flag));
    assert.match(execFileSync(tuiBinary(), ['--version'], { encoding: 'utf8' }), /^botpit-tui \d+\.\d+\.\d+/);
    assert.throws(() => execFileSync(tuiBinary(), ['--bogus'], { stdio: 'pipe' }), /unknown option --bogus/);
  });

  test('a first run asks for a name, then shows the games and remembers the player', async () => {
    tui = Tui.start([server.wsUrl], { label: 'lobby' });
    await tui.waitFor('Choose a name');
    tui.type('Ada');
    tui.keys('Enter');
    const screen = await tui.waitFor(/Games on this server\n\s+Ricochet Robots/);
    assert.match(screen, /Robot Attack \(MANOOVER\)/);
    assert.match(screen, /Robot boxing/);
    assert.match(screen, /No public rooms right now/);
    assert.match(screen, /online/);
    tui.save('1-lobby');
    const cfg = configOf(tui.home);
    assert.equal(cfg.name, 'Ada');
    assert.match(cfg.servers[server.wsUrl].token, /^[0-9a-f]{32}$/);
    assert.equal(statSync(join(tui.home, 'botpit', 'tui.json')).mode & 0o777, 0o600);
  });

  test('the create form lists the options from the server', async () => {
    tui.keys('c');
    let screen = await tui.waitFor('Create a room');
    assert.match(screen, /Sand timer \(seconds\)\s+60\s+2 to 600/);
    tui.keys('Right');
    screen = await tui.waitFor(/< Robot Attack \(MANOOVER\) >/);
    assert.match(screen, /Variant\s+Standard \(two players\)/, 'a choice in words (choice_labels)');
    tui.keys('Left', 'Down', 'Right', 'Right');
    await tui.waitFor(/Sand timer \(seconds\)\s+70\s+2 to 600, changed/);
    tui.save('2-create-form');
    tui.keys('Enter');
    screen = await tui.waitFor(/Room [A-Z2-9]{5}/);
    code = screen.match(/Room ([A-Z2-9]{5})/)[1];
    assert.match(screen, /Sand timer \(seconds\): 70/, 'the options in words');
    assert.match(screen, new RegExp(`#/room/${code}`));
    assert.match(screen, /Ada\s+you, host/);
  });

  test('the host seats a bot, raises its level and kicks it', async () => {
    tui.keys('Down', 'b');
    await tui.waitFor('Bot (normal)');
    tui.keys('b');
    await tui.waitFor('Bot (hard)');
    tui.save('3-room-bot');
    tui.keys('k');
    await tui.waitFor((s) => !s.includes('Bot (hard)'));
    tui.command('bot 3 easy');
    await tui.waitFor('Bot (easy)');
  });

  test('chat goes both ways with a WebSocket player in the room', async () => {
    bo = await player(server, 'Bo');
    await bo.ok('join', { room: code });
    await tui.waitFor(/Bo\s+/);
    bo.send({ type: 'chat', text: 'hello from the browser' });
    await tui.waitFor('Bo: hello from the browser');
    tui.keys('/');
    tui.type('hi Bo, ready?');
    tui.keys('Enter');
    const chat = await bo.next((m) => m.type === 'chat' && m.from.name === 'Ada');
    assert.equal(chat.text, 'hi Bo, ready?');
    await tui.waitFor('Ada: hi Bo, ready?');
    tui.save('4-room-chat');
  });

  test('mistakes get a clear sentence and change nothing', async () => {
    tui.command('frobnicate now');
    await tui.waitFor('There is no command "frobnicate"');
    tui.command('bot 0');
    await tui.waitFor('seats are numbers from 1; use: bot [SEAT] [LEVEL]');
    tui.command('kick 1');
    await tui.waitFor('You cannot kick yourself');
    tui.command('act {"kind": ');
    await tui.waitFor('An action is a JSON object');
    tui.keys('Z');
    await tui.waitFor('The key Z does nothing here');
    const screen = tui.screen();
    assert.match(screen, new RegExp(`Room ${code}`), 'still in the room');
  });

  test('a window smaller than 80x24 says so, and the room comes back', async () => {
    tui.resize(60, 20);
    await tui.waitFor('This window is 60x20; botpit-tui needs at least 80x24');
    tui.save('5-too-small');
    tui.resize(100, 32);
    await tui.waitFor(new RegExp(`Room ${code}`));
  });

  test('leaving goes back to the lobby, which lists the room live', async () => {
    tui.keys('L');
    const screen = await tui.waitFor(new RegExp(`${code}\\s+Ricochet Robots\\s+2/8\\s+lobby`));
    assert.match(screen, /You left room/);
    tui.save('6-lobby-rooms');
  });

  test('mouse clicks run what they point at: a game creates a room, a seat is taken', async () => {
    const at = tui.find('Robot boxing');
    assert.ok(at, 'the game is listed');
    tui.click(at.x, at.y);
    await tui.waitFor(/Room [A-Z2-9]{5}\s+Robot boxing/);
    const seat = tui.find('empty');
    tui.click(seat.x, seat.y);
    await tui.waitFor(/■2 Ada\s+you, host/);
    tui.save('6b-clicked');
    tui.keys('L');
    await tui.waitFor('Games on this server');
  });

  test('a game without a renderer shows its view as text and takes JSON', async () => {
    tui.command('create testgame');
    await tui.waitFor(/Room [A-Z2-9]{5}\s+Count to 21/);
    tui.keys('Down', 'b', 's');
    let screen = await tui.waitFor('has no board in the terminal yet');
    assert.match(screen, /total: 0/);
    tui.command('act {"kind": "add", "n": 9}');
    await tui.waitFor('! You can add 1, 2 or 3, not 9.');
    tui.command('act {"kind": "add", "n": 2}');
    screen = await tui.waitFor(/total: [2-9]/);
    tui.save('7-fallback');
  });

  test('q quits mid-game only after asking, and the terminal is as it was', async () => {
    tui.keys('Q');
    await tui.waitFor('Quit in the middle of the game?');
    tui.keys('n');
    await tui.waitFor((s) => !s.includes('Quit in the middle'));
    tui.keys('Q');
    await tui.waitFor('Quit in the middle of the game?');
    tui.keys('y');
    assert.equal(await tui.exited(), 0);
    assert.equal(tui.pane('#{alternate_on}'), '0', 'the alternate screen is left');
    assert.equal(tui.pane('#{cursor_flag}'), '1', 'the cursor shows again');
    tui.save('8-after-exit');
  });

  test('run again, it remembers the player and resumes the seat; Ctrl-C ends it cleanly', async () => {
    const again = Tui.start([server.wsUrl], { home: tui.home, label: 'lobby-again' });
    try {
      await again.waitFor(/Ada \(seat 1\)\s+online/);
      await again.waitFor('has no board in the terminal yet');
      again.keys('C-c');
      assert.equal(await again.exited(), 0);
      assert.equal(again.pane('#{alternate_on}'), '0');
    } finally {
      again.stop();
    }
  });

  test('killed by a signal, even a crash signal, it gives the terminal back', async () => {
    for (const [signal, status] of [['SIGTERM', 0], ['SIGABRT', 134]]) {
      const t = Tui.start([server.wsUrl], { home: tui.home, label: `signal-${signal}` });
      try {
        await t.waitFor(/online/);
        process.kill(t.pid(), signal);
        assert.equal(await t.exited(), status, signal);
        assert.equal(t.pane('#{alternate_on}'), '0', `${signal}: the alternate screen is left`);
        assert.equal(t.pane('#{cursor_flag}'), '1', `${signal}: the cursor shows again`);
      } finally {
        t.stop();
      }
    }
  });
});

// A newcomer's first hour in botpit-tui at 80x24, the smallest size it runs
// in (issue 27, the terminal's items): a refused create said in the form,
// the room's options in words, bots told apart, our robot on top of a
// teammate and "virtual" said with why, the keys a player needs on the
// footer, --create after watching, questions and notices that go when
// their moment has passed, and the two sides of MANOOVER without colours.
// Each test fails without its fix.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { player, startServer } from '../integration/lib/harness.mjs';
import { Tui } from './lib/tui.mjs';

const SIZE = { width: 80, height: 24 };

/** The status line (the row above the footer). */
const statusLine = (screen) => screen.split('\n').slice(-3, -2)[0] ?? '';

describe('a newcomer at 80x24 in botpit-tui', () => {
  let server;
  const tuis = [];

  const start = (args, o = {}) => {
    const t = Tui.start([server.wsUrl, ...args], { ...SIZE, ...o });
    tuis.push(t);
    return t;
  };

  before(async () => {
    server = await startServer();
  });

  after(async () => {
    for (const t of tuis) t.stop();
    await server?.stop();
  });

  test('a refused create is said in the create form, which keeps what was asked', async () => {
    // one create a minute: the second is refused, whatever else the server counts
    const limited = await startServer(['--rooms-per-min', '1']);
    const tui = Tui.start([limited.wsUrl, '--name', 'Ada'], { ...SIZE, label: 'newcomer-refused' });
    try {
      await tui.waitFor(/Games on this server/);
      tui.command('create ricochet');
      await tui.waitFor(/Room [A-Z2-9]{5}/);
      tui.keys('L');
      await tui.waitFor('Games on this server');
      tui.command('create manoover match_to=5');
      const screen = await tui.waitFor(/Create a room[\s\S]*\n {3}! \S/);
      assert.match(screen, /< Robot Attack \(MANOOVER\) >/, 'the game asked for');
      assert.match(screen, /Match to\s+5/, 'and its options');
      tui.save('1-refused-in-the-form');
      tui.keys('Escape');
      await tui.waitFor('Games on this server');
    } finally {
      tui.stop();
      await limited.stop();
    }
  });

  test('the room says its options in words, and a game of exactly two "2 players"', async () => {
    const tui = start(['--name', 'Ada'], { label: 'newcomer-room' });
    await tui.waitFor(/Games on this server/);
    tui.command('create manoover match_to=5');
    const screen = await tui.waitFor(/Room [A-Z2-9]{5}/);
    assert.match(screen, /Match to: 5/);
    assert.match(screen, /Variant: Standard \(two players\)/, 'a choice in words (choice_labels)');
    assert.doesNotMatch(screen, /match_to|bot_takeover/, 'no raw option names');
    assert.match(screen, /Seats \(2 players\)/);
    assert.doesNotMatch(screen, /2 to 2/);
    tui.save('2-room-in-words');
    tui.keys('L');
    await tui.waitFor('Games on this server');
  });

  test('two bots of one level are told apart by their seats', async () => {
    const tui = tuis.at(-1);
    tui.command('create ricochet');
    await tui.waitFor(/Room [A-Z2-9]{5}/);
    tui.command('bot 2');
    tui.command('bot 3');
    const screen = await tui.waitFor(/Bot 3 \(normal\)/);
    assert.match(screen, /Bot 2 \(normal\)/);
    assert.doesNotMatch(screen, /Bot \(normal\)/);
    tui.save('3-bots-numbered');
    tui.keys('L');
    await tui.waitFor('Games on this server');
  });

  test('RoboBall: our robot shows on top of a teammate on the home, and "virtual" comes with why', async () => {
    const tui = tuis.at(-1);
    tui.command('create roborally mode=roboball teams=2 seed=5 program_s=120');
    await tui.waitFor(/Room [A-Z2-9]{5}/);
    for (const seat of [2, 3, 4]) tui.command(`bot ${seat} easy`);
    await tui.waitFor((s) => (s.match(/Bot (\d )?\(easy\)/g) ?? []).length >= 3);
    tui.command('start');
    const screen = await tui.waitFor('Hand (keys 1-9)');
    assert.match(screen, /1[↑→↓←]\+/, 'our robot 1 on its home, sharing it');
    assert.match(screen, /Ada T1 D0 virtual/);
    assert.match(screen, /Virtual: your robot shares its square/);
    assert.match(screen, /Extraction votes: 0 of 4/, 'the votes');
    assert.match(screen, /Homes: T1 [A-L]\d+, T2 [A-L]\d+/, 'the teams\' homes');
    assert.match(screen.split('\n').at(-2), /v vote/, 'the vote key on the footer');
    tui.save('4-roboball-start');
    tui.keys('L');
    await tui.waitFor('Leave the game in progress?');
    tui.keys('y');
    await tui.waitFor('Games on this server');
  });

  test('Robot Wars: the footer shows Enter, which sends the discs', async () => {
    const tui = tuis.at(-1);
    tui.command('create robotwars');
    await tui.waitFor(/Room [A-Z2-9]{5}/);
    tui.command('bot 2');
    await tui.waitFor(/Bot \(normal\)/);
    tui.command('start');
    const screen = await tui.waitFor('Your discs');
    assert.match(screen.split('\n').at(-2), /Enter send/);
    tui.save('5-robotwars-footer');
    tui.keys('L');
    await tui.waitFor('Leave the game in progress?');
    tui.keys('y');
    await tui.waitFor('Games on this server');
  });

  test('Ricochet: "Press x again" goes once the demonstration is over', async () => {
    const tui = tuis.at(-1);
    await tui.gameWithBot('create ricochet seed=7 chips_to_win=2 timer_s=6 demo_s=2 pause_s=30 bot_think_pct=0');
    await tui.waitFor('Round 1: bidding');
    tui.keys('1');
    await tui.waitFor(':bid 1');
    tui.keys('Enter');
    await tui.waitFor('You show your solution', { timeout: 15000 });
    tui.keys('x');
    await tui.waitFor('Press x again to give up this demonstration.');
    const screen = await tui.waitFor(/Bot \(normal\) shows a solution|Round 1: round over/, { timeout: 15000 });
    assert.doesNotMatch(statusLine(screen), /Press x again/, 'the question went with the demonstration');
    tui.save('6-give-up-question-gone');
    tui.keys('L');
    await tui.waitFor('Leave the game in progress?');
    tui.keys('y');
    await tui.waitFor('Games on this server');
  });

  test('RoboRally: "Program sent" does not stay into the next turn', async () => {
    const tui = tuis.at(-1);
    await tui.gameWithBot('create roborally seed=3 program_s=120', 'Bot (normal)');
    await tui.waitFor('Hand (keys 1-9)');
    tui.command('program 1 2 3 4 5');
    tui.keys('Enter');
    await tui.waitFor('Program sent');
    let screen = await tui.waitFor(/turn 2|re-enters: an arrow key/, { timeout: 30000 });
    if (/re-enters: an arrow key/.test(screen)) {
      tui.keys('Right');
      screen = await tui.waitFor(/turn 2/, { timeout: 20000 });
    }
    assert.doesNotMatch(statusLine(screen), /Program sent/, 'turn 2 is not the turn it spoke of');
    tui.save('7-program-sent-gone');
    tui.keys('L');
    await tui.waitFor('Leave the game in progress?');
    tui.keys('y');
    await tui.waitFor('Games on this server');
  });

  test('--create opens the form after quitting a room we were watching', async () => {
    const bo = await player(server, 'Bo');
    try {
      const { code } = await bo.ok('create', { game: 'boxing' });
      const watcher = start(['--name', 'Zoe', '--spectate', code], { label: 'newcomer-watcher' });
      await watcher.waitFor(/Zoe \(watching\)/);
      watcher.keys('q');
      assert.equal(await watcher.exited(), 0);
      const again = start(['--create', 'roborally'], { home: watcher.home, label: 'newcomer-create-again' });
      const screen = await again.waitFor('Create a room', { timeout: 15000 });
      assert.match(screen, /< RoboRally >/);
      again.save('8-create-after-watching');
    } finally {
      bo.close();
    }
  });

  test('MANOOVER without colours: each side\'s robots wear its mark', async () => {
    const tui = start(['--name', 'Ada', '--no-color'], { label: 'newcomer-mono' });
    await tui.waitFor(/Games on this server/);
    await tui.gameWithBot('create manoover');
    const screen = await tui.waitFor(/In goal\s+on board/, { timeout: 15000 });
    assert.match(screen, /\d[↑↗↘↓↙↖]●/, 'ours: seat 1\'s circle');
    assert.match(screen, /\d[↑↗↘↓↙↖]■/, 'theirs: seat 2\'s square');
    tui.save('9-manoover-mono');
  });
});

// A whole game of Ricochet Robots in botpit-tui against a bot: the board,
// a bid, the sand timer counting down on screen, a demonstration move by
// move, the bot's winning demonstration, the result, a rematch; and the
// board redrawn when the window shrinks to 80x24.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Tui, closeTui, openTui, sleep } from './lib/tui.mjs';

describe('Ricochet Robots in botpit-tui', () => {
  let server;
  let tui;

  before(async () => {
    ({ server, tui } = await openTui('ricochet', { width: 120, height: 42 }));
  });

  after(() => closeTui({ server, tui }));

  test('a room with a bot starts on the full board', async () => {
    await tui.gameWithBot('create ricochet seed=7 chips_to_win=1 timer_s=6 demo_s=20 pause_s=2 bot_think_pct=0');
    const screen = await tui.waitFor('Round 1: bidding');
    assert.match(screen, /A {2,3}B {2,3}C/, 'column letters');
    assert.match(screen, /16 ┃/, 'row numbers and walls');
    assert.match(screen, /Target /);
    tui.save('1-board');
  });

  test('a spectator in a plain C locale without colours sees the same board in ASCII', async () => {
    const code = tui.screen().match(/room ([A-Z2-9]{5})/)[1];
    const plain = Tui.start([server.wsUrl, '--name', 'Zoe', '--spectate', code, '--no-color'], {
      width: 120, height: 42, label: 'ricochet-ascii', env: { LANG: 'C', LC_ALL: 'C' },
    });
    try {
      const screen = await plain.waitFor('Round 1: bidding');
      assert.match(screen, /Zoe \(watching\)/);
      assert.match(screen, /\+--/, 'walls in ASCII');
      assert.match(screen, /16 \|/);
      assert.doesNotMatch(screen, /[^\x00-\x7f]/, 'nothing but ASCII');
      plain.save('1b-ascii-spectator');
    } finally {
      plain.stop();
    }
  });

  test('a bid starts the sand timer, which counts down on screen', async () => {
    tui.keys('1');
    await tui.waitFor(':bid 1');
    tui.keys('Enter');
    const first = await tui.waitFor(/Sand timer (\d:\d\d)/);
    const t1 = first.match(/Sand timer (\d:\d\d)/)[1];
    assert.match(first, /Ada\s+1/, 'our bid is listed');
    tui.save('2-sand-timer');
    await sleep(1500);
    const later = tui.screen().match(/Sand timer (\d:\d\d)/);
    assert.ok(later, 'the timer is still running');
    assert.notEqual(later[1], t1, 'it counts down without any message from the server');
  });

  test('the lowest bid demonstrates first: a refused move, a move, then out of moves', async () => {
    await tui.waitFor('You show your solution', { timeout: 15000 });
    tui.save('3-demonstration');
    let moved = false;
    for (const key of ['Up', 'Down', 'Left', 'Right']) {
      tui.keys(key);
      const screen = await tui.waitFor(/Ada: \w+ (north|south|east|west) to [A-P]\d+|! \w+ cannot move/);
      if (/Ada: \w+ (north|south|east|west) to/.test(screen)) {
        moved = true;
        break;
      }
      tui.save('3-refused-move');
    }
    assert.ok(moved, 'one of the four directions moves the robot');
    tui.save('4-moved');
    await tui.waitFor(/Ada used all 1 moves|Ada solved it|Game over/, { timeout: 30000 });
  });

  test('the game goes on to its end with a result', async () => {
    const screen = await tui.waitFor(/Game over: .+ wins? with 1 chip/, { timeout: 90000 });
    assert.match(screen, /R rematch/);
    tui.save('5-game-over');
  });

  test('the window shrinks to 80x24 and the board is drawn one row per cell', async () => {
    tui.resize(80, 24);
    const screen = await tui.waitFor(/^ {1,2}1 ┃/m);
    assert.match(screen, /16 ┃/);
    tui.save('6-80x24');
    tui.resize(120, 42);
  });

  test('the host calls a rematch: a new room with the same seats', async () => {
    const before = tui.screen().match(/room ([A-Z2-9]{5})/)[1];
    tui.keys('R');
    const screen = await tui.waitFor((s) => /room ([A-Z2-9]{5})/.test(s) && !s.includes(`room ${before}`));
    assert.match(screen, /Bot \(normal\)/);
  });
});

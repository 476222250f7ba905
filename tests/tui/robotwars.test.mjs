// Robot Wars in botpit-tui against a bot: the disc allocation (an
// incomplete one refused here, then two on Speed and one on Power sent with
// keys), the battle on the war zone, and one full turn of ours (a turn to
// the right, then the turn ended) with the bot's turn following.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { closeTui, openTui } from './lib/tui.mjs';

describe('Robot Wars in botpit-tui', () => {
  let server;
  let tui;

  before(async () => {
    ({ server, tui } = await openTui('robotwars', { width: 120, height: 34 }));
  });

  after(() => closeTui({ server, tui }));

  test('the set-up shows our discs and refuses an allocation with discs left', async () => {
    await tui.gameWithBot('create robotwars seed=3 setup_s=120 turn_s=120');
    const screen = await tui.waitFor('Your discs: 3 won, 3 to place');
    assert.match(screen, /Speed\s+4 \+ 0 = 4 \(max 8\)/);
    tui.save('1-setup');
    tui.keys('s');
    await tui.waitFor('Your discs: 3 won, 2 to place');
    tui.keys('Enter');
    await tui.waitFor('! Place 2 more discs first.');
    tui.save('2-refused');
  });

  test('the allocation is sent with keys and the battle begins', async () => {
    tui.keys('s', 'p');
    await tui.waitFor(/Power\s+1 \+ 1 = 2 \(max 3\)/);
    tui.keys('Enter');
    const screen = await tui.waitFor(/Round 1 of 15/, { timeout: 15000 });
    assert.match(screen, /S6 P2 M2/, 'our capabilities after the discs');
    tui.save('3-battle');
  });

  test('a full turn of ours: a turn right, then the turn ended', async () => {
    await tui.waitFor(/You to move: \d+ moves?, 2 turns left/, { timeout: 20000 });
    tui.save('4-our-turn');
    tui.keys('Right');
    await tui.waitFor(/You to move: \d+ moves?, 1 turn left/);
    tui.keys('e');
    await tui.waitFor(/Bot\s+\(normal\) to move|Round 2 of 15/, { timeout: 15000 });
    tui.save('5-turn-ended');
  });
});

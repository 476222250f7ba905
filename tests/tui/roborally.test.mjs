// RoboRally in botpit-tui against a bot: the course drawn with the robots
// on the docks, a program written with card keys (an incomplete one
// refused here), locked in with Enter, the five registers playing out in
// the game log, then the next turn's program written as word commands.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { closeTui, openTui } from './lib/tui.mjs';

describe('RoboRally in botpit-tui', () => {
  let server;
  let tui;

  /** Waits for the registers to run and turn `turn` to begin. The bot's
   *  program is not ours to choose: our robot may be destroyed on the way,
   *  and then it re-enters facing the way an arrow key says. */
  async function nextTurn(turn, step) {
    const settled = new RegExp(`Risky Exchange, turn ${turn}|Game over`);
    let screen = await tui.waitFor(new RegExp(`${settled.source}|re-enters: an arrow key`), { timeout: 20000 });
    if (/re-enters: an arrow key/.test(screen) && !settled.test(screen)) {
      tui.save(`${step}-reenter`);
      tui.keys('Right');
      screen = await tui.waitFor(settled, { timeout: 20000 });
      assert.match(screen, /Ada re-enters facing/, 'the log tells the re-entry');
    }
    return screen;
  }

  before(async () => {
    ({ server, tui } = await openTui('roborally', { width: 120, height: 34 }));
  });

  after(() => closeTui({ server, tui }));

  test('the course, our robot and our hand are on screen', async () => {
    await tui.gameWithBot('create roborally course=risky_exchange seed=5 program_s=120');
    const screen = await tui.waitFor('Hand (keys 1-9)');
    assert.match(screen, /Risky Exchange, turn 1/);
    assert.match(screen, /┏━━━/, 'the box-drawing frame');
    assert.match(screen, /F1/, 'flag 1');
    assert.match(screen, /1↑/, 'our robot on its dock, facing north');
    assert.match(screen, /Your turn: program your robot/);
    tui.save('1-program');
  });

  test('an incomplete program is refused here, then five cards are locked in with keys', async () => {
    tui.keys('1', '2', '3');
    await tui.waitFor(/\(\d+\) in register 3\./);
    tui.keys('Enter');
    await tui.waitFor('! Fill 2 more registers before locking the program in.');
    tui.save('2-refused');
    tui.keys('4', '5');
    await tui.waitFor(/in register 5\./);
    tui.keys('Enter');
    const screen = await nextTurn(2, '3');
    assert.match(screen, /Register 5: /, 'the log tells the registers as they run');
    assert.match(screen, /Turn 2: cards dealt\./, 'the log says the next turn began');
    tui.save('3-registers-ran');
  });

  test('a click on a card places it; the next program is written and locked in with word commands', async () => {
    const hand = tui.find('Hand (keys 1-');
    assert.ok(hand, 'the hand is on screen');
    tui.click(hand.x + 2, hand.y + 1);
    await tui.waitFor(/\(\d+\) in register 1\./);
    tui.command('takeback');
    await tui.waitFor('Register 1 cleared.');
    tui.command('program 1 1 2 3 4');
    await tui.waitFor('! Card 1 is in two registers.');
    tui.command('program 5 4 3 2 1');
    await tui.waitFor('Program set: Enter (or :submit) locks it in.');
    tui.command('submit');
    const screen = await nextTurn(3, '4');
    assert.match(screen, /Register 5: /, 'the registers ran again');
    tui.save('4-words');
  });
});

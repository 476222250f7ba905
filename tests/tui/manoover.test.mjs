// MANOOVER in botpit-tui against a bot: the hex board with numbered robots
// and their arrows, the dice, steps and turns with the keys, a refused
// action in plain words, and the moves in the game log.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { closeTui, openTui } from './lib/tui.mjs';

/** The robots our dice name, from the panel ("  2 1 die: step, turn NE SE"). */
function legalRobots(screen) {
  return [...screen.matchAll(/^.*?\s(\d) (\d) dic?e?: (step, )?turn ([A-Z ]+)/gm)]
    .map((m) => ({ number: m[1], step: !!m[3], turns: m[4].trim().split(' ') }));
}

describe('MANOOVER in botpit-tui', () => {
  let server;
  let tui;

  before(async () => {
    ({ server, tui } = await openTui('manoover', { width: 120, height: 36 }));
  });

  after(() => closeTui({ server, tui }));

  test('the hex board shows both sides, the goals and the dice', async () => {
    await tui.gameWithBot('create manoover seed=11 match_to=0');
    const screen = await tui.waitFor('You play red; your goal is ◎1');
    assert.match(screen, /\\___\//, 'hexes');
    assert.match(screen, /[1-6][↑↗↘↓↙↖]/, 'numbered robots with arrows');
    assert.match(screen, /◎2/);
    tui.save('1-board');
  });

  test('on our turn a digit picks a robot and Enter steps it', async () => {
    const screen = await tui.waitFor(/Your turn: \d dic?e? to use/, { timeout: 20000 });
    tui.save('2-our-turn');
    const robots = legalRobots(screen);
    assert.ok(robots.length > 0, `robots to move:\n${screen}`);
    const mover = robots.find((r) => r.step) ?? robots[0];
    tui.keys(mover.number, 'Enter');
    await tui.waitFor(new RegExp(`red ${mover.number} steps [NSEW]+`));
  });

  test('a hex key turns a robot, and a turn it cannot make is refused in words', async () => {
    let screen = tui.screen();
    if (!/Your turn/.test(screen)) screen = await tui.waitFor(/Your turn: \d dic?e? to use/, { timeout: 20000 });
    const robots = legalRobots(screen);
    assert.ok(robots.length > 0, screen);
    const r = robots[0];
    const keyOf = { N: 'w', NE: 'e', SE: 'd', S: 's', SW: 'a', NW: 'q' };
    const current = Object.keys(keyOf).find((d) => !r.turns.includes(d));
    tui.keys(r.number, keyOf[current]);
    await tui.waitFor(`! Robot ${r.number} already points`);
    tui.save('3-refused-turn');
    tui.keys(keyOf[r.turns[0]]);
    await tui.waitFor(new RegExp(`Ada turns robot red ${r.number} to face`));
  });

  test('passing takes two presses, then the bot plays', async () => {
    let screen = tui.screen();
    if (/Your turn/.test(screen)) {
      tui.keys('p');
      await tui.waitFor('Press p again to pass');
      tui.keys('p');
      await tui.waitFor('Ada passes.');
    }
    await tui.waitFor(/Bot \(normal\) rolls/, { timeout: 20000 });
    await tui.waitFor(/blue \d steps|Bot \(normal\) turns robot blue/, { timeout: 20000 });
    tui.save('4-log');
  });
});

// Robot boxing in botpit-tui against a bot: the layout editor (letters,
// parts, a layout the rules refuse, then one locked in), orders written
// with keys and sent, a turn resolved with its shots, and orders typed as a
// command for the next turn.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { closeTui, openTui } from './lib/tui.mjs';

describe('Robot boxing in botpit-tui', () => {
  let server;
  let tui;

  before(async () => {
    ({ server, tui } = await openTui('boxing', { width: 110, height: 34 }));
  });

  after(() => closeTui({ server, tui }));

  test('the layout editor shows the robot and refuses a layout the rules do not allow', async () => {
    await tui.gameWithBot('create boxing seed=3 order_s=30 layout_s=120');
    let screen = await tui.waitFor('Lay out your robot');
    assert.match(screen, /\[[a-i]\]/, 'the booster in the centre');
    assert.equal((screen.match(/\([a-i]\)/g) ?? []).length >= 4, true, 'four lasers');
    tui.save('1-editor');
    tui.keys('1', 'Down', '1', 'Down', '1');
    screen = tui.screen();
    tui.keys('Enter');
    await tui.waitFor(/! Make \d lasers? an engine|! Choose \d more lasers?/);
    tui.save('2-refused-layout');
  });

  test('a layout typed as a command is locked in', async () => {
    tui.command('layout gha ibc fed acdf');
    const screen = await tui.waitFor('Your orders for turn 1', { timeout: 15000 });
    assert.match(screen, / g [↖\\] +h [↑^] +\(a\)/, 'our layout, north row first');
    tui.save('3-orders');
  });

  test('orders are written with keys and sent; the turn resolves with its shots', async () => {
    // our engines: h (N), i (W), e (S) and b is the booster; d, c, f, a, g are... per the layout
    tui.keys('m');
    await tui.waitFor('Booster: move');
    tui.keys('f');
    await tui.waitFor('Which laser?');
    tui.keys('a');
    await tui.waitFor('Which enemy slot?');
    tui.keys('e');
    await tui.waitFor(/Fire laser a \(NE\), reach \d+, at slot e/);
    tui.keys('Enter');
    // the bot's orders are in already: ours resolve the turn at once
    await tui.waitFor(/Orders in \(Enter sends new ones\)|Turn 1 resolves/);
    await tui.waitFor('Turn 1 resolves', { timeout: 40000 });
    await tui.waitFor(/Ada fired a NE at Bot\s+\(normal\)'s e/);
    tui.save('4-resolved');
  });

  test('orders typed as a command for the next turn', async () => {
    await tui.waitFor('Your orders for turn 2');
    tui.command('orders');
    await tui.waitFor(/Orders in \(Enter sends new ones\)|Turn 2 resolves/);
    tui.command('orders NE');
    await tui.waitFor('! No working engine of yours drives NE');
    tui.save('5-orders-command');
  });
});

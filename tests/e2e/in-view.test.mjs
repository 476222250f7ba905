// Keys work from the first moment, and what the player needs is on screen
// (issue 27; the QA pass's items 1 and 6). After Start the focus fell to
// the page's body (after a Quick game, to the room's heading), so keys did
// nothing until a click in the table; Esc on the rules left it on the ?
// button. Ricochet's board lost its bottom row at 1280x800, a refused move
// was said below the window over the side panels, and on a phone the
// board's top sat under the sticky bar when your demonstration began;
// Robot Wars' war zone stayed off-screen after Lock in on a phone.
// Each story at 1280x800 and on a 390x844 touch phone.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { join } from 'node:path';
import {
  DESKTOP, arrive, artifactsDir, endStory, launchBrowser, openPage, skipReason, startWebServer, storySteps,
} from './lib/e2e.mjs';
import { shootAt, solve, viewOf, waitPhase } from './lib/games.mjs';
import {
  SIZES, barsBottom, boxOf, focused, leaveRoom, manooverTurn, openAdaAndBob, pressOn, quickGame, startRicochetWithBob, waitSaid,
} from './lib/first-hour.mjs';

const skip = skipReason() || false;
const ARROW = { N: 'ArrowUp', E: 'ArrowRight', S: 'ArrowDown', W: 'ArrowLeft' };

for (const [size, viewport, touch] of SIZES) {
  describe(`keys from the start, things in view (${size})`, { skip }, () => {
    let server;
    let browser;
    let ada;
    let bob;
    const step = storySteps(test);
    const press = pressOn(touch);

    before(async () => {
      ({ server, browser, ada, bob } = await openAdaAndBob(viewport, touch));
    });

    after(() => endStory(server, browser, [ada, bob]));

    step('Ricochet: after Start a digit bids at once, and the whole board shows', async () => {
      const code = await startRicochetWithBob({ server, ada, bob }, press, {
        'Sand timer (seconds)': 3, 'Time to demonstrate (seconds)': 120, 'Chips to win': 1, Seed: 11,
      });
      await ada.waitForTimeout(300);
      assert.equal(await focused(ada), 'table', 'the table has the keys without a click');
      await ada.keyboard.press('7');
      assert.equal(await ada.locator('.rr-bid-input').inputValue(), '7', 'the digit went into the bid box');
      const board = await boxOf(ada, '.rr-board');
      const bar = await barsBottom(ada);
      assert.ok(board.top >= bar - 1, `the board's top is under the bars, not behind them: ${JSON.stringify({ board, bar })}`);
      assert.ok(board.bottom <= board.window + 1, `the board's bottom row is in the window: ${JSON.stringify(board)}`);
      await shootAt(ada, `in-view-ricochet-start-${size}`, '.turnbar');
    });

    step('Esc on the rules gives the keys back to the table, not to the ? button', async () => {
      await press(ada.locator('#table-rules'));
      await ada.locator('dialog.rules-dialog[open]').waitFor();
      await ada.keyboard.press('Escape');
      await ada.waitForFunction(() => !document.querySelector('dialog.rules-dialog')?.open);
      assert.equal(await focused(ada), 'table', 'the focus is back at the table');
      await ada.keyboard.press('6');
      assert.equal(await ada.locator('.rr-bid-input').inputValue(), '6', 'and a digit bids again');
    });

    step('Ricochet: your demonstration starts with the board in view; a refused move is said over the board, in the window', async () => {
      const best = await solve(await viewOf(ada));
      await ada.locator('.rr-bid-input').fill(String(best.moves));
      await press(ada.locator('.rr-bid-send'));
      await ada.locator('.rr-bid[data-seat="0"]').waitFor();
      // Where the page was when the sand ran out: at the top of the page
      // (a desk), down at the bid box with the board above (a phone).
      if (touch) await ada.evaluate(() => window.scrollTo(0, document.querySelector('.rr-task').getBoundingClientRect().top + window.scrollY - 60));
      else await ada.evaluate(() => window.scrollTo(0, 0));
      await waitPhase(ada, 'demonstration', 20000);
      await ada.waitForTimeout(400);
      const board = await boxOf(ada, '.rr-board-wrap');
      const bar = await barsBottom(ada);
      assert.ok(board.top >= bar - 1, `the board's top is not under the sticky bars: ${JSON.stringify({ board, bar })}`);
      assert.ok(board.bottom <= board.window + 1, `nor its bottom below the window: ${JSON.stringify(board)}`);

      // A robot with a wall or robot right beside it, moved that way by key.
      const view = await viewOf(ada);
      let blocked = null;
      for (const color of Object.keys(view.robots)) {
        await ada.keyboard.press(color[0].toUpperCase());
        await ada.locator(`.rr-robot[data-robot="${color}"][data-selected="true"]`).waitFor();
        const dirs = await ada.locator('.rr-dir-btn:disabled').evaluateAll((bs) => bs.map((b) => b.dataset.dir));
        if (dirs.length) { blocked = { color, dir: dirs[0] }; break; }
      }
      assert.ok(blocked, 'some robot is blocked one way');
      await ada.keyboard.press(ARROW[blocked.dir]);
      const words = await waitSaid(ada, /cannot move .* from there/);
      assert.match(words, new RegExp(`^The ${blocked.color} robot cannot move`));
      const bubble = await boxOf(ada, '.hint-callout');
      const inBoard = await boxOf(ada, '.rr-board');
      const top = await barsBottom(ada);
      assert.ok(bubble.top >= top - 1 && bubble.bottom <= bubble.window + 1, `the refusal is in the window: ${JSON.stringify({ bubble, top })}`);
      assert.ok(bubble.left >= inBoard.left - 1 && bubble.right <= inBoard.right + 1, `and over the board: ${JSON.stringify({ bubble, inBoard })}`);
      if (!touch) {
        const side = await boxOf(ada, '.rr-side');
        assert.ok(bubble.right <= side.left, `never over the panels beside it: ${JSON.stringify({ bubble, side })}`);
      }
      await ada.screenshot({ path: join(artifactsDir, `in-view-ricochet-refusal-${size}.png`) });
      await press(ada.locator('.rr-give-up'));
      await leaveRoom(ada, press);
      await leaveRoom(bob, (l) => l.click());
    });

    step('Robot Attack: after a Quick game the first key picks a robot', async () => {
      await quickGame(ada, 'manoover', press);
      await manooverTurn(ada);
      assert.equal(await focused(ada), 'table', 'the table has the keys, not the room heading');
      const view = await viewOf(ada);
      const n = view.legal.robots[0].number;
      await ada.keyboard.press(String(n));
      await ada.locator(`.mo-robot.mo-selected[data-number="${n}"]`).waitFor();
      await shootAt(ada, `in-view-manoover-first-key-${size}`, '.turnbar');
      await leaveRoom(ada, press);
    });

    step('Robot Wars: after Lock in the war zone is back in view', async () => {
      await quickGame(ada, 'robotwars', press);
      const lock = ada.locator('.rw-lock');
      await lock.waitFor();
      assert.equal(await focused(ada), 'table', 'the table has the keys at the start');
      await lock.scrollIntoViewIfNeeded();
      await press(lock);
      await ada.waitForFunction(() => window.botpit.store.state?.view.phase === 'battle', null, { timeout: 15000 });
      await ada.waitForTimeout(400);
      const arena = await boxOf(ada, '.rw-arena');
      const bar = await barsBottom(ada);
      assert.ok(arena.top >= bar - 1 && arena.bottom <= arena.window + 1, `the war zone is in the window: ${JSON.stringify({ arena, bar })}`);
      await shootAt(ada, `in-view-robotwars-after-lock-${size}`, '.turnbar');
      await leaveRoom(ada, press);
    });
  });
}

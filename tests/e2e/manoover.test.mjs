// Robot Attack / MANOOVER in real Chromium against the real server. Ada
// (desktop, by clicks) and Bob (phone, by keys) play a standard single game
// to the end; each walks their own robots off the board (turn them outward,
// let the automatic phase carry them), which ends a game in a few turns.
// Then Carol plays a bot to the end, with motion on, so a turn is played
// back robot by robot; then the three-player and Plus boards are checked.
// Screenshots at 375x812 and 1280x800 go to BOTPIT_ARTIFACTS.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  DESKTOP, PHONE, arrive, artifactsDir, endStory, openPage, openTable, skipReason,
  storySteps,
} from './lib/e2e.mjs';
import {
  actAndWait, actByClicks, addBot, createManooverRoom as createRoom, plan, playToEnd, shootAt, viewOf,
} from './lib/games.mjs';

const skip = skipReason() || false;

/** Screenshots with `selector` at the top of the window. */
const shoot = (page, name, selector = '.mo') => shootAt(page, name, selector);

describe('Robot Attack: two players, a bot, the variants', { skip }, () => {
  let server;
  let browser;
  let ada;
  let bob;
  let carol;
  const step = storySteps(test);

  before(async () => {
    ({ server, browser, desktop: ada, phone: bob } = await openTable());
  });

  after(() => endStory(server, browser, [ada, bob, carol]));

  step('Ada creates a single standard game, Bob joins, the board is drawn', async () => {
    await arrive(ada, server.url, 'Ada');
    const code = await createRoom(ada);
    await arrive(bob, `${server.url}#/room/${code}`, 'Bob');
    await bob.locator('.seat[data-seat="1"][data-mine="true"]').waitFor();
    await ada.getByRole('button', { name: 'Start game' }).click();
    for (const page of [ada, bob]) {
      await page.locator('.mo-board').waitFor();
      assert.equal(await page.locator('.mo-cell').count(), 37, 'the standard board has 37 cells');
      assert.equal(await page.locator('.mo-goal').count(), 2);
      assert.equal(await page.locator('.mo-robot').count(), 12);
    }
    const view = await viewOf(ada);
    const mover = view.turn === 0 ? ada : bob;
    await mover.locator('#turn-text', { hasText: 'Your turn: use your dice' }).waitFor();
    assert.equal(await mover.locator('.mo-die').count(), 3, 'three dice');
    // Someone to move sees the controls; the other only the dice.
    assert.equal(await (view.turn === 0 ? bob : ada).locator('.mo-controls').isHidden(), true);
    const first = (await viewOf(mover)).legal.robots[0].number;
    await mover.locator(`.mo-die[data-value="${first}"][data-state="use"]`).first().click();
    await mover.locator('.mo-pick').first().waitFor();
    assert.equal(await mover.locator('.mo-pick').count(), 6, 'six direction buttons around the selected robot');
    await shoot(mover, 'manoover-dice');
    await mover.locator('#table-slot').focus();
    await mover.keyboard.press('Escape');
    assert.equal(await mover.locator('.mo-pick').count(), 0, 'Esc lets the robot go');
  });

  step('they play to the end: Ada by clicks, Bob by keys', async () => {
    let shot = false;
    let passed = false;
    await playToEnd([ada, bob], (seat) => (seat === 0 ? 'clicks' : 'keys'), async (n, page) => {
      const view = await viewOf(page);
      if (!shot && view.off_board.length) {
        shot = true;
        await shoot(ada, 'manoover-midgame');
      }
      // Once, Bob passes with a die left (P).
      if (!passed && view.turn === 1 && view.legal && view.dice.filter((d) => d.usable).length === 1) {
        await actAndWait(bob, async () => {
          await bob.locator('#table-slot').focus();
          await bob.keyboard.press('p');
        });
        passed = true;
      }
    });
    for (const page of [ada, bob]) await page.locator('.result h2').waitFor();
    const end = await viewOf(ada);
    assert.equal(end.phase, 'over');
    assert.ok(end.alive.some((n) => n === 0), 'a player has no robot left');
    const log = await ada.locator('.event-log').textContent();
    assert.match(log, /robot \d steps (N|NE|SE|S|SW|NW)/, 'the log says which robot stepped where');
    assert.match(log, /is off the board/);
    const summary = await ada.locator('.result .result-why').textContent();
    assert.match(summary, /(Ada|Bob) had no robot left on the board, which ends the game\. ((Ada|Bob) has the most robots in their goal|The goals hold as many robots each)/,
      'the result says why the game ended, with the players’ names, not "Seat N"');
    await shoot(ada, 'manoover-result', '.result');
    await shoot(bob, 'manoover-result-phone', '.mo-board');
  });

  step('Carol plays a bot to the end, watching the robots move', async () => {
    carol = await openPage(browser, PHONE);
    await carol.emulateMedia({ reducedMotion: 'no-preference' });
    await arrive(carol, server.url, 'Carol');
    const code = await createRoom(carol);
    await addBot(carol, 1);
    await carol.getByRole('button', { name: 'Start game' }).click();
    await carol.locator('.mo-board').waitFor();
    // Bob watches: the same board, no controls, nothing to click.
    await bob.goto(`${server.url}#/room/${code}`);
    await bob.locator('.mo[data-role="spectator"] .mo-board').waitFor();
    assert.equal(await bob.locator('.mo-controls').isHidden(), true, 'a spectator has no controls');
    assert.equal(await bob.locator('.mo-robot[role="button"]').count(), 0, 'a spectator cannot pick robots');
    // With motion on, each move plays back robot by robot. Watch a few
    // turns for a push (the caption says "pushing") and shoot it; then
    // skip the rest of the motion to keep the test short.
    let shot = null;
    let watched = 0;
    await playToEnd([carol, null], () => 'clicks', async (n, page) => {
      if (shot === 'push' || watched >= 4) return;
      const played = await page.waitForFunction(() => {
        const playing = document.querySelector('.mo')?.dataset.playing === 'true';
        const caption = document.querySelector('.mo-caption')?.textContent || '';
        return playing && /pushing/.test(caption) ? 'push' : playing ? null : 'still';
      }, null, { timeout: 20000, polling: 50 }).then((h) => h.jsonValue()).catch(() => 'still');
      if (played === 'push' || (played !== 'still' && !shot)) {
        shot = played;
      }
      if (played === 'push') {
        await page.locator('.mo-board').scrollIntoViewIfNeeded();
        await page.waitForTimeout(200);
        mkdirSync(artifactsDir, { recursive: true });
        await page.screenshot({ path: join(artifactsDir, 'manoover-push-375x812.png') });
      }
      await page.locator('.mo[data-playing="false"]').waitFor({ timeout: 20000 });
      watched++;
      if (shot === 'push' || watched >= 4) await page.emulateMedia({ reducedMotion: 'reduce' });
    });
    await carol.locator('.result h2').waitFor();
    assert.ok(watched > 0, 'moves were played back on the board');
  });

  step('the three-player and Plus boards', async () => {
    for (const [variant, cells, goals, robots, dice] of [['three', 61, 3, 18, 3], ['plus', 61, 2, 16, 4]]) {
      const page = await openPage(browser, DESKTOP);
      await arrive(page, server.url, 'Dana');
      // The three-player game in the alternate order (automatic phase first).
      await createRoom(page, { variant, matchTo: '21', alternate: variant === 'three' });
      await addBot(page, 1);
      if (variant === 'three') await addBot(page, 2, 'easy');
      await page.getByRole('button', { name: 'Start game' }).click();
      await page.locator('.mo-board').waitFor();
      assert.equal(await page.locator('.mo-cell').count(), cells, `${variant}: cells`);
      assert.equal(await page.locator('.mo-goal').count(), goals, `${variant}: goals`);
      // The first player is thrown for: wait for Dana's own control phase.
      await page.waitForFunction(() => window.botpit.store.state?.view?.legal);
      await page.locator('.mo[data-playing="false"]').waitFor();
      const view = await viewOf(page);
      assert.equal(await page.locator('.mo-robot').count(), view.robots.length, `${variant}: every robot drawn`);
      assert.equal(view.robots.length <= robots, true);
      assert.equal(await page.locator('.mo-die').count(), dice, `${variant}: dice`);
      await page.locator('.mo-match').waitFor();
      assert.equal(view.alternate, variant === 'three');
      await shoot(page, `manoover-${variant}`);
      // One action on the big board, by the picker.
      await actAndWait(page, () => actByClicks(page, plan(view), 0));
      assert.deepEqual(page.problems, [], `${variant}: no script errors`);
      await page.context().close();
    }
  });
});

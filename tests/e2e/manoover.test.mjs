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
  DESKTOP, PHONE, arrive, artifactsDir, endStory, openPage, openTable, shootBoth, skipReason,
  storySteps,
} from './lib/e2e.mjs';

const skip = skipReason() || false;
const GAME = 'Create room: Robot Attack (MANOOVER)';

function viewOf(page) {
  return page.evaluate(() => window.botpit.store.state?.view ?? null);
}

function seqOf(page) {
  return page.evaluate(() => window.botpit.store.state?.seq ?? -1);
}

/** Creates a room of the game with the given options; returns its code. */
async function createRoom(page, { variant = 'standard', matchTo = '0', alternate = false } = {}) {
  await page.getByRole('button', { name: GAME }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Variant').selectOption(variant);
  if (alternate) await dialog.getByLabel('Even-more-confusing order').check();
  await dialog.getByLabel('Match to').fill(matchTo);
  await dialog.getByRole('button', { name: 'Create room' }).click();
  await page.locator('#room-code').waitFor();
  return (await page.locator('#room-code').textContent()).trim();
}

async function addBot(page, seat, level = 'normal') {
  await page.getByLabel(`Bot level for seat ${seat + 1}`).selectOption(level);
  await page.getByRole('button', { name: `Add bot to seat ${seat + 1}` }).click();
}

/** Screenshots with `selector` at the top of the window. */
async function shoot(page, name, selector = '.mo') {
  await page.locator(selector).first().evaluate((node) => {
    window.scrollTo(0, node.getBoundingClientRect().top + window.scrollY - 64);
  });
  await shootBoth(page, name);
}

/** The way off the board nearest a robot: the direction with the fewest steps out. */
function outward(view, robot) {
  const delta = { N: [0, -1], NE: [1, -1], SE: [1, 0], S: [0, 1], SW: [-1, 1], NW: [-1, 0] };
  const dist = ([q, r]) => Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r));
  let best = null;
  for (const [dir, [dq, dr]] of Object.entries(delta)) {
    let cell = robot.cell;
    let steps = 0;
    while (dist(cell) <= view.radius) { cell = [cell[0] + dq, cell[1] + dr]; steps++; }
    // Stepping into a goal would score for someone: walk out elsewhere.
    const goal = view.goals.some((g) => {
      let c = robot.cell;
      for (let i = 0; i < steps; i++) { c = [c[0] + dq, c[1] + dr]; if (c[0] === g.cell[0] && c[1] === g.cell[1]) return true; }
      return false;
    });
    const score = steps + (goal ? 10 : 0) + (dir === robot.dir ? -0.5 : 0);
    if (!best || score < best.score) best = { dir, score };
  }
  return best.dir;
}

/**
 * The next action of the player to move, chosen from the view's legal
 * list: face the robot outward, or step it if it already does.
 */
function plan(view) {
  const choice = view.legal.robots[0];
  const robot = view.robots.find((r) => r.owner === view.you && r.number === choice.number);
  const dir = outward(view, robot);
  if (dir === robot.dir || !choice.turn.includes(dir)) return { number: choice.number, what: choice.step ? 'step' : choice.turn[0] };
  return { number: choice.number, what: dir };
}

/** By clicks: the robot (or its die), then the picker around it (or the pad). */
async function actByClicks(page, { number, what }, n) {
  const seat = (await viewOf(page)).you;
  if (n % 2) await page.locator(`.mo-die[data-value="${number}"][data-state="use"]`).first().click();
  else await page.locator(`.mo-robot[data-owner="${seat}"][data-number="${number}"]`).click();
  await page.locator(`.mo-robot.mo-selected[data-number="${number}"]`).waitFor();
  const dir = what === 'step' ? (await viewOf(page)).robots.find((r) => r.owner === seat && r.number === number).dir : what;
  if (n % 3 === 2) await page.locator(`.mo-pad-btn[data-dir="${what}"]`).click();
  else await page.locator(`.mo-pick[data-dir="${dir}"]`).click();
}

const DIR_KEY = { NW: 'q', N: 'w', NE: 'e', SW: 'a', S: 's', SE: 'd' };

/** By keys: the robot's digit, then Q W E A S D to turn or F to step. */
async function actByKeys(page, { number, what }) {
  await page.locator('#table-slot').focus();
  await page.keyboard.press(String(number));
  await page.locator(`.mo-robot.mo-selected[data-number="${number}"]`).waitFor();
  await page.keyboard.press(what === 'step' ? 'f' : DIR_KEY[what]);
}

/** Waits until the page has a state newer than `seq`. */
async function nextState(page, seq) {
  await page.waitForFunction((s) => (window.botpit.store.state?.seq ?? -1) > s, seq);
}

/**
 * Plays the game on `pages` (seat -> page, null for a bot's seat) to its
 * end; `way(seat)` says "clicks" or "keys". Calls `onAction` after each.
 */
async function playToEnd(pages, way, onAction = async () => {}) {
  const any = pages.find(Boolean);
  for (let n = 0; n < 400; n++) {
    const seen = await viewOf(any);
    if (seen.phase === 'over') return n;
    const page = pages[seen.turn];
    if (!page) {
      // A bot's turn: wait for the state after it.
      await any.waitForFunction((t) => {
        const v = window.botpit.store.state?.view;
        return v && (v.phase === 'over' || v.turn !== t);
      }, seen.turn, { timeout: 10000 });
      continue;
    }
    await page.waitForFunction(() => {
      const v = window.botpit.store.state?.view;
      return v && (v.phase === 'over' || (v.legal && v.turn === v.you));
    });
    const view = await viewOf(page);
    if (view.phase === 'over') return n;
    const seq = await seqOf(page);
    const action = plan(view);
    if (way(view.you) === 'clicks') await actByClicks(page, action, n);
    else await actByKeys(page, action);
    await nextState(page, seq);
    await onAction(n, page);
  }
  throw new Error('the game did not end in 400 actions');
}

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
        const seq = await seqOf(bob);
        await bob.locator('#table-slot').focus();
        await bob.keyboard.press('p');
        await nextState(bob, seq);
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
    const summary = await ada.locator('.result .summary').textContent();
    assert.match(summary, /(Ada|Bob) (wins|and (Ada|Bob) tie)/, 'the summary names the players, not "Seat N"');
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
      const seq = await seqOf(page);
      await actByClicks(page, plan(view), 0);
      await nextState(page, seq);
      assert.deepEqual(page.problems, [], `${variant}: no script errors`);
      await page.context().close();
    }
  });
});

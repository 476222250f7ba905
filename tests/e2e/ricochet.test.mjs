// Ricochet Robots in real Chromium against the real server. Ada (desktop)
// and Bob (phone) play a round to the end: they bid (Ada by keys, Bob with
// the pad), the sand timer runs out, Bob demonstrates the optimal solution
// by clicking robots and arrows, takes the chip and wins; the round's card
// replays the optimal solution on the board. Then Cid plays against two
// bots to the end of a game, demonstrating once by keyboard. Screenshots of
// the bidding, the demonstration and the round result (with the replay) are
// written at 375x812 and 1280x800.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  PHONE, arrive, endStory, openPage, openTable, skipReason, storySteps,
} from './lib/e2e.mjs';
import { createRoomWith, shootAt, solve, viewOf, waitPhase } from './lib/games.mjs';

const skip = skipReason() || false;

/** Creates a ricochet room with `options` (labels → values); returns its code. */
function createRoom(page, options) {
  return createRoomWith(page, 'Ricochet Robots', options);
}

/** Screenshots with `selector` at the top of the window. */
const shoot = (page, name, selector = '.turnbar') => shootAt(page, name, selector);

describe('Ricochet Robots: two players, then bots', { skip }, () => {
  let server;
  let browser;
  let ada;
  let bob;
  let cid;
  let best;
  const step = storySteps(test);

  before(async () => {
    ({ server, browser, desktop: ada, phone: bob } = await openTable());
  });

  after(() => endStory(server, browser, [ada, bob, cid]));

  step('Ada creates a room with a short sand timer and Bob joins', async () => {
    await arrive(ada, server.url, 'Ada');
    const code = await createRoom(ada, {
      'Sand timer (seconds)': 4, 'Chips to win': 1, 'Pause between rounds (seconds)': 14, Seed: 11,
    });
    await arrive(bob, `${server.url}#/room/${code}`, 'Bob');
    await bob.locator('.seat[data-seat="1"][data-mine="true"]').waitFor();
    await ada.getByRole('button', { name: 'Start game' }).click();
    await waitPhase(ada, 'bidding');
    await waitPhase(bob, 'bidding');
    assert.equal(await ada.locator('.rr-target').count(), 17, 'every target is drawn');
    assert.equal(await ada.locator('.rr-robot').count(), 4);
    for (const letter of ['R', 'G', 'B', 'Y']) {
      assert.equal(await ada.locator('.rr-robot .rr-robot-letter', { hasText: letter }).count(), 1, `a robot shows ${letter}`);
    }
    await ada.locator('.rr-centre .rr-chip').waitFor();
    await ada.locator('#turn-text', { hasText: 'Your turn: find the shortest route and bid' }).waitFor();
    best = await solve(await viewOf(ada));
    assert.ok(best.moves >= 2);
  });

  step('they bid: Ada by keys, Bob with the pad; nobody raises their own bid', async () => {
    await ada.locator('#table-slot').focus();
    for (const digit of String(best.moves + 2)) await ada.keyboard.press(digit);
    await ada.keyboard.press('Enter');
    await ada.locator('.rr-bid[data-seat="0"]', { hasText: `${best.moves + 2} moves` }).waitFor();
    await bob.locator('.rr-sand[data-running="true"]').waitFor();
    await bob.locator('.rr-bid-input').fill(String(best.moves));
    await bob.locator('.rr-bid-send').click();
    await ada.locator('.rr-bid[data-seat="1"]', { hasText: `${best.moves} moves` }).waitFor();
    assert.equal(await bob.locator('.rr-bid-plus').isDisabled(), true, 'the pad does not go above your own bid');
    assert.deepEqual(await ada.locator('.rr-bid').evaluateAll((lis) => lis.map((li) => li.dataset.seat)), ['1', '0'],
      'the lowest bid is listed first');
    await shoot(ada, 'ricochet-bidding');
  });

  step('the timer runs out; Bob demonstrates by clicking robots and arrows', async () => {
    await waitPhase(bob, 'demonstration');
    await ada.locator('#turn-text', { hasText: 'Waiting for Bob' }).waitFor();
    assert.equal(await ada.locator('.rr-robot[role="button"]').count(), 0, 'only the demonstrator may pick robots');
    const n = best.solution.length;
    for (let i = 0; i < n; i++) {
      const [robot, dir] = best.solution[i];
      const picked = bob.locator(`.rr-robot[data-robot="${robot}"]`);
      if (await picked.getAttribute('data-selected') !== 'true') await picked.click();
      await bob.locator(`.rr-robot[data-robot="${robot}"][data-selected="true"]`).waitFor();
      if (i === Math.min(2, n - 1)) await shoot(bob, 'ricochet-demonstration');
      await bob.locator(`.rr-arrow[data-dir="${dir}"]`).click();
      if (i < n - 1) {
        await bob.locator('.rr-counter-made', { hasText: String(i + 1) }).waitFor();
        await ada.locator('.rr-counter-made', { hasText: String(i + 1) }).waitFor();
      }
    }
    await waitPhase(ada, 'round_over');
    await ada.locator('.rr-outcome', { hasText: 'Bob takes' }).waitFor();
    await ada.locator('.rr-score-row[data-seat="1"] .rr-score-count', { hasText: '1' }).waitFor();
    await ada.locator('.event-log', { hasText: `Bob solved it in ${best.moves} moves` }).waitFor();
  });

  step('the round card replays the optimal solution on the board', async () => {
    await ada.locator('.rr-optimal[data-status="solved"]', { hasText: `${best.moves} moves` }).waitFor();
    await ada.getByRole('button', { name: 'Replay the best solution' }).click();
    await ada.locator('.rr-board-wrap[data-replaying="true"]').waitFor();
    await ada.locator('.rr-caption-text', { hasText: 'Best solution: move 2' }).waitFor();
    await shoot(ada, 'ricochet-result');
    await shoot(bob, 'ricochet-result-phone', '.rr-board');
    await ada.locator('.rr-board-wrap[data-replaying="false"]').waitFor({ timeout: 20000 });
  });

  step('one chip wins: the game ends with Bob the winner', async () => {
    await ada.locator('.result h2', { hasText: 'Bob wins' }).waitFor({ timeout: 40000 });
    await bob.locator('.result h2', { hasText: 'You win!' }).waitFor();
  });

  step('Cid plays two bots to the end, demonstrating once by keyboard', async () => {
    cid = await openPage(browser, PHONE);
    await cid.emulateMedia({ reducedMotion: 'no-preference' }); // slides and the replay animate
    await arrive(cid, server.url, 'Cid');
    await createRoom(cid, {
      'Sand timer (seconds)': 2, 'Chips to win': 2, 'Pause between rounds (seconds)': 1,
      'Time to demonstrate (seconds)': 10, 'Bot thinking time (%)': 0,
    });
    for (const [seat, level] of [[2, 'hard'], [3, 'normal']]) {
      await cid.getByLabel(`Bot level for seat ${seat}`).selectOption(level);
      await cid.getByRole('button', { name: `Add bot to seat ${seat}` }).click();
    }
    await cid.getByRole('button', { name: 'Start game' }).click();
    await waitPhase(cid, 'bidding');
    // A bid of 1 is never enough (the robot must turn), so Cid goes first and fails.
    await cid.locator('.rr-bid-input').fill('1');
    await cid.locator('.rr-bid-send').click();
    await waitPhase(cid, 'demonstration');
    await cid.locator('#table-slot').focus();
    const view = await viewOf(cid);
    const cells = Object.fromEntries(Object.entries(view.robots).map(([c, r]) => [c, r.cell]));
    const { slide } = await import('../../clients/web/games/ricochet/model.js');
    const [robot, dir] = ['red', 'green', 'blue', 'yellow'].flatMap((c) => ['N', 'E', 'S', 'W'].map((d) => [c, d]))
      .find(([c, d]) => slide(view.board, cells, c, d).length > 0);
    await cid.keyboard.press(robot[0].toUpperCase());
    await cid.locator(`.rr-robot[data-robot="${robot}"][data-selected="true"]`).waitFor();
    await cid.keyboard.press({ N: 'ArrowUp', E: 'ArrowRight', S: 'ArrowDown', W: 'ArrowLeft' }[dir]);
    await cid.locator('.event-log', { hasText: 'Cid ran out of moves' }).waitFor();
    await cid.locator('.result h2').waitFor({ timeout: 90000 });
    const over = await cid.evaluate(() => window.botpit.store.over);
    assert.ok(over.winners.some((s) => s > 0), 'a bot won');
    assert.equal(Math.max(...over.scores), 2);
  });
});

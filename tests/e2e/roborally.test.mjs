// RoboRally in real Chromium against the real server. Ada (desktop) and Bob
// (phone) race two bots on Checkmate to a winner: Ada programs by clicks
// and a drag, Bob by keys; both step back and forth through a turn's
// playback; whoever is destroyed picks a facing to re-enter. At no point
// before the end does either page hold the other's hand. Screenshots of the
// programming, a playback step and the result at 375x812 and 1280x800.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { arrive, endStory, openTable, skipReason, storySteps } from './lib/e2e.mjs';
import { addBot, rallyActs, shootAt, viewOf } from './lib/games.mjs';

const skip = skipReason() || false;

const shoot = (page, name, selector = '.rally') => shootAt(page, name, selector);

/** Nothing of another seat's hand in this page's view or its hand row. */
async function assertNoLeak(page, seat) {
  // The view and the page at one moment (a state may arrive between two reads).
  const { view, shown } = await page.evaluate(() => ({
    view: window.botpit.store.state?.view ?? null,
    shown: [...document.querySelectorAll('.rally-hand .rally-card')].map((e) => Number(e.dataset.card)),
  }));
  if (!view || view.phase === 'over') return;
  for (const r of view.robots) {
    if (r.seat === seat) continue;
    assert.equal(r.cards, undefined, `seat ${seat}'s page holds seat ${r.seat}'s hand`);
  }
  const mine = view.robots[seat].cards || [];
  for (const c of shown) assert.ok(mine.includes(c), `card ${c} shown is not in the page's own hand`);
}

/** Programs by clicks: the first free cards into the registers, then lock in. */
async function programByClicks(page, view, { drag = false } = {}) {
  const me = view.robots[view.you];
  const free = 5 - me.locked;
  for (let k = 0; k < free; k++) await page.locator(`.rally-hand li:nth-child(${k + 1}) .rally-card`).click();
  if (drag && free >= 2) {
    // Reorder: register 1 dragged onto register 2 swaps them.
    const one = await page.locator('.rally-register[data-register="1"] .rally-card-priority').textContent();
    const two = await page.locator('.rally-register[data-register="2"] .rally-card-priority').textContent();
    await page.locator('.rally-register[data-register="1"]').dragTo(page.locator('.rally-register[data-register="2"]'));
    await page.locator('.rally-register[data-register="1"] .rally-card-priority', { hasText: two }).waitFor();
    assert.equal(await page.locator('.rally-register[data-register="2"] .rally-card-priority').textContent(), one);
    // Clear register 1 with a click and put its card back.
    await page.locator('.rally-register[data-register="1"]').click();
    await page.locator('.rally-register[data-register="1"][data-filled="false"]').waitFor();
    await page.locator(`.rally-card[data-card="${two}"]`).click();
  }
  await page.locator('.rally-submit:not([disabled])').click();
}

/** Programs by keys: 1..n place cards, Enter locks the program in. */
async function programByKeys(page, view) {
  const me = view.robots[view.you];
  await page.locator('.rally-program-title').click(); // focuses the program (tabindex -1)
  assert.ok(await page.evaluate(() => document.activeElement?.classList.contains('rally-program')), 'the program has the focus');
  for (let k = 1; k <= 5 - me.locked; k++) await page.keyboard.press(String(k));
  await page.keyboard.press('Enter');
}

/** Does what the page's seat must do now; returns false when nothing. */
function playOnce(page, byKeys, firstTurn) {
  return rallyActs(page, (view) => (byKeys ? programByKeys(page, view) : programByClicks(page, view, { drag: firstTurn })));
}

describe('RoboRally: two players and two bots race to a winner', { skip }, () => {
  let server;
  let browser;
  let ada;
  let bob;
  const step = storySteps(test);

  before(async () => {
    ({ server, browser, desktop: ada, phone: bob } = await openTable());
  });

  after(() => endStory(server, browser, [ada, bob]));

  step('Ada opens a room on Checkmate, Bob joins, two bots sit, the race starts', async () => {
    await arrive(ada, server.url, 'Ada');
    await ada.getByRole('button', { name: 'Create room: RoboRally' }).click();
    const dialog = ada.getByRole('dialog');
    await dialog.getByLabel('Course').selectOption('checkmate');
    await dialog.getByRole('button', { name: 'Create room' }).click();
    await ada.locator('#room-code').waitFor();
    const code = (await ada.locator('#room-code').textContent()).trim();
    await arrive(bob, `${server.url}#/room/${code}`, 'Bob');
    await bob.locator('.seat[data-seat="1"][data-mine="true"]').waitFor();
    await addBot(ada, 2, 'hard');
    await addBot(ada, 3, 'normal');
    await ada.getByRole('button', { name: 'Start game' }).click();
    for (const page of [ada, bob]) {
      await page.locator('.rally-floor').waitFor();
      await page.locator('.rally-hand .rally-card').nth(8).waitFor();
    }
    await ada.locator('#turn-text', { hasText: 'program your registers' }).waitFor();
    await assertNoLeak(ada, 0);
    await assertNoLeak(bob, 1);
    await shoot(ada, 'roborally-program');
  });

  step('Ada programs by clicks and a drag, Bob by keys; the turn plays back step by step', async () => {
    await playOnce(ada, false, true);
    await assertNoLeak(bob, 1);
    await playOnce(bob, true, true);
    await ada.locator('.rally-player:not([hidden])').waitFor();
    const counter = ada.locator('.rally-counter');
    const total = Number((await counter.textContent()).split('/')[1]);
    assert.ok(total > 5, `a turn has many steps (${total})`);
    await ada.getByRole('button', { name: 'First step of the turn' }).click();
    await ada.locator('.rally-caption', { hasText: 'Register 1' }).waitFor();
    assert.match(await counter.textContent(), /^1 \//);
    await ada.getByRole('button', { name: 'Step forward' }).click();
    await ada.getByRole('button', { name: 'Step forward' }).click();
    assert.match(await counter.textContent(), /^3 \//);
    await ada.getByRole('button', { name: 'Step back' }).click();
    assert.match(await counter.textContent(), /^2 \//);
    await shoot(ada, 'roborally-playback');
    await bob.locator('.rally-player:not([hidden])').waitFor();
    await bob.keyboard.press('[');
    await shoot(bob, 'roborally-playback-phone');
    await ada.getByRole('button', { name: 'Last step (now)' }).click();
  });

  step('they race on to a winner, never seeing each other’s hands', async () => {
    const deadline = Date.now() + 200000;
    let shotChoice = false;
    for (;;) {
      const [va, vb] = [await viewOf(ada), await viewOf(bob)];
      if (va?.phase === 'over' && vb?.phase === 'over') break;
      assert.ok(Date.now() < deadline, 'the race ends in time');
      if (!shotChoice && (va?.need === 'reenter' || vb?.need === 'reenter')) {
        await shoot(va?.need === 'reenter' ? ada : bob, 'roborally-reenter');
        shotChoice = true;
      }
      const acted = (await playOnce(ada, false, false)) | (await playOnce(bob, true, false));
      await assertNoLeak(ada, 0);
      await assertNoLeak(bob, 1);
      if (!acted) await ada.waitForTimeout(100);
    }
    await ada.locator('.result').waitFor();
    const view = await viewOf(ada);
    assert.ok(view.result.winners.length >= 1);
    assert.ok(Array.isArray(view.robots[1].cards), 'after the race every hand is shown');
    await shoot(ada, 'roborally-over', '.result');
    await shoot(bob, 'roborally-over-phone', '.result');
  });
});

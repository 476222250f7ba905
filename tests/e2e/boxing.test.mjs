// Robot boxing in real Chromium against the real server. Ada (desktop) and
// Bob (phone) lay out their robots in the editor, by clicks and by keys, and
// fight on a 6×6 ring to the end; at no point before the end does either
// page hold the other's layout. Then Carol plays a bot to the end while Bob
// watches. Screenshots of the layout editor, the orders, a resolved turn and
// the result are written at 375x812 and 1280x800.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  PHONE, arrive, artifactsDir, endStory, openPage, openTable, skipReason, storySteps,
} from './lib/e2e.mjs';
import { shootAt } from './lib/games.mjs';

const skip = skipReason() || false;

// The engine's geometry, for the test's own aiming (it plays both sides).
const DELTA = { N: [0, -1], NE: [1, -1], E: [1, 0], SE: [1, 1], S: [0, 1], SW: [-1, 1], W: [-1, 0], NW: [-1, -1] };
function inCone(dir, dx, dy, reach) {
  if ((dx === 0 && dy === 0) || Math.abs(dx) > reach || Math.abs(dy) > reach) return false;
  const [ux, uy] = DELTA[dir];
  if (ux && uy) return dx * ux >= 0 && dy * uy >= 0;
  const ahead = dx * ux + dy * uy;
  return ahead >= 1 && Math.abs(dx * uy - dy * ux) <= ahead;
}

// Ada's robot: lasers in the corners, engines on the sides; Bob's the other
// way round. Letters are scrambled so no row is part of an English word
// (the leak check looks for the rows in the page's text).
const ADA = { grid: ['hcf', 'aeg', 'dib'], lasers: 'bdfh', booster: 'e' };
const BOB = { grid: ['ihg', 'cef', 'dab'], lasers: 'acfh', booster: 'e' };
// What each aims at, in order: Ada at Bob's lasers, Bob at Ada's booster and
// engines, so Ada should win by knocking out every laser of Bob's.
const ADA_AIMS = 'acfhbdegi';
const BOB_AIMS = 'ecagidfhb';

/** The view this page's store holds (the test reads it only to aim). */
function viewOf(page) {
  return page.evaluate(() => window.botpit.store.state?.view ?? null);
}

/** Sets one slot of the editor by clicks: select it, pick the part, the letter. */
async function setSlotByClicks(page, slot, letter, part) {
  const editor = page.locator('.bx-editor');
  await editor.locator(`.bx-slot-btn[data-slot="${slot}"]`).click();
  if (slot !== 4) await editor.locator(`.bx-part-btn[data-part="${part}"]`).click();
  await editor.getByRole('button', { name: `Letter ${letter}`, exact: true }).click();
}

/** The same by keys: arrows to the slot, the letter, L to switch the part. */
async function setSlotByKeys(page, from, slot, letter, part) {
  const moves = [];
  let at = from;
  while (at % 3 !== slot % 3) { moves.push(at % 3 < slot % 3 ? 'ArrowRight' : 'ArrowLeft'); at += at % 3 < slot % 3 ? 1 : -1; }
  while (at !== slot) { moves.push(at < slot ? 'ArrowDown' : 'ArrowUp'); at += at < slot ? 3 : -3; }
  for (const k of moves) await page.keyboard.press(k);
  await page.keyboard.press(letter);
  const btn = page.locator(`.bx-slot-btn[data-slot="${slot}"]`);
  if (slot !== 4 && (await btn.getAttribute('data-part')) !== part) await page.keyboard.press('l');
  assert.equal(await btn.getAttribute('data-letter'), letter);
  if (slot !== 4) assert.equal(await btn.getAttribute('data-part'), part);
}

function partOf(layout, letter) {
  return layout.lasers.includes(letter) ? 'laser' : letter === layout.booster ? 'booster' : 'engine';
}

/** Screenshots with `selector` at the top of the window. */
const shoot = (page, name, selector = '.turnbar') => shootAt(page, name, selector);

/**
 * Checks the board's cone geometry (games/boxing/geometry.js, which draws
 * the aim) against the cones of the shots the server resolved last.
 */
async function assertConesMatch(page) {
  const wrong = await page.evaluate(async () => {
    const { coneCells } = await import('/games/boxing/geometry.js');
    const { size, last } = window.botpit.store.state.view;
    return (last?.shots || []).filter((shot) => {
      const moves = last.moves[shot.seat];
      const at = moves.length ? moves[moves.length - 1] : last.from[shot.seat];
      return JSON.stringify(coneCells(size, shot.direction, at)) !== JSON.stringify(shot.cone);
    }).map((shot) => shot.direction);
  });
  assert.deepEqual(wrong, [], 'the board draws the same cones as the server');
}

/** Every text and attribute of the page, to search for leaks. */
function pageText(page) {
  return page.evaluate(() => {
    const bits = [document.body.innerText];
    for (const node of document.querySelectorAll('*')) {
      for (const a of node.attributes) bits.push(a.value);
    }
    return bits.join('\n');
  });
}

/**
 * Checks that `page` holds nothing of `layout` (another seat's): not in its
 * store's view, and not in what the enemy card shows beyond letters seen
 * firing on their own slots.
 */
async function assertNoLeak(page, enemySeat, layout) {
  const view = await viewOf(page);
  const enemy = view.robots[enemySeat];
  assert.equal(enemy.layout, undefined, 'the view holds no enemy layout');
  const text = await pageText(page);
  for (const row of layout.grid) assert.ok(!text.includes(row), `the page shows the enemy row ${row}`);
  const letters = layout.grid.join('');
  const shown = await page.locator(`.bx-card[data-seat="${enemySeat}"] .bx-slot-letter`).allTextContents();
  assert.equal(shown.length, 9);
  shown.forEach((letter, slot) => {
    if (letter === '?') return;
    assert.equal(letter, letters[slot], 'a letter shown is on its true slot');
    assert.ok(letter in enemy.fired, `letter ${letter} is shown only because it was seen firing`);
  });
}

/**
 * One player's orders this turn, from the live view: stand still (or make
 * the given steps), fire the first laser whose boosted cone holds the enemy
 * at a slot from `targets` not yet destroyed, else hold fire.
 */
function aim(view, seat, targets) {
  const me = view.robots[seat];
  const enemy = view.robots[1 - seat];
  const w = me.working;
  const dx = enemy.cell[0] - me.cell[0];
  const dy = enemy.cell[1] - me.cell[1];
  const reach = w.booster ? w.reach_boosted : w.reach;
  const fire = Object.entries(w.guns).find(([, dir]) => inCone(dir, dx, dy, reach))?.[0] ?? null;
  const target = [...targets].find((l) => !enemy.destroyed.includes(l)) ?? null;
  return { fire: target ? fire : null, target, booster: w.booster ? 'shoot' : 'none' };
}

/** Composes and sends orders through the composer's buttons. */
async function sendOrders(page, seat, { fire, target, booster }) {
  const c = page.locator('.bx-composer');
  const turn = (await viewOf(page)).turn;
  await c.locator(`.bx-boost-btn[data-boost="${booster}"]`).click();
  if (fire) {
    await c.locator(`.bx-fire-btn[data-fire="${fire}"]`).click();
    await c.locator(`.bx-target-btn[data-letter="${target}"]`).click();
  } else {
    await c.locator('.bx-fire-btn[data-fire=""]').click();
  }
  await c.locator('.bx-send').click();
  // In, or already resolved (the second robot's orders end the turn).
  await page.waitForFunction(([s, t]) => {
    const v = window.botpit.store.state?.view;
    return v && (v.phase === 'over' || v.turn > t || v.robots[s].orders_in);
  }, [seat, turn]);
}

/** Waits until both pages see the turn after `turn` (or the end). */
async function nextTurn(pages, turn) {
  for (const page of pages) {
    await page.waitForFunction((t) => {
      const v = window.botpit.store.state?.view;
      return v && (v.phase === 'over' || v.turn > t);
    }, turn, { timeout: 10000 });
  }
}

describe('Robot boxing: two players, then a bot', { skip }, () => {
  let server;
  let browser;
  let ada;
  let bob;
  let carol;
  let code;
  const step = storySteps(test);

  before(async () => {
    ({ server, browser, desktop: ada, phone: bob } = await openTable());
  });

  after(() => endStory(server, browser, [ada, bob, carol]));

  step('Ada creates a boxing room on a small ring and Bob joins', async () => {
    await arrive(ada, server.url, 'Ada');
    await ada.getByRole('button', { name: 'Create room: Robot boxing' }).click();
    const dialog = ada.getByRole('dialog');
    await dialog.getByLabel('Ring size').fill('6');
    await dialog.getByLabel('Turn limit').fill('8');
    await dialog.getByRole('button', { name: 'Create room' }).click();
    await ada.locator('#room-code').waitFor();
    code = (await ada.locator('#room-code').textContent()).trim();
    await arrive(bob, `${server.url}#/room/${code}`, 'Bob');
    await bob.locator('.seat[data-seat="1"][data-mine="true"]').waitFor();
    await ada.getByRole('button', { name: 'Start game' }).click();
    await ada.locator('.bx-editor').waitFor();
    await bob.locator('.bx-editor').waitFor();
    await ada.locator('#turn-text', { hasText: 'Your turn: lay out your robot' }).waitFor();
  });

  step('Ada lays out her robot by clicks; the editor refuses a fifth laser', async () => {
    await ada.getByRole('button', { name: 'Random layout' }).click();
    const letters = ADA.grid.join('');
    for (let slot = 0; slot < 9; slot++) await setSlotByClicks(ada, slot, letters[slot], partOf(ADA, letters[slot]));
    await ada.locator('.bx-problem[data-ok="true"]').waitFor();
    // One laser too many: the lock button waits and says why.
    await setSlotByClicks(ada, 1, letters[1], 'laser');
    await ada.locator('.bx-problem', { hasText: 'exactly four lasers' }).waitFor();
    assert.equal(await ada.locator('.bx-lock').isDisabled(), true);
    await setSlotByClicks(ada, 1, letters[1], 'engine');
    await ada.locator('.bx-problem[data-ok="true"]').waitFor();
    await ada.locator('.bx-slot-btn[data-slot="2"]').click();
    await shoot(ada, 'boxing-layout');
    await ada.locator('.bx-lock').click();
    await ada.locator('.bx-wait', { hasText: 'Waiting for the opponent' }).waitFor();
    await bob.locator('.bx-strip-item[data-seat="0"][data-done="true"]').waitFor();
    const mine = (await viewOf(ada)).robots[0].layout;
    assert.deepEqual([mine.grid, mine.lasers, mine.booster], [ADA.grid, ADA.lasers, ADA.booster]);
  });

  step('Bob lays out his robot by keys, and never sees Ada’s', async () => {
    await assertNoLeak(bob, 0, ADA);
    await bob.locator('.bx-slot-btn[data-slot="1"]').focus();
    const letters = BOB.grid.join('');
    let at = 1;
    for (const slot of [0, 1, 2, 3, 5, 6, 7, 8, 4]) {
      await setSlotByKeys(bob, at, slot, letters[slot], partOf(BOB, letters[slot]));
      at = slot;
    }
    await shoot(bob, 'boxing-layout-phone');
    await bob.locator('.bx-lock').click();
    await ada.locator('.bx-composer').waitFor();
    await bob.locator('.bx-composer').waitFor();
    const mine = (await viewOf(bob)).robots[1].layout;
    assert.deepEqual([mine.grid, mine.lasers, mine.booster], [BOB.grid, BOB.lasers, BOB.booster]);
    await ada.locator('#turn-text', { hasText: 'Your turn: write your orders for turn 1' }).waitFor();
    await assertNoLeak(ada, 1, BOB);
    await assertNoLeak(bob, 0, ADA);
  });

  step('turn 1: Ada draws a path on the board, aims, sends; Bob uses keys', async () => {
    const view = await viewOf(ada);
    const me = view.robots[0].cell;
    // Ada's engines drive N, E, S, W; one step toward the ring's middle.
    const dir = me[0] === 0 ? 'E' : 'W';
    await ada.locator(`.bx-target[data-dir="${dir}"]`).click();
    await ada.locator('.bx-pad-centre', { hasText: '1/4' }).waitFor();
    const orders = aim(view, 0, ADA_AIMS);
    await ada.locator(`.bx-fire-btn[data-fire="${orders.fire ?? 'b'}"]`).click();
    assert.ok(await ada.locator('.bx-cone .bx-aim rect').count() > 0, 'the cone of the chosen laser is drawn');
    await shoot(ada, 'boxing-orders');
    await ada.locator('.bx-send').isDisabled().then((d) => assert.equal(d, true, 'no target yet: send waits'));
    await ada.locator('.bx-target-btn[data-letter="g"]').click();
    await ada.locator('.bx-send').click();
    await ada.locator('.bx-sent[data-state="sent"]').waitFor();
    await bob.locator('.bx-strip-item[data-seat="0"][data-done="true"]', { hasText: 'orders in' }).waitFor();
    // Replaceable until the turn resolves: change the target and send again.
    await ada.locator('.bx-target-btn[data-letter="a"]').click();
    await ada.locator('.bx-sent[data-state="changed"]').waitFor();
    await ada.locator('.bx-send', { hasText: 'Replace orders' }).click();
    await ada.locator('.bx-sent[data-state="sent"]').waitFor();

    // Bob: a step by the keyboard, undone, then holding fire.
    await bob.locator('#table-slot').focus();
    const bobView = await viewOf(bob);
    // Bob's engines sit in the corners: diagonal steps, by the number pad's digits.
    const [bx, by] = bobView.robots[1].cell;
    const bobDir = { '00': '3', '10': '1', '01': '9', '11': '7' }[`${bx === 0 ? 0 : 1}${by === 0 ? 0 : 1}`];
    await bob.keyboard.press(bobDir);
    await bob.locator('.bx-pad-centre', { hasText: /^1\// }).waitFor();
    await bob.keyboard.press('Backspace');
    await bob.locator('.bx-pad-centre', { hasText: /^0\// }).waitFor();
    await bob.keyboard.press(bobDir);
    await bob.locator('.bx-fire-btn[data-fire=""]').click();
    await bob.locator('.bx-send').click();
    await ada.locator('.bx-last-box h3', { hasText: 'Turn 1' }).waitFor();
    await bob.locator('.bx-last-box h3', { hasText: 'Turn 1' }).waitFor();
    await ada.locator('.event-log', { hasText: /Turn 1: Ada moved 1 (east|west)/ }).waitFor();
    await shoot(bob, 'boxing-resolution');
    await assertNoLeak(ada, 1, BOB);
    await assertNoLeak(bob, 0, ADA);
  });

  step('they fight to the end; only then are both layouts revealed', async () => {
    for (let turn = 2; turn <= 9; turn++) {
      const [va, vb] = [await viewOf(ada), await viewOf(bob)];
      if (va.phase === 'over') break;
      await sendOrders(ada, 0, aim(va, 0, ADA_AIMS));
      await assertNoLeak(bob, 0, ADA);
      await assertNoLeak(ada, 1, BOB);
      await sendOrders(bob, 1, aim(vb, 1, BOB_AIMS));
      await nextTurn([ada, bob], turn);
      await assertConesMatch(ada);
      if (turn === 3) await shoot(ada, 'boxing-fight');
    }
    await ada.locator('.result h2').waitFor();
    await bob.locator('.result h2').waitFor();
    await bob.locator('.bx-know h3', { hasText: 'Both robots revealed' }).waitFor();
    const shown = await bob.locator('.bx-card[data-seat="0"] .bx-slot-letter').allTextContents();
    assert.equal(shown.join(''), ADA.grid.join(''), 'after the end Bob sees Ada’s whole layout');
    await shoot(ada, 'boxing-result', '.result');
    await shoot(bob, 'boxing-result-phone', '.bx-know');
  });

  step('Carol plays a bot to the end while Bob watches', async () => {
    carol = await openPage(browser, PHONE);
    await arrive(carol, server.url, 'Carol');
    await carol.getByRole('button', { name: 'Create room: Robot boxing' }).click();
    const dialog = carol.getByRole('dialog');
    await dialog.getByLabel('Ring size').fill('6');
    await dialog.getByLabel('Turn limit').fill('3');
    await dialog.getByRole('button', { name: 'Create room' }).click();
    await carol.locator('#room-code').waitFor();
    const room = (await carol.locator('#room-code').textContent()).trim();
    await carol.getByLabel('Bot level for seat 2').selectOption('normal');
    await carol.getByRole('button', { name: 'Add bot to seat 2' }).click();
    await carol.getByRole('button', { name: 'Start game' }).click();
    // Random layouts until a laser faces the bot's corner, so the first turn
    // has a shot to play back: Carol watches with motion on.
    await carol.emulateMedia({ reducedMotion: 'no-preference' });
    await carol.locator('.bx-editor').waitFor();
    const start = await viewOf(carol);
    const [dx, dy] = [0, 1].map((i) => start.robots[1].cell[i] - start.robots[0].cell[i]);
    const facing = ['NW', 'N', 'NE', 'W', null, 'E', 'SW', 'S', 'SE'].map((d) => !!d && inCone(d, dx, dy, 8));
    for (let tries = 0; tries < 50; tries++) {
      const parts = await carol.locator('.bx-slot-btn').evaluateAll((bs) => bs.map((b) => b.dataset.part));
      if (parts.some((p, slot) => p === 'laser' && facing[slot])) break;
      await carol.getByRole('button', { name: 'Random layout' }).click();
    }
    await carol.locator('.bx-lock').click();
    await carol.locator('.bx-composer').waitFor();
    await bob.goto(`${server.url}#/room/${room}`);
    await bob.locator('.bx[data-role="spectator"]').waitFor();
    assert.equal(await bob.locator('.bx-composer, .bx-editor').count(), 0, 'a spectator has no controls');
    const carolLayout = (await viewOf(carol)).robots[0].layout;
    assert.equal((await viewOf(bob)).robots[0].layout, undefined, 'a spectator sees no layout');
    for (let turn = 1; turn <= 3; turn++) {
      const v = await viewOf(carol);
      if (v.phase === 'over') break;
      await sendOrders(carol, 0, aim(v, 0, 'abcdefghi'));
      await nextTurn([carol], turn);
      if (turn === 1) {
        // The resolution plays: robots step together, then the shots.
        await carol.locator('.bx-ring[data-playing="true"]').waitFor();
        await carol.locator('.bx-ring').scrollIntoViewIfNeeded();
        await carol.waitForTimeout(900);
        mkdirSync(artifactsDir, { recursive: true });
        await carol.screenshot({ path: join(artifactsDir, 'boxing-animation-375x812.png') });
        await carol.locator('.bx-ring[data-playing="false"]').waitFor();
      }
    }
    await carol.locator('.result h2').waitFor();
    await carol.locator('.bx-card[data-seat="1"].bx-card-revealed').waitFor();
    await bob.locator('.result h2').waitFor();
    const seen = await bob.locator('.bx-card[data-seat="0"] .bx-slot-letter').allTextContents();
    assert.equal(seen.join(''), carolLayout.grid.join(''), 'the spectator sees the layouts after the end');
    await shoot(bob, 'boxing-spectator-result', '.result');
  });
});


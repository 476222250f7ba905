// RoboRally in real Chromium against the real server. Ada (desktop) and Bob
// (phone) race two bots on Checkmate to a winner: Ada programs by clicks
// and a drag, Bob by keys; both step back and forth through a turn's
// playback; whoever is destroyed picks a facing to re-enter. At no point
// before the end does either page hold the other's hand. Screenshots of the
// programming, a playback step and the result at 375x812 and 1280x800.
// Then a newcomer against three bots (issue 27), at 1280x800 and on a
// 390x844 touch phone with full motion: a minute to program, the countdown
// held while a turn plays back, the board labelled and named "H2" in the
// hints and the log, the robot and the cards on screen together; and
// RoboBall, where your robot is drawn on top on the shared home and
// "virtual" says why.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  DESKTOP, arrive, artifactsDir, endStory, launchBrowser, openPage, openTable, repoRoot, skipReason, startWebServer, storySteps,
} from './lib/e2e.mjs';
import { addBot, rallyActs, shootAt, viewOf } from './lib/games.mjs';
import { describeEvent } from '../../clients/web/games/roborally/words.js';
import { squareName } from '../../clients/web/games/roborally/floor.js';
import { PLAYBACK } from '../../clients/web/games/roborally/cards.js';

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

// ---- a newcomer against three bots (issue 27) ----

const PHONE_TOUCH = { width: 390, height: 844 };
const courses = JSON.parse(readFileSync(join(repoRoot, 'clients', 'web', 'games', 'roborally', 'courses.json'), 'utf8'));

describe('RoboRally log and squares, in words', () => {
  test('squares are named as the board labels them, in the log too', () => {
    assert.equal(squareName([7, 1]), 'H2');
    assert.equal(squareName([0, 15]), 'A16');
    assert.equal(squareName([11, 0]), 'L1');
    const name = (s) => ['Ada', 'Bob'][s];
    const said = describeEvent({ kind: 'board', turn: 1, register: 2, step: 'checkpoints', frames: [[{ do: 'flag', seat: 0, flag: 1, at: [7, 1] }]] }, name);
    assert.equal(said, 'Register 2: checkpoints: Ada touches flag 1 at H2');
    const pit = describeEvent({ kind: 'card', turn: 1, register: 1, seat: 1, card: 500, type: 'move1', frames: [[{ do: 'move', seat: 1, from: [3, 4], to: [4, 4], dir: 'E' }], [{ do: 'destroyed', seat: 1, at: [4, 4], why: 'pit', lives: 2 }]] }, name);
    assert.match(pit, /Bob fell into a pit at E5/);
    const back = describeEvent({ kind: 'reentry', turn: 1, frames: [[{ do: 'reenter', seat: 1, at: [0, 13], facing: 'E', virtual: true }]] }, name);
    assert.equal(back, 'Bob re-enters at A14 facing east (virtual: sharing the square)');
  });
});

/** Creates a RoboRally room (RoboBall with two teams if ball), three bots, and starts. */
async function startWithBots(page, url, { ball = false } = {}) {
  await arrive(page, url, 'Newcomer');
  await page.getByRole('button', { name: 'Create room: RoboRally' }).click();
  const dialog = page.getByRole('dialog');
  if (ball) {
    await dialog.getByLabel('Mode').selectOption('roboball');
    await dialog.getByLabel('Teams (RoboBall)').fill('2');
  }
  await dialog.getByRole('button', { name: 'Create room' }).click();
  await page.locator('#room-code').waitFor();
  for (const seat of [1, 2, 3]) await addBot(page, seat, 'normal');
  await page.getByRole('button', { name: 'Start game' }).click();
  await page.locator('.rally-floor').waitFor();
  await page.locator('.rally-hand .rally-card').first().waitFor();
}

/** Seconds on the frame's countdown, or null while it is hidden. */
async function countdown(page) {
  return page.locator('#countdown').evaluate((n) => {
    if (n.hidden) return null;
    const m = n.textContent.match(/(\d+):(\d\d)/);
    return m ? Number(m[1]) * 60 + Number(m[2]) : null;
  });
}

/** Is the element fully on screen, below the sticky bars (and inside the board's window for a robot)? */
async function onScreen(page, selector) {
  return page.evaluate((sel) => {
    const n = document.querySelector(sel);
    if (!n) return `${sel}: missing`;
    const r = n.getBoundingClientRect();
    const bar = document.querySelector('.turnbar')?.getBoundingClientRect().bottom ?? 0;
    const box = n.closest('.rally-board')?.getBoundingClientRect() ?? { top: -1e9, bottom: 1e9 };
    const top = Math.max(bar, box.top) - 1, bottom = Math.min(window.innerHeight, box.bottom) + 1;
    return r.top >= top && r.bottom <= bottom && r.left >= -1 && r.right <= window.innerWidth + 1
      ? 'on screen' : `${sel} at ${Math.round(r.top)}..${Math.round(r.bottom)}, visible ${Math.round(top)}..${Math.round(bottom)}`;
  }, selector);
}

async function shot(page, name) {
  const size = page.viewportSize();
  await page.screenshot({ path: join(artifactsDir, `${name}-${size.width}x${size.height}.png`) });
}

/** Waits until the bots have locked in: one seat (ours) left, the countdown running. */
async function othersReady(page) {
  await page.waitForFunction(() => {
    const v = window.botpit.store.state?.view;
    return v && v.phase === 'program' && v.timer === 'last';
  }, null, { timeout: 10000 });
}

/** Locks in the first free cards of the hand. */
async function lockIn(page, view) {
  for (let k = 0; k < 5 - view.robots[view.you].locked; k++) await page.locator(`.rally-hand li:nth-child(${k + 1}) .rally-card`).click();
  await page.locator('.rally-submit:not([disabled])').click();
}

/** Locks in the first free cards, watches the turn play back with the
 *  countdown held, and returns the seconds it shows once the playback ends. */
async function lockInAndWatch(page) {
  const view = await viewOf(page);
  const turn = view.turn;
  await lockIn(page, view);
  await page.waitForFunction((t) => window.botpit.store.state?.view?.turn > t || window.botpit.store.state?.view?.phase !== 'program', turn, { timeout: 15000 });
  await page.locator('.rally-player:not([hidden])').waitFor();
  const frames = Number((await page.locator('.rally-counter').textContent()).split('/')[1]);
  const playback = (frames - 1) * Math.min(PLAYBACK.frame_ms, Math.floor(PLAYBACK.max_ms / (frames - 1)));
  assert.ok(playback > 3000, `a turn takes a while to play back (${frames} frames, ${playback} ms)`);
  let shown = 0;
  let sawHidden = false;
  for (;;) {
    // The counter and the countdown at one moment: the countdown comes back
    // in the same step that shows the last frame.
    const { hidden, atEnd } = await page.evaluate(() => {
      const [i, n] = document.querySelector('.rally-counter').textContent.split('/').map((x) => Number(x.trim()));
      return { hidden: document.querySelector('#countdown').hidden, atEnd: i === n };
    });
    if (atEnd) break;
    if (hidden) sawHidden = true;
    else shown++;
    await page.waitForTimeout(250);
  }
  assert.ok(sawHidden, 'the countdown is hidden while the turn plays back');
  await shot(page, 'roborally-newcomer-playback');
  assert.equal(shown, 0, 'and never shows during it');
  await page.locator('.rally-counter', { hasText: `${frames} / ${frames}` }).waitFor({ timeout: playback + 5000 });
  await page.waitForFunction(() => !document.querySelector('#countdown').hidden, null, { timeout: 3000 });
  return countdown(page);
}

describe('RoboRally: a newcomer against three bots', { skip }, () => {
  let server;
  let browser;
  let desk;
  let phone;
  const step = storySteps(test);

  before(async () => {
    server = await startWebServer(['--bot-pace-ms', '50']);
    browser = await launchBrowser();
    desk = await openPage(browser, DESKTOP, { reducedMotion: 'no-preference' });
    phone = await openPage(browser, PHONE_TOUCH, { reducedMotion: 'no-preference', hasTouch: true, isMobile: true });
  });

  after(() => endStory(server, browser, [desk, phone]));

  step('desktop: the board is labelled A-L and 1-16, the hint names flag 1 by its square, your robot is on screen', async () => {
    await startWithBots(desk, server.url);
    const labels = await desk.locator('.rally-label').allTextContents();
    assert.deepEqual(labels, [...'ABCDEFGHIJKL', ...Array.from({ length: 16 }, (_, i) => String(i + 1))]);
    const flag = courses.courses.find((c) => c.id === 'risky_exchange').flags[0];
    await desk.locator('#hint-text', { hasText: `flag 1 is at ${squareName(flag)}` }).waitFor();
    assert.doesNotMatch(await desk.locator('#hint-text').textContent(), /column|row/);
    assert.match(await desk.locator('#hint-text').textContent(), /^Click cards \(or press 1–9\)/, 'a desktop keeps its keys');
    assert.equal(await onScreen(desk, '.rally-robot[data-mine="true"]'), 'on screen');
    assert.equal(await onScreen(desk, '.rally-hand .rally-card'), 'on screen');
    await shot(desk, 'roborally-newcomer-program');
  });

  step('desktop: with the bots locked in, a newcomer has a minute, not 30 seconds', async () => {
    await othersReady(desk);
    const left = await countdown(desk);
    assert.ok(left > 50 && left <= 60, `${left} s to program`);
    assert.doesNotMatch(await desk.locator('#turn-text').textContent(), /last seconds/);
  });

  step('desktop: the countdown waits while the turn plays back, then shows the next turn’s minute', async () => {
    const left = await lockInAndWatch(desk);
    const view = await viewOf(desk);
    if (view.need === 'program') assert.ok(left >= 55 && left <= 61, `the whole minute is left when the playback ends (${left} s)`);
    else assert.ok(left >= 25 && left <= 31, `the re-entry choice's whole 30 s (${left} s)`);
    if (view.need === 'program') assert.equal(await onScreen(desk, '.rally-robot[data-mine="true"]'), 'on screen');
    await shot(desk, 'roborally-newcomer-after-playback');
  });

  step('phone: your robot and your cards fit on screen together while you program', async () => {
    await startWithBots(phone, server.url);
    await othersReady(phone);
    await phone.locator('.rally[data-programming="true"]').waitFor();
    assert.equal(await onScreen(phone, '.rally-robot[data-mine="true"]'), 'on screen');
    for (const k of [1, 9]) assert.equal(await onScreen(phone, `.rally-hand li:nth-child(${k}) .rally-card`), 'on screen', `card ${k}`);
    const left = await countdown(phone);
    assert.ok(left > 50, `${left} s to program`);
    await shot(phone, 'roborally-newcomer-program');
  });

  step('phone: after the playback, the next turn again shows the robot and the cards together', async () => {
    const left = await lockInAndWatch(phone);
    const view = await viewOf(phone);
    // Destroyed: the re-entry choice instead, program_s (30 s) from the end of the playback.
    assert.ok(left >= (view.need === 'program' ? 55 : 25), `${left} s for ${view.need}`);
    if (view.need !== 'program') return;
    await phone.locator('.rally[data-programming="true"]').waitFor();
    assert.equal(await onScreen(phone, '.rally-robot[data-mine="true"]'), 'on screen');
    for (const k of [1, view.robots[view.you].hand]) assert.equal(await onScreen(phone, `.rally-hand li:nth-child(${k}) .rally-card`), 'on screen', `card ${k}`);
    await shot(phone, 'roborally-newcomer-turn2');
  });

  step('phone: a program locked in while the turn plays back plays after it, then the robot and cards again', async () => {
    let view = await viewOf(phone);
    if (view.need !== 'program') return; // destroyed: the re-entry choice instead
    await othersReady(phone);
    const turn = view.turn;
    await lockIn(phone, view);
    // The next turn opens once the registers have played back (up to
    // PLAYBACK.max_ms), so the wait allows for a whole playback; a robot
    // destroyed on the way is asked its re-entry first (the bots' programs
    // are not seeded), and the turn waits for that.
    await phone.waitForFunction((t) => {
      const v = window.botpit.store.state?.view;
      return v && (v.turn > t || (v.need && v.need !== 'program'));
    }, turn, { timeout: PLAYBACK.max_ms + 10000 });
    await phone.locator('.rally-player:not([hidden])').waitFor();
    view = await viewOf(phone);
    if (view.need !== 'program') return;
    await othersReady(phone);
    // Mid-playback: the hand of the new turn is there, below the whole board.
    assert.equal(await phone.locator('.rally').getAttribute('data-programming'), 'false', 'the whole board while it plays back');
    assert.equal(await countdown(phone), null);
    const before = Number((await phone.locator('.rally-counter').textContent()).split('/')[1]);
    await lockIn(phone, view);
    await phone.waitForFunction((t) => window.botpit.store.state?.view?.turn > t || window.botpit.store.state?.view?.phase !== 'program', view.turn, { timeout: PLAYBACK.max_ms + 10000 });
    await phone.waitForFunction((n) => Number(document.querySelector('.rally-counter').textContent.split('/')[1]) > n, before, { timeout: 3000 });
    assert.equal(await countdown(phone), null, 'the countdown stays held for the turn that plays after');
    const frames = Number((await phone.locator('.rally-counter').textContent()).split('/')[1]);
    await phone.locator('.rally-counter', { hasText: `${frames} / ${frames}` }).waitFor({ timeout: 2 * PLAYBACK.max_ms + 5000 });
    const now = await viewOf(phone);
    if (now.need !== 'program') return;
    await phone.locator('.rally[data-programming="true"]').waitFor();
    assert.equal(await onScreen(phone, '.rally-robot[data-mine="true"]'), 'on screen');
    for (const k of [1, now.robots[now.you].hand]) assert.equal(await onScreen(phone, `.rally-hand li:nth-child(${k}) .rally-card`), 'on screen', `card ${k}`);
    assert.ok(await countdown(phone) >= 55);
    await shot(phone, 'roborally-newcomer-locked-in-during-playback');
  });

  step('RoboBall on the phone: after a turn plays back, your robot and your whole hand are on screen with the hitches', async () => {
    const ball = await openPage(browser, PHONE_TOUCH, { reducedMotion: 'no-preference', hasTouch: true, isMobile: true });
    try {
      await startWithBots(ball, server.url, { ball: true });
      // QA item 10: a touch screen's words say tap and name no keys.
      await ball.locator('#hint-text', { hasText: 'Tap cards to fill your registers' }).waitFor();
      const words = [
        await ball.locator('#hint-text').textContent(),
        await ball.locator('.rally-hitches-legend').textContent(),
        ...(await ball.locator('.rally-vote').allTextContents()),
      ];
      assert.ok(words.length === 3, `the hint, the hitches' legend and the vote button: ${words.join(' | ')}`);
      for (const w of words) assert.doesNotMatch(w, /press|keys?\b|\(V\)|Enter|[Cc]lick/, w);
      assert.match(words[1], /\(tap\)/);
      await othersReady(ball);
      const left = await lockInAndWatch(ball);
      const view = await viewOf(ball);
      if (view.need === 'program') {
        assert.ok(left >= 55, `${left} s`);
        await ball.locator('.rally[data-programming="true"]').waitFor();
        await ball.waitForTimeout(300); // the hint above the table settles
        assert.equal(await onScreen(ball, '.rally-robot[data-mine="true"]'), 'on screen');
        for (const k of [1, view.robots[view.you].hand]) assert.equal(await onScreen(ball, `.rally-hand li:nth-child(${k}) .rally-card`), 'on screen', `card ${k}`);
        await shot(ball, 'roboball-newcomer-turn2');
      }
      assert.deepEqual(ball.problems, []);
    } finally {
      await ball.context().close();
    }
  });

  step('RoboBall: your robot is drawn on top on the shared home, and "virtual" says why', async () => {
    const ball = await openPage(browser, DESKTOP);
    try {
      await startWithBots(ball, server.url, { ball: true });
      const mine = ball.locator('.rally-robot[data-mine="true"]');
      const box = await mine.boundingBox();
      const hit = await ball.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('.rally-robot')?.dataset.seat ?? null,
        [box.x + box.width / 2, box.y + box.height / 2]);
      assert.equal(hit, '0', 'the middle of your robot shows your robot, not a teammate');
      const list = await ball.locator('.rally-robot-item[data-seat="0"]').textContent();
      assert.match(list, /virtual: it shares its square, so robots and lasers pass through it/);
      assert.match(await mine.locator('title').textContent(), /virtual: it shares its square/);
      await ball.locator('.rally-robot-item[data-seat="0"]').scrollIntoViewIfNeeded();
      await shot(ball, 'roboball-newcomer-home');
      assert.deepEqual(ball.problems, []);
    } finally {
      await ball.context().close();
    }
  });
});

// Helpers for the browser tests of a newcomer's first hour (issue 27, the
// QA pass on it): what a page says when it refuses, where things stand in
// the window, and the few steps every story takes (a Quick game, leaving).
import { DESKTOP, TOUCH_PHONE, arrive, launchBrowser, openPage, startWebServer } from './e2e.mjs';
import { createRoomWith, waitPhase } from './games.mjs';

/** The two ways a newcomer holds the page: a desk and a touch phone. */
export const SIZES = [['desktop', DESKTOP, false], ['phone', TOUCH_PHONE, true]];

/** A click with the mouse, or a tap on a touch screen. */
export const pressOn = (touch) => (locator) => (touch ? locator.tap() : locator.click());

/**
 * The refusal the page shows now: the hint bubble at the table (hints are
 * on in a first game), else the newest notice; '' when there is none.
 */
export function said(page) {
  return page.evaluate(() => {
    const bubble = document.querySelector('.hint-callout .hint-callout-text');
    if (bubble) return bubble.textContent;
    const notes = [...document.querySelectorAll('#toasts .toast-text')];
    return notes.length ? notes[notes.length - 1].textContent : '';
  });
}

/** Waits for a refusal matching `pattern` and returns its words. */
export async function waitSaid(page, pattern, timeout = 5000) {
  const source = pattern instanceof RegExp ? pattern.source : pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const flags = pattern instanceof RegExp ? pattern.flags : '';
  const handle = await page.waitForFunction(([s, f]) => {
    const re = new RegExp(s, f);
    const texts = [...document.querySelectorAll('.hint-callout .hint-callout-text, #toasts .toast-text')].map((e) => e.textContent);
    return texts.find((t) => re.test(t)) || null;
  }, [source, flags], { timeout });
  return handle.jsonValue();
}

/** Takes away any refusal shown, so the next one is seen fresh. */
export function clearSaid(page) {
  return page.evaluate(() => {
    document.querySelector('.hint-callout')?.remove();
    document.getElementById('toasts')?.replaceChildren();
  });
}

/** Where the sticky bars end (the top bar, and the turn bar once stuck). */
export function barsBottom(page) {
  return page.evaluate(() => {
    const top = document.querySelector('.topbar').getBoundingClientRect().bottom;
    const turn = document.querySelector('.table-frame > .turnbar');
    return turn && !turn.hidden ? top + 4 + turn.offsetHeight : top;
  });
}

/** An element's box in the window, and the window's height. */
export function boxOf(page, selector) {
  return page.evaluate((sel) => {
    const r = document.querySelector(sel)?.getBoundingClientRect();
    return r ? { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height, window: innerHeight } : null;
  }, selector);
}

/** What has the keys: 'table' (the table or anything in it), 'body', or the element. */
export function focused(page) {
  return page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return 'body';
    return a.closest('#table-slot') ? 'table' : `${a.tagName.toLowerCase()}#${a.id}.${a.className}`;
  });
}

/** A Quick game of `game` from the lobby. */
export async function quickGame(page, game, press) {
  await press(page.locator(`.game-card[data-game="${game}"] button`, { hasText: 'Quick game' }));
  await page.locator(`#table-slot[data-renderer="${game}"]`).waitFor({ timeout: 15000 });
  await page.waitForFunction(() => window.botpit.store.state);
}

/** Leaves the room (saying yes to "Leave the game?") and waits for the lobby. */
export async function leaveRoom(page, press) {
  await press(page.locator('#leave-room'));
  const sure = page.locator('dialog.confirm-dialog');
  if (await sure.isVisible().catch(() => false)) await press(sure.getByRole('button', { name: 'Leave the game' }));
  await page.getByRole('heading', { name: 'Games', exact: true }).waitFor();
}

/** Waits until it is this page's move in Robot Attack, with nothing playing back. */
export function manooverTurn(page, timeout = 20000) {
  return page.waitForFunction(() => {
    const v = window.botpit.store.state?.view;
    return v?.legal && v.turn === v.you && !document.querySelector('.mo[data-playing="true"]');
  }, null, { timeout });
}

/** Waits until it is this page's move in a Robot Wars battle. */
export function robotWarsTurn(page, timeout = 20000) {
  return page.waitForFunction(() => {
    const s = window.botpit.store.state;
    return s?.view.phase === 'battle' && s.view.battle.turn?.seat === s.seat && s.view.battle.legal
      && !document.querySelector('.rw[data-playing="true"]');
  }, null, { timeout });
}

/**
 * The cast of a first-hour story: a server of its own (bots quick), Ada at
 * the size under test, already named, and Bob at a desk (named too when
 * bobArrives). Resolves to { server, browser, ada, bob }.
 */
export async function openAdaAndBob(viewport, touch, { bobArrives = false } = {}) {
  const server = await startWebServer(['--bot-pace-ms', '50']);
  const browser = await launchBrowser();
  const ada = await openPage(browser, viewport, { touch });
  const bob = await openPage(browser, DESKTOP);
  await arrive(ada, server.url, 'Ada');
  if (bobArrives) await arrive(bob, server.url, 'Bob');
  return { server, browser, ada, bob };
}

/**
 * Ricochet between Ada (its host) and Bob, who follows her share link and
 * takes seat 2; Ada presses Start and the bidding begins. Resolves to the
 * room's code.
 */
export async function startRicochetWithBob({ server, ada, bob }, press, options) {
  const code = await createRoomWith(ada, 'Ricochet Robots', options);
  await arrive(bob, `${server.url}#/room/${code}`, 'Bob');
  await bob.locator('.seat[data-seat="1"][data-mine="true"]').waitFor();
  const start = ada.getByRole('button', { name: 'Start game' });
  await start.scrollIntoViewIfNeeded();
  await press(start);
  await waitPhase(ada, 'bidding');
  return code;
}

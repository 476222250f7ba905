// Helpers for the newcomer's browser tests (issue 18): reading what a page
// shows of the help for new players, putting a page "in the background",
// and counting the chimes it plays. The general harness is ./e2e.mjs.
import assert from 'node:assert/strict';

/**
 * Lets a test put the page in a background tab and back: the page's
 * document.visibilityState follows window.__botpitHidden. Call before the
 * first goto.
 */
export async function controlVisibility(page) {
  await page.addInitScript(() => {
    window.__botpitHidden = false;
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (window.__botpitHidden ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => window.__botpitHidden });
  });
}

/** The tab goes to the background (true) or comes back (false). */
export async function setHidden(page, hidden) {
  await page.evaluate((h) => {
    window.__botpitHidden = h;
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

/** Counts the oscillators the page starts (two per chime). Before goto. */
export async function countSounds(page) {
  await page.addInitScript(() => {
    window.__botpitTones = 0;
    const make = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function createOscillator() {
      window.__botpitTones += 1;
      return make.call(this);
    };
  });
}

export function tones(page) {
  return page.evaluate(() => window.__botpitTones);
}

/** The page's title and the icon it shows. */
export function tabLook(page) {
  return page.evaluate(() => ({ title: document.title, icon: document.querySelector('link[rel="icon"]').getAttribute('href') }));
}

/** Is the element wholly inside the window (below the sticky top bar)? */
export async function inView(locator, { below = 56 } = {}) {
  const box = await locator.boundingBox();
  const height = await locator.page().evaluate(() => window.innerHeight);
  return !!box && box.y >= below - 1 && box.y < height && box.height > 0;
}

/** The hint line under the turn bar ('' when none shows). */
export async function hintText(page) {
  const bar = page.locator('#hint-bar');
  if (await bar.isHidden()) return '';
  return (await page.locator('#hint-text').textContent()).trim();
}

/** How many elements of the table are marked as a choice by the hint. */
export function marked(page, selector = '*') {
  return page.locator(`#table-slot[data-hints="true"] ${selector}[data-hint="true"]`).count();
}

/**
 * Opens "How to play" through `opener` (a click, or a key) and checks
 * what the dialog holds: the title, the rulings, and every figure drawn
 * by the game's code. Returns the dialog locator (still open).
 */
export async function expectRules(page, title, open) {
  await open();
  const dialog = page.locator('dialog.rules-dialog[open]');
  await dialog.getByRole('heading', { name: `How to play: ${title}` }).waitFor();
  await dialog.locator('.rules-text').waitFor();
  await dialog.locator('.rules-rulings h2', { hasText: 'Where Botpit differs from the printed game' }).waitFor();
  const figures = await dialog.locator('figure.diagram').count();
  assert.ok(figures >= 2, `${title}: the rules have diagrams`);
  await dialog.locator('figure.diagram .diagram-art svg').first().waitFor();
  const drawn = await dialog.locator('figure.diagram').evaluateAll((figs) => figs.filter((f) => {
    const art = f.querySelector('.diagram-art svg');
    return art && art.querySelectorAll('*').length > 5 && art.getBoundingClientRect().height > 40;
  }).length);
  assert.equal(drawn, figures, `${title}: every diagram is drawn`);
  return dialog;
}

/** Closes the rules dialog with Esc. */
export async function closeRules(page) {
  await page.keyboard.press('Escape');
  await page.locator('dialog.rules-dialog[open]').waitFor({ state: 'detached' }).catch(() => {});
  await page.waitForFunction(() => !document.querySelector('dialog.rules-dialog')?.open);
}

/** The computed outline colour of the focused element as [r, g, b]. */
export function focusRing(page) {
  return page.evaluate(() => {
    const style = getComputedStyle(document.activeElement);
    const m = style.outlineColor.match(/\d+(\.\d+)?/g).map(Number);
    return { rgb: m.slice(0, 3), width: style.outlineWidth, style: style.outlineStyle };
  });
}

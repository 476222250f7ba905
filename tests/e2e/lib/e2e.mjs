// The browser-test harness: a real botpit (the test build, with
// "testgame") serving a temporary web root (clients/web plus the testgame
// renderer kept in tests/e2e/), Debian's Chromium driven by playwright-core,
// a TCP proxy that can cut a page's connection, and screenshots for people
// to look at.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after } from 'node:test';
import { fileURLToPath } from 'node:url';
import { LEFTOVER_GRACE_MS, schemaFailures, startServer } from '../../integration/lib/harness.mjs';
import { MessageChecker } from '../../integration/lib/schemas.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = join(here, '..', '..', '..');
export const CHROMIUM = process.env.BOTPIT_CHROMIUM || '/usr/bin/chromium';

/**
 * Why the browser tests cannot run, or null. A missing Chromium fails the
 * suite (CI installs it) unless BOTPIT_E2E_SKIP=1 says skipping is fine.
 */
export function skipReason() {
  if (existsSync(CHROMIUM)) return null;
  const why = `no Chromium at ${CHROMIUM} (apt-get install chromium)`;
  if (process.env.BOTPIT_E2E_SKIP === '1') {
    process.stdout.write(`# skipping the browser tests: ${why}\n`);
    return why;
  }
  throw new Error(`${why}; set BOTPIT_E2E_SKIP=1 to skip the browser tests instead`);
}

export const artifactsDir = process.env.BOTPIT_ARTIFACTS || join(repoRoot, 'test-artifacts', 'e2e');

/** clients/web copied, plus games/testgame/renderer.js unless told not to. */
export function makeWebRoot({ testgameRenderer = true } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'botpit-web-'));
  cpSync(join(repoRoot, 'clients', 'web'), root, { recursive: true });
  if (testgameRenderer) {
    mkdirSync(join(root, 'games', 'testgame'), { recursive: true });
    cpSync(join(here, '..', 'testgame', 'renderer.js'), join(root, 'games', 'testgame', 'renderer.js'));
  }
  return root;
}

/** A server on a fresh web root; stop() also removes the root. */
export async function startWebServer(args = [], opts = {}) {
  const webRoot = makeWebRoot(opts);
  const server = await startServer(['--web-root', webRoot, ...args]);
  const stop = server.stop.bind(server);
  server.url = `${server.httpUrl}/`;
  server.stop = async (signal) => {
    const result = await stop(signal);
    rmSync(webRoot, { recursive: true, force: true });
    return result;
  };
  return server;
}

// Browsers a failed story did not close would keep the test file alive
// until meson's timeout: closed after the grace period the harness gives
// servers.
const browsers = new Set();
if (process.env.NODE_TEST_CONTEXT) {
  after(() => {
    setTimeout(() => {
      for (const b of browsers) b.close();
    }, LEFTOVER_GRACE_MS).unref();
  });
}

export async function launchBrowser() {
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    throw new Error('playwright-core is missing: run `npm ci` at the root of the repository');
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // No network beyond loopback here: without these Chromium tries to
    // reach Google's services and stalls.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  browsers.add(browser);
  browser.on('disconnected', () => browsers.delete(browser));
  return browser;
}

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 800 };
/** A phone as a newcomer holds it: 390x844, a touch screen (openPage's `touch`). */
export const TOUCH_PHONE = { width: 390, height: 844 };

/**
 * Checks every frame a page's WebSocket receives against the protocol's
 * schemas, the game's included (tests/integration/lib/schemas.mjs), and
 * every action the page sent that the server accepted; a failure goes to
 * the harness's schemaFailures, which fails the step that was running.
 * (What a page sends is not judged when sent: stories send bad messages on
 * purpose, and the fallback screen sends actions as the player types them.)
 */
function checkFrames(page, label) {
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/ws')) return;
    const checker = new MessageChecker();
    const parse = (payload) => {
      try {
        return JSON.parse(typeof payload === 'string' ? payload : payload.toString());
      } catch {
        return undefined;
      }
    };
    ws.on('framesent', ({ payload }) => checker.track(parse(payload)));
    ws.on('framereceived', ({ payload }) => {
      const m = parse(payload);
      const problems = m === undefined ? ['not JSON'] : checker.received(m);
      for (const p of problems) schemaFailures.push(`${label} received ${m?.type}: ${p} in ${String(payload).slice(0, 300)}`);
    });
  });
}

/**
 * A browser context with one page (`touch`: a touch screen, as a phone's)
 * whose uncaught errors are collected
 * (page.problems); console errors about the network are expected in tests
 * that cut it, so only the rest count. Its WebSocket frames are checked
 * against the schemas. contextOptions go to the context (hasTouch, ...).
 */
export async function openPage(browser, viewport = DESKTOP, { touch = false, ...contextOptions } = {}) {
  const context = await browser.newContext({
    viewport, reducedMotion: 'reduce', ...(touch ? { hasTouch: true, isMobile: true } : {}), ...contextOptions,
  });
  // Waits fail in seconds, not Playwright's default 30: a broken step
  // should say so quickly.
  context.setDefaultTimeout(8000);
  const page = await context.newPage();
  checkFrames(page, `page ${viewport.width}x${viewport.height}`);
  page.problems = [];
  page.on('pageerror', (e) => page.problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const text = m.text();
    if (/WebSocket connection|Failed to load resource|ERR_CONNECTION|net::/.test(text)) return;
    page.problems.push(`console error: ${text}`);
  });
  return page;
}

/**
 * The usual table: a server whose bots act every 50 ms, a browser, and two
 * pages, one at a desk and one on a phone.
 */
export async function openTable() {
  const server = await startWebServer(['--bot-pace-ms', '50']);
  const browser = await launchBrowser();
  const desktop = await openPage(browser, DESKTOP);
  const phone = await openPage(browser, PHONE);
  return { server, browser, desktop, phone };
}

/**
 * The end of a story: the browser closed, the server exited cleanly, and
 * no script errors in any of the pages (some may never have been opened).
 */
export async function endStory(server, browser, pages) {
  await browser?.close();
  const result = await server?.stop();
  assert.equal(result?.code, 0, 'the server exits cleanly');
  for (const page of pages) assert.deepEqual(page?.problems ?? [], [], 'no script errors in the pages');
}

/** Opens url and, on the name screen, chooses a name. */
export async function arrive(page, url, name) {
  await page.goto(url);
  await page.getByLabel('Your name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Let’s play' }).click();
  await page.locator('#conn[data-status="online"]').waitFor();
}

/** Every toast currently shown, as text. */
export function toasts(page) {
  return page.locator('#toasts .toast-text').allTextContents();
}

/** Waits for a toast holding text (a server sentence, capitalised). */
export async function expectToast(page, text, timeout = 5000) {
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  await page.locator('#toasts .toast-text', { hasText: sentence }).first().waitFor({ timeout });
}

/**
 * Screenshots of what the page shows now at both sizes the issue names:
 * <name>-375x812.png and <name>-1280x800.png in the artifacts folder.
 */
export async function shootBoth(page, name) {
  mkdirSync(artifactsDir, { recursive: true });
  const original = page.viewportSize();
  // The narrowest phone we support: nothing may stick out sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.waitForTimeout(100);
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && el.getClientRects().length)
      .map((el) => el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? `.${el.className.split(' ').join('.')}` : ''));
    return { scroll: document.documentElement.scrollWidth, width, wide: wide.slice(0, 5) };
  });
  if (overflow.scroll > overflow.width || overflow.wide.length) {
    throw new Error(`${name} is wider than 360 px: ${JSON.stringify(overflow)}`);
  }
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150); // layout settles (fonts, scroll anchoring)
    await page.screenshot({ path: join(artifactsDir, `${name}-${size.width}x${size.height}.png`), animations: 'disabled' });
  }
  await page.setViewportSize(original);
}

/**
 * A TCP proxy in front of the server, so a test can cut a page's
 * connection the way a network or a server does: both sides simply go.
 * While down, new connections are refused at once.
 */
export class CutProxy {
  constructor(targetPort) {
    this.targetPort = targetPort;
    this.down = false;
    this.pairs = new Set();
    this.server = createServer((client) => {
      if (this.down) { client.destroy(); return; }
      const upstream = connect(targetPort, '127.0.0.1');
      const pair = { client, upstream };
      this.pairs.add(pair);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        this.pairs.delete(pair);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      client.pipe(upstream);
      upstream.pipe(client);
    });
  }

  async listen() {
    await new Promise((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = this.server.address().port;
    this.url = `http://127.0.0.1:${this.port}/`;
    return this;
  }

  /** Cuts every open connection; with down, refuses new ones too. */
  cut({ down = false } = {}) {
    this.down = down;
    for (const { client, upstream } of [...this.pairs]) {
      client.destroy();
      upstream.destroy();
    }
    this.pairs.clear();
  }

  restore() {
    this.down = false;
  }

  close() {
    this.cut();
    return new Promise((resolve) => this.server.close(resolve));
  }
}

/**
 * Steps of one story, run in order: once a step fails, the rest are
 * skipped (they would only time out on a page in the wrong state).
 */
export function storySteps(test) {
  let broken = null;
  return (name, fn) => test(name, async (t) => {
    if (broken) { t.skip(`an earlier step failed: ${broken}`); return; }
    try {
      await fn(t);
    } catch (err) {
      broken = name;
      throw err;
    }
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

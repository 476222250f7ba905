// The replay of a finished game in the browser (#/replay/<id>): Ada plays a
// quick game of count to 21 against a bot, opens its replay from the
// result screen, and steps it with the buttons and the keys, jumps to the
// end and back, plays it at the fastest speed, and sees it through her own
// eyes; on a phone (390x844, touch) the same replay is stepped with taps;
// someone who did not play the private game is told it cannot be shown.
// Screenshots at 1280x800 and 390x844 go to the artifacts folder.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { arrive, artifactsDir, CutProxy, DESKTOP, endStory, launchBrowser, openPage, skipReason, startWebServer, toasts } from './lib/e2e.mjs';

const skip = skipReason() || false;
const TOUCH_PHONE = { width: 390, height: 844 };
let server, browser, ada, phone, carl, cut, proxy;
let id = null;
let inputs = 0;

before(async () => {
  if (skip) return;
  server = await startWebServer(['--bot-pace-ms', '50']);
  browser = await launchBrowser();
  ada = await openPage(browser, DESKTOP);
});

after(async () => {
  if (skip) return;
  await proxy?.close();
  await endStory(server, browser, [ada, phone, carl, cut]);
});

const position = (page) => page.locator('#replay-position').textContent();
// The log's sentences (a seat's badge holds its number as text: left out).
const logLines = (page) => page.locator('.replay-log .event-log li > span:last-child').allTextContents();

async function shoot(page, name) {
  mkdirSync(artifactsDir, { recursive: true });
  const { width, height } = page.viewportSize();
  await page.screenshot({ path: join(artifactsDir, `${name}-${width}x${height}.png`), animations: 'disabled' });
}

/** No element sticks out sideways. */
async function fitsWidth(page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

test('a game played to its end opens as a replay from the result screen', { skip }, async () => {
  await arrive(ada, server.url, 'Ada');
  await ada.getByRole('button', { name: /^Quick game: Count to 21 against/ }).click();
  await ada.locator('#table-slot .renderer').waitFor();
  // Ada adds 3 whenever it is her turn, until the game ends.
  for (let i = 0; i < 40 && !(await ada.locator('#result-title').isVisible()); i++) {
    const add = ada.getByRole('button', { name: 'Add 3', exact: true });
    if (await add.isEnabled().catch(() => false)) await add.click().catch(() => {});
    await ada.waitForTimeout(120);
  }
  await ada.locator('#result-title').waitFor();
  const link = ada.locator('#watch-replay');
  await link.waitFor();
  id = Number((await link.getAttribute('href')).replace('#/replay/', ''));
  assert.ok(id > 0, 'the result screen links to the replay');
  await link.click();
  await ada.locator('#replay-position', { hasText: 'The start' }).waitFor();
  assert.match(ada.url(), new RegExp(`#/replay/${id}$`));
  assert.match(await ada.locator('h1').textContent(), /Replay: Count to 21/);
  inputs = Number((await position(ada)).match(/\((\d+) inputs?\)/)[1]);
  assert.ok(inputs >= 7, `every input kept (${inputs})`);
  assert.deepEqual(await logLines(ada), [], 'nothing in the log at the start');
  assert.deepEqual(await toasts(ada), [], 'no refusal on the way');
});

test('steps with the buttons and the keys write the log as the live game did', { skip }, async () => {
  await ada.getByRole('button', { name: 'One step forward (→)' }).click();
  await ada.locator('#replay-position', { hasText: `Input 1 of ${inputs}` }).waitFor();
  assert.deepEqual(await logLines(ada), ['Ada added 3: the count is 3']);
  await ada.locator('#replay-slot').focus();
  await ada.keyboard.press('ArrowRight');
  await ada.locator('#replay-position', { hasText: `Input 2 of ${inputs}` }).waitFor();
  const two = await logLines(ada);
  assert.equal(two.length, 2);
  assert.match(two[1], /^Bot \(\w+\) added [123]: the count is \d+$/);
  await ada.keyboard.press('ArrowLeft');
  await ada.locator('#replay-position', { hasText: `Input 1 of ${inputs}` }).waitFor();
  assert.deepEqual(await logLines(ada), ['Ada added 3: the count is 3'], 'a step back takes its line back');
  await shoot(ada, 'replay-step');
  assert.deepEqual(await toasts(ada), [], 'no refusal on the way');
  await ada.keyboard.press('End');
  await ada.locator('#replay-position', { hasText: `Input ${inputs} of ${inputs}` }).waitFor();
  await ada.locator('.replay-result h2').waitFor();
  assert.match(await ada.locator('#replay-status').textContent(), /^The end/);
  await shoot(ada, 'replay-end');
  await ada.keyboard.press('Home');
  await ada.locator('#replay-position', { hasText: 'The start' }).waitFor();
  assert.equal(await ada.locator('.replay-result').isHidden(), true, 'the result shows at the end only');
});

test('it plays by itself at the chosen speed, and shows the game through a player\'s eyes', { skip }, async () => {
  await ada.locator('#replay-speed').selectOption('8');
  await ada.getByRole('button', { name: 'Play (Space)' }).click();
  await ada.locator('#replay-position', { hasText: `Input ${inputs} of ${inputs}` }).waitFor({ timeout: 4000 + inputs * 400 });
  await ada.getByRole('button', { name: 'Play (Space)' }).waitFor();
  const lines = await logLines(ada);
  assert.ok(lines.some((l) => /reached the target and wins/.test(l)), 'the log tells the end as the game did');
  await ada.locator('#replay-audience').selectOption('0');
  await ada.locator('#replay-audience').evaluate((el) => el.value === '0');
  await ada.waitForFunction(() => /Your secret number/.test(document.querySelector('#replay-slot').textContent));
  await ada.locator('#replay-audience').selectOption('all');
});

test('on a phone the replay is stepped with taps and fits the screen', { skip }, async () => {
  phone = await openPage(browser, TOUCH_PHONE, { hasTouch: true, isMobile: true, storageState: await ada.context().storageState() });
  await phone.goto(`${server.url}#/replay/${id}`);
  await phone.locator('#replay-position', { hasText: 'The start' }).waitFor();
  await phone.getByRole('button', { name: 'One step forward (→)' }).tap();
  await phone.locator('#replay-position', { hasText: `Input 1 of ${inputs}` }).waitFor();
  await phone.getByRole('button', { name: 'One step forward (→)' }).tap();
  await phone.locator('#replay-position', { hasText: `Input 2 of ${inputs}` }).waitFor();
  await phone.getByRole('button', { name: 'One step back (←)' }).tap();
  await phone.locator('#replay-position', { hasText: `Input 1 of ${inputs}` }).waitFor();
  const box = await phone.getByRole('button', { name: 'One step forward (→)' }).boundingBox();
  assert.ok(box.width >= 44 && box.height >= 44, `a button a finger can hit (${box.width}x${box.height})`);
  assert.equal(await fitsWidth(phone), true, 'nothing sticks out sideways');
  await shoot(phone, 'replay-phone');
  await phone.getByRole('button', { name: 'To the end (End)' }).tap();
  await phone.locator('.replay-result h2').waitFor();
  await shoot(phone, 'replay-phone-end');
});

test('a connection that drops comes back to the replay where it stood', { skip }, async () => {
  proxy = await new CutProxy(server.port).listen();
  // Ada again, through a proxy that can cut the link (another origin: her
  // name and token are put in its storage).
  cut = await openPage(browser, DESKTOP);
  const who = await ada.evaluate(() => ({ name: localStorage.getItem('botpit.name'), token: localStorage.getItem('botpit.token') }));
  await cut.addInitScript((w) => {
    localStorage.setItem('botpit.name', w.name);
    localStorage.setItem('botpit.token', w.token);
  }, who);
  await cut.goto(`${proxy.url}#/replay/${id}`);
  await cut.locator('#replay-position', { hasText: 'The start' }).waitFor();
  await cut.keyboard.press('ArrowRight');
  await cut.keyboard.press('ArrowRight');
  await cut.keyboard.press('ArrowRight');
  await cut.locator('#replay-position', { hasText: `Input 3 of ${inputs}` }).waitFor();
  const before = await logLines(cut);
  proxy.cut();
  await cut.locator('#conn[data-status="online"]').waitFor({ state: 'detached', timeout: 5000 }).catch(() => {});
  await cut.locator('#conn[data-status="online"]').waitFor({ timeout: 15000 });
  await cut.waitForTimeout(300);
  assert.match(await position(cut), new RegExp(`^Input 3 of ${inputs}`), 'still where it stood');
  cut.keyboard.press('ArrowRight');
  await cut.locator('#replay-position', { hasText: `Input 4 of ${inputs}` }).waitFor();
  const after = await logLines(cut);
  assert.deepEqual(after.slice(0, before.length), before, 'the log kept what it had');
  assert.equal(after.length, before.length + 1, 'and goes on from there');
});

test('someone who did not play the private game is told it cannot be shown', { skip }, async () => {
  carl = await openPage(browser, DESKTOP);
  await arrive(carl, server.url, 'Carl');
  await carl.goto(`${server.url}#/replay/${id}`);
  await carl.getByRole('heading', { name: 'This replay cannot be shown' }).waitFor();
  assert.match(await carl.locator('.replay-message').textContent(), /private game's replay is for its players only/);
});

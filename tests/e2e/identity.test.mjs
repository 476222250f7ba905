// Ratings, a player's page and carrying an identity (issue 29), in real
// Chromium against the real server: Ada at a desk (1280x800) and Bob on a
// touch phone (390x844) play two rated games with a bot; the result shows
// each rating's move, the leaderboard and both pages show the games; Ada
// shows a code and a second phone context becomes Ada with it, once.
// Screenshots of the result, the leaderboard, the pages and the code.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  DESKTOP, arrive, artifactsDir, launchBrowser, openPage, shootBoth, skipReason, startWebServer, storySteps,
} from './lib/e2e.mjs';

const skip = skipReason() || false;
const TOUCH_PHONE = { width: 390, height: 844 };
const touch = { hasTouch: true, isMobile: true };

/** A screenshot at the page's own size (the phone's 390x844). */
async function shoot(page, name) {
  mkdirSync(artifactsDir, { recursive: true });
  const { width, height } = page.viewportSize();
  await page.screenshot({ path: join(artifactsDir, `${name}-${width}x${height}.png`), animations: 'disabled' });
}

describe('ratings, a player\'s page and a code for another device', { skip }, () => {
  let server;
  let browser;
  let ada;      // at a desk
  let bob;      // on a touch phone
  let adaPhone; // a second device of Ada's: a new phone context
  let thief;    // someone who tries the same code again
  let code;
  const step = storySteps(test);

  before(async () => {
    server = await startWebServer(['--bot-pace-ms', '50']);
    browser = await launchBrowser();
    ada = await openPage(browser, DESKTOP);
    bob = await openPage(browser, TOUCH_PHONE, touch);
  });

  after(async () => {
    await browser?.close();
    const result = await server?.stop();
    assert.equal(result?.code, 0, 'the server exits cleanly');
    for (const page of [ada, bob, adaPhone, thief]) assert.deepEqual(page?.problems ?? [], [], 'no script errors in the pages');
  });

  /** One game of Count to 5 in room `room`: Ada adds 3, Bob 2 and wins. */
  async function playOne() {
    await ada.locator('#turn-text', { hasText: 'Your turn' }).waitFor();
    await ada.getByRole('button', { name: 'Add 3' }).click();
    await bob.locator('#turn-text', { hasText: 'Your turn' }).waitFor();
    await bob.getByRole('button', { name: 'Add 2' }).tap();
    for (const page of [ada, bob]) await page.locator('#result-title').waitFor();
  }

  step('Ada and Bob play a rated game with a bot; the result shows how their ratings moved', async () => {
    await arrive(ada, server.url, 'Ada');
    await ada.getByRole('button', { name: 'Create room: Count to 21' }).click();
    const dialog = ada.getByRole('dialog');
    await dialog.getByLabel('Target').fill('5');
    await dialog.getByRole('button', { name: 'Create room' }).click();
    await ada.locator('#room-code').waitFor();
    const link = await ada.locator('#share-link').inputValue();
    await bob.goto(link);
    await bob.getByLabel('Your name', { exact: true }).fill('Bob');
    await bob.getByRole('button', { name: 'Let’s play' }).tap();
    await bob.locator('.seat[data-seat="1"][data-mine="true"]').waitFor();
    await ada.getByLabel('Bot level for seat 3').selectOption('normal');
    await ada.getByRole('button', { name: 'Add bot to seat 3' }).click();
    await ada.locator('.seat[data-seat="2"][data-state="bot"]').waitFor();
    await ada.getByRole('button', { name: 'Start game' }).click();
    await playOne();
    const line = ada.locator('.rating-line[data-rated="true"]');
    await line.waitFor();
    const text = (await line.textContent()).replace(/\s+/g, ' ');
    assert.match(text, /^Ratings: Ada 1500 → \d{4} \(([+−]\d+|±0)\) · Bob 1500 → \d{4} \(\+\d+\) · Bot \(normal\) 1400$/, text);
    await bob.locator('.rating-line[data-rated="true"] .rating-me', { hasText: /Bob 1500 → \d{4} \(\+\d+\)/ }).waitFor();
    await shootBoth(ada, 'rated-result');
    await shoot(bob, 'rated-result-touch');
  });

  step('a second game starts from the ratings after the first', async () => {
    const after1 = Number((await ada.locator('.rating-me').textContent()).match(/→ (\d+)/)[1]);
    await ada.getByRole('button', { name: 'Play again' }).click();
    await ada.getByRole('button', { name: 'Start game' }).click();
    await playOne();
    const mine = ada.locator('.rating-line[data-rated="true"] .rating-me');
    await mine.waitFor();
    const before2 = Number((await mine.textContent()).match(/Ada (\d+) →/)[1]);
    assert.equal(before2, after1, 'Ada starts the second game where the first left her');
  });

  step('the leaderboard lists both, Bob first, provisional after two games, with the bots\' ratings', async () => {
    await ada.getByRole('button', { name: 'Leave room' }).click();
    await ada.getByRole('link', { name: 'Leaderboard' }).first().waitFor();
    await ada.goto(`${server.url}#/ratings/testgame`);
    const rows = ada.locator('.leaderboard tbody tr');
    await rows.nth(1).waitFor();
    assert.deepEqual(await ada.locator('.leaderboard tbody th a').allTextContents(), ['Bob', 'Ada']);
    assert.equal(await ada.locator('.leaderboard tr.is-me th a').textContent(), 'Ada', 'Ada sees herself marked');
    assert.equal(await ada.locator('.leaderboard .tag.provisional').count(), 2, 'two rated games: provisional');
    await ada.getByText('Bots play at fixed ratings: easy 1150, normal 1400').waitFor();
    await shootBoth(ada, 'leaderboard');
  });

  step('each page shows the games played and won, the rating, and the last games with their replays', async () => {
    await ada.locator('.leaderboard tbody th a', { hasText: 'Bob' }).click();
    await ada.getByRole('heading', { name: 'Bob', exact: true }).waitFor();
    const row = ada.locator('.records tr[data-game="testgame"]');
    await row.waitFor();
    assert.deepEqual((await row.locator('td').allTextContents()).slice(0, 2), ['2', '2'], 'Bob played 2, won 2');
    const games = ada.locator('.recent-row');
    assert.equal(await games.count(), 2);
    const replay = await games.first().getByRole('link', { name: /^Replay/ }).getAttribute('href');
    assert.match(replay, /^#\/replay\/\d+$/, 'each game links its replay');
    await games.first().getByText(/Rating \d{4} → \d{4} \(\+\d+\)/).waitFor();

    await bob.goto(`${server.url}#/`);
    await bob.locator('#my-page').tap();
    await bob.getByRole('heading', { name: 'Bob (you)' }).waitFor();
    await bob.locator('.records tr[data-game="testgame"]').waitFor();
    await shoot(bob, 'player-page-touch');
    await shootBoth(ada, 'player-page');
    // The link opens that game's replay (issue 29: the last games with
    // their replays), from the start, stepped with a tap.
    const mine = bob.locator('.recent-row').first();
    const id = await mine.getAttribute('data-result');
    await mine.getByRole('link', { name: /^Replay/ }).tap();
    await bob.waitForURL(new RegExp(`#/replay/${id}$`));
    await bob.locator('#replay-position', { hasText: 'The start' }).waitFor();
    await bob.getByRole('button', { name: 'One step forward (→)' }).tap();
    await bob.locator('#replay-position', { hasText: /^Input 1 of \d+/ }).waitFor();
  });

  step('Ada shows a one-time code on her page', async () => {
    await ada.goto(`${server.url}#/`);
    await ada.locator('#my-page').click();
    await ada.getByRole('heading', { name: 'Ada (you)' }).waitFor();
    await ada.getByRole('button', { name: 'Show a code' }).click();
    code = (await ada.locator('#link-code').textContent()).trim();
    assert.match(code, /^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    await ada.getByText(/works once, for \d+:\d\d more/).waitFor();
    await ada.locator('#link-title').scrollIntoViewIfNeeded();
    await ada.evaluate(() => document.getElementById('link-title').scrollIntoView({ block: 'start' }));
    await shootBoth(ada, 'link-code');
  });

  step('on a new phone, the code makes it Ada, with her games and ratings; her desk pauses', async () => {
    adaPhone = await openPage(browser, TOUCH_PHONE, touch);
    await adaPhone.goto(server.url);
    await adaPhone.getByText('Already play on another device?').tap();
    await adaPhone.getByLabel('Code from another device').fill(code.toLowerCase());
    await shoot(adaPhone, 'link-enter-touch');
    await adaPhone.getByRole('button', { name: 'Use this code' }).tap();
    await adaPhone.getByRole('heading', { name: 'Ada (you)' }).waitFor();
    assert.equal(await adaPhone.locator('.me-name').textContent(), 'Ada');
    const row = adaPhone.locator('.records tr[data-game="testgame"]');
    await row.waitFor();
    assert.deepEqual((await row.locator('td').allTextContents()).slice(0, 2), ['2', '0'], 'her record came along');
    await ada.getByText('You opened Botpit in another tab or window. This one is paused.').waitFor();
    assert.deepEqual(await adaPhone.evaluate(() => window.botpit.store.me.id), await ada.evaluate(() => window.botpit.store.me.id));
    await shoot(adaPhone, 'linked-touch');
  });

  step('the same code again is refused, saying it was used; the newcomer can still pick a name', async () => {
    thief = await openPage(browser, TOUCH_PHONE, touch);
    await thief.goto(server.url);
    await thief.getByText('Already play on another device?').tap();
    await thief.getByLabel('Code from another device').fill(code);
    await thief.getByRole('button', { name: 'Use this code' }).tap();
    await thief.getByText(/That code has already been used/).waitFor();
    await thief.getByLabel('Code from another device').fill('K7P2');
    await thief.getByRole('button', { name: 'Use this code' }).tap();
    await thief.getByText('A code is 8 letters and digits, like K7P2-X9QM.').waitFor();
    await shoot(thief, 'link-refused-touch');
    await arrive(thief, server.url, 'Zed');
    assert.equal(await thief.locator('.me-name').textContent(), 'Zed');
  });
});

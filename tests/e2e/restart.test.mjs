// The server goes away mid-game (kill -9) and comes back on the same port and
// database: both pages show "reconnecting", then find their seats and the
// game as it was, and play on. The hardest server-side close there is.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startServer, tempDir } from '../integration/lib/harness.mjs';
import {
  DESKTOP, PHONE, arrive, launchBrowser, makeWebRoot, openPage, skipReason, storySteps,
} from './lib/e2e.mjs';

const skip = skipReason() || false;

describe('a server restart in the middle of a game', { skip }, () => {
  const webRoot = makeWebRoot();
  const db = join(tempDir(), 'botpit.db');
  let server;
  let browser;
  let ada;
  let bob;
  const step = storySteps(test);
  const start = (port = 0) => startServer(['--web-root', webRoot, '--db', db, '--port', String(port)]);

  before(async () => {
    server = await start();
    browser = await launchBrowser();
    ada = await openPage(browser, DESKTOP);
    bob = await openPage(browser, PHONE);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(webRoot, { recursive: true, force: true });
    for (const page of [ada, bob]) assert.deepEqual(page?.problems ?? [], [], 'no script errors in the pages');
  });

  step('two players start a game and make a move', async () => {
    const url = `${server.httpUrl}/`;
    await arrive(ada, url, 'Ada');
    await ada.getByRole('button', { name: 'Create room: Count to 21' }).click();
    await ada.getByRole('dialog').getByRole('button', { name: 'Create room' }).click();
    await ada.locator('#room-code').waitFor();
    const link = await ada.locator('#share-link').inputValue();
    await bob.goto(link);
    await bob.getByLabel('Your name', { exact: true }).fill('Bob');
    await bob.getByRole('button', { name: 'Let’s play' }).click();
    await ada.locator('.seat[data-seat="1"]', { hasText: 'Bob' }).waitFor();
    await ada.getByRole('button', { name: 'Start game' }).click();
    await ada.getByRole('button', { name: 'Add 3' }).click();
    await bob.locator('.event-log', { hasText: 'Ada added 3: the count is 3' }).waitFor();
  });

  step('the server is killed: both pages say they are reconnecting', async () => {
    await server.stop('SIGKILL');
    await ada.locator('#conn[data-status="reconnecting"]').waitFor();
    await bob.locator('#conn[data-status="reconnecting"]').waitFor();
  });

  step('it comes back: both pages find their seats and the count, and play on', async () => {
    server = await start(server.port);
    await ada.locator('#conn[data-status="online"]').waitFor({ timeout: 20000 });
    await bob.locator('#conn[data-status="online"]').waitFor({ timeout: 20000 });
    await bob.locator('#turn-text', { hasText: 'Your turn' }).waitFor();
    await bob.getByText('Total 3 of 21').waitFor();
    await bob.getByRole('button', { name: 'Add 2' }).click();
    await ada.locator('.event-log', { hasText: 'Bob added 2: the count is 5' }).waitFor();
    await ada.locator('#turn-text', { hasText: 'Your turn' }).waitFor();
  });
});

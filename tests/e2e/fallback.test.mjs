// A game with no renderer module: the web root here has no
// games/testgame/, as when a new engine lands before its board. The table
// falls back to the view as JSON and a box for raw actions, and the game
// is still playable; a refused action is explained by the button that
// sent it (first-game hints). Also: a second window with the same player pauses
// the first (close 4001), which can take the seat back.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  DESKTOP, PHONE, arrive, endStory, expectToast, launchBrowser, openPage, shootBoth, skipReason,
  startWebServer, storySteps,
} from './lib/e2e.mjs';

const skip = skipReason() || false;

describe('the fallback table', { skip }, () => {
  let server;
  let browser;
  let ada;
  let twin;
  let sam;
  const step = storySteps(test);

  before(async () => {
    // A slow bot, so that it is the bot's turn long enough to act out of turn.
    server = await startWebServer(['--bot-pace-ms', '1500'], { testgameRenderer: false });
    browser = await launchBrowser();
    ada = await openPage(browser, DESKTOP);
  });

  after(() => endStory(server, browser, [ada, twin, sam]));

  const rawAction = () => ada.getByLabel('Action (JSON)');
  async function send(json) {
    await rawAction().fill(json);
    await ada.getByRole('button', { name: 'Send action' }).click();
  }

  step('a game without a renderer gets the plain table', async () => {
    await arrive(ada, server.url, 'Ada');
    await ada.getByRole('button', { name: 'Create room: Count to 21' }).click();
    await ada.getByRole('dialog').getByRole('button', { name: 'Create room' }).click();
    await ada.getByRole('button', { name: 'Add bot to seat 2' }).click();
    await ada.locator('.seat[data-seat="1"][data-state="bot"]').waitFor();
    await ada.getByRole('button', { name: 'Start game' }).click();
    await ada.locator('.table-slot[data-renderer="fallback"]').waitFor();
    await ada.getByText('There is no board for Count to 21').waitFor();
    const view = JSON.parse(await ada.locator('.raw-view').textContent());
    assert.equal(view.total, 0);
    assert.equal(view.target, 21);
    assert.ok(Number.isInteger(view.secret));
    // Whose turn comes from the view's `turn` when no renderer says.
    await ada.locator('#turn-text', { hasText: 'Your turn' }).waitFor();
    await shootBoth(ada, 'fallback-table');
  });

  step('refused raw actions show the server’s sentence; bad JSON is caught here', async () => {
    await send('{"kind": "add", "n": 7}');
    await expectToast(ada, 'you can add 1, 2 or 3, not 7');
    // A first game: the hints are on, so the refusal is also explained
    // right by the button that sent it.
    const callout = ada.locator('#table-slot .hint-callout', { hasText: 'You can add 1, 2 or 3, not 7' });
    await callout.waitFor();
    const gap = await callout.evaluate((c) => {
      const button = [...document.querySelectorAll('#table-slot button')].find((b) => b.textContent === 'Send action');
      const a = c.getBoundingClientRect();
      const b = button.getBoundingClientRect();
      return Math.min(Math.abs(a.top - b.bottom), Math.abs(b.top - a.bottom));
    });
    assert.ok(gap < 24, `the explanation sits by the Send button (${gap} px away)`);
    await shootBoth(ada, 'fallback-refusal-explained');
    await send('{"kind": "jump"}');
    await expectToast(ada, 'an action is {"kind":"add","n":1..3}');
    await send('{"kind": "add", ');
    await expectToast(ada, 'That is not JSON yet');
    assert.equal(await rawAction().inputValue(), '{"kind": "add", ', 'what was typed stays');
  });

  step('a good raw action plays; acting out of turn is refused', async () => {
    await send('{"kind": "add", "n": 3}');
    await ada.locator('.raw-view', { hasText: '"total": 3' }).waitFor();
    await ada.locator('.event-log', { hasText: 'Ada: added (n 3, total 3)' }).waitFor();
    await ada.locator('#turn-text', { hasText: 'Waiting for Bot (normal)' }).waitFor();
    await send('{"kind": "add", "n": 1}');
    // The engine says "Seat 2"; the page names the seat.
    await expectToast(ada, 'it is Bot (normal)’s turn');
    // The bot moves; Ada's turn again.
    await ada.locator('#turn-text', { hasText: 'Your turn' }).waitFor({ timeout: 10000 });
  });

  step('a spectator watches from the room list and takes over the bot’s seat', async () => {
    sam = await openPage(browser, PHONE);
    await arrive(sam, server.url, 'Sam');
    const row = sam.locator('.room-row', { hasText: 'Playing' });
    await row.getByRole('button', { name: /^Watch room/ }).click();
    await sam.locator('.table-slot[data-renderer="fallback"]').waitFor();
    const view = JSON.parse(await sam.locator('.raw-view').textContent());
    assert.equal(view.secret, undefined, 'a spectator sees no secret');
    assert.equal(await sam.getByLabel('Action (JSON)').isVisible(), false, 'spectators have nothing to send');
    await sam.locator('#turn-text', { hasText: 'to play' }).waitFor();
    await ada.locator('.watchers', { hasText: '1 person watching' }).waitFor();
    await sam.getByRole('button', { name: 'Take over seat 2' }).click();
    // Taking a bot's seat mid-game needs the host's yes: Sam waits, Ada is asked.
    await expectToast(sam, 'Asked the host for seat 2');
    const ask = ada.getByRole('alertdialog', { name: 'Seat request' });
    await ask.getByText('Sam asks to take over seat 2').waitFor();
    await shootBoth(ada, 'fallback-seat-request');
    await ask.getByRole('button', { name: 'Let them' }).click();
    await ask.waitFor({ state: 'detached' });
    await sam.locator('.table-player[data-seat="1"][data-mine="true"]', { hasText: 'Sam' }).waitFor();
    await sam.locator('.raw-view', { hasText: '"secret"' }).waitFor();
    await sam.getByLabel('Action (JSON)').waitFor();
    await ada.locator('.table-player[data-seat="1"]', { hasText: 'Sam' }).waitFor();
  });

  step('a second window with the same player pauses this one, which can take over again', async () => {
    const token = await ada.evaluate(() => localStorage.getItem('botpit.token'));
    const name = await ada.evaluate(() => localStorage.getItem('botpit.name'));
    const roomUrl = ada.url();
    twin = await openPage(browser, DESKTOP);
    await twin.addInitScript(([t, n]) => {
      if (!localStorage.getItem('botpit.token')) {
        localStorage.setItem('botpit.token', t);
        localStorage.setItem('botpit.name', n);
      }
    }, [token, name]);
    await twin.goto(roomUrl);
    await twin.locator('.table-slot[data-renderer="fallback"]').waitFor();
    await twin.locator('.table-player[data-seat="0"][data-mine="true"]').waitFor();
    await ada.locator('#conn[data-status="replaced"]').waitFor();
    await ada.locator('#banner', { hasText: 'another tab or window' }).waitFor();
    await ada.getByRole('button', { name: 'Use it here' }).click();
    await ada.locator('#conn[data-status="online"]').waitFor();
    await twin.locator('#conn[data-status="replaced"]').waitFor();
    await ada.locator('.table-player[data-seat="0"][data-mine="true"]').waitFor();
  });
});

// A newcomer's first minutes (issue 18), in real Chromium against the real
// server: what the frame around every game does for someone who has never
// played. The name screen (no "Not connected" yet, a long name flagged and
// not cut), the focus ring, "How to play" for every game that has a rules
// page (the dialog and the page of its own), the one-click quick game,
// first-game hints (shown, hidden, remembered, back; off after a first
// whole game), the call of a background tab when it becomes your turn (title,
// icon, sound), the turn bar that stays on a phone's screen, a table that
// does not jump when tabbed to, the result brought into view with why the
// game ended and what the scores mean, a screen-reader line that does not
// follow into the next room, leaving a game only after saying so, and a
// player who left still named. Ada is on a desktop, Bob on a phone; the
// game is the tests' "count to 21" unless a rules page is needed.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  DESKTOP, PHONE, endStory, openPage, openTable, shootBoth, skipReason, storySteps,
} from './lib/e2e.mjs';
import { actAndWait } from './lib/games.mjs';
import {
  closeRules, controlVisibility, countSounds, expectRules, focusRing, hintText, inView, marked, setHidden, tabLook, tones,
} from './lib/newcomer.mjs';

const skip = skipReason() || false;
const GAMES = [['ricochet', 'Ricochet Robots'], ['manoover', 'Robot Attack (MANOOVER)'], ['boxing', 'Robot boxing']];

function roomOf(page) {
  return page.evaluate(() => window.botpit.store.room);
}

/** Waits for this page's turn in the count (or the end). */
async function myTurn(page) {
  await page.waitForFunction(() => {
    const s = window.botpit.store.state;
    return s && (s.view.winner >= 0 || s.view.turn === s.seat);
  });
  return page.evaluate(() => window.botpit.store.state.view.winner < 0);
}

/** Adds by a click in the page's script: no scrolling to the button. */
function addQuietly(page, n) {
  return actAndWait(page, () => page.evaluate((k) => document.querySelector(`[data-add="${k}"]`).click(), n));
}

/** Plays this page's turns (adding 3, quietly) until the count ends. */
async function playOut(page) {
  while (await myTurn(page)) await addQuietly(page, 3);
  await page.locator('.result h2').waitFor();
}

async function quickGame(page, title) {
  await page.getByRole('button', { name: new RegExp(`^Quick game: ${title.replace(/[()]/g, '\\$&')} against`) }).click();
  await page.locator('#table-slot .renderer').waitFor();
}

describe('a newcomer at the table, whatever the game', { skip }, () => {
  let server;
  let browser;
  let ada;
  let bob;
  let code;
  const step = storySteps(test);

  before(async () => {
    ({ server, browser, desktop: ada, phone: bob } = await openTable());
    for (const page of [ada, bob]) {
      await controlVisibility(page);
      await countSounds(page);
    }
  });

  after(() => endStory(server, browser, [ada, bob]));

  step('the name screen: nothing says "Not connected" yet; a long name is flagged, not cut', async () => {
    for (const page of [ada, bob]) {
      await page.goto(server.url);
      const field = page.getByLabel('Your name', { exact: true });
      await field.waitFor();
      assert.equal(await page.locator('#conn').isHidden(), true, 'no connection state before a name');
      const long = 'Bartholomew the Magnificent';
      await field.fill(long);
      assert.equal(await field.inputValue(), long, 'the field keeps every character typed');
      await page.locator('.name-count[data-over="true"]', { hasText: `${long.length}/24` }).waitFor();
      await page.locator('#name-error', { hasText: `That is ${long.length} characters: a name has at most 24` }).waitFor();
      if (page === bob) await shootBoth(page, 'newcomer-name-too-long');
      await page.getByRole('button', { name: 'Let’s play' }).click();
      assert.equal(await page.locator('#conn').isHidden(), true, 'a refused name goes nowhere');
      await field.fill(page === ada ? 'Ada' : 'Bob');
      await page.locator('#name-error').waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Let’s play' }).click();
      await page.locator('#conn[data-status="online"]').waitFor();
    }
  });

  step('the focus ring is blue, never the red of an error', async () => {
    for (const page of [ada, bob]) {
      await page.locator('#join-code').focus();
      await page.keyboard.press('Tab'); // to the Join button, by keyboard: :focus-visible
      assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Join');
      const ring = await focusRing(page);
      const [r, g, b] = ring.rgb;
      assert.equal(ring.style, 'solid');
      assert.ok(b > r + 60 && b > g, `the ring is blue: rgb(${ring.rgb})`);
    }
  });

  step('"How to play" is offered for every game with a rules page, and only those', async () => {
    for (const [, title] of GAMES) await ada.getByRole('link', { name: `How to play ${title}` }).waitFor();
    // The tests' count to 21 has no rules page: no link, nothing to edit.
    await ada.waitForTimeout(300);
    assert.equal(await ada.locator('.game-card[data-game="testgame"] .how-to').isHidden(), true);
    for (const [id, title] of GAMES) {
      const link = ada.getByRole('link', { name: `How to play ${title}` });
      assert.equal(await link.getAttribute('href'), `/rules/${id}/`);
      await expectRules(ada, title, () => link.click());
      if (id === 'ricochet') await shootBoth(ada, 'newcomer-rules-dialog');
      await closeRules(ada);
      assert.equal(await ada.evaluate(() => document.activeElement.getAttribute('aria-label')), `How to play ${title}`,
        'closing the rules gives the focus back');
    }
    await expectRules(bob, 'Robot boxing', () => bob.getByRole('link', { name: 'How to play Robot boxing' }).click());
    await bob.locator('dialog.rules-dialog .rules-text').evaluate((n) => n.querySelector('#rules-boxing-shoot').scrollIntoView());
    await shootBoth(bob, 'newcomer-rules-dialog-boxing');
    await closeRules(bob);
  });

  step('the same rules are a page of their own at /rules/<game>, for every game that has one', async () => {
    // Every game the server lists is checked if it has a page: a new
    // game's rules page is held to the same structure as these three.
    const { games } = await (await fetch(`${server.url}api/games`)).json();
    const found = [];
    for (const { id, title } of games) {
      const probe = await fetch(`${server.url}rules/${id}/`);
      if (probe.status === 404) continue;
      assert.equal(probe.status, 200, `${id}: the rules page answers`);
      found.push(id);
      // The share form /rules/<id> (no final slash) serves the same page,
      // whose files are found by absolute paths: one game is opened so.
      const bare = await fetch(`${server.url}rules/${id}`);
      assert.equal(bare.status, 200, `${id}: /rules/${id} answers too`);
      assert.equal(await bare.text(), await probe.text(), `${id}: the same page`);
      const page = await openPage(browser, id === 'manoover' ? PHONE : DESKTOP);
      await page.goto(`${server.url}rules/${id}${id === 'manoover' ? '' : '/'}`);
      await page.getByRole('heading', { level: 1, name: `How to play ${title}` }).waitFor();
      await page.locator('figure.diagram .diagram-art svg').first().waitFor();
      const unset = await page.locator('figure.diagram:not(:has(.diagram-art))').count();
      assert.equal(unset, 0, `${id}: every diagram of the page is drawn`);
      for (const part of ['goal', 'turn', 'end', 'table', 'rulings']) await page.locator(`#rules-${id}-${part} h2`).waitFor();
      if (id === 'manoover') await shootBoth(page, 'newcomer-rules-page-manoover');
      assert.deepEqual(page.problems, [], `${id}: no script errors`);
      await page.context().close();
    }
    assert.deepEqual(GAMES.map(([id]) => id).filter((id) => !found.includes(id)), [], 'each shipped game has its page');
    assert.equal(found.includes('testgame'), false, 'a game without rules has no page');
  });

  step('Quick game: one click makes a private room, seats a bot and starts', async () => {
    await quickGame(ada, 'Count to 21');
    const room = await roomOf(ada);
    code = room.code;
    assert.equal(room.status, 'playing');
    assert.equal(room.private, true);
    assert.equal(room.game, 'testgame');
    assert.equal(room.seats.length, 2);
    assert.ok(room.seats[1].bot, 'a bot in the other seat');
    assert.equal(await ada.locator('#room-rules').isHidden(), true, 'no rules page, no How to play button');
    assert.equal(await ada.locator('#table-rules').isHidden(), true);
  });

  step('first-game hints: one line, the legal choices marked, hidden on request and back', async () => {
    assert.equal(await myTurn(ada), true);
    await ada.locator('#hint-text', { hasText: 'Add 1, 2 or 3: whoever brings the count to 21 wins.' }).waitFor();
    await ada.waitForFunction(() => document.querySelectorAll('#table-slot [data-hint="true"]').length === 3);
    assert.equal(await marked(ada, 'button'), 3, 'the three + buttons are marked');
    await shootBoth(ada, 'newcomer-hints');
    await ada.getByRole('button', { name: 'Hide hints' }).click();
    await ada.locator('#hint-bar').waitFor({ state: 'hidden' });
    assert.equal(await ada.locator('#table-slot [data-hint="true"]').count(), 0, 'nothing marked once hidden');
    await ada.reload();
    await ada.locator('#table-slot .renderer').waitFor();
    await ada.locator('#hint-toggle', { hasText: 'Hints: off' }).waitFor();
    assert.equal(await hintText(ada), '', 'hidden hints stay hidden after a reload');
    await ada.locator('#hint-toggle').click();
    await ada.locator('#hint-toggle', { hasText: 'Hints: on' }).waitFor();
    assert.notEqual(await hintText(ada), '');
  });

  step('in a background tab, the title and icon call the player when it is their turn, with a chime', async () => {
    await ada.locator('#sound-toggle', { hasText: 'Sound: off' }).click();
    await ada.locator('#sound-toggle', { hasText: 'Sound: on' }).waitFor();
    const heard = await tones(ada);
    assert.ok(heard >= 2, 'turning the sound on plays it once');
    assert.equal(await myTurn(ada), true);
    await setHidden(ada, true);
    assert.deepEqual(await tabLook(ada), { title: `Room ${code} · Botpit`, icon: 'favicon.svg' });
    await addQuietly(ada, 1);
    // The bot answers in 50 ms: then it is Ada's turn, with her tab away.
    await ada.waitForFunction(() => document.title.startsWith('●'));
    assert.deepEqual(await tabLook(ada), { title: `● Your turn · Room ${code} · Botpit`, icon: 'favicon-turn.svg' });
    assert.equal(await tones(ada), heard + 2, 'one chime of two notes');
    await setHidden(ada, false);
    assert.deepEqual(await tabLook(ada), { title: `Room ${code} · Botpit`, icon: 'favicon.svg' }, 'back to normal once looked at');
  });

  step('leaving a game in progress asks first', async () => {
    await ada.locator('#leave-room').click();
    const dialog = ada.getByRole('dialog', { name: 'Leave the game?' });
    await dialog.waitFor();
    await dialog.getByText('a bot plays your seat').waitFor();
    await shootBoth(ada, 'newcomer-leave-confirm');
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal((await roomOf(ada))?.code, code, 'still in the room');
    await ada.locator('#leave-room').click();
    await ada.getByRole('dialog', { name: 'Leave the game?' }).getByRole('button', { name: 'Leave the game' }).click();
    await ada.locator('#games-title').waitFor();
    assert.equal(await roomOf(ada), null);
  });

  step('on a phone the turn bar stays on screen, and tabbing to the table does not move the page', async () => {
    await quickGame(bob, 'Count to 21');
    await bob.locator('#turn-text', { hasText: 'Your turn' }).waitFor();
    await bob.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await bob.waitForTimeout(100);
    assert.ok(await bob.evaluate(() => window.scrollY) > 400, 'the page scrolled well down');
    assert.equal(await inView(bob.locator('.turnbar')), true, 'the turn bar is still on screen');
    // Scroll until the table's top is just above the window; Shift+Tab
    // from its first button lands on the table itself.
    await bob.evaluate(() => window.scrollTo(0, document.querySelector('#table-slot').getBoundingClientRect().top + window.scrollY + 30));
    await bob.locator('[data-add="1"]').focus();
    const y = await bob.evaluate(() => window.scrollY);
    await bob.keyboard.press('Shift+Tab');
    assert.equal(await bob.evaluate(() => document.activeElement.id), 'table-slot');
    await bob.waitForTimeout(100);
    assert.ok(Math.abs(await bob.evaluate(() => window.scrollY) - y) <= 2, 'the page did not jump');
  });

  step('the end: the result comes into view and says why it ended and what the scores mean', async () => {
    await bob.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await playOut(bob);
    await bob.waitForTimeout(600); // a smooth scroll, when motion is allowed
    assert.equal(await inView(bob.locator('.result h2')), true, 'the result is on screen');
    await bob.locator('.result-why', { hasText: 'Why it ended: Bob brought the count to 21.' }).waitFor();
    await bob.locator('.scores thead th', { hasText: 'Added' }).waitFor();
    await bob.locator('.result-scores', { hasText: 'Added: how much each player added to the count.' }).waitFor();
    await shootBoth(bob, 'newcomer-result');
  });

  step('after a first whole game, hints are off; a new room starts with a clean screen-reader line', async () => {
    assert.equal(await bob.evaluate(() => localStorage.getItem('botpit.played.testgame')), '1');
    await bob.locator('#table-announcer', { hasText: /the count is \d+/ }).waitFor({ state: 'attached' });
    await bob.getByRole('button', { name: 'Play again' }).click();
    await bob.getByRole('button', { name: 'Start game' }).click();
    await bob.locator('#turn-text', { hasText: 'Your turn' }).waitFor();
    assert.equal(await bob.locator('#table-announcer').textContent(), '', 'nothing said of the last room');
    await bob.locator('#hint-toggle', { hasText: 'Hints: off' }).waitFor();
    assert.equal(await hintText(bob), '', 'no hints in a second game unless asked');
    await bob.locator('#leave-room').click();
    await bob.getByRole('dialog', { name: 'Leave the game?' }).getByRole('button', { name: 'Leave the game' }).click();
    await bob.locator('#games-title').waitFor();
  });

  step('a player who left is still named: "Bob (bot)" while a bot plays on, "Bob" after the end', async () => {
    for (const leaveDuring of [true, false]) {
      await ada.getByRole('button', { name: 'Create room: Count to 21' }).click();
      await ada.getByRole('dialog').getByRole('button', { name: 'Create room' }).click();
      await ada.locator('#room-code').waitFor();
      const room = (await ada.locator('#room-code').textContent()).trim();
      await bob.goto(`${server.url}#/room/${room}`);
      await bob.locator('.seat[data-seat="1"][data-mine="true"]').waitFor();
      await ada.getByRole('button', { name: 'Start game' }).click();
      await ada.locator('#table-slot .renderer').waitFor();
      await myTurn(ada);
      await addQuietly(ada, 2);
      await myTurn(bob);
      await addQuietly(bob, 1);
      if (leaveDuring) {
        await bob.locator('#leave-room').click();
        await bob.getByRole('dialog', { name: 'Leave the game?' }).getByRole('button', { name: 'Leave the game' }).click();
        await bob.locator('#games-title').waitFor();
        // A bot now plays Bob's seat: its moves still carry his name.
        await addQuietly(ada, 1);
        await ada.locator('.event-log', { hasText: 'Bob (bot) added' }).waitFor();
        await playOut(ada);
        await ada.locator('.scores tbody tr:nth-child(2) th', { hasText: 'Bob (bot)' }).waitFor();
      } else {
        await Promise.all([playOut(ada), playOut(bob)]);
        await bob.getByRole('button', { name: 'Leave room' }).click();
        await bob.locator('#games-title').waitFor();
        await ada.waitForFunction(() => !window.botpit.store.room.seats[1].player);
        await ada.locator('.scores tbody tr:nth-child(2) th', { hasText: 'Bob' }).waitFor();
        assert.equal(await ada.locator('.scores', { hasText: 'Seat 2' }).count(), 0, 'not "Seat 2"');
        await shootBoth(ada, 'newcomer-departed-name');
      }
      await ada.getByRole('button', { name: 'Leave room' }).click();
      await ada.locator('#games-title').waitFor();
    }
  });
});

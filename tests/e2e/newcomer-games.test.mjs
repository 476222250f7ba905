// A newcomer's first game of each (issue 18), in real Chromium against the
// real server: the hints each game gives and the choices it marks, the
// rules one key away, a background tab called when a timer starts, a
// refusal explained where it happened, and the result saying why the game
// ended and what its scores mean; with the rough edges found gone (the
// "null" in Ricochet's last-round card, the raw "over (...)" log line, a
// second tap deselecting a robot, a spectator shown a replay unasked,
// "Both robots" in a three-robot fight, "after 1 turns").
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  DESKTOP, PHONE, arrive, endStory, openPage, openTable, skipReason, storySteps,
} from './lib/e2e.mjs';
import {
  addBot, createManooverRoom, createRoomWith, demonstrate, playToEnd, shootAt, solve, viewOf, waitPhase,
} from './lib/games.mjs';
import {
  closeRules, controlVisibility, expectRules, hintText, inView, marked, setHidden, tabLook,
} from './lib/newcomer.mjs';

const skip = skipReason() || false;

const shoot = shootAt;

describe('a newcomer’s first game of each', { skip }, () => {
  let server;
  let browser;
  let ada;   // desktop
  let bob;   // phone
  let cid;   // phone, watching
  let best;
  const step = storySteps(test);

  before(async () => {
    ({ server, browser, desktop: ada, phone: bob } = await openTable());
    cid = await openPage(browser, PHONE);
    await controlVisibility(ada);
  });

  after(() => endStory(server, browser, [ada, bob, cid]));

  step('Ricochet: the first round, with hints; the rules are one key away', async () => {
    await arrive(ada, server.url, 'Ada');
    const code = await createRoomWith(ada, 'Ricochet Robots', {
      'Sand timer (seconds)': 6, 'Chips to win': 1, 'Pause between rounds (seconds)': 8,
      'Time to demonstrate (seconds)': 30, Seed: 11,
    });
    await ada.locator('#room-rules').waitFor(); // How to play, before the game too
    await arrive(bob, `${server.url}#/room/${code}`, 'Bob');
    await bob.locator('.seat[data-seat="1"][data-mine="true"]').waitFor();
    await ada.getByRole('button', { name: 'Start game' }).click();
    await waitPhase(ada, 'bidding');
    await arrive(cid, `${server.url}#/room/${code}`, 'Cid');
    await waitPhase(cid, 'bidding');
    for (const page of [ada, cid]) await page.emulateMedia({ reducedMotion: 'no-preference' });

    await ada.locator('#hint-text', { hasText: 'Find a way to bring the' }).waitFor();
    const view = await viewOf(ada);
    assert.match(await hintText(ada), new RegExp(`the ${view.target.color} ${view.target.symbol} \\(ringed\\), count every move, then bid that number`));
    assert.equal(await marked(ada, '.rr-goal'), 1, 'the target is marked');
    assert.equal(await marked(ada, '.rr-bid-send'), 1, 'the Bid button is marked');
    assert.ok(await marked(ada, '.rr-robot') >= 1, 'the robot to bring there is marked');
    await shoot(ada, 'newcomer-ricochet-hints', '.turnbar');
    await cid.locator('#hint-text', { hasText: 'The players look for the shortest route' }).waitFor();

    await ada.locator('#table-slot').focus();
    await expectRules(ada, 'Ricochet Robots', () => ada.keyboard.press('?'));
    await closeRules(ada);
    assert.equal(await ada.evaluate(() => document.activeElement.id), 'table-slot', 'Esc returns to the table');
    await expectRules(bob, 'Ricochet Robots', () => bob.locator('#table-rules').click());
    await closeRules(bob);
    best = await solve(view);
  });

  step('Ricochet: away in another tab, Ada is called when the sand timer starts', async () => {
    await setHidden(ada, true);
    assert.equal((await tabLook(ada)).icon, 'favicon.svg');
    // A bid of 1 can never win (the robot must turn), so Bob will fail first.
    await bob.locator('.rr-bid-input').fill('1');
    await bob.locator('.rr-bid-send').click();
    await ada.waitForFunction(() => document.title.startsWith('● Timer running'));
    assert.equal((await tabLook(ada)).icon, 'favicon-turn.svg');
    await setHidden(ada, false);
    assert.equal((await tabLook(ada)).title.startsWith('●'), false);
    await ada.locator('.rr-bid-input').fill(String(best.moves));
    await ada.locator('.rr-bid-send').click();
    await ada.locator('.rr-bid[data-seat="0"]').waitFor();
  });

  step('Ricochet: demonstrating, a refusal is explained by the robots and a second tap keeps the robot', async () => {
    await waitPhase(bob, 'demonstration');
    // Bob's window has a mouse (no touch): click, and the letter keys.
    await bob.locator('#hint-text', { hasText: 'Show your route, 1 move left: click a robot (or press its letter)' }).waitFor();
    assert.ok(await marked(bob, '.rr-robot') >= 4, 'the robots are marked');
    await bob.locator('#table-slot').focus();
    await bob.keyboard.press('ArrowUp'); // no robot picked yet
    const callout = bob.locator('.hint-callout', { hasText: 'Pick a robot first' });
    await callout.waitFor();
    const near = await callout.evaluate((c) => {
      const r = c.getBoundingClientRect();
      const board = document.querySelector('#table-slot .rr-board').getBoundingClientRect();
      return r.top >= board.top && r.top <= board.bottom;
    });
    assert.ok(near, 'the explanation sits on the board, where the robots are');
    await shoot(bob, 'newcomer-ricochet-explain', '.rr-board');
    const robot = bob.locator('#table-slot .rr-robot[data-robot="red"]');
    await robot.click();
    await bob.locator('#table-slot .rr-robot[data-robot="red"][data-selected="true"]').waitFor();
    await bob.locator('#hint-text', { hasText: 'Click an arrow (or press an arrow key)' }).waitFor();
    await robot.click(); // again: it stays picked, no silent "let go"
    await bob.waitForTimeout(150);
    assert.equal(await robot.getAttribute('data-selected'), 'true');
    assert.equal(await robot.getAttribute('aria-pressed'), 'true');
    assert.ok(await marked(bob, '.rr-arrow') >= 1, 'the arrows are marked');
    await bob.getByRole('button', { name: 'Give up' }).click();
    await waitPhase(ada, 'demonstration');
    await ada.locator('#turn-text', { hasText: 'Your turn' }).waitFor();
    await demonstrate(ada, best.solution);
  });

  step('Ricochet: only the players see the best route replayed unasked; the spectator gets the button', async () => {
    await ada.locator('.rr-board-wrap[data-replaying="true"]').waitFor({ timeout: 20000 });
    for (let i = 0; i < 10; i++) {
      assert.equal(await cid.locator('.rr-board-wrap').getAttribute('data-replaying'), 'false', 'the spectator’s board stays put');
      await cid.waitForTimeout(150);
    }
    await cid.locator('.rr-task .rr-replay:not(:disabled)').waitFor();
  });

  step('Ricochet: the end says why and what a chip is; no "null", no raw log line', async () => {
    await ada.locator('.result h2', { hasText: 'You win!' }).waitFor({ timeout: 30000 });
    await ada.locator('.result-why', { hasText: 'Why it ended: Ada holds 1 chip: 1 chip wins this game.' }).waitFor();
    await ada.locator('.scores thead th', { hasText: 'Chips' }).waitFor();
    await ada.locator('.result-scores', { hasText: 'Chips: one for each round a player won' }).waitFor();
    await ada.locator('.rr-last').waitFor();
    for (const page of [ada, bob, cid]) {
      assert.equal(/null/.test(await page.locator('#table-slot .rr').textContent()), false, 'no "null" on the table');
      const lines = await page.locator('.event-log li').allTextContents();
      assert.ok(lines.some((l) => l.includes('Game over: Ada wins with 1 chip')), 'the end in words');
      assert.equal(lines.some((l) => /\bover \(/.test(l)), false, 'no raw "over (...)" line');
    }
    await shoot(ada, 'newcomer-ricochet-result', '.result');
    await shoot(bob, 'newcomer-ricochet-last-round', '.rr-last');
    for (const page of [bob, cid]) await page.context().close();
  });

  step('Robot Attack: hints point at the dice and the robots, then at the moves', async () => {
    bob = await openPage(browser, PHONE);
    await arrive(bob, server.url, 'Bob');
    await createManooverRoom(bob);
    await addBot(bob, 1, 'easy');
    await bob.getByRole('button', { name: 'Start game' }).click();
    await bob.waitForFunction(() => window.botpit.store.state?.view?.legal);
    await bob.locator('.mo[data-playing="false"]').waitFor();
    await bob.locator('#hint-text', { hasText: /Your (die says|dice)/ }).waitFor();
    const view = await viewOf(bob);
    const usable = view.dice.filter((d) => d.usable).length;
    assert.equal(await marked(bob, '.mo-die'), usable, 'every usable die is marked');
    assert.equal(await marked(bob, '.mo-robot'), view.legal.robots.length, 'every robot a die names is marked');
    const first = view.legal.robots[0].number;
    await bob.locator(`.mo-die[data-value="${first}"][data-state="use"]`).first().click();
    await bob.locator('#hint-text', { hasText: `Robot ${first} points` }).waitFor();
    assert.ok(await marked(bob, '.mo-pick') >= 1, 'the turn and step buttons are marked');
    await shoot(bob, 'newcomer-manoover-hints', '.turnbar');
    await bob.locator('#table-slot').focus();
    await bob.keyboard.press('Escape');
  });

  step('Robot Attack: played to the end, the result says who ran out and what the score counts', async () => {
    await playToEnd([bob, null], () => 'clicks');
    await bob.locator('.result h2').waitFor();
    assert.equal(await inView(bob.locator('.result h2')), true, 'the result is on screen');
    await bob.locator('.result-why', { hasText: 'had no robot left on the board, which ends the game' }).waitFor();
    await bob.locator('.scores thead th', { hasText: 'Robots in goal' }).waitFor();
    await bob.locator('.result-scores', { hasText: 'Robots in goal: robots of any colour that entered the player’s goal' }).waitFor();
    await shoot(bob, 'newcomer-manoover-result', '.result');
  });

  step('Robot boxing, three robots: hints for the layout and the orders; every robot, not "both"', async () => {
    cid = await openPage(browser, DESKTOP);
    await arrive(cid, server.url, 'Cid');
    await createRoomWith(cid, 'Robot boxing', {
      'Ring size': 6, 'Seconds for orders': 3, 'Seconds for the layout': 60, 'Turn limit': 1,
    });
    await addBot(cid, 1, 'easy');
    await addBot(cid, 2, 'easy');
    await cid.getByRole('button', { name: 'Start game' }).click();
    await cid.locator('.bx-editor').waitFor();
    await cid.locator('#hint-text', { hasText: 'Lay out your robot' }).waitFor();
    assert.equal(await marked(cid, '.bx-slot-btn'), 9, 'the nine slots are marked');
    assert.equal(await marked(cid, '.bx-lock'), 1, 'and the lock');
    await shoot(cid, 'newcomer-boxing-hints-layout', '.turnbar');
    await cid.getByRole('button', { name: 'Lock in layout' }).click();
    await cid.locator('.bx-composer').waitFor();
    await cid.locator('#hint-text', { hasText: 'Turn 1: click an arrow on the ring to step' }).waitFor();
    assert.ok(await marked(cid, '.bx-target') >= 1, 'the steps on the ring are marked');
    // Cid sends nothing: after 3 seconds the only turn resolves, a draw.
    await cid.locator('.result h2', { hasText: 'It’s a draw' }).waitFor({ timeout: 15000 });
    await cid.locator('.result-why', { hasText: 'Nobody was knocked out within the limit of 1 turn:' }).waitFor();
    await cid.locator('.scores thead th', { hasText: 'Parts destroyed' }).waitFor();
    await cid.locator('.result-scores', { hasText: 'Parts destroyed: how many slots of other robots' }).waitFor();
    await cid.locator('.bx-know h3', { hasText: 'Every robot revealed' }).waitFor();
    await cid.locator('.bx-wait', { hasText: 'Every layout is revealed below.' }).waitFor();
    const text = await cid.locator('.table-frame').textContent();
    assert.equal(/\bboth\b/i.test(text), false, 'nothing says "both" of three robots');
    const log = await cid.locator('.event-log').textContent();
    assert.ok(log.includes('still fighting after 1 turn.'), 'one turn, singular');
    assert.equal(/\b1 turns\b/.test(`${log} ${text}`), false, 'never "1 turns"');
    await shoot(cid, 'newcomer-boxing-result', '.result');
  });
});

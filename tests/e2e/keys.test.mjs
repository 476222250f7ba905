// Keys keep working after any action (issue 27). A board redraws what was
// just clicked or keyed, and the focus then fell to the page's body, where
// keys reach no game: Ricochet's letter and arrows after a click on the
// on-screen arrow, Robot Attack's digit and F after a click on a die. Now
// the table keeps the keys until the player clicks elsewhere on purpose.
// Each story runs on a desktop (1280x800) and on a touch phone (390x844).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  DESKTOP, TOUCH_PHONE, arrive, endStory, launchBrowser, openPage, skipReason, startWebServer, storySteps,
} from './lib/e2e.mjs';
import { addBot, createManooverRoom, createRoomWith, nextState, seqOf, shootAt, solve, viewOf, waitPhase } from './lib/games.mjs';

const skip = skipReason() || false;

const SIZES = [['desktop', DESKTOP, false], ['phone', TOUCH_PHONE, true]];
const ARROW = { N: 'ArrowUp', E: 'ArrowRight', S: 'ArrowDown', W: 'ArrowLeft' };
const DIR_KEY = { NW: 'q', N: 'w', NE: 'e', SW: 'a', S: 's', SE: 'd' };

/** What has the focus: the table, the page's body, or something else. */
function focused(page) {
  return page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return 'body';
    return a.id === 'table-slot' || a.closest('#table-slot') ? 'table' : `${a.tagName.toLowerCase()}#${a.id}`;
  });
}

for (const [size, viewport, touch] of SIZES) {
  describe(`keys keep working after an action (${size})`, { skip }, () => {
    let server;
    let browser;
    let ada;
    let bob;
    const step = storySteps(test);
    /** A click with the mouse, or a tap on the phone. */
    const press = (locator) => (touch ? locator.tap() : locator.click());

    before(async () => {
      server = await startWebServer(['--bot-pace-ms', '50']);
      browser = await launchBrowser();
      ada = await openPage(browser, viewport, { touch });
      bob = await openPage(browser, DESKTOP);
    });

    after(() => endStory(server, browser, [ada, bob]));

    step('Ricochet: after the on-screen arrow, the robot’s letter and the arrow keys go on', async () => {
      await arrive(ada, server.url, 'Ada');
      const code = await createRoomWith(ada, 'Ricochet Robots', {
        'Sand timer (seconds)': 2, 'Chips to win': 1, 'Time to demonstrate (seconds)': 60, Seed: 11,
      });
      await arrive(bob, `${server.url}#/room/${code}`, 'Bob');
      await bob.locator('.seat[data-seat="1"][data-mine="true"]').waitFor();
      await press(ada.getByRole('button', { name: 'Start game' }));
      await waitPhase(ada, 'bidding');
      const best = await solve(await viewOf(ada));
      assert.ok(best.moves >= 2, 'a route of two moves or more');
      await ada.locator('.rr-bid-input').fill(String(best.moves));
      await press(ada.locator('.rr-bid-send'));
      await waitPhase(ada, 'demonstration', 20000);

      // The first move by the screen: the robot, then its arrow.
      const [robot, dir] = best.solution[0];
      const table = ada.locator('#table-slot');
      await press(table.locator(`.rr-robot[data-robot="${robot}"]`));
      await table.locator(`.rr-robot[data-robot="${robot}"][data-selected="true"]`).waitFor();
      await press(table.locator(`.rr-arrow[data-dir="${dir}"]`));
      await table.locator('.rr-counter-made', { hasText: '1' }).waitFor();
      await ada.waitForTimeout(200); // the board has redrawn
      assert.equal(await focused(ada), 'table', 'the focus stays at the table after the arrow');
      await shootAt(ada, `keys-ricochet-after-arrow-${size}`, '.turnbar');

      // The rest by keys alone: each robot's letter, then the arrow key.
      for (let i = 1; i < best.solution.length; i++) {
        const [r, d] = best.solution[i];
        await ada.keyboard.press(r[0].toUpperCase());
        await table.locator(`.rr-robot[data-robot="${r}"][data-selected="true"]`).waitFor();
        await ada.keyboard.press(ARROW[d]);
        if (i < best.solution.length - 1) await table.locator('.rr-counter-made', { hasText: String(i + 1) }).waitFor();
      }
      await ada.locator('.result h2', { hasText: 'You win!' }).waitFor({ timeout: 20000 });
    });

    step('Robot Attack: after a click on a die, F steps the robot, and the next turn’s keys work', async () => {
      await press(ada.locator('#leave-room'));
      await ada.getByRole('heading', { name: 'Games', exact: true }).waitFor();
      await createManooverRoom(ada);
      await addBot(ada, 1, 'easy');
      await press(ada.getByRole('button', { name: 'Start game' }));
      for (let turn = 0; turn < 2; turn++) {
        await ada.waitForFunction(() => {
          const v = window.botpit.store.state?.view;
          return v?.legal && v.turn === v.you && !document.querySelector('.mo[data-playing="true"]');
        }, null, { timeout: 15000 });
        const view = await viewOf(ada);
        const choice = view.legal.robots.find((r) => r.step) || view.legal.robots[0];
        if (turn === 0) {
          // A die picks the robot (and is redrawn as picked) ... The focus
          // is back at the table as soon as the click has been handled,
          // not a timer later (a key pressed in between went nowhere).
          await ada.evaluate(() => document.addEventListener('click', () => {
            const a = document.activeElement;
            window.focusAfterClick = a && a.closest?.('#table-slot') ? 'table' : a?.tagName.toLowerCase();
          }, { once: true }));
          await press(ada.locator(`.mo-die[data-value="${choice.number}"][data-state="use"]`).first());
          assert.equal(await ada.evaluate(() => window.focusAfterClick), 'table', 'the focus is at the table once the click is handled');
        } else {
          // ... or, with the keys alone, its digit.
          await ada.keyboard.press(String(choice.number));
        }
        await ada.locator(`.mo-robot.mo-selected[data-number="${choice.number}"]`).waitFor();
        assert.equal(await focused(ada), 'table', 'the focus stays at the table after picking');
        const seq = await seqOf(ada);
        await ada.keyboard.press(choice.step ? 'f' : DIR_KEY[choice.turn[0]]);
        await nextState(ada, seq);
        await ada.waitForTimeout(200);
        assert.equal(await focused(ada), 'table', 'and after the move');
      }
      await shootAt(ada, `keys-manoover-after-moves-${size}`, '.turnbar');
    });

    step('a click elsewhere on purpose lets the keys go: they no longer move anything', async () => {
      await ada.waitForFunction(() => {
        const v = window.botpit.store.state?.view;
        return v?.legal && v.turn === v.you && !document.querySelector('.mo[data-playing="true"]');
      }, null, { timeout: 15000 });
      // Still Ada's turn with a die left for the robot just moved, it stays
      // picked: Esc lets it go, so that nothing starts out selected.
      await ada.keyboard.press('Escape');
      await ada.locator('.mo-robot.mo-selected').waitFor({ state: 'detached' });
      await press(ada.locator('#chat-input'));
      const view = await viewOf(ada);
      await ada.keyboard.press(String(view.legal.robots[0].number));
      await ada.waitForTimeout(200);
      assert.equal(await ada.locator('.mo-robot.mo-selected').count(), 0, 'a digit typed into the chat picks no robot');
      assert.equal(await ada.locator('#chat-input').inputValue(), String(view.legal.robots[0].number));
      // Clicking the page outside the table also lets go.
      await ada.locator('#chat-input').fill('');
      await ada.locator('.room-head').click({ position: { x: 2, y: 2 } });
      await ada.keyboard.press(String(view.legal.robots[0].number));
      await ada.waitForTimeout(200);
      assert.equal(await ada.locator('.mo-robot.mo-selected').count(), 0, 'nor a key after a click outside the table');
    });
  });
}

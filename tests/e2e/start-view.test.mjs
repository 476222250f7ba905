// After Start the board is in view (issue 27, item 4). The page used to
// stay where the Start button was, so on a phone the board of Ricochet,
// Robot Wars and RoboRally sat off-screen above; and the sticky turn bar
// grew to three lines over the controls. Now the table comes to the top
// of the window when its game starts, and on a phone the bar keeps to one
// line ("Your turn", the clock, "?") with what to do said under it.
// Each game at 1280x800 and on a 390x844 touch phone.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  DESKTOP, TOUCH_PHONE, arrive, artifactsDir, endStory, launchBrowser, openPage, shootBoth, skipReason, startWebServer, storySteps,
} from './lib/e2e.mjs';
import { addBot } from './lib/games.mjs';

const skip = skipReason() || false;

const GAMES = [['ricochet', 'Ricochet Robots'], ['robotwars', 'Robot Wars'], ['roborally', 'RoboRally']];
const SIZES = [['desktop', DESKTOP, false], ['phone', TOUCH_PHONE, true]];

/** Where the table stands in the window once the game is on. */
function tablePlace(page) {
  return page.evaluate(() => {
    const bar = document.querySelector('.topbar').getBoundingClientRect().bottom;
    const frame = document.querySelector('.table-frame').getBoundingClientRect();
    const slot = document.querySelector('#table-slot').getBoundingClientRect();
    const turn = document.querySelector('.turnbar').getBoundingClientRect();
    const text = document.querySelector('#turn-text');
    const lead = text.querySelector('.turn-lead') || text;
    const lineHeight = parseFloat(getComputedStyle(lead).lineHeight) || 24;
    return {
      bar, frameTop: frame.top, slotTop: slot.top, height: window.innerHeight,
      turnHeight: turn.height, leadLines: Math.round(lead.getBoundingClientRect().height / lineHeight),
      said: text.textContent,
    };
  });
}

/** RoboRally: are your robot and every card of your hand in the window,
 * below the sticky bars? */
function ownRobotAndHand(page) {
  return page.evaluate(() => {
    const bars = Math.max(...['.topbar', '.turnbar'].map((q) => document.querySelector(q).getBoundingClientRect().bottom));
    const inside = (el) => {
      const b = el?.getBoundingClientRect();
      return !!b && b.top >= bars - 1 && b.bottom <= window.innerHeight + 1;
    };
    const cards = [...document.querySelectorAll('.rally-hand .rally-card')];
    return {
      bars,
      robot: inside(document.querySelector('.rally-robot[data-mine="true"]')),
      hand: cards.length > 0 && cards.every(inside),
    };
  });
}

for (const [size, viewport, touch] of SIZES) {
  describe(`after Start the board is in view (${size})`, { skip }, () => {
    let server;
    let browser;
    let ada;
    const step = storySteps(test);
    const press = (locator) => (touch ? locator.tap() : locator.click());

    before(async () => {
      server = await startWebServer(['--bot-pace-ms', '50']);
      browser = await launchBrowser();
      ada = await openPage(browser, viewport, { touch });
      await arrive(ada, server.url, 'Ada');
    });

    after(() => endStory(server, browser, [ada]));

    for (const [id, title] of GAMES) {
      step(`${title}: Start brings the table to the top; the turn bar is one line on a phone`, async () => {
        await press(ada.getByRole('button', { name: `Create room: ${title}` }));
        await press(ada.getByRole('dialog').getByRole('button', { name: 'Create room' }));
        await ada.locator('#room-code').waitFor();
        await addBot(ada, 1, 'easy');
        await ada.locator('.seat[data-seat="1"][data-state="bot"]').waitFor();
        const start = ada.getByRole('button', { name: 'Start game' });
        await start.scrollIntoViewIfNeeded();
        await press(start);
        await ada.locator(`#table-slot[data-renderer="${id}"]`).waitFor();
        await ada.waitForFunction(() => window.botpit.store.state);
        await ada.waitForTimeout(400); // the board is drawn, the page settled
        const at = await tablePlace(ada);
        if (id === 'roborally') {
          // RoboRally asks more of the page (issue 27, item 2): your robot
          // and your whole hand on screen, which at 1280x800 scrolls the
          // table's top (its hint) under the sticky bars.
          const own = await ownRobotAndHand(ada);
          assert.ok(own.robot && own.hand, `your robot and your hand are in view under the bars: ${JSON.stringify(own)}`);
        } else {
          assert.ok(at.frameTop >= at.bar - 1 && at.frameTop < at.bar + at.height * 0.3,
            `the table's top is in view under the top bar: ${JSON.stringify(at)}`);
        }
        assert.ok(at.slotTop < at.height * 0.6, `the board starts in the window: ${JSON.stringify(at)}`);
        if (size === 'phone') {
          assert.ok(at.turnHeight <= 52, `the turn bar is one line: ${JSON.stringify(at)}`);
          assert.equal(at.leadLines, 1, 'its words on one line');
          assert.match(at.said, /^(Your turn|Waiting for .+)(: .+)?$/, 'screen readers still hear the whole sentence');
        }
        await shootBoth(ada, `start-view-${id}-${size}`);
        // Scrolled down to the controls, the bar stays one line over them.
        await ada.evaluate(() => window.scrollBy(0, 500));
        await ada.waitForTimeout(150);
        const stuck = await tablePlace(ada);
        if (size === 'phone') assert.ok(stuck.turnHeight <= 52, `still one line when stuck: ${JSON.stringify(stuck)}`);
        await ada.screenshot({ path: join(artifactsDir, `start-view-${id}-${size}-scrolled.png`) });
        await press(ada.locator('#leave-room'));
        await press(ada.locator('dialog.confirm-dialog').getByRole('button', { name: 'Leave the game' }));
        await ada.getByRole('heading', { name: 'Games', exact: true }).waitFor();
      });
    }
  });
}

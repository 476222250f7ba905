// Words, not wire names (issue 27, items 9 and 10). The create form used
// to offer RoboRally's course as "risky_exchange"; now every choice reads
// as the server words it (`choice_labels` in the games message), in the
// form and in the room's "Game options", and no option's value or name
// shows raw anywhere a player reads it. On a desktop (1280x800) and on a
// 390x844 touch phone.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  DESKTOP, TOUCH_PHONE, arrive, endStory, launchBrowser, openPage, shootBoth, skipReason, startWebServer,
  storySteps,
} from './lib/e2e.mjs';

const skip = skipReason() || false;

const SIZES = [['desktop', DESKTOP, false], ['phone', TOUCH_PHONE, true]];
/** A wire name: snake_case, as the options are sent ("risky_exchange", "timer_s"). */
const WIRE = /\b[a-z]+(_[a-z0-9]+)+\b/g;

for (const [size, viewport, touch] of SIZES) {
  describe(`options in words (${size})`, { skip }, () => {
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

    step('every create form reads in words: no wire name in any of them', async () => {
      const games = await ada.evaluate(() => window.botpit.store.games.map((g) => g.title));
      for (const title of games) {
        await press(ada.getByRole('button', { name: `Create room: ${title}` }));
        const dialog = ada.getByRole('dialog');
        await dialog.locator('form').waitFor();
        const text = await dialog.evaluate((d) => {
          // What a player reads: the visible text and each choice of each list.
          const options = [...d.querySelectorAll('option')].map((o) => o.textContent);
          return `${d.innerText}\n${options.join('\n')}`;
        });
        assert.deepEqual(text.match(WIRE) || [], [], `${title}: no wire names in the form`);
        await press(dialog.getByRole('button', { name: 'Cancel' }));
      }
    });

    step('RoboRally: the course and the mode are chosen by name, and the room says them so', async () => {
      await press(ada.getByRole('button', { name: 'Create room: RoboRally' }));
      const dialog = ada.getByRole('dialog');
      const course = dialog.getByLabel('Course', { exact: true });
      assert.deepEqual(await course.locator('option').allTextContents(), [
        'Risky Exchange (2 to 8 players, medium length)', 'Dizzy Dash (2 to 8 players, short)',
        'Island Hop (2 to 8 players, medium length)', 'Chop Shop Challenge (2 to 4 players, medium length)',
        'Checkmate (5 to 8 players, short)',
      ]);
      assert.deepEqual(await dialog.getByLabel('Mode', { exact: true }).locator('option').allTextContents(),
        ['Race', 'RoboBall (teams)']);
      await course.selectOption({ label: 'Dizzy Dash (2 to 8 players, short)' });
      await dialog.locator('.field[data-option="course"]').scrollIntoViewIfNeeded();
      await shootBoth(ada, `words-create-roborally-${size}`);
      await press(dialog.getByRole('button', { name: 'Create room' }));
      await ada.locator('#room-code').waitFor();
      assert.equal(await ada.evaluate(() => window.botpit.store.room.options.course), 'dizzy_dash', 'sent as its wire name');
      await press(ada.getByText('Game options'));
      const box = ada.locator('.options');
      await box.getByText('Dizzy Dash (2 to 8 players, short)').waitFor();
      await box.getByText('Race', { exact: true }).waitFor();
      assert.deepEqual((await box.innerText()).match(WIRE) || [], [], 'no wire names in the room’s options');
      await press(ada.locator('#leave-room'));
      await ada.getByRole('heading', { name: 'Games', exact: true }).waitFor();
    });

    step('Robot Attack and Ricochet: the variant and the board sides by name', async () => {
      await press(ada.getByRole('button', { name: 'Create room: Robot Attack (MANOOVER)' }));
      let dialog = ada.getByRole('dialog');
      assert.deepEqual(await dialog.getByLabel('Variant').locator('option').allTextContents(),
        ['Standard (two players)', 'Three players', 'MANOOVER Plus (two players)']);
      await press(dialog.getByRole('button', { name: 'Cancel' }));
      await press(ada.getByRole('button', { name: 'Create room: Ricochet Robots' }));
      dialog = ada.getByRole('dialog');
      assert.deepEqual(await dialog.getByLabel('Board sides').locator('option').allTextContents(),
        ['Sides A and B (the original game)', 'Sides A, B and C (more layouts)']);
      await press(dialog.getByRole('button', { name: 'Cancel' }));
    });
  });
}

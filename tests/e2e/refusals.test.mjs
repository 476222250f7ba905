// A refusal shows where the player is looking (issue 27, item 1). The
// refusal of Create used to be a notice behind the create dialog (the
// click seemed to do nothing); now it is said inside the dialog, by its
// button; a refused Quick game under that game's button; a refused join
// under the code box, or in the listed room's row. No notice repeats it.
// The server here lets an address create two rooms a minute, so the third
// is refused. On a desktop (1280x800) and on a 390x844 touch phone.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  DESKTOP, TOUCH_PHONE, arrive, endStory, launchBrowser, openPage, shootBoth, skipReason, startWebServer,
  storySteps, toasts,
} from './lib/e2e.mjs';

const skip = skipReason() || false;

const SIZES = [['desktop', DESKTOP, false], ['phone', TOUCH_PHONE, true]];
const TOO_MANY = /^Too many rooms created from your address; try again in \d+ s$/;

for (const [size, viewport, touch] of SIZES) {
  describe(`a refusal shows where the player is looking (${size})`, { skip }, () => {
    let server;
    let browser;
    let ada;
    let cal;
    let calRoom;
    const step = storySteps(test);
    const press = (locator) => (touch ? locator.tap() : locator.click());

    before(async () => {
      server = await startWebServer(['--bot-pace-ms', '50', '--rooms-per-min', '2']);
      browser = await launchBrowser();
      ada = await openPage(browser, viewport, { touch });
      cal = await openPage(browser, DESKTOP);
    });

    after(() => endStory(server, browser, [ada, cal]));

    step('two rooms are created: Cal’s, listed, and Ada’s quick game', async () => {
      await arrive(cal, server.url, 'Cal');
      await cal.getByRole('button', { name: 'Create room: Robot boxing' }).click();
      await cal.getByRole('dialog').getByRole('button', { name: 'Create room' }).click();
      calRoom = (await cal.locator('#room-code').textContent()).trim();
      await arrive(ada, server.url, 'Ada');
      await press(ada.locator('.game-card[data-game="ricochet"] button', { hasText: 'Quick game' }));
      await ada.waitForFunction(() => window.botpit.store.room?.status === 'playing');
      await press(ada.locator('#leave-room'));
      await press(ada.locator('dialog.confirm-dialog').getByRole('button', { name: 'Leave the game' }));
      await ada.getByRole('heading', { name: 'Games', exact: true }).waitFor();
    });

    step('a refused Create is said inside the dialog, by its button, and the dialog stays', async () => {
      await press(ada.getByRole('button', { name: 'Create room: Robot Wars' }));
      const dialog = ada.getByRole('dialog');
      await press(dialog.getByRole('button', { name: 'Create room' }));
      const said = dialog.locator('.form-refusal');
      await said.waitFor();
      assert.match(await said.textContent(), TOO_MANY);
      assert.equal(await said.isVisible(), true, 'the sentence is on screen, over the dialog’s buttons');
      const box = await said.boundingBox();
      assert.ok(box.y >= 0 && box.y + box.height <= viewport.height, 'inside the window');
      assert.equal(await dialog.isVisible(), true, 'the dialog stays open');
      assert.deepEqual(await toasts(ada), [], 'no notice behind the dialog');
      await shootBoth(ada, `refusal-create-${size}`);
      await press(dialog.getByRole('button', { name: 'Cancel' }));
    });

    step('a refused Quick game is said under that game’s button', async () => {
      const card = ada.locator('.game-card[data-game="manoover"]');
      await press(card.getByRole('button', { name: /^Quick game/ }));
      const said = card.locator('.game-refusal');
      await said.waitFor();
      assert.match(await said.textContent(), TOO_MANY);
      assert.deepEqual(await toasts(ada), []);
      assert.equal(new URL(ada.url()).hash, '#/', 'still in the lobby');
      await said.scrollIntoViewIfNeeded();
      await shootBoth(ada, `refusal-quick-${size}`);
    });

    step('a refused join by code is said under the code box', async () => {
      await ada.getByLabel('Room code').fill('ZZZZZ');
      await press(ada.getByRole('button', { name: 'Join', exact: true }));
      await ada.locator('#join-code-error', { hasText: 'There is no room ZZZZZ: it may have closed' }).waitFor();
      assert.deepEqual(await toasts(ada), []);
    });

    step('a refused join from the list is said in the room’s row', async () => {
      const row = ada.locator(`.room-row[data-code="${calRoom}"]`);
      await press(row.getByRole('button', { name: /^Join room/ }));
      await cal.locator('.seat[data-seat="1"][data-state="player"]').waitFor();
      await cal.getByRole('button', { name: 'Kick Ada' }).click();
      await ada.getByRole('heading', { name: 'Games', exact: true }).waitFor();
      await ada.evaluate(() => document.getElementById('toasts').replaceChildren()); // "The host removed you"
      await press(row.getByRole('button', { name: /^Join room/ }));
      await row.locator('.room-refusal', { hasText: `The host removed you from room ${calRoom}` }).waitFor();
      assert.deepEqual(await toasts(ada), []);
      // The list changes (Cal adds a bot): the sentence stays in the row.
      await cal.getByLabel('Bot level for seat 2').selectOption('easy');
      await cal.getByRole('button', { name: 'Add bot to seat 2' }).click();
      await row.filter({ hasText: '2/4 players' }).waitFor();
      await row.locator('.room-refusal', { hasText: 'The host removed you' }).waitFor();
      await row.scrollIntoViewIfNeeded();
      await shootBoth(ada, `refusal-join-row-${size}`);
    });
  });
}

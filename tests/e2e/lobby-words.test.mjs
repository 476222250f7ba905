// The lobby as a newcomer meets it (issue 27; the QA pass's items 12, 14,
// 16 and 17). The room-code box cut pasted text to 5 characters (" K7P2X"
// became " K7P2", a link "HTTP:"), answered look-alikes with a misleading
// sentence, said "There is no room "K7P2X"" without a period or what to
// do, and kept its error all session. A watcher of a room with every seat
// taken was told to take an empty seat. With Ricochet's 8 seats the Start
// button was below the window at 1280x800; the options said "Chips to
// win 0"; and creating a room while in another left it without a word.
// At 1280x800 and on a 390x844 touch phone.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  DESKTOP, arrive, endStory, launchBrowser, openPage, shootBoth, skipReason, startWebServer, storySteps,
} from './lib/e2e.mjs';
import { addBot, createManooverRoom, createRoomWith } from './lib/games.mjs';
import { SIZES, boxOf, leaveRoom, openAdaAndBob, pressOn } from './lib/first-hour.mjs';

const skip = skipReason() || false;

for (const [size, viewport, touch] of SIZES) {
  describe(`the lobby's words and places (${size})`, { skip }, () => {
    let server;
    let browser;
    let ada;
    let bob;
    let code;
    const step = storySteps(test);
    const press = pressOn(touch);

    before(async () => {
      ({ server, browser, ada, bob } = await openAdaAndBob(viewport, touch, { bobArrives: true }));
    });

    after(() => endStory(server, browser, [ada, bob]));

    const box = () => ada.getByLabel('Room code');
    const error = () => ada.locator('#join-code-error');
    const join = () => press(ada.getByRole('button', { name: 'Join', exact: true }));

    step('the room-code box: pasted text and links keep their code; look-alikes and unknown codes are said plainly', async () => {
      await box().fill('  k7p2x ');
      await join();
      await error().filter({ hasText: 'There is no room K7P2X: it may have closed, or the code is mistyped. Check it with whoever sent it, or create a room of your own.' }).waitFor();
      assert.equal(await box().inputValue(), 'K7P2X', 'trimmed and upper-cased, all five kept');
      await box().fill(`${server.url}#/room/k7p2x`);
      assert.equal(await box().inputValue(), 'K7P2X', 'a pasted link gives its code');
      assert.equal(await error().textContent(), '', 'typing again takes the last error away');
      await box().fill('O0IL1');
      await join();
      await error().filter({ hasText: 'Room codes never use O, 0, I, L or 1, so that none is read as another: check the code you were sent.' }).waitFor();
      await box().fill('ABC');
      await join();
      await error().filter({ hasText: 'A room code is 5 letters and digits, like K7P2X; “ABC” has 3.' }).waitFor();
      await shootBoth(ada, `lobby-words-code-${size}`);
      // Moving on (another button of the lobby) takes it away too.
      await press(ada.getByRole('button', { name: 'Create room: Robot boxing' }));
      await ada.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      assert.equal(await error().textContent(), '', 'the error went when the player moved on');
    });

    step('a link from a friend, pasted whole, joins the room', async () => {
      code = await createManooverRoom(bob);
      const link = await bob.locator('#share-link').inputValue();
      await box().fill(link);
      await join();
      await ada.locator('.seat[data-seat="1"][data-mine="true"]').waitFor();
      assert.equal(new URL(ada.url()).hash, `#/room/${code}`);
      await leaveRoom(ada, press);
    });

    step('a room with every seat taken: the watcher is told to ask the host, or to watch', async () => {
      await addBot(bob, 1, 'easy');
      await bob.locator('.seat[data-seat="1"][data-state="bot"]').waitFor();
      await box().fill(code);
      await join();
      await ada.locator('#seats-meta', { hasText: '2 of 2 seats filled' }).waitFor();
      const note = await ada.locator('.seat-note').textContent();
      assert.equal(note, 'Every seat is taken, so you are watching. To play, ask the host (Bob) in the chat for a seat: they can remove a bot to make one. Or stay and watch the game.');
      assert.doesNotMatch(note, /empty seat/, 'no empty seat to take');
      await shootBoth(ada, `lobby-words-full-room-${size}`);
      await leaveRoom(ada, press);
      await leaveRoom(bob, (l) => l.click());
    });

    step('Ricochet with 8 seats: Start game is on screen; the options say the chips to win in words', async () => {
      await createRoomWith(ada, 'Ricochet Robots');
      await ada.evaluate(() => window.scrollTo(0, 0));
      await ada.waitForTimeout(150);
      const start = await boxOf(ada, '#start-button');
      assert.ok(start.top >= 0 && start.bottom <= start.window, `the Start button is in the window: ${JSON.stringify(start)}`);
      await press(ada.locator('.options-box summary'));
      const chips = ada.locator('.options dt', { hasText: 'Chips to win' });
      const value = await chips.evaluate((dt) => dt.nextElementSibling.textContent);
      assert.equal(value, 'by the rules: 8 chips with 2 players, 6 with 3, 5 with 4, every chip with more');
      await ada.evaluate(() => window.scrollTo(0, 0));
      await shootBoth(ada, `lobby-words-eight-seats-${size}`);
    });

    step('a new room while in another says it leaves that one; a Quick game asks first', async () => {
      const here = (await ada.locator('#room-code').textContent()).trim();
      await ada.evaluate(() => { location.hash = '#/'; });
      await ada.getByRole('heading', { name: 'Games', exact: true }).waitFor();
      await press(ada.getByRole('button', { name: 'Create room: Robot boxing' }));
      const note = ada.getByRole('dialog').locator('.leaving-note');
      assert.equal(await note.textContent(), `You are in room ${here} (Ricochet Robots): a new room takes you out of it. Your seat there is freed.`);
      await ada.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await press(ada.locator('.game-card[data-game="boxing"] button', { hasText: 'Quick game' }));
      const ask = ada.locator('dialog.confirm-dialog');
      await ask.getByRole('heading', { name: `Leave room ${here}?` }).waitFor();
      await shootBoth(ada, `lobby-words-leave-ask-${size}`);
      await press(ask.getByRole('button', { name: 'Stay' }));
      await ada.waitForTimeout(300);
      assert.equal(await ada.evaluate(() => window.botpit.store.room?.code), here, 'staying keeps the room');
      await press(ada.locator('.game-card[data-game="boxing"] button', { hasText: 'Quick game' }));
      await press(ask.getByRole('button', { name: 'Leave it for a quick game' }));
      await ada.locator('#table-slot[data-renderer="boxing"]').waitFor({ timeout: 15000 });
      assert.notEqual(await ada.evaluate(() => window.botpit.store.room?.code), here, 'now in the new room');
      await leaveRoom(ada, press);
    });
  });
}

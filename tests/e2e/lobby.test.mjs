// Around the table: the create form generated from the game's options, the
// live list of public rooms, joining by code, seats (sit, stand, bots, kick),
// the start button's rule, renaming, leaving, every server refusal shown as
// its sentence, and getting through it all with the keyboard.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { player } from '../integration/lib/harness.mjs';
import {
  PHONE, arrive, endStory, expectToast, openPage, openTable, skipReason, storySteps,
} from './lib/e2e.mjs';

const skip = skipReason() || false;

describe('rooms, seats and refusals', { skip }, () => {
  let server;
  let browser;
  let ada;
  let cal;
  let code;
  const step = storySteps(test);

  before(async () => {
    ({ server, browser, desktop: ada, phone: cal } = await openTable());
  });

  after(() => endStory(server, browser, [ada, cal]));

  step('a name is needed first, and checked like the server does', async () => {
    await ada.goto(server.url);
    const name = ada.getByLabel('Your name', { exact: true });
    await name.fill('   ');
    await name.press('Enter'); // the keyboard is enough
    await ada.getByText('Type a name first.').waitFor();
    await name.fill('Ada');
    await name.press('Enter');
    await ada.locator('#conn[data-status="online"]').waitFor();
    await ada.getByRole('heading', { name: 'Count to 21' }).waitFor();
  });

  step('the create form is generated from the options: labels, defaults, help', async () => {
    const create = ada.getByRole('button', { name: 'Create room: Count to 21' });
    await create.focus();
    await ada.keyboard.press('Enter');
    const dialog = ada.getByRole('dialog', { name: 'New room: Count to 21' });
    await dialog.waitFor();
    const target = dialog.getByLabel('Target');
    assert.equal(await target.inputValue(), '21', 'the default is filled in');
    assert.equal(await target.getAttribute('min'), '5');
    assert.equal(await target.getAttribute('max'), '1000000');
    assert.equal(await dialog.getByLabel('Turn time').inputValue(), '0');
    assert.equal(await dialog.getByLabel('Seed').inputValue(), '0');
    assert.equal(await dialog.getByLabel('Bots stand in').isChecked(), true);
    assert.equal(await dialog.getByLabel('Private room').isChecked(), false);
    // Each option's help sentence is shown and is the control's description.
    await dialog.getByText('The count that wins. (5 to 1000000)').waitFor();
    await dialog.getByText('Seconds per turn; 0 for no limit.', { exact: false }).waitFor();
    const described = await target.evaluate((el) => el.getAttribute('aria-describedby').split(' ')
      .map((id) => document.getElementById(id)?.textContent).join(' '));
    assert.match(described, /The count that wins/);
    // Out of range is caught before it is sent.
    await target.fill('2');
    await dialog.getByRole('button', { name: 'Create room' }).click();
    await dialog.getByText('Target must be between 5 and 1000000.').waitFor();
    assert.equal(await target.getAttribute('aria-invalid'), 'true');
    // Escape closes it and gives focus back to the button that opened it.
    await ada.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await create.evaluate((el) => el === document.activeElement), true);
  });

  step('an option whose default follows another (default_by) shows it and is sent only once edited', async () => {
    await ada.getByRole('button', { name: 'Create room: Robot Attack' }).click();
    const dialog = ada.getByRole('dialog', { name: /^New room: Robot Attack/ });
    const matchTo = dialog.getByLabel('Match to');
    assert.equal(await matchTo.inputValue(), '21');
    await dialog.getByLabel('Variant').selectOption('plus');
    assert.equal(await matchTo.inputValue(), '30', 'MANOOVER Plus plays to 30');
    await dialog.getByLabel('Variant').selectOption('standard');
    assert.equal(await matchTo.inputValue(), '21');
    // Once the host sets it, it stays as set, and is sent as set.
    await matchTo.fill('21');
    await dialog.getByLabel('Variant').selectOption('plus');
    assert.equal(await matchTo.inputValue(), '21', 'an edited value is kept');
    await dialog.getByLabel('Private room').check(); // out of the next step's list
    await dialog.getByRole('button', { name: 'Create room' }).click();
    await ada.locator('#room-code').waitFor();
    const options = await ada.evaluate(() => window.botpit.store.room.options);
    assert.equal(options.variant, 'plus');
    assert.equal(options.match_to, 21, 'the host\'s 21 was sent, not replaced by Plus\'s 30');
    await ada.getByRole('button', { name: 'Leave' }).first().click();
    await ada.getByRole('heading', { name: 'Games', exact: true }).waitFor();
  });

  step('Cal on the landing sees public rooms appear live, not private ones', async () => {
    await arrive(cal, server.url, 'Cal');
    await cal.getByText('No open rooms right now').waitFor();
    // A private room first: it must never show up.
    await ada.getByRole('button', { name: 'Create room: Count to 21' }).click();
    let dialog = ada.getByRole('dialog');
    await dialog.getByLabel('Private room').check();
    await dialog.getByRole('button', { name: 'Create room' }).click();
    await ada.locator('#room-code').waitFor();
    const privateCode = (await ada.locator('#room-code').textContent()).trim();
    await ada.getByRole('button', { name: 'Leave' }).first().click();
    await ada.getByRole('heading', { name: 'Games', exact: true }).waitFor();
    // Then a public one, with a target of 30.
    await ada.getByRole('button', { name: 'Create room: Count to 21' }).click();
    dialog = ada.getByRole('dialog');
    await dialog.getByLabel('Target').fill('30');
    await dialog.getByRole('button', { name: 'Create room' }).click();
    await ada.locator('#room-code').waitFor();
    code = (await ada.locator('#room-code').textContent()).trim();
    const row = cal.locator(`.room-row[data-code="${code}"]`);
    await row.waitFor();
    assert.match(await row.textContent(), /Count to 21.*hosted by Ada.*Waiting for players.*1\/4 players/);
    assert.equal(await cal.locator(`.room-row[data-code="${privateCode}"]`).count(), 0, 'private rooms are not listed');
    assert.equal(await row.locator('.seeded-badge').count(), 0, 'a room with a random seed is not marked');
    // A room whose host chose the seed is marked as such in the list.
    const seeder = await player(server, 'Sid');
    const seeded = await seeder.ok('create', { game: 'testgame', options: { seed: 7 } });
    await cal.locator(`.room-row[data-code="${seeded.code}"] .seeded-badge`, { hasText: 'seeded' }).waitFor();
    await seeder.close();
    // The options Ada chose show in the room.
    await ada.getByText('Game options').click();
    await ada.locator('.options', { hasText: 'Target30' }).waitFor();
  });

  step('the start button waits for enough players', async () => {
    const start = ada.getByRole('button', { name: 'Start game' });
    assert.equal(await start.isDisabled(), true, 'one player cannot start');
    await ada.getByText('Needs at least 2 players; 1 seated.').waitFor();
  });

  step('join by code: a bad code is refused with the server’s sentence; a good one seats Cal', async () => {
    const box = cal.getByLabel('Room code');
    await box.fill('O0');
    await cal.getByRole('button', { name: 'Join', exact: true }).click();
    await cal.getByText('A room code is 5 letters and digits').waitFor();
    await box.fill('zzzzz');
    await cal.getByRole('button', { name: 'Join', exact: true }).click();
    // Said under the box, where the player looks (issue 27), not as a notice.
    await cal.locator('#join-code-error', { hasText: 'There is no room ZZZZZ: it may have closed' }).waitFor();
    await box.fill(code.toLowerCase());
    await box.press('Enter');
    await cal.locator('.seat[data-seat="1"][data-mine="true"]').waitFor();
    assert.equal(new URL(cal.url()).hash, `#/room/${code}`);
    assert.equal(await ada.getByRole('button', { name: 'Start game' }).isEnabled(), true, 'two players can start');
  });

  step('stand and sit: spectators are counted, a seat can be taken back', async () => {
    await cal.getByRole('button', { name: 'Stand up and watch' }).click();
    await cal.getByText('You are watching. Take an empty seat to play.').waitFor();
    await ada.locator('#seats-meta', { hasText: '1 watcher' }).waitFor();
    await cal.getByRole('button', { name: 'Sit here: seat 3' }).click();
    await cal.locator('.seat[data-seat="2"][data-mine="true"]').waitFor();
    await ada.locator('#seats-meta', { hasText: '2 of 4 seats filled' }).waitFor();
  });

  step('every server refusal is shown to the player as its sentence', async () => {
    // Refusals the buttons cannot provoke (the page offers only what is
    // allowed), sent the way the page sends everything.
    const tries = [
      ['kick', { seat: 0 }],
      ['start', {}],
      ['sit', { seat: 0 }],
      ['sit', { seat: 9 }],
      ['rematch', {}],
      ['create', { game: 'chess' }],
      ['create', { game: 'testgame', options: { target: 2 } }],
      ['act', { action: { kind: 'add', n: 1 } }],
      ['frobnicate', {}],
    ];
    const seen = new Set();
    for (const [type, fields] of tries) {
      const refusal = await cal.evaluate(([t, f]) => window.botpit.conn.request(t, f)
        .then(() => null, (e) => ({ code: e.code, message: e.message })), [type, fields]);
      assert.ok(refusal, `${type} is refused`);
      seen.add(refusal.code);
      // The page shows the server's sentence with seats named ("Seat 1" -> "Ada").
      await expectToast(cal, await cal.evaluate((m) => window.botpit.store.named(m), refusal.message));
    }
    for (const c of ['not_host', 'seat_taken', 'bad_seat', 'no_such_game', 'bad_options', 'wrong_status', 'unknown_type']) {
      assert.ok(seen.has(c), `a ${c} refusal was shown`);
    }
  });

  step('renaming shows the new name to the room', async () => {
    await cal.locator('#me').click();
    const dialog = cal.getByRole('dialog', { name: 'Change your name' });
    await dialog.getByLabel('Name').fill('Callie');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await ada.locator('.seat[data-seat="2"]', { hasText: 'Callie' }).waitFor();
    await cal.getByRole('button', { name: 'You are Callie. Change your name' }).waitFor();
  });

  step('the host kicks; the kicked player is told, sent home, and cannot come back', async () => {
    await ada.getByRole('button', { name: 'Kick Callie' }).click();
    await expectToast(cal, `The host removed you from room ${code}.`);
    await cal.getByRole('heading', { name: 'Games', exact: true }).waitFor();
    assert.equal(new URL(cal.url()).hash, '#/');
    await cal.evaluate(() => document.getElementById('toasts').replaceChildren());
    await cal.goto(`${server.url}#/room/${code}`);
    await expectToast(cal, `the host removed you from room ${code}`); // the server's `kicked`
    await cal.getByRole('heading', { name: 'Games', exact: true }).waitFor();
  });

  step('a bot can be added and removed by the host', async () => {
    await ada.getByLabel('Bot level for seat 2').selectOption('easy');
    await ada.getByRole('button', { name: 'Add bot to seat 2' }).click();
    await ada.locator('.seat[data-seat="1"]', { hasText: 'bot · easy' }).waitFor();
    await ada.getByRole('button', { name: 'Remove the bot in seat 2' }).click();
    await ada.locator('.seat[data-seat="1"][data-state="empty"]').waitFor();
  });

  step('a stored name the server refuses sends the player back to the name screen', async () => {
    const page = await openPage(browser, PHONE);
    await page.addInitScript(() => localStorage.setItem('botpit.name', 'x'.repeat(30)));
    await page.goto(server.url);
    await page.getByText('A name can have at most 24 characters').waitFor();
    await page.getByLabel('Your name', { exact: true }).fill('Xavier');
    await page.getByLabel('Your name', { exact: true }).press('Enter');
    await page.getByRole('button', { name: 'You are Xavier. Change your name' }).waitFor();
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });

  step('leaving goes home, and the room list follows', async () => {
    await ada.getByRole('button', { name: 'Leave' }).first().click();
    await ada.getByRole('heading', { name: 'Games', exact: true }).waitFor();
    assert.equal(new URL(ada.url()).hash, '#/');
    // The room closes once nobody is in it... after the grace period; it
    // still lists with no players until then.
    await cal.locator(`.room-row[data-code="${code}"]`, { hasText: '0/4 players' }).waitFor();
  });
});

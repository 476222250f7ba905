// Every key or tap that cannot act says why (issue 27; the QA pass's item
// 7), in the terminal's words where it has them. Before: Ricochet's Bid
// was disabled with no reason for 0, 100, -3 or nothing, "2.5" bid 2, a 9
// typed after bidding 6 vanished, Enter sent "Bid 6 again", and digits at
// the table ran on into the box (7 then 6 bid 76); Robot Attack ignored a
// digit no die names, a facing the robot already has and a tap on someone
// else's robot; boxing ignored an arrow with no engine that way; Robot
// Wars ignored A with nobody in front and a step into the wall; RoboRally
// ignored Enter with an empty register, a card key with every register
// full and Backspace with none filled (the second QA pass). At 1280x800
// and on a 390x844 touch phone.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  DESKTOP, arrive, artifactsDir, endStory, launchBrowser, openPage, skipReason, startWebServer, storySteps,
} from './lib/e2e.mjs';
import { nextState, seqOf, viewOf } from './lib/games.mjs';
import {
  SIZES, clearSaid, leaveRoom, manooverTurn, openAdaAndBob, pressOn, quickGame, robotWarsTurn, startRicochetWithBob, waitSaid,
} from './lib/first-hour.mjs';

const skip = skipReason() || false;
const HEX_KEYS = { N: 'w', NE: 'e', SE: 'd', S: 's', SW: 'a', NW: 'q' };
const HEX_WORDS = { N: 'north', NE: 'north-east', SE: 'south-east', S: 'south', SW: 'south-west', NW: 'north-west' };
const BOX_KEYS = { N: 'ArrowUp', E: 'ArrowRight', S: 'ArrowDown', W: 'ArrowLeft', NW: 'Home', NE: 'PageUp', SW: 'End', SE: 'PageDown' };
const BOX_WORDS = {
  N: 'north', NE: 'north-east', E: 'east', SE: 'south-east', S: 'south', SW: 'south-west', W: 'west', NW: 'north-west',
};
const RANGE = 'A bid is a number of moves from 1 to 99.';

for (const [size, viewport, touch] of SIZES) {
  describe(`a key or tap that cannot act says why (${size})`, { skip }, () => {
    let server;
    let browser;
    let ada;
    let bob;
    const step = storySteps(test);
    const press = pressOn(touch);
    const shot = (name) => ada.screenshot({ path: join(artifactsDir, `said-why-${name}-${size}.png`) });

    before(async () => {
      ({ server, browser, ada, bob } = await openAdaAndBob(viewport, touch));
    });

    after(() => endStory(server, browser, [ada, bob]));

    step('Ricochet: a bid the box cannot send says why under it; 2.5 is no 2', async () => {
      const code = await startRicochetWithBob({ server, ada, bob }, press, { 'Sand timer (seconds)': 120, Seed: 11 });
      const box = ada.locator('.rr-bid-input');
      const state = ada.locator('.rr-bid-state');
      const bid = ada.locator('.rr-bid-send');
      for (const [typed, why] of [['0', RANGE], ['100', RANGE], ['-3', RANGE], ['2.5', RANGE], ['', 'Type your route’s number of moves, from 1 to 99.']]) {
        await box.fill(typed);
        assert.equal(await bid.isDisabled(), true, `no bid of "${typed}"`);
        assert.equal(await state.textContent(), why, `"${typed}" says why`);
        assert.equal(await state.getAttribute('data-problem'), 'true', 'as a problem');
      }
      await box.fill('2.5');
      await box.press('Enter');
      await ada.waitForTimeout(300);
      assert.equal(await ada.locator('.rr-bid').count(), 0, '2.5 sent nothing (it used to bid 2)');
      await ada.locator('.rr-bid-state.rr-said').waitFor();
      await shot('ricochet-2.5');
    });

    step('Ricochet: after a bid, a higher or the same one is refused in words; table digits start a new number', async () => {
      const box = ada.locator('.rr-bid-input');
      const state = ada.locator('.rr-bid-state');
      await press(ada.locator('.rr-board'));
      await ada.keyboard.press('6');
      assert.equal(await box.inputValue(), '6', 'a digit at the table starts a number in the box');
      await ada.keyboard.press('Enter');
      await ada.locator('.rr-bid[data-seat="0"]', { hasText: '6 moves' }).waitFor();
      // Typing on after the bid: the next digit is a new number.
      await ada.keyboard.press('9');
      assert.equal(await box.inputValue(), '9');
      assert.equal(await state.textContent(), 'You bid 6 already: a bid may go down, never up.');
      assert.equal(await ada.locator('.rr-bid-send').isDisabled(), true);
      await ada.keyboard.press('Enter');
      await box.fill('6');
      assert.equal(await state.textContent(), 'You bid 6 already: to change it, bid fewer moves.');
      await box.press('Enter');
      await ada.waitForTimeout(400);
      const log = await ada.locator('.event-log').textContent();
      assert.doesNotMatch(log, /repeats|bids 9|lowers/, `nothing was sent: ${log}`);
      // A digit at the table, a look at the board, another digit: two numbers, never 76.
      await press(ada.locator('.rr-board'));
      await ada.keyboard.press('7');
      await press(ada.locator('.rr-board'));
      await ada.keyboard.press('5');
      assert.equal(await box.inputValue(), '5', 'the second digit started afresh');
      await ada.keyboard.press('Enter');
      await ada.locator('.rr-bid[data-seat="0"]', { hasText: '5 moves' }).waitFor();
      await shot('ricochet-lowered');
      await leaveRoom(ada, press);
      await leaveRoom(bob, (l) => l.click());
    });

    step('Robot Attack: a number no die names, a facing it has, another’s robot, no robot picked', async () => {
      await quickGame(ada, 'manoover', press);
      await manooverTurn(ada);
      const view = await viewOf(ada);
      const named = new Set(view.legal.robots.map((r) => r.number));
      const mine = view.robots.filter((r) => r.owner === view.you);
      const unnamed = mine.find((r) => !named.has(r.number));
      assert.ok(unnamed, 'one of Ada’s robots is named by no die');
      await ada.keyboard.press(String(unnamed.number));
      await waitSaid(ada, `No die of yours names robot ${unnamed.number}.`);
      await clearSaid(ada);
      await ada.keyboard.press('w');
      await waitSaid(ada, 'Pick a robot first: the number on one of your dice.');
      await clearSaid(ada);
      const legal = mine.find((r) => named.has(r.number));
      await ada.keyboard.press(String(legal.number));
      await ada.locator(`.mo-robot.mo-selected[data-number="${legal.number}"]`).waitFor();
      const seq = await seqOf(ada);
      await ada.keyboard.press(HEX_KEYS[legal.dir]);
      await waitSaid(ada, `Robot ${legal.number} already points ${HEX_WORDS[legal.dir]}.`);
      assert.equal(await seqOf(ada), seq, 'nothing was sent');
      // The same by a tap on the pad's button for that facing.
      await clearSaid(ada);
      const facing = ada.locator(`.mo-pad-btn[data-dir="${legal.dir}"]`);
      await (touch ? facing.tap({ force: true }) : facing.click({ force: true }));
      await waitSaid(ada, `Robot ${legal.number} already points ${HEX_WORDS[legal.dir]}.`);
      assert.equal(await seqOf(ada), seq, 'nothing was sent');
      await ada.keyboard.press('Escape');
      await clearSaid(ada);
      const enemy = view.robots.find((r) => r.owner !== view.you);
      await press(ada.locator(`.mo-robot[data-owner="${enemy.owner}"][data-number="${enemy.number}"]`));
      await waitSaid(ada, new RegExp(`^That is .+’s robot ${enemy.number}: you steer only your own robots, the ones your dice name\\.$`));
      await shot('manoover-enemy');
      await clearSaid(ada);
      await press(ada.locator(`.mo-robot[data-owner="${view.you}"][data-number="${unnamed.number}"]`));
      await waitSaid(ada, `No die of yours names robot ${unnamed.number}.`);
      await leaveRoom(ada, press);
    });

    step('boxing: a step with no engine that way, by key or tap, says so', async () => {
      await quickGame(ada, 'boxing', press);
      await press(ada.getByRole('button', { name: 'Lock in layout' }));
      await ada.locator('.bx-composer').waitFor();
      const view = await viewOf(ada);
      const working = view.robots.find((r) => r.seat === view.you).working.directions;
      const dir = Object.keys(BOX_KEYS).find((d) => !working.includes(d));
      await ada.locator('#table-slot').focus();
      await ada.keyboard.press(BOX_KEYS[dir]);
      await waitSaid(ada, `No working engine of yours drives ${BOX_WORDS[dir]}.`);
      await clearSaid(ada);
      // aria-disabled, not disabled: a finger can still press it (Playwright
      // would wait for it to be enabled).
      const pad = ada.locator(`.bx-pad-btn[data-dir="${dir}"]`);
      await (touch ? pad.tap({ force: true }) : pad.click({ force: true }));
      await waitSaid(ada, `No working engine of yours drives ${BOX_WORDS[dir]}.`);
      await shot('boxing-no-engine');
      assert.equal(await ada.locator('.bx-path-words').textContent(), 'Path: none yet, your robot stands still.', 'no step was added');
      await leaveRoom(ada, press);
    });

    step('Robot Wars: A with nobody in front, a step into the wall: the server’s reason shows', async () => {
      await quickGame(ada, 'robotwars', press);
      const lock = ada.locator('.rw-lock');
      await lock.scrollIntoViewIfNeeded();
      await press(lock);
      await robotWarsTurn(ada);
      await ada.locator('#table-slot').focus();
      let legal = (await viewOf(ada)).battle.legal;
      assert.equal(legal.attack, null, 'nobody touches Ada’s front at the start');
      await ada.keyboard.press('a');
      await waitSaid(ada, 'Ada’s robot cannot attack: no opponent touches its front');
      await clearSaid(ada);
      // Back until the wall is behind, then back once more.
      for (let i = 0; i < 4 && legal.back; i++) {
        const seq = await seqOf(ada);
        await ada.keyboard.press('ArrowDown');
        await nextState(ada, seq);
        await robotWarsTurn(ada);
        legal = (await viewOf(ada)).battle.legal;
      }
      assert.equal(legal.back, null, 'the wall is behind Ada’s robot');
      await ada.keyboard.press('ArrowDown');
      await waitSaid(ada, /^Ada’s robot cannot step back \([NESW]\): the wall of the war zone|^Ada has no moves left/);
      await shot('robotwars-wall');
      await leaveRoom(ada, press);
    });

    step('RoboRally: Enter with empty registers, a card with every register full, Backspace with none filled: each says why', async () => {
      await quickGame(ada, 'roborally', press);
      await ada.waitForFunction(() => window.botpit.store.state?.view.need === 'program');
      await ada.locator('.rally-hand .rally-card').nth(8).waitFor();
      const registers = ada.locator('.rally-registers');
      const programmed = () => ada.evaluate(() => {
        const s = window.botpit.store.state;
        return s.view.robots.find((r) => r.seat === s.seat).programmed;
      });
      await ada.locator('#table-slot').focus();
      await ada.keyboard.press('Enter');
      await waitSaid(ada, 'Fill 5 more registers before locking the program in.');
      await clearSaid(ada);
      await ada.keyboard.press('Backspace');
      await waitSaid(ada, 'No register to clear.');
      await clearSaid(ada);
      for (const k of ['1', '2', '3', '4', '5']) await ada.keyboard.press(k);
      await ada.locator('.rally-register[data-register="5"] .rally-card-priority').waitFor();
      const full = await registers.innerText();
      await ada.keyboard.press('6');
      await waitSaid(ada, 'Every register is full: Backspace takes the last card back.');
      assert.equal(await registers.innerText(), full, 'the registers are as they were');
      await clearSaid(ada);
      await ada.keyboard.press('Backspace');
      await ada.locator('.rally-register[data-register="5"] .rally-card-priority').waitFor({ state: 'detached' });
      await ada.keyboard.press('Enter');
      await waitSaid(ada, 'Fill 1 more register before locking the program in.');
      await shot('roborally-enter');
      assert.equal(await programmed(), false, 'nothing was locked in');
      await ada.keyboard.press('6');
      await ada.keyboard.press('Enter');
      await ada.waitForFunction(() => {
        const s = window.botpit.store.state;
        // Locked in: it shows as in, or the registers have run already.
        return s.view.turn > 1 || s.view.phase !== 'program' || s.view.robots.find((r) => r.seat === s.seat).programmed;
      });
      await leaveRoom(ada, press);
    });
  });
}

// Words that fit, targets a finger can hit, and sentences that say what
// happens (issue 27; the QA pass's items 9, 11 and 16). Before: Ricochet's
// Demonstrations list cut "Qui…" and broke "demonstratin/g", its desktop
// hints said "tap" and, on a phone, a player who had bid read "Not your
// turn yet" while a lower bid was still open to them; boxing's ring said
// "Bot (no…"; Robot Wars cut "Manoeuvra…" at 1280x800, its marked squares
// were 15 px on a phone, its order of play gave dice faces and its pushes
// "(side)"; Robot Attack's picker was 20 px buttons over the robots beside,
// "Your dice say 5" for one die and "2 and 2" for a pair, and "Your turn"
// showed while the bot's move still played; apostrophes were mixed.
// At 1280x800 and on a 390x844 touch phone.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  DESKTOP, arrive, endStory, launchBrowser, openPage, skipReason, startWebServer, storySteps,
} from './lib/e2e.mjs';
import { nextState, seqOf, shootAt, solve, viewOf, waitPhase } from './lib/games.mjs';
import { hintText } from './lib/newcomer.mjs';
import {
  SIZES, boxOf, leaveRoom, manooverTurn, openAdaAndBob, pressOn, quickGame, robotWarsTurn, startRicochetWithBob,
} from './lib/first-hour.mjs';

const skip = skipReason() || false;

/** Is the element's text whole: not cut, not broken over lines? */
function whole(page, selector) {
  return page.locator(selector).evaluateAll((els) => els.map((e) => {
    const range = document.createRange();
    range.selectNodeContents(e);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    return { text: e.textContent, whole: e.scrollWidth <= e.clientWidth + 1 && lines <= 1 };
  }));
}

/** Do two boxes overlap? */
const overlap = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

for (const [size, viewport, touch] of SIZES) {
  describe(`words that fit, targets for fingers (${size})`, { skip }, () => {
    let server;
    let browser;
    let ada;
    let bob;
    const step = storySteps(test);
    const press = pressOn(touch);

    before(async () => {
      ({ server, browser, ada, bob } = await openAdaAndBob(viewport, touch));
    });

    after(() => endStory(server, browser, [ada, bob]));

    step('Ricochet: having bid, still your turn; the Demonstrations list whole; hints in the device’s words', async () => {
      const code = await startRicochetWithBob({ server, ada, bob }, press, {
        'Sand timer (seconds)': 8, 'Time to demonstrate (seconds)': 120, 'Chips to win': 1, Seed: 11,
      });
      const best = await solve(await viewOf(ada));
      await ada.locator('.rr-bid-input').fill(String(best.moves));
      await press(ada.locator('.rr-bid-send'));
      await ada.locator('.rr-bid[data-seat="0"]').waitFor();
      await ada.locator('#turn-text', { hasText: `you bid ${best.moves}; bid lower if you find a shorter route` }).waitFor();
      assert.equal(await ada.locator('.turn-lead').textContent(), 'Your turn', 'a lower bid is still yours to make');
      await bob.locator('.rr-bid-input').fill(String(best.moves + 3));
      await bob.locator('.rr-bid-send').click();
      await waitPhase(ada, 'demonstration', 20000);
      const names = await whole(ada, '.rr-bid-name, .rr-bid-tag');
      assert.deepEqual(names.filter((n) => !n.whole), [], `every name and state whole: ${JSON.stringify(names)}`);
      assert.deepEqual(names.map((n) => n.text), ['Ada', 'demonstrating', 'Bob']);
      const hint = await hintText(ada);
      if (touch) assert.match(hint, /^Show your route, .*: tap a robot/);
      else assert.match(hint, /click a robot \(or press its letter\)/);
      await press(ada.locator('.rr-robot-btn').first());
      await ada.locator('#hint-text', { hasText: /arrow/ }).waitFor();
      const next = await hintText(ada);
      if (touch) assert.match(next, /^Tap an arrow/);
      else {
        assert.match(next, /^Click an arrow \(or press an arrow key\)/);
        assert.doesNotMatch(next, /\btap\b/i, 'no taps at a desk');
      }
      await shootAt(ada, `fit-ricochet-demonstrations-${size}`, '.turnbar');
      await press(ada.locator('.rr-give-up'));
      await leaveRoom(ada, press);
      await leaveRoom(bob, (l) => l.click());
    });

    step('boxing: the ring names every robot whole', async () => {
      await quickGame(ada, 'boxing', press);
      await press(ada.getByRole('button', { name: 'Lock in layout' }));
      await ada.locator('.bx-composer').waitFor();
      const labels = await ada.locator('.bx-robot-label').allTextContents();
      assert.deepEqual(labels.sort(), ['Bot', 'You'], `no "Bot (no…": ${labels}`);
      await shootAt(ada, `fit-boxing-ring-${size}`, '.bx-ring');
      await leaveRoom(ada, press);
    });

    step('Robot Wars: Manoeuvrability whole; marked squares a finger wide; the order of play in words', async () => {
      await quickGame(ada, 'robotwars', press);
      await ada.locator('.rw-lock').waitFor();
      const caps = await whole(ada, '.rw-alloc-name');
      assert.deepEqual(caps.filter((c) => !c.whole), [], `every capability whole: ${JSON.stringify(caps)}`);
      await shootAt(ada, `fit-robotwars-discs-${size}`, '.rw-setup');
      const lock = ada.locator('.rw-lock');
      await lock.scrollIntoViewIfNeeded();
      await press(lock);
      await robotWarsTurn(ada);
      const order = ada.locator('.event-log li', { hasText: /^Order of play: / });
      assert.match(await order.textContent(), /^Order of play: (Ada|Bot \(easy\)) first, then (Ada|Bot \(easy\))$/);
      assert.match(await ada.locator('.rw-roll[data-kind="order"]').textContent(), /^Order of play · (Ada|Bot \(easy\)) first, then/);
      assert.match(await ada.locator('.event-log li', { hasText: /order of play/i }).first().textContent(), /^Throws for the order of play \(highest first\): \S.* \d, .* \d$/);
      const marks = await ada.locator('.rw-move .rw-hit').evaluateAll((hs) => hs.map((h) => h.getBoundingClientRect()).map((r) => [r.width, r.height]));
      assert.ok(marks.length >= 1, 'a step is marked');
      for (const [w, h] of marks) assert.ok(w >= 40 && h >= 40, `a marked square takes a finger: ${w}x${h}`);
      // A tap near the edge of the area, off the drawn square, still steps.
      const move = (await viewOf(ada)).battle.legal.forward ? 'forward' : 'back';
      const area = await ada.locator(`.rw-move-${move} .rw-hit`).boundingBox();
      const drawn = await ada.locator(`.rw-move-${move} .rw-move-box`).boundingBox();
      const corner = [area.x + area.width - 3, area.y + 3];
      const off = corner[0] > drawn.x + drawn.width || corner[1] < drawn.y;
      assert.ok(off || !touch, 'the corner lies outside the square drawn (a phone)');
      const seq = await seqOf(ada);
      if (touch) await ada.touchscreen.tap(...corner);
      else await ada.mouse.click(...corner);
      await nextState(ada, seq);
      await shootAt(ada, `fit-robotwars-marks-${size}`, '.rw-arena');
      // Squares are named as the board labels them (and as botpit-tui and
      // RoboRally do): columns A to L, rows from 1, "G3".
      const coords = await ada.locator('.rw-coord').allTextContents();
      const columns = coords.filter((c) => /^[A-L]$/.test(c));
      const rows = coords.filter((c) => /^\d+$/.test(c));
      assert.equal(columns.length + rows.length, coords.length, `columns lettered, rows numbered: ${coords}`);
      assert.ok(columns.length >= 3 && columns.every((c, i) => i === 0 || c.charCodeAt(0) === columns[i - 1].charCodeAt(0) + 1),
        `the columns A to L in order: ${columns}`);
      const mine = (await viewOf(ada)).battle.robots.find((r) => r.seat === 0 && r.cell);
      const square = `${String.fromCharCode(65 + mine.cell[0])}${mine.cell[1] + 1}`;
      assert.match(await ada.locator('.rw-robot[data-seat="0"]').getAttribute('aria-label'), new RegExp(` at ${square}, facing `));
      const words = await ada.evaluate(async () => {
        const { eventWords } = await import('/games/robotwars/words.js');
        const name = (s) => ['Pia', 'Bot (normal)'][s];
        return [
          eventWords({ kind: 'push', seat: 0, target: 1, side: 'side', dir: 'E', from: [5, 2], to: [6, 2] }, name),
          eventWords({ kind: 'blocked', seat: 1, move: 'forward', target: 0, side: 'front', at: [3, 3], by: 'wall' }, name),
          eventWords({ kind: 'order', order: [1, 0], by: 'dice' }, name),
        ];
      });
      assert.deepEqual(words, [
        'Pia pushes Bot (normal) side-on to G3',
        'Bot (normal) pushes Pia head-on, but the wall blocks it: the move is spent',
        'Order of play: Bot (normal) first, then Pia',
      ]);
      await leaveRoom(ada, press);
    });

    step('Robot Attack: the dice said once each; on a phone the picker is a pad a finger wide, off the robots', async () => {
      const dice = await ada.evaluate(async () => {
        const { diceWords } = await import('/games/manoover/words.js');
        return [diceWords([5]), diceWords([2, 2]), diceWords([2, 2, 5]), diceWords([1, 3, 4])];
      });
      assert.deepEqual(dice, [
        'Your die says 5: pick your robot 5 (ringed).',
        'Your dice both say 2: pick your robot 2 (ringed); it may move twice.',
        'Your dice say 2 (twice) and 5: pick your robot 2 or 5 (ringed).',
        'Your dice say 1, 3 and 4: pick your robot 1, 3 or 4 (ringed).',
      ]);
      await quickGame(ada, 'manoover', press);
      await manooverTurn(ada);
      const view = await viewOf(ada);
      // The dice are rolled (one, two or three, alike or not): the hint
      // says them as diceWords does, once.
      const usable = view.dice.filter((d) => d.usable).map((d) => d.value);
      const said = await ada.evaluate(async (values) => (await import('/games/manoover/words.js')).diceWords(values), usable);
      assert.match(said, usable.length === 1 ? /^Your die says \d:/ : /^Your (\d )?dice (both say|all say|say)/);
      const hint = await hintText(ada);
      assert.ok(hint.startsWith(said), `the hint says the dice once: ${hint}`);
      const choice = view.legal.robots.find((r) => r.turn.length) || view.legal.robots[0];
      await press(ada.locator(`.mo-robot[data-owner="${view.you}"][data-number="${choice.number}"]`));
      await ada.locator(`.mo-robot.mo-selected[data-number="${choice.number}"]`).waitFor();
      if (touch) {
        assert.equal(await ada.locator('.mo-pick').count(), 0, 'no 20 px picker over the board');
        const pads = await ada.locator('.mo-pad-btn').evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height })));
        const robots = await ada.locator('.mo-robot').evaluateAll((gs) => gs.map((g) => g.getBoundingClientRect()));
        for (const p of pads) {
          assert.ok(p.width >= 40 && p.height >= 40, `a pad button takes a finger: ${JSON.stringify(p)}`);
          assert.ok(!robots.some((r) => overlap(p, r)), 'and covers no robot');
        }
        const pad = await boxOf(ada, '.mo-pad');
        assert.ok(pad.bottom <= pad.window, `the pad is in the window: ${JSON.stringify(pad)}`);
      } else {
        assert.equal(await ada.locator('.mo-pick').count(), 6, 'at a desk the picker stays around the robot');
      }
      await shootAt(ada, `fit-manoover-picker-${size}`, '.mo-board');
      const seq = await seqOf(ada);
      await press(ada.locator(`.mo-pad-btn[data-dir="${choice.turn[0] || 'step'}"]`));
      await nextState(ada, seq);
    });

    step('Robot Attack: while the bot’s move still plays, the turn bar says so, not "Your turn"', async () => {
      await ada.emulateMedia({ reducedMotion: 'no-preference' });
      await manooverTurn(ada);
      await ada.locator('#table-slot').focus();
      await ada.keyboard.press('p'); // pass: then the bot moves, and its move is played back
      const during = await ada.waitForFunction(() => {
        const v = window.botpit.store.state?.view;
        const playing = document.querySelector('.mo[data-playing="true"]');
        return playing && v?.phase === 'control' && v.turn === v.you ? document.querySelector('#turn-text').textContent : null;
      }, null, { timeout: 20000, polling: 20 });
      const text = await during.jsonValue();
      assert.match(text, /^Waiting for .+: their move plays out on the board$/, `during the bot's move: ${text}`);
      await manooverTurn(ada);
      await ada.locator('#turn-text', { hasText: /^Your turn/ }).waitFor();
      await ada.emulateMedia({ reducedMotion: 'reduce' });
      await leaveRoom(ada, press);
    });

    step('one apostrophe (’): the rules pages, and the server’s sentences as shown', async () => {
      for (const id of ['ricochet', 'manoover', 'boxing', 'robotwars']) {
        const text = await ada.evaluate(async (g) => {
          const html = await (await fetch(`/rules/${g}/`)).text();
          return new DOMParser().parseFromString(html, 'text/html').body.textContent;
        }, id);
        assert.doesNotMatch(text, /[A-Za-z)]'[a-z]/, `${id}'s rules page uses ’`);
      }
      const shown = await ada.evaluate(() => window.botpit.store.named("it is Bot (normal)'s turn, not Ada's"));
      assert.equal(shown, 'it is Bot (normal)’s turn, not Ada’s');
    });
  });
}

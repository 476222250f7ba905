// The small rough edges a newcomer met (issue 27, item 10), each as seen
// on a desktop (1280x800) and on a 390x844 touch phone:
// - a disabled primary button turned unreadable under the pointer;
// - Robot Wars: the row numbers 10 to 12 read "0", "1", "2";
//   "Manoeuvrability" broke inside the word on a narrow phone; the log
//   said a damage die threw "6, no damage" while the die shows faces, not
//   numbers, "for 1 (1 damage points)", and "has allocated its discs";
// - Ricochet: the bid box said the first bid starts the sand after it had
//   started, and the turn bar counted down from 4:59 before any bid, when
//   that is only when the sand would start by itself;
// - boxing: the laser's sentence named a robot in its cone other than the
//   one the shot is aimed at;
// - on a touch screen, hints and help spoke of keys (Robot Wars, Robot
//   Attack), and RoboBall's cards and hitch slots wore key letters (1-9,
//   Q W E R T; the second QA pass);
// - Robot Wars' hints alone ended without a full stop (the second QA pass).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  DESKTOP, TOUCH_PHONE, arrive, endStory, launchBrowser, openPage, shootBoth, skipReason, startWebServer,
  storySteps,
} from './lib/e2e.mjs';
import { addBot, createRoomWith, shootAt, waitPhase } from './lib/games.mjs';
import { hintText } from './lib/newcomer.mjs';
import { SIZES, openAdaAndBob } from './lib/first-hour.mjs';

const skip = skipReason() || false;

/** WCAG contrast of two CSS colours "rgb(r, g, b)". */
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

for (const [size, viewport, touch] of SIZES) {
  describe(`rough edges (${size})`, { skip }, () => {
    let server;
    let browser;
    let ada;
    let bob;
    const step = storySteps(test);
    const press = (locator) => (touch ? locator.tap() : locator.click());
    const leave = async () => {
      await press(ada.locator('#leave-room'));
      const sure = ada.locator('dialog.confirm-dialog');
      if (await sure.isVisible().catch(() => false)) await press(sure.getByRole('button', { name: 'Leave the game' }));
      await ada.getByRole('heading', { name: 'Games', exact: true }).waitFor();
    };

    before(async () => {
      ({ server, browser, ada, bob } = await openAdaAndBob(viewport, touch));
    });

    after(() => endStory(server, browser, [ada, bob]));

    step('a disabled primary button stays readable under the pointer', async () => {
      await createRoomWith(ada, 'Robot boxing');
      const start = ada.getByRole('button', { name: 'Start game' });
      assert.equal(await start.isDisabled(), true, 'one player cannot start');
      await start.hover({ force: true });
      const look = await start.evaluate((b) => ({ matches: b.matches(':hover'), color: getComputedStyle(b).color, background: getComputedStyle(b).backgroundColor }));
      assert.equal(look.matches, true, 'the pointer is on it');
      assert.ok(contrast(look.color, look.background) >= 4.5, `its words read against its colour: ${JSON.stringify(look)}`);
      await leave();
    });

    step('Robot Wars: row numbers 10 to 12 whole; capabilities in one piece; hints in the words of the device', async () => {
      await createRoomWith(ada, 'Robot Wars');
      await addBot(ada, 1, 'easy');
      await press(ada.getByRole('button', { name: 'Start game' }));
      await ada.locator('.rw-lock').waitFor();
      // The narrowest phone we support: the capability's name is never cut in two.
      await ada.setViewportSize({ width: 360, height: 740 });
      await ada.waitForTimeout(150);
      const broken = await ada.locator('.rw-alloc-name').evaluateAll((names) => names.filter((n) => {
        const r = document.createRange();
        r.selectNodeContents(n);
        return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size > 1 || n.scrollWidth > n.clientWidth + 1;
      }).map((n) => n.textContent));
      assert.deepEqual(broken, [], 'no capability name broken or cut at 360 px');
      await ada.setViewportSize(viewport);
      const allocating = await hintText(ada);
      assert.match(allocating, /then Lock in\.$/, `a sentence, as in the other games: ${allocating}`);
      for (let i = 0; i < 12; i++) {
        const plus = ada.locator('.rw-alloc-plus:not([disabled])').first();
        if (!(await plus.count())) break;
        await press(plus);
      }
      await press(ada.locator('.rw-lock'));
      await ada.waitForFunction(() => {
        const s = window.botpit.store.state;
        return s?.view.phase === 'battle' && s.view.battle.turn?.seat === s.seat && s.view.battle.legal;
      }, null, { timeout: 15000 });
      const coords = await ada.locator('.rw-arena').evaluate((svgEl) => {
        const [x, y] = svgEl.getAttribute('viewBox').split(' ').map(Number);
        return [...svgEl.querySelectorAll('.rw-coord')].map((t) => {
          const b = t.getBBox();
          return { text: t.textContent, inside: b.x >= x - 0.5 && b.y >= y - 0.5 };
        });
      });
      assert.deepEqual(coords.filter((c) => !c.inside), [], 'every row and column number inside the picture');
      assert.ok(coords.some((c) => c.text === '12'), 'the numbers run to 12');
      const hint = await hintText(ada);
      assert.match(hint, /hazards cost 5 damage points\.$/, `a sentence, as in the other games: ${hint}`);
      if (touch) {
        assert.doesNotMatch(hint, /Enter|press|key|↑|←/i, `a hint for taps: ${hint}`);
        assert.equal(await ada.locator('.rw-keys').isVisible(), false, 'no line about keys');
      } else {
        assert.match(hint, /Enter/, 'a hint for the keyboard');
        assert.equal(await ada.locator('.rw-keys').isVisible(), true);
      }
      assert.doesNotMatch(await ada.locator('#turn-text').textContent(), /\b1 (moves|turns)\b/, 'never "1 moves"');
      await shootAt(ada, `rough-robotwars-${size}`, '.rw-arena');
      await leave();
    });

    step('Robot Attack: picking a robot is said in taps on a touch screen, keys only at a keyboard', async () => {
      await press(ada.locator('.game-card[data-game="manoover"] button', { hasText: 'Quick game' }));
      await ada.waitForFunction(() => {
        const v = window.botpit.store.state?.view;
        return v?.legal && v.turn === v.you && !document.querySelector('.mo[data-playing="true"]');
      }, null, { timeout: 15000 });
      const controls = ada.locator('.mo-controls');
      await controls.filter({ hasText: 'Pick a robot a die names' }).waitFor();
      const words = await controls.innerText();
      if (touch) {
        assert.match(words, /tap it on the board, or its die/);
        assert.doesNotMatch(words, /press|Keys:/, `no keys on a touch screen: ${words}`);
      } else {
        assert.match(words, /press its number/);
        assert.match(words, /Keys: a robot’s number to pick it/);
      }
      await leave();
    });

    step('Robot Wars: dice and damage said by their faces; points counted in words', async () => {
      // The log's sentences and the dice tray, from the game's own modules.
      const seen = await ada.evaluate(async () => {
        const { eventWords } = await import('/games/robotwars/words.js');
        const { createDice } = await import('/games/robotwars/dice.js');
        const name = (s) => ['Ada', 'Bob'][s];
        const roll = { kind: 'damage_roll', seat: 1, die: 'attack', multiple: 10, roll: 6, face: 'blank', value: null };
        const power = { kind: 'damage_roll', seat: 0, die: 'house', multiple: 5, roll: 2, face: 'power', value: 1 };
        const dice = createDice({ name });
        dice.add(roll);
        dice.add(power);
        const rolls = [...dice.element.querySelectorAll('.rw-roll')].map((li) => ({
          text: li.querySelector('.rw-roll-text').textContent,
          die: li.querySelector('.rw-die').textContent,
          pips: li.querySelectorAll('.rw-pip').length,
        }));
        return {
          blank: eventWords(roll, name),
          power: eventWords(power, name),
          attack: eventWords({ kind: 'attack', seat: 0, target: 1, points: 1, damage: 1 }, name),
          attacks: eventWords({ kind: 'attack', seat: 0, target: 1, points: 3, damage: 16 }, name),
          allocated: eventWords({ kind: 'allocated', seat: 0 }, name),
          rolls,
        };
      });
      assert.equal(seen.blank, 'Attack damage die for Bob at 10 points: a blank, no damage');
      assert.equal(seen.power, 'House robot die for Ada at 5 points: Power, down to 1');
      assert.equal(seen.attack, 'Ada attacks Bob: 1 damage point, 1 in all');
      assert.equal(seen.attacks, 'Ada attacks Bob: 3 damage points, 16 in all');
      assert.equal(seen.allocated, 'Ada has placed their discs (kept secret until everyone has)');
      assert.deepEqual(seen.rolls, [
        { text: 'House robot die · Ada at 5 points: Power, down to 1', die: 'P', pips: 0 },
        { text: 'Attack damage die · Bob at 10 points: a blank, no damage', die: '', pips: 0 },
      ], 'the tray shows each die by its face, as the log says it');
    });

    step('Ricochet: no countdown before the sand runs; once another bid starts it, the bid box says so', async () => {
      const code = await createRoomWith(ada, 'Ricochet Robots', { 'Sand timer (seconds)': 60, Seed: 11 });
      await arrive(bob, `${server.url}#/room/${code}`, 'Bob');
      await bob.locator('.seat[data-seat="1"][data-mine="true"]').waitFor();
      await press(ada.getByRole('button', { name: 'Start game' }));
      await waitPhase(ada, 'bidding');
      const state = ada.locator('.rr-bid-state');
      await state.filter({ hasText: 'The first bid starts the sand timer.' }).waitFor();
      await ada.waitForTimeout(600);
      assert.equal(await ada.locator('#countdown').isVisible(), false, 'no 4:59 counting before any bid');
      await bob.locator('.rr-bid-input').fill('9');
      await bob.locator('.rr-bid-send').click();
      await state.filter({ hasText: 'Bid its number of moves before the sand runs out.' }).waitFor();
      assert.doesNotMatch(await state.textContent(), /first bid starts/, 'the sand has started');
      await ada.locator('#countdown').waitFor();
      assert.match(await ada.locator('#countdown').textContent(), /^[01]:\d\d$/, 'now the sand counts down');
      await shootAt(ada, `rough-ricochet-bid-${size}`, '.turnbar');
      await bob.getByRole('button', { name: 'Leave' }).first().click();
      await bob.locator('dialog.confirm-dialog').getByRole('button', { name: 'Leave the game' }).click();
      await leave();
    });

    step('Robot boxing, three robots: the laser’s sentence speaks of the robot it is aimed at', async () => {
      await createRoomWith(ada, 'Robot boxing', { 'Ring size': 6 });
      await addBot(ada, 1, 'easy');
      await addBot(ada, 2, 'easy');
      await press(ada.getByRole('button', { name: 'Start game' }));
      await press(ada.getByRole('button', { name: 'Lock in layout' }));
      await ada.locator('.bx-composer').waitFor();
      await press(ada.locator('.bx-fire-btn[data-fire]:not([data-fire=""])').first());
      const aimed = ada.locator('.bx-robot-btn[aria-pressed="true"] > span');
      const target = (await aimed.textContent()).trim();
      const fireNote = ada.locator('.bx-fire .bx-note');
      const note = (await fireNote.textContent()).trim();
      assert.match(note, new RegExp(`${target.replace(/[()]/g, '\\$&')}, your target, (stands in it now|is out of it now)`),
        `the sentence names the robot fired at (${target}): ${note}`);
      // Aimed at the other robot, the sentence follows.
      await press(ada.locator('.bx-robot-btn[aria-pressed="false"]').first());
      const other = (await aimed.textContent()).trim();
      assert.notEqual(other, target);
      await fireNote.filter({ hasText: `${other}, your target,` }).waitFor();
      if (touch) assert.equal(await ada.locator('.bx-keys').first().isVisible(), false, 'no keys on a touch screen');
      await shootAt(ada, `rough-boxing-aim-${size}`, '.bx-composer');
      await leave();
    });

    step('RoboBall: the cards and the hitch slots show their keys at a keyboard, none on a touch screen', async () => {
      await press(ada.getByRole('button', { name: 'Create room: RoboRally' }));
      const dialog = ada.getByRole('dialog');
      await dialog.locator('[data-option="mode"] select').selectOption('roboball');
      await dialog.locator('[data-option="teams"] input').fill('2');
      await press(dialog.getByRole('button', { name: 'Create room' }));
      await ada.locator('#room-code').waitFor();
      await addBot(ada, 1, 'normal');
      await press(ada.getByRole('button', { name: 'Start game' }));
      await ada.locator('.rally-hitch').nth(4).waitFor();
      await ada.locator('.rally-hand .rally-card').nth(4).waitFor();
      const keys = ada.locator('.rally-hitch .rally-card-key, .rally-hand .rally-card-key');
      const shown = [];
      for (const k of await keys.all()) if (await k.isVisible()) shown.push((await k.textContent()).trim());
      if (touch) assert.deepEqual(shown, [], 'no key letters on a touch screen');
      else assert.deepEqual(shown.slice(0, 5), ['Q', 'W', 'E', 'R', 'T'], 'the hitch keys at a keyboard');
      if (!touch) assert.ok(shown.length >= 10, `the cards' keys too: ${shown.join(' ')}`);
      await shootAt(ada, `rough-roboball-keys-${size}`, '.rally-program');
      await leave();
    });
  });
}

// Robot Wars in real Chromium against the real server. Ada (desktop) reads
// the rules from the game card, then plays a best-of-3 match against a bot
// to the end with first-game hints on, allocating her discs with the − and
// + buttons and fighting by keys (arrows, A, Enter) and by clicks on the
// marked squares and the ringed opponent; Bob (phone) watches her match,
// then plays his own against a bot to the end by the buttons alone. The
// result says why the wars ended. No script errors, nothing wider than the
// phone. Screenshots at 375x812 and 1280x800 of the rules, the set-up, a
// battle, the bracket and the result go to BOTPIT_ARTIFACTS.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PHONE, arrive, endStory, openTable, shootBoth, skipReason, storySteps } from './lib/e2e.mjs';
import { actAndWait, addBot, createRoomWith, shootAt, viewOf } from './lib/games.mjs';
import { closeRules, expectRules, hintText, marked } from './lib/newcomer.mjs';

const skip = skipReason() || false;
const TITLE = 'Robot Wars';
const DELTA = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
const LEFT_OF = { N: 'W', W: 'S', S: 'E', E: 'N' };

async function createRoom(page, level = 'normal') {
  const code = await createRoomWith(page, TITLE, { 'Seconds per turn': 120 });
  await addBot(page, 1, level);
  return code;
}

const shoot = (page, name, selector = '.rw') => shootAt(page, name, selector);

/**
 * What the player to move does next, from its view: in the first rounds,
 * attack if it can, step forward onto plain floor, turn toward the
 * opponent, else end the turn; later it ends its turns at once, so the
 * match ends in a few minutes.
 */
function plan(view) {
  const b = view.battle;
  const legal = b.legal;
  if (b.round > 3) return 'end';
  if (legal.attack) return 'attack';
  const me = b.robots.find((r) => r.seat === view.you);
  const foe = b.robots.find((r) => r.seat !== view.you);
  const dx = foe.cell[0] - me.cell[0];
  const dy = foe.cell[1] - me.cell[1];
  const want = Math.abs(dx) >= Math.abs(dy) ? (dx > 0 ? 'E' : 'W') : (dy > 0 ? 'S' : 'N');
  const f = legal.forward;
  const safe = f && !f.blocked && (view.board[f.to[1]][f.to[0]] === '.' || (view.board[f.to[1]][f.to[0]] === 'P' && !b.pit_open));
  if (me.facing === want && safe) return 'forward';
  if (me.facing !== want && legal.left && !b.turn.final_turn_only) return LEFT_OF[me.facing] === want ? 'left' : 'right';
  if (safe && (dx !== 0 || dy !== 0)) {
    const [ux, uy] = DELTA[me.facing];
    if (ux * dx + uy * dy > 1) return 'forward';
  }
  return 'end';
}

const KEY = { forward: 'ArrowUp', back: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight', attack: 'a', end: 'Enter' };

/** Does `what` through the page: by a key, a click on the board, or a button. */
async function perform(page, what, how) {
  if (how === 'key') {
    await page.locator('#table-slot').focus();
    await page.keyboard.press(KEY[what]);
    return;
  }
  if (how === 'board' && (what === 'forward' || what === 'back')) {
    await page.locator(`.rw-move[data-move="${what}"]`).click();
    return;
  }
  if (how === 'board' && what === 'attack') {
    await page.locator('.rw-robot.rw-target').click();
    return;
  }
  await page.locator(`.rw-act[data-act="${what}"]`).click();
}

/**
 * Plays `page`'s seat to the end of the game; `ways` says how to act
 * ('key', 'board', 'button', taken in turn). Calls `onStep` with the view
 * after each action of its own.
 */
async function playToEnd(page, ways, onStep = async () => {}) {
  let n = 0;
  for (let guard = 0; guard < 4000; guard++) {
    const view = await viewOf(page);
    if (view.phase === 'over') return view;
    const mine = view.battle.robots.find((r) => r.seat === view.you);
    let action = null;
    if (view.phase === 'setup' && mine && !mine.allocated) action = 'allocate';
    else if (view.phase === 'battle' && view.battle.turn?.seat === view.you && view.battle.legal) action = plan(view);
    if (!action) {
      await page.waitForTimeout(25);
      continue;
    }
    const way = action === 'allocate' ? null : ways[n++ % ways.length];
    await actAndWait(page, () => (way ? perform(page, action, way) : page.locator('.rw-lock:not([disabled])').click()), 10000);
    await onStep(await viewOf(page), action);
  }
  throw new Error('the game did not end');
}

describe('Robot Wars: a match against a bot, at a desk and on a phone', { skip }, () => {
  let server;
  let browser;
  let ada;
  let bob;
  let code;
  const step = storySteps(test);

  before(async () => {
    ({ server, browser, desktop: ada, phone: bob } = await openTable());
  });

  after(() => endStory(server, browser, [ada, bob]));

  step('Ada reads the rules from the game card: every diagram is drawn by the table’s code', async () => {
    await arrive(ada, server.url, 'Ada');
    const link = ada.getByRole('link', { name: `How to play ${TITLE}` });
    assert.equal(await link.getAttribute('href'), '/rules/robotwars/');
    const dialog = await expectRules(ada, TITLE, () => link.click());
    await dialog.locator('#rules-robotwars-push').evaluate((n) => n.scrollIntoView());
    await shootBoth(ada, 'robotwars-rules');
    await closeRules(ada);
    for (const part of ['goal', 'turn', 'end', 'table', 'rulings']) {
      assert.equal(await ada.locator(`#rules-robotwars-${part}`).count(), 0, 'the dialog is closed');
    }
  });

  step('Ada creates a Robot Wars room with a bot and starts', async () => {
    code = await createRoom(ada, 'normal');
    await ada.getByRole('button', { name: 'Start game' }).click();
    await ada.locator('.rw-setup').waitFor();
    await ada.locator('#turn-text', { hasText: 'allocate your discs' }).waitFor();
    await ada.locator('#hint-text', { hasText: 'then Lock in' }).waitFor();
    assert.ok(await marked(ada, '.rw-lock') >= 1, 'the hint marks Lock in');
  });

  step('Ada sees her ten throws and allocates her discs with − and +', async () => {
    const view = await viewOf(ada);
    const mine = view.battle.robots.find((r) => r.seat === 0);
    assert.equal(mine.throws.length, 10);
    assert.equal(await ada.locator('.rw-setup-robot[data-seat="0"] .rw-throws .rw-die').count(), 10);
    await ada.locator('.rw-setup-robot[data-seat="0"] .rw-discs', { hasText: `${mine.discs} disc` }).waitFor();
    if (mine.discs > 0) {
      // Take one off Speed and put it on Manoeuvrability; Lock waits for every disc.
      const speed = ada.locator('.rw-alloc-row[data-cap="speed"]');
      if (!(await speed.locator('.rw-alloc-minus').isDisabled())) {
        await speed.locator('.rw-alloc-minus').click();
        assert.equal(await ada.locator('.rw-lock').isDisabled(), true, 'a disc unplaced: no lock');
        await ada.locator('.rw-alloc-row[data-cap="manoeuvrability"] .rw-alloc-plus').click();
      }
    }
    await shoot(ada, 'robotwars-setup');
    await actAndWait(ada, () => ada.locator('.rw-lock:not([disabled])').click());
    await ada.locator('.rw-arena .rw-robot').first().waitFor();
    const after = await viewOf(ada);
    assert.equal(after.phase, 'battle', 'the bot allocates at once, and the battle begins');
  });

  step('Bob watches the match on his phone', async () => {
    await arrive(bob, `${server.url}#/room/${code}`, 'Bob');
    await bob.locator('.rw[data-role="spectator"]').waitFor();
    await bob.locator('.rw-arena .rw-robot').first().waitFor();
    assert.equal(await bob.locator('.rw-controls:not([hidden])').count(), 0, 'a spectator has no controls');
    await bob.locator('.rw-bracket').waitFor();
  });

  step('Ada fights to the end by keys and clicks; legal moves are marked', async () => {
    let shotBattle = false;
    let sawMarks = false;
    let sawAttackHint = false;
    const view = await playToEnd(ada, ['key', 'board', 'key', 'button'], async (v) => {
      if (v.phase !== 'battle' || v.battle.turn?.seat !== 0) return;
      if (!sawMarks && v.battle.legal?.forward) {
        await ada.locator('.rw-move[data-move="forward"]').waitFor();
        sawMarks = true;
      }
      if (!sawAttackHint && v.battle.legal?.attack) {
        await ada.locator('#hint-text', { hasText: 'press A or click it to attack' }).waitFor();
        // The marks are drawn with the board, a frame apart from the hint's text.
        await ada.locator('#table-slot[data-hints="true"] .rw-robot[data-hint="true"]').first()
          .waitFor({ timeout: 3000 }).catch(() => {});
        assert.ok(await marked(ada, '.rw-robot') >= 1, 'the hint marks the robot to attack');
        sawAttackHint = true;
      }
      if (!shotBattle && v.battle.round >= 3) {
        shotBattle = true;
        await ada.locator('.rw-unit[data-mover="true"]').waitFor();
        await shoot(ada, 'robotwars-battle');
        await shoot(bob, 'robotwars-spectator');
      }
    });
    assert.ok(sawMarks, 'a step was marked on the board');
    assert.equal(view.phase, 'over');
    assert.equal(view.bracket.format, 'match');
    assert.ok(view.bracket.champion === 0 || view.bracket.champion === 1);
    await ada.locator('.result h2').waitFor();
    await ada.locator('.result', { hasText: /won the match: in Battle \d, / }).waitFor();
    await ada.locator('.result', { hasText: 'Battles won' }).waitFor();
    await ada.locator('.rw-bk-champion').waitFor();
    assert.equal(await hintText(ada), '', 'no hint once the wars are over');
    await shoot(ada, 'robotwars-result', '.result');
    await shoot(ada, 'robotwars-bracket', '.rw-bracket');
    await bob.locator('.result h2').waitFor();
  });

  step('Bob plays his own match against a bot by the buttons, on the phone', async () => {
    await bob.locator('button[data-key="leave-after"]').click();
    await createRoom(bob, 'easy');
    await bob.getByRole('button', { name: 'Start game' }).click();
    await bob.locator('.rw-setup').waitFor();
    let shot = false;
    const view = await playToEnd(bob, ['button', 'board'], async (v) => {
      if (!shot && v.phase === 'battle' && v.battle.turn?.seat === 0 && v.battle.round >= 2) {
        shot = true;
        await bob.locator('.rw-controls').scrollIntoViewIfNeeded();
        await shootBoth(bob, 'robotwars-phone-controls');
      }
    });
    assert.equal(view.phase, 'over');
    await bob.locator('.result h2').waitFor();
    assert.equal(bob.viewportSize().width, PHONE.width);
  });
});


// Playing the games in the browser tests: the views a page holds, the
// Ricochet Robots solver (`botpit solve`) and the Robot Attack strategy
// that walks robots off the board (which ends a game in a few turns),
// shared by the game's own tests and the newcomer's.
import { spawn } from 'node:child_process';
import { serverBinary } from '../../integration/lib/harness.mjs';
import { shootBoth } from './e2e.mjs';

export const MANOOVER = 'Create room: Robot Attack (MANOOVER)';

/** Screenshots (both sizes) with `selector` just under the sticky top bar. */
export async function shootAt(page, name, selector) {
  await page.locator(selector).first().evaluate((node) => {
    window.scrollTo(0, node.getBoundingClientRect().top + window.scrollY - 64);
  });
  await shootBoth(page, name);
}

/**
 * Creates a room of the game titled `title` from the lobby's dialog, with
 * `fields` (label → value: a number or text is typed, a boolean ticks a
 * box); returns the room's code.
 */
export async function createRoomWith(page, title, fields = {}) {
  await page.getByRole('button', { name: `Create room: ${title}` }).click();
  const dialog = page.getByRole('dialog');
  for (const [label, value] of Object.entries(fields)) {
    const field = dialog.getByLabel(label, { exact: true });
    if (typeof value === 'boolean') await field.setChecked(value);
    else await field.fill(String(value));
  }
  await dialog.getByRole('button', { name: 'Create room' }).click();
  await page.locator('#room-code').waitFor();
  return (await page.locator('#room-code').textContent()).trim();
}

/** The view this page's store holds. */
export function viewOf(page) {
  return page.evaluate(() => window.botpit.store.state?.view ?? null);
}

export function seqOf(page) {
  return page.evaluate(() => window.botpit.store.state?.seq ?? -1);
}

/** Creates a Robot Attack room with the given options; returns its code. */
export async function createManooverRoom(page, { variant = 'standard', matchTo = '0', alternate = false } = {}) {
  await page.getByRole('button', { name: MANOOVER }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Variant').selectOption(variant);
  if (alternate) await dialog.getByLabel('Even-more-confusing order').check();
  await dialog.getByLabel('Match to').fill(matchTo);
  await dialog.getByRole('button', { name: 'Create room' }).click();
  await page.locator('#room-code').waitFor();
  return (await page.locator('#room-code').textContent()).trim();
}

export async function addBot(page, seat, level = 'normal') {
  await page.getByLabel(`Bot level for seat ${seat + 1}`).selectOption(level);
  await page.getByRole('button', { name: `Add bot to seat ${seat + 1}` }).click();
}

/** The way off the board nearest a robot: the direction with the fewest steps out. */
export function outward(view, robot) {
  const delta = { N: [0, -1], NE: [1, -1], SE: [1, 0], S: [0, 1], SW: [-1, 1], NW: [-1, 0] };
  const dist = ([q, r]) => Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r));
  let best = null;
  for (const [dir, [dq, dr]] of Object.entries(delta)) {
    let cell = robot.cell;
    let steps = 0;
    while (dist(cell) <= view.radius) { cell = [cell[0] + dq, cell[1] + dr]; steps++; }
    // Stepping into a goal would score for someone: walk out elsewhere.
    const goal = view.goals.some((g) => {
      let c = robot.cell;
      for (let i = 0; i < steps; i++) { c = [c[0] + dq, c[1] + dr]; if (c[0] === g.cell[0] && c[1] === g.cell[1]) return true; }
      return false;
    });
    const score = steps + (goal ? 10 : 0) + (dir === robot.dir ? -0.5 : 0);
    if (!best || score < best.score) best = { dir, score };
  }
  return best.dir;
}

/**
 * The next action of the player to move, chosen from the view's legal
 * list: face the robot outward, or step it if it already does.
 */
export function plan(view) {
  const choice = view.legal.robots[0];
  const robot = view.robots.find((r) => r.owner === view.you && r.number === choice.number);
  const dir = outward(view, robot);
  if (dir === robot.dir || !choice.turn.includes(dir)) return { number: choice.number, what: choice.step ? 'step' : choice.turn[0] };
  return { number: choice.number, what: dir };
}

/** By clicks: the robot (or its die), then the picker around it (or the pad). */
export async function actByClicks(page, { number, what }, n) {
  const seat = (await viewOf(page)).you;
  if (n % 2) await page.locator(`.mo-die[data-value="${number}"][data-state="use"]`).first().click();
  else await page.locator(`.mo-robot[data-owner="${seat}"][data-number="${number}"]`).click();
  await page.locator(`.mo-robot.mo-selected[data-number="${number}"]`).waitFor();
  const dir = what === 'step' ? (await viewOf(page)).robots.find((r) => r.owner === seat && r.number === number).dir : what;
  if (n % 3 === 2) await page.locator(`.mo-pad-btn[data-dir="${what}"]`).click();
  else await page.locator(`.mo-pick[data-dir="${dir}"]`).click();
}

const DIR_KEY = { NW: 'q', N: 'w', NE: 'e', SW: 'a', S: 's', SE: 'd' };

/** By keys: the robot's digit, then Q W E A S D to turn or F to step. */
export async function actByKeys(page, { number, what }) {
  await page.locator('#table-slot').focus();
  await page.keyboard.press(String(number));
  await page.locator(`.mo-robot.mo-selected[data-number="${number}"]`).waitFor();
  await page.keyboard.press(what === 'step' ? 'f' : DIR_KEY[what]);
}

/** Waits until the page has a state newer than `seq`. */
export async function nextState(page, seq, timeout) {
  await page.waitForFunction((s) => (window.botpit.store.state?.seq ?? -1) > s, seq, timeout ? { timeout } : {});
}

/**
 * What a player does through the page, then the state it brings: `act()`
 * (clicks, keys) and a wait for a state newer than the one before.
 */
export async function actAndWait(page, act, timeout) {
  const seq = await seqOf(page);
  await act();
  await nextState(page, seq, timeout);
}

/** How long a RoboRally turn's playback may take on screen (a whole turn of
 * eight robots, at the default pace, on a loaded machine). */
const PLAYBACK_WAIT_MS = 45000;

/**
 * Does what the page's RoboRally seat (race or RoboBall) is asked now, a
 * program written by `program(view)`; false when nothing is asked.
 */
export async function rallyActs(page, program) {
  const view = await viewOf(page);
  if (!view || view.phase === 'over' || !view.need) return false;
  if (view.need === 'program') {
    await page.locator('.rally-submit').waitFor({ timeout: PLAYBACK_WAIT_MS });
    await program(view);
    await page.waitForFunction((t) => {
      const v = window.botpit.store.state?.view;
      return v && (v.phase === 'over' || v.turn > t || v.need !== 'program');
    }, view.turn, { timeout: 15000 });
  } else if (view.need === 'reenter') {
    // The choice is offered once the turn's playback has ended on this
    // screen, which can take longer than a click's usual wait.
    await page.locator('.rally-facing[data-facing="N"]').click({ timeout: PLAYBACK_WAIT_MS });
  } else if (view.need === 'stay_down') {
    await page.getByRole('button', { name: 'Power up' }).click({ timeout: PLAYBACK_WAIT_MS });
  }
  return true;
}

/**
 * Plays the game on `pages` (seat -> page, null for a bot's seat) to its
 * end; `way(seat)` says "clicks" or "keys". Calls `onAction` after each.
 */
export async function playToEnd(pages, way, onAction = async () => {}) {
  const any = pages.find(Boolean);
  for (let n = 0; n < 400; n++) {
    const seen = await viewOf(any);
    if (seen.phase === 'over') return n;
    const page = pages[seen.turn];
    if (!page) {
      // A bot's turn: wait for the state after it.
      await any.waitForFunction((t) => {
        const v = window.botpit.store.state?.view;
        return v && (v.phase === 'over' || v.turn !== t);
      }, seen.turn, { timeout: 10000 });
      continue;
    }
    await page.waitForFunction(() => {
      const v = window.botpit.store.state?.view;
      return v && (v.phase === 'over' || (v.legal && v.turn === v.you));
    });
    const view = await viewOf(page);
    if (view.phase === 'over') return n;
    const action = plan(view);
    await actAndWait(page, () => (way(view.you) === 'clicks' ? actByClicks(page, action, n) : actByKeys(page, action)));
    await onAction(n, page);
  }
  throw new Error('the game did not end in 400 actions');
}

/** The round on the table solved by the real solver (`botpit solve`). */
export function solve(view) {
  const puzzle = {
    layout: view.layout,
    robots: Object.fromEntries(Object.entries(view.robots).map(([c, r]) => [c, r.cell])),
    target: { color: view.target.color, symbol: view.target.symbol },
    active_robot: view.active,
    ricochet_rule: view.ricochet_rule,
  };
  return new Promise((resolve, reject) => {
    const proc = spawn(serverBinary(), ['solve'], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (d) => { out += d; });
    proc.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`solve exited ${code}`))));
    proc.stdin.end(JSON.stringify(puzzle));
  });
}

/** Demonstrates a Ricochet solution ([[robot, dir], ...]) by clicks: the
 *  robot (unless selected), then its arrow; `each(i)` runs before move i. */
export async function demonstrate(page, solution, each = async () => {}) {
  for (let i = 0; i < solution.length; i++) {
    const [robot, dir] = solution[i];
    const table = page.locator('#table-slot');
    const picked = table.locator(`.rr-robot[data-robot="${robot}"]`);
    if (await picked.getAttribute('data-selected') !== 'true') await picked.click();
    await table.locator(`.rr-robot[data-robot="${robot}"][data-selected="true"]`).waitFor();
    await each(i);
    await table.locator(`.rr-arrow[data-dir="${dir}"]`).click();
    if (i < solution.length - 1) await table.locator('.rr-counter-made', { hasText: String(i + 1) }).waitFor();
  }
}

/** Waits until the Ricochet table shows `phase`. */
export async function waitPhase(page, phase, timeout = 15000) {
  await page.locator(`.rr[data-phase="${phase}"]`).waitFor({ timeout });
}

// composer.js: the order composer. A path drawn step by step (a pad of the
// eight directions, the board's own arrows, or keys), the booster, the laser
// to fire and the enemy slot to hit. Every control is built once and only
// updated afterwards, so keyboard focus stays where the player left it. The
// renderer draws the plan on the ring from `plan()`.

import { ARROW, DIRS, DIR_WORDS, LETTERS, inCone, onRing, pathCells, stepFrom } from './geometry.js';
import { pathWords } from './turn.js';
import { button, el } from '../dom.js';
import { setToggle } from './dom.js';

// The pad is the robot's own 3×3: each button sits where its engine would.
const PAD = ['NW', 'N', 'NE', 'W', null, 'E', 'SW', 'S', 'SE'];

const KEY_DIRS = {
  ArrowUp: 'N', ArrowRight: 'E', ArrowDown: 'S', ArrowLeft: 'W',
  Home: 'NW', PageUp: 'NE', End: 'SW', PageDown: 'SE',
  8: 'N', 9: 'NE', 6: 'E', 3: 'SE', 2: 'S', 1: 'SW', 4: 'W', 7: 'NW',
};

const BOOSTS = [['none', 'Off'], ['move', 'Move ×2'], ['shoot', 'Shoot ×2']];

function samePlan(a, b) {
  return !!a && !!b && a.path.join() === b.path.join() && a.booster === b.booster
    && (a.fire || null) === (b.fire || null) && (a.target || null) === (b.target || null)
    && (a.fire ? (a.target_robot ?? null) === (b.target_robot ?? null) : true);
}

export function createComposer({ name, badge, send, changed, notify, announce, explain = notify }) {
  let ctx = null;     // {turn, working, cell, size, enemies, sent}
  let plan = { path: [], booster: 'none', fire: null, target: null, target_robot: null };
  let turn = -1;
  let busy = false;

  const title = el('h3', { id: 'bx-orders-title' }, 'Your orders');

  // Move
  const padButtons = {};
  const pad = el('div', { class: 'bx-pad', role: 'group', 'aria-label': 'Add a step' });
  const padCentre = el('div', { class: 'bx-pad-centre', 'aria-hidden': 'true' });
  for (const dir of PAD) {
    if (!dir) { pad.append(padCentre); continue; }
    const b = button(ARROW[dir], { class: 'bx-pad-btn', 'data-dir': dir, 'aria-label': `Step ${DIR_WORDS[dir]}`, onclick: () => addStep(dir) });
    padButtons[dir] = b;
    pad.append(b);
  }
  const pathText = el('p', { class: 'bx-path-words', 'aria-live': 'polite' });
  const stepsText = el('p', { class: 'bx-steps' });
  const undoBtn = button('Undo step', { class: 'small', onclick: () => undo() });
  const clearBtn = button('Clear path', { class: 'small quiet', onclick: () => clear() });
  const moveBox = el('fieldset', { class: 'bx-box bx-move' }, el('legend', {}, 'Move'),
    el('div', { class: 'bx-move-body' }, pad,
      el('div', { class: 'bx-move-text' }, pathText, stepsText, el('div', { class: 'row' }, undoBtn, clearBtn))));

  // Booster
  const boostButtons = BOOSTS.map(([value, text]) => button(text, {
    class: `small bx-boost-btn`, 'data-boost': value, onclick: () => setBooster(value),
  }));
  const boostNote = el('p', { class: 'help bx-note' });
  const boostBox = el('fieldset', { class: 'bx-box bx-boost' }, el('legend', {}, 'Booster'),
    el('div', { class: 'bx-seg', role: 'group', 'aria-label': 'Use the booster for' }, boostButtons), boostNote);

  // Laser
  const holdBtn = button('Hold fire', { class: 'small bx-fire-btn', 'data-fire': '', onclick: () => setFire(null) });
  const laserRow = el('div', { class: 'bx-seg', role: 'group', 'aria-label': 'Laser to fire' }, holdBtn);
  let laserButtons = [];
  let laserKey = '';
  const fireNote = el('p', { class: 'help bx-note' });
  const fireBox = el('fieldset', { class: 'bx-box bx-fire' }, el('legend', {}, 'Laser'), laserRow, fireNote);

  // Target
  const robotRow = el('div', { class: 'bx-seg bx-robot-pick', role: 'group', 'aria-label': 'Robot to fire at' });
  let robotKey = '';
  const targetButtons = [...LETTERS].map((letter) => button(letter, {
    class: 'small bx-target-btn', 'data-letter': letter, onclick: () => setTarget(letter),
  }));
  const targetNote = el('p', { class: 'help bx-note' });
  const aimBox = el('fieldset', { class: 'bx-box bx-aim' }, el('legend', {}, 'Target slot'), robotRow,
    el('div', { class: 'bx-letters', role: 'group', 'aria-label': 'Enemy slot to hit' }, targetButtons), targetNote);

  const sentText = el('p', { class: 'bx-sent', role: 'status' });
  const sendBtn = button('Send orders', { class: 'primary bx-send', onclick: () => submit() });
  const keysHelp = el('p', { class: 'help bx-keys keys-help' }, 'Keys: arrows and the number pad (7 9 1 3 for diagonals) add steps, Backspace undoes, a–i picks the target slot.');

  const element = el('section', { class: 'bx-composer', 'aria-labelledby': 'bx-orders-title', tabindex: '-1' },
    title, moveBox, boostBox, fireBox, aimBox, sentText, el('div', { class: 'row bx-send-row' }, sendBtn), keysHelp);

  const maxSteps = () => (plan.booster === 'move' ? ctx.working.steps_boosted : ctx.working.steps);
  const reach = () => (plan.booster === 'shoot' ? ctx.working.reach_boosted : ctx.working.reach);
  const endCell = () => (plan.path.length ? pathCells(ctx.cell, plan.path).pop() : ctx.cell);
  const enemy = () => ctx.enemies.find((r) => r.seat === plan.target_robot) || null;

  /** Why a step `dir` cannot be added ('' when it can), as the terminal says it. */
  function stepProblem(dir) {
    if (!ctx.working.directions.includes(dir)) return `No working engine of yours drives ${DIR_WORDS[dir]}.`;
    if (plan.path.length >= maxSteps()) {
      const why = plan.booster === 'move' ? ' with the booster' : ctx.working.booster ? '; the booster on moving doubles them' : '';
      return `That is all the steps you have this turn (${maxSteps()}${why}).`;
    }
    if (!onRing(stepFrom(endCell(), dir), ctx.size)) return 'That step would leave the ring.';
    return '';
  }

  function canStep(dir) {
    return !!ctx && !busy && !stepProblem(dir);
  }

  function edit(next) {
    plan = { ...plan, ...next };
    render();
    changed();
  }

  function addStep(dir) {
    if (!ctx || busy) return false;
    const problem = stepProblem(dir);
    if (problem) {
      explain(problem, padButtons[dir]);
      return false;
    }
    edit({ path: [...plan.path, dir] });
    announce(`Path: ${pathWords(plan.path)}; ${maxSteps() - plan.path.length} steps left.`);
    return true;
  }

  function undo() {
    if (!plan.path.length) {
      explain('Your path has no step to take back.', undoBtn);
      return;
    }
    edit({ path: plan.path.slice(0, -1) });
  }

  function clear() {
    edit({ path: [] });
  }

  function setBooster(value) {
    const next = { booster: value };
    const most = value === 'move' ? ctx.working.steps_boosted : ctx.working.steps;
    if (plan.path.length > most) {
      next.path = plan.path.slice(0, most);
      notify(`Path cut to ${most} step${most === 1 ? '' : 's'}: that is as far as your robot goes without the booster on moving.`);
    }
    edit(next);
  }

  function setFire(letter) {
    edit({ fire: letter });
  }

  function setTarget(letter) {
    const aimed = enemy();
    if (!plan.fire) explain('Pick a laser first; then the letter of the enemy slot to hit.', laserRow);
    else if (aimed?.destroyed.includes(letter)) explain(`${name(aimed.seat)}’s slot ${letter} is already destroyed: pick another.`, targetButtons[LETTERS.indexOf(letter)]);
    else edit({ target: letter });
  }

  /** Fits the plan to a new turn or a changed robot (parts lost, enemies out). */
  function fit() {
    const w = ctx.working;
    const fighting = ctx.enemies.filter((r) => !r.out);
    if (ctx.turn !== turn) {
      turn = ctx.turn;
      // Aim stays on the same laser and slot while both still work; else
      // the default is to hold fire, never a half-made shot.
      const e = ctx.enemies.find((r) => r.seat === plan.target_robot);
      const keep = plan.fire && w.guns[plan.fire] && plan.target && e && !e.out && !e.destroyed.includes(plan.target);
      plan = { path: [], booster: 'none', fire: keep ? plan.fire : null, target: keep ? plan.target : null, target_robot: plan.target_robot };
      // After a reload the server still holds the orders sent: show those.
      if (ctx.sent) plan = { ...ctx.sent, path: [...ctx.sent.path] };
    }
    if (!fighting.some((r) => r.seat === plan.target_robot)) plan.target_robot = fighting[0]?.seat ?? null;
    if (plan.fire && !w.guns[plan.fire]) plan.fire = null;
    if (!w.booster) plan.booster = 'none';
    const e = enemy();
    if (plan.target && e && e.destroyed.includes(plan.target)) plan.target = null;
  }

  function renderLasers() {
    const key = Object.entries(ctx.working.guns).map(([l, d]) => l + d).join();
    if (key === laserKey) return;
    laserKey = key;
    for (const b of laserButtons) b.remove();
    laserButtons = Object.entries(ctx.working.guns).map(([letter, dir]) => button(`${letter} ${ARROW[dir]}`, {
      class: 'small bx-fire-btn', 'data-fire': letter, 'aria-label': `Laser ${letter}, facing ${DIR_WORDS[dir]}`,
      onclick: () => setFire(letter),
    }));
    laserRow.append(...laserButtons);
  }

  function renderRobots() {
    const fighting = ctx.enemies.filter((r) => !r.out);
    robotRow.hidden = ctx.enemies.length < 2;
    const key = fighting.map((r) => r.seat).join();
    if (key === robotKey) return;
    robotKey = key;
    robotRow.replaceChildren(...fighting.map((r) => {
      const b = button('', { class: 'small bx-robot-btn', 'data-seat': r.seat, 'aria-label': `Fire at ${name(r.seat)}`, onclick: () => edit({ target_robot: r.seat }) });
      b.append(badge(r.seat, 18), el('span', {}, name(r.seat)));
      return b;
    }));
  }

  /**
   * Where the chosen laser reaches, and whether the robot it is aimed at
   * stands in it now. The shot hits only that robot, so the sentence
   * names it first; another robot in the cone is said as such.
   */
  function coneWords() {
    const dir = ctx.working.guns[plan.fire];
    const [x0, y0] = endCell();
    const inside = (r) => inCone(dir, r.cell[0] - x0, r.cell[1] - y0, reach());
    const head = `Laser ${plan.fire} shoots ${DIR_WORDS[dir]}, reach ${reach()} from where your path ends.`;
    const target = enemy();
    if (!target) return head;
    const fighting = ctx.enemies.filter((r) => !r.out);
    const who = fighting.length > 1 ? `${name(target.seat)}, your target,` : name(target.seat);
    let now = inside(target) ? `${who} stands in it now, if they stay put.` : `${who} is out of it now.`;
    const others = fighting.filter((r) => r !== target && inside(r));
    if (others.length) {
      const them = others.map((r) => name(r.seat)).join(' and ');
      now += ` ${them} ${others.length > 1 ? 'stand' : 'stands'} in it too: to fire at ${others.length > 1 ? 'one of them' : them} instead, pick that robot above.`;
    }
    return `${head} ${now}`;
  }

  function render() {
    if (!ctx) return;
    const active = document.activeElement;
    paint();
    // A button that goes disabled under the focus (the last step taken,
    // the orders sent) would drop the keyboard to the page: keep it here.
    if (active && active.disabled && element.contains(active)) element.focus({ preventScroll: true });
  }

  function paint() {
    const w = ctx.working;
    title.textContent = `Your orders for turn ${ctx.turn}`;
    // Move
    for (const dir of DIRS) {
      const b = padButtons[dir];
      const engine = w.directions.includes(dir);
      // Not disabled: a tap on a step that cannot be taken says why.
      b.disabled = busy;
      b.setAttribute('aria-disabled', String(!canStep(dir)));
      b.dataset.engine = String(engine);
      b.title = engine ? `Step ${DIR_WORDS[dir]}` : `No working engine faces ${DIR_WORDS[dir]}`;
    }
    const most = maxSteps();
    padCentre.textContent = `${plan.path.length}/${most}`;
    pathText.textContent = plan.path.length ? `Path: ${plan.path.map((d) => ARROW[d]).join(' ')} (${pathWords(plan.path)})` : 'Path: none yet, your robot stands still.';
    stepsText.textContent = `${most - plan.path.length} of ${most} steps left`
      + (w.booster && plan.booster !== 'move' ? ` (${w.steps_boosted} with the booster on moving)` : '');
    undoBtn.disabled = busy || !plan.path.length;
    clearBtn.disabled = busy || !plan.path.length;
    // Booster
    for (const b of boostButtons) setToggle(b, { pressed: plan.booster === b.dataset.boost, disabled: busy || (!w.booster && b.dataset.boost !== 'none') });
    boostNote.textContent = !w.booster ? 'Your booster is destroyed.'
      : plan.booster === 'move' ? `Up to ${w.steps_boosted} steps this turn; the laser keeps reach ${w.reach}.`
        : plan.booster === 'shoot' ? `Laser reach ${w.reach_boosted} this turn; up to ${w.steps} steps.`
          : 'Doubles either your steps or your laser’s reach for one turn.';
    // Laser
    renderLasers();
    setToggle(holdBtn, { pressed: !plan.fire, disabled: busy });
    for (const b of laserButtons) setToggle(b, { pressed: plan.fire === b.dataset.fire, disabled: busy });
    fireNote.textContent = plan.fire ? `${coneWords()} You fire after moving.`
      : Object.keys(w.guns).length ? 'Pick a laser to see where it can hit.' : 'No laser of yours can fire.';
    // Target
    renderRobots();
    for (const b of robotRow.children) setToggle(b, { pressed: Number(b.dataset.seat) === plan.target_robot, disabled: busy || !plan.fire });
    const e = enemy();
    for (const b of targetButtons) {
      const letter = b.dataset.letter;
      const gone = !!e && e.destroyed.includes(letter);
      const seenDir = e?.fired?.[letter];
      setToggle(b, { pressed: plan.target === letter, disabled: busy || !plan.fire || gone });
      b.dataset.destroyed = String(gone);
      b.dataset.known = seenDir ? 'laser' : '';
      b.setAttribute('aria-label', `Slot ${letter}${gone ? ', already destroyed' : ''}${seenDir ? `, a laser seen facing ${DIR_WORDS[seenDir]}` : ''}`);
    }
    targetNote.textContent = !plan.fire ? 'Pick a laser first.'
      : !plan.target ? `Pick the letter of ${e ? name(e.seat) : 'the enemy'}’s slot to destroy if the shot hits.`
        : `A hit destroys ${e ? name(e.seat) : 'the enemy'}’s slot ${plan.target}. Circled letters are lasers you saw fire; crossed ones are already destroyed.`;
    // Send
    const sent = ctx.sent;
    const same = samePlan(plan, sent);
    const missing = plan.fire && !plan.target ? 'Pick a target slot to fire, or hold fire.' : '';
    sendBtn.disabled = busy || !!missing || same;
    sendBtn.textContent = same ? 'Orders sent ✓' : sent ? 'Replace orders' : 'Send orders';
    sentText.dataset.state = missing ? 'problem' : same ? 'sent' : sent ? 'changed' : 'draft';
    sentText.textContent = missing
      || (same ? 'Sent. You can still change them and send again until the turn resolves.'
        : sent ? 'Changed since you sent them: send again to replace your orders.'
          : 'Not sent yet. Every robot’s orders are revealed together.');
  }

  async function submit() {
    if (busy || !ctx) return;
    const action = {
      kind: 'orders', path: plan.path, booster: plan.booster,
      fire: plan.fire, target: plan.fire ? plan.target : null, turn: ctx.turn,
    };
    if (plan.fire && plan.target_robot !== null) action.target_robot = plan.target_robot;
    const hadFocus = element.contains(document.activeElement);
    busy = true;
    render();
    try {
      await send(action);
    } catch {
      // refused: the frame shows why; the plan stays for the player to fix
    } finally {
      busy = false;
      render();
      if (hadFocus && !element.contains(document.activeElement)) element.focus({ preventScroll: true });
    }
  }

  function key(e) {
    if (!ctx || e.ctrlKey || e.metaKey || e.altKey) return false;
    const dir = KEY_DIRS[e.key];
    if (dir) { addStep(dir); return true; }
    if (e.key === 'Backspace') { undo(); return true; }
    if (e.key === 'Escape') { clear(); return true; }
    const k = e.key.toLowerCase();
    if (k.length === 1 && LETTERS.includes(k)) { setTarget(k); return true; }
    return false;
  }

  return {
    element,
    key,
    /** New facts from the view; the plan keeps what still makes sense. */
    setContext(next) {
      ctx = next;
      fit();
      render();
    },
    /** The plan, with what the board needs to draw it. */
    plan() {
      if (!ctx) return null;
      const targets = DIRS.filter(canStep).map((dir) => ({ dir, cell: stepFrom(endCell(), dir) }));
      return { ...plan, cells: pathCells(ctx.cell, plan.path), end: endCell(), reach: reach(), targets };
    },
    addStep,
  };
}

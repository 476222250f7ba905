// panel.js: the controls and lists beside the board: the bid pad, the
// demonstration controls (a robot, then a direction), the bids in
// demonstration order, and the scoreboard of chips.

import { svg } from '../kit.js';
import { chipSymbol } from './board.js';
import { button, el } from '../dom.js';
import { COLORS, DIR_ARROWS, DIR_WORDS, DIRS, capitalise, chipWords, plural } from './model.js';

const MAX_BID = 99;

/** A bid: − / number / + and the Bid button. Keys: digits, Backspace, Enter. */
export function createBidPad({ onBid }) {
  const input = el('input', {
    class: 'rr-bid-input', type: 'number', inputmode: 'numeric', min: 1, max: MAX_BID, step: 1,
    'aria-label': 'Your bid: the number of moves', 'aria-describedby': 'rr-bid-state',
  });
  const minus = button('−', { class: 'rr-bid-minus', 'aria-label': 'One move fewer' });
  const plus = button('+', { class: 'rr-bid-plus', 'aria-label': 'One move more' });
  const send = button('Bid', { class: 'primary rr-bid-send' });
  const state = el('p', { class: 'help rr-bid-state', id: 'rr-bid-state' });
  const element = el('div', { class: 'rr-bidpad' },
    el('div', { class: 'rr-bid-row' }, minus, input, plus, send), state);
  let mine = 0;
  let enabled = false;
  let typed = '';

  const value = () => Number.parseInt(input.value, 10);
  const max = () => (mine || MAX_BID);
  function setValue(n) {
    input.value = String(Math.min(max(), Math.max(1, n)));
    refresh();
  }
  function refresh() {
    const v = value();
    const ok = enabled && Number.isInteger(v) && v >= 1 && v <= max();
    send.disabled = !ok;
    minus.disabled = !enabled || !(v > 1);
    plus.disabled = !enabled || !(v < max());
    input.disabled = !enabled;
    send.textContent = ok ? (mine && v === mine ? `Bid ${v} again` : `Bid ${v}`) : 'Bid';
  }
  function submit() {
    const v = value();
    if (!send.disabled) onBid(v);
    else if (enabled && mine && v > mine) state.textContent = `You bid ${mine}: a bid may go down or stay, never up.`;
  }
  minus.addEventListener('click', () => setValue((value() || 2) - 1));
  plus.addEventListener('click', () => setValue((value() || 0) + 1));
  send.addEventListener('click', submit);
  input.addEventListener('input', refresh);
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') { e.preventDefault(); e.stopPropagation(); submit(); }
  });

  return {
    element,
    /**
     * enabled: bids are open for you; mine: your bid so far (0: none);
     * running: the sand timer runs (a bid, or a player, started it).
     */
    set(next) {
      const first = !enabled && next.enabled;
      enabled = next.enabled;
      mine = next.mine;
      if (mine && value() > mine) input.value = String(mine);
      if (first && !input.value) input.value = String(mine || 5);
      state.textContent = !enabled ? '' : mine
        ? `Your bid: ${plural(mine, 'move')}. You may lower it, or say it again.`
        : next.running ? 'Found a route? Bid its number of moves before the sand runs out.'
          : 'Found a route? Bid its number of moves. The first bid starts the sand timer.';
      refresh();
    },
    /** Digits type a bid, Backspace takes one back, Enter bids. */
    key(e) {
      if (!enabled || e.ctrlKey || e.metaKey || e.altKey) return false;
      if (/^[0-9]$/.test(e.key)) {
        typed = (typed + e.key).replace(/^0+/, '').slice(-2);
        if (typed) setValue(Number(typed));
        return true;
      }
      if (e.key === 'Backspace') {
        typed = typed.slice(0, -1);
        if (typed) setValue(Number(typed));
        return true;
      }
      if (e.key === 'Enter') {
        typed = '';
        submit();
        return true;
      }
      return false;
    },
  };
}

/** A robot's disc with its letter, for buttons and lists. */
export function robotBadge(color, size = 22) {
  const col = COLORS[color];
  return svg('svg', { width: size, height: size, viewBox: '-12 -12 24 24', 'aria-hidden': 'true', focusable: 'false', class: 'rr-badge' },
    svg('circle', { r: 11, fill: col.fill, class: 'rr-badge-disc' }),
    svg('text', { y: 4.5, 'font-size': 13, fill: col.ink, class: 'rr-badge-letter' }, col.letter));
}

/** A chip's symbol as a small standalone picture. */
export function chipBadge(chip, size = 20) {
  const el = svg('svg', { width: size, height: size, viewBox: '-12 -12 24 24', 'aria-hidden': 'true', focusable: 'false', class: 'rr-badge' });
  el.append(chipSymbol(chip, 0, 0, 10));
  return el;
}

/** The demonstrator's controls: pick a robot, then a direction. */
export function createDemoControls({ onRobot, onDir, onGiveUp }) {
  const robots = el('div', { class: 'rr-robot-pick', role: 'group', 'aria-label': 'Robots' });
  const pad = el('div', { class: 'rr-dir-pad', role: 'group', 'aria-label': 'Directions' });
  const dirButtons = {};
  for (const dir of DIRS) {
    dirButtons[dir] = button(DIR_ARROWS[dir], { class: 'rr-dir-btn', 'data-dir': dir, 'aria-label': `Move ${DIR_WORDS[dir]}` });
    dirButtons[dir].addEventListener('click', () => onDir(dir));
  }
  pad.append(el('span'), dirButtons.N, el('span'), dirButtons.W, el('span', { class: 'rr-dir-centre', 'aria-hidden': 'true' }), dirButtons.E,
    el('span'), dirButtons.S, el('span'));
  const giveUp = button('Give up', { class: 'rr-give-up quiet' });
  giveUp.addEventListener('click', onGiveUp);
  const keys = el('p', { class: 'help rr-keys' });
  const element = el('div', { class: 'rr-demo-controls' }, robots, el('div', { class: 'rr-demo-row' }, pad, giveUp), keys);
  const robotButtons = new Map();

  return {
    element,
    /**
     * colors: the robots in play; selected: one or null; movable: dir →
     * bool; touch: a touch screen (no keys to speak of).
     */
    set({ colors, selected, movable, touch }) {
      if (robotButtons.size !== colors.length) {
        robots.replaceChildren();
        robotButtons.clear();
        for (const c of colors) {
          const b = button('', { class: 'rr-robot-btn', 'data-robot': c, 'aria-label': `${capitalise(c)} robot (${COLORS[c].letter})` });
          b.append(robotBadge(c, 24), el('span', {}, capitalise(c)));
          b.addEventListener('click', () => onRobot(c));
          robotButtons.set(c, b);
          robots.append(b);
        }
      }
      for (const [c, b] of robotButtons) b.setAttribute('aria-pressed', String(c === selected));
      for (const dir of DIRS) {
        dirButtons[dir].disabled = !selected || !movable[dir];
        dirButtons[dir].setAttribute('aria-label', selected ? `Move the ${selected} robot ${DIR_WORDS[dir]}` : `Move ${DIR_WORDS[dir]}`);
      }
      const letters = colors.map((c) => COLORS[c].letter).join(' ');
      keys.textContent = touch ? 'Tap a robot, then an arrow.'
        : `Click a robot, then an arrow. Keys: ${letters} pick a robot, the arrow keys move it.`;
    },
    focusRobot(c) {
      robotButtons.get(c)?.focus({ preventScroll: true });
    },
  };
}

/** The bids in demonstration order, with how each demonstration went. */
export function bidsList(view, { name, badge, you }) {
  const list = el('ol', { class: 'rr-bids', 'aria-label': 'Bids, lowest first' });
  const failed = new Map((view.attempts || []).map((a) => [a.seat, a]));
  const rows = view.phase === 'demonstration'
    ? view.demo_order.map((seat) => ({ seat, moves: view.bids.find((b) => b.seat === seat)?.moves }))
    : view.bids;
  for (const b of rows) {
    let state = '';
    if (view.demonstrator === b.seat) state = 'demonstrating';
    else if (failed.has(b.seat)) state = 'failed';
    const li = el('li', { class: 'rr-bid', 'data-seat': b.seat, 'data-state': state || 'waiting', 'data-mine': String(b.seat === you) },
      badge(b.seat, 18), el('span', { class: 'rr-bid-name' }, name(b.seat)),
      el('span', { class: 'rr-bid-moves' }, plural(b.moves, 'move')),
      state ? el('span', { class: 'rr-bid-tag' }, state) : null);
    list.append(li);
  }
  if (!rows.length) list.append(el('li', { class: 'rr-bid-none' }, 'No bids yet.'));
  return list;
}

/** Chips per seat, with the chips themselves. */
export function scoreboard(view, { name, badge, you }) {
  const list = el('ul', { class: 'rr-score', 'aria-label': 'Chips won' });
  view.chips.forEach((n, seat) => {
    const chips = el('span', { class: 'rr-score-chips' });
    for (const chip of view.won[seat]) {
      const pic = chipBadge(chip, 18);
      pic.append(svg('title', {}, chipWords(chip)));
      chips.append(pic);
    }
    list.append(el('li', { class: 'rr-score-row', 'data-seat': seat, 'data-mine': String(seat === you) },
      badge(seat, 20), el('span', { class: 'rr-score-name' }, name(seat)),
      el('span', { class: 'rr-score-count', 'aria-label': plural(n, 'chip') }, String(n)), chips));
  });
  return list;
}

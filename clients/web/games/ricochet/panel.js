// panel.js: the controls and lists beside the board: the bid pad, the
// demonstration controls (a robot, then a direction), the bids in
// demonstration order, and the scoreboard of chips.

import { svg } from '../kit.js';
import { chipSymbol } from './board.js';
import { button, el } from '../dom.js';
import { COLORS, DIR_ARROWS, DIR_WORDS, DIRS, capitalise, chipWords, plural } from './model.js';

const MAX_BID = 99;

/**
 * Why `text` cannot be bid now ('' when it can); `mine` is the player's
 * bid so far (0: none). A bid only goes down: saying the same number
 * again changes nothing, so the box says so instead of sending it.
 */
export function bidProblem(text, mine) {
  const t = String(text).trim();
  if (!t) return `Type your route’s number of moves, from 1 to ${MAX_BID}.`;
  if (!/^[0-9]+$/.test(t) || Number(t) < 1 || Number(t) > MAX_BID) return `A bid is a number of moves from 1 to ${MAX_BID}.`;
  const n = Number(t);
  if (mine && n > mine) return `You bid ${mine} already: a bid may go down, never up.`;
  if (mine && n === mine) return `You bid ${mine} already: to change it, bid fewer moves.`;
  return '';
}

/**
 * A bid: − / number / + and the Bid button. Digits typed at the table
 * start a new number in the box and put the caret there (it shows what
 * is typed); from then on the box takes the keys as any text box, and
 * Enter bids. Whatever stops a bid is said under the box.
 */
export function createBidPad({ onBid }) {
  const input = el('input', {
    class: 'rr-bid-input', type: 'text', inputmode: 'numeric', autocomplete: 'off', enterkeyhint: 'send',
    'aria-label': 'Your bid: the number of moves', 'aria-describedby': 'rr-bid-state',
  });
  const minus = button('−', { class: 'rr-bid-minus', 'aria-label': 'One move fewer' });
  const plus = button('+', { class: 'rr-bid-plus', 'aria-label': 'One move more' });
  const send = button('Bid', { class: 'primary rr-bid-send' });
  const state = el('p', { class: 'help rr-bid-state', id: 'rr-bid-state', 'aria-live': 'polite' });
  const element = el('div', { class: 'rr-bidpad' },
    el('div', { class: 'rr-bid-row' }, minus, input, plus, send), state);
  let mine = 0;
  let enabled = false;
  let running = false;

  const number = () => (/^[0-9]+$/.test(input.value.trim()) ? Number(input.value.trim()) : NaN);
  // The highest bid that may be sent: one below your own, or the most.
  const top = () => (mine ? mine - 1 : MAX_BID);

  function setValue(n) {
    input.value = String(Math.min(top(), Math.max(1, n)));
    refresh();
  }

  /** What the line under the box says when nothing is wrong. */
  function calm() {
    if (mine) return `Bid ${number()} to lower your bid of ${mine}.`;
    return running ? 'Found a route? Bid its number of moves before the sand runs out.'
      : 'Found a route? Bid its number of moves. The first bid starts the sand timer.';
  }

  function refresh() {
    const problem = enabled ? bidProblem(input.value, mine) : '';
    const n = number();
    send.disabled = !enabled || !!problem;
    minus.disabled = !enabled || !(n > 1);
    plus.disabled = !enabled || !(Number.isNaN(n) ? top() >= 1 : n < top());
    input.disabled = !enabled;
    send.textContent = problem ? 'Bid' : `Bid ${n}`;
    state.textContent = !enabled ? '' : problem || calm();
    // Your own bid in the box is no mistake: it says where you stand.
    state.dataset.problem = String(!!problem && !(mine && n === mine));
  }

  /** Bids what the box says, or says again why not (and shows it). */
  function submit() {
    if (!enabled) return;
    if (send.disabled) {
      refresh();
      state.classList.remove('rr-said');
      void state.offsetWidth; // restarts the flash
      state.classList.add('rr-said');
      return;
    }
    onBid(number());
    // The next digit typed starts a new number.
    if (document.activeElement === input) input.select();
  }

  minus.addEventListener('click', () => setValue((Number.isNaN(number()) ? top() + 1 : number()) - 1));
  plus.addEventListener('click', () => setValue((Number.isNaN(number()) ? 0 : number()) + 1));
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
      const newBid = next.mine !== mine;
      enabled = next.enabled;
      mine = next.mine;
      running = !!next.running;
      // What the player is typing is theirs; otherwise the box shows the
      // bid they stand on (or a start for + and −).
      if (document.activeElement !== input && (first || (newBid && mine))) input.value = String(mine || 5);
      refresh();
    },
    /** Keys at the table: a digit starts a new number in the box, Enter bids. */
    key(e) {
      if (!enabled || e.ctrlKey || e.metaKey || e.altKey) return false;
      if (/^[0-9]$/.test(e.key)) {
        input.value = e.key;
        input.focus({ preventScroll: true });
        input.setSelectionRange(1, 1);
        refresh();
        return true;
      }
      if (e.key === 'Backspace') {
        input.focus({ preventScroll: true });
        input.value = input.value.slice(0, -1);
        refresh();
        return true;
      }
      if (e.key === 'Enter') {
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
      badge(b.seat, 18), el('span', { class: 'rr-bid-name', title: name(b.seat) }, name(b.seat)),
      el('span', { class: 'rr-bid-moves' }, plural(b.moves, 'move')),
      state ? el('span', { class: 'rr-bid-break', 'aria-hidden': 'true' }) : null,
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

// board.js: the hex board in SVG. It draws the cells and goals once per
// board size, keeps one SVG group per robot (so moves can glide with CSS
// transitions instead of redrawing), and offers the direction picker that
// appears around the robot a player has selected. It knows nothing of
// turns or dice: the renderer tells it what to show.

import { svg, seatStyle, shapeElement } from '../kit.js';
import { DIRS, DIR_ANGLE, DIR_WORDS, boardCells, cellXY, hexPoints, onBoard, sameCell } from './hex.js';

export const S = 30;                 // user units per hex radius
const BODY = 0.46 * S;               // a robot's body radius
const ARROW_TIP = 1.04 * S;          // past the cell's edge (0.866): easy to see

export const robotKey = (r) => `${r.owner}-${r.number}`;

function px(cell) {
  const [x, y] = cellXY(cell);
  return [x * S, y * S];
}

/** The shortest way round from angle `from` to `to` (degrees), as an absolute angle. */
function turnTowards(from, to) {
  let delta = (to - from) % 360;
  if (delta > 180) delta -= 360;
  if (delta < -180) delta += 360;
  return from + delta;
}

function arrowShape() {
  // A bold notched pointer from the body's edge to past the cell's edge,
  // drawn over the body: it reads at phone size and at a glance.
  const w = 0.36 * S;
  return svg('polygon', {
    class: 'mo-arrow',
    points: `${0.42 * S},${-w} ${ARROW_TIP},0 ${0.42 * S},${w} ${0.58 * S},0`,
  });
}

/** The body in the owner's seat shape, sized so the number fits inside. */
function bodyShape(st) {
  const r = { triangle: 0.6 * S, square: 0.5 * S, diamond: 0.5 * S }[st.shape] || BODY;
  return shapeElement(st.shape, 0, 0, r, { class: 'mo-body', fill: st.color });
}

function robotLabel(r, name) {
  return `${name(r.owner)}’s robot ${r.number}, facing ${DIR_WORDS[r.dir]}`;
}

export function createBoard({ onRobot, onPick, name }) {
  const root = svg('svg', { class: 'mo-board', role: 'group', 'aria-label': 'The board' });
  const title = svg('title', {}, 'The board');
  const cellLayer = svg('g', { class: 'mo-cells' });
  const goalLayer = svg('g', { class: 'mo-goals' });
  const robotLayer = svg('g', { class: 'mo-robots' });
  const pickLayer = svg('g', { class: 'mo-picker' });
  root.append(title, cellLayer, goalLayer, robotLayer, pickLayer);

  let radius = null;
  let goals = [];
  const robots = new Map(); // key -> {g, arrow, angle, data}

  function drawCells(view) {
    radius = view.radius;
    // The cells and a margin as wide as the direction picker reaches
    // around an edge cell; robots leaving the board slide into it (and
    // past it: the SVG does not clip).
    const wide = (1.5 * radius + 1.55) * S;
    const high = (Math.sqrt(3) * (radius + 0.5) + 0.2) * S;
    root.setAttribute('viewBox', `${-wide} ${-high} ${2 * wide} ${2 * high}`);
    cellLayer.replaceChildren(...boardCells(radius).map((cell) => {
      const [x, y] = px(cell);
      return svg('polygon', { class: 'mo-cell', points: hexPoints(x, y, S * 0.97), 'data-cell': cell.join(',') });
    }));
  }

  function drawGoals(view) {
    goals = view.goals;
    goalLayer.replaceChildren(...view.goals.map((goal) => {
      const [x, y] = px(goal.cell);
      const st = seatStyle(goal.owner);
      const g = svg('g', { class: 'mo-goal', 'data-owner': goal.owner });
      g.append(
        svg('title', {}, `${name(goal.owner)}’s goal`),
        svg('polygon', { class: 'mo-goal-cell', points: hexPoints(x, y, S * 0.97), fill: st.color, stroke: st.color }),
        shapeElement(st.shape, x, y - 0.12 * S, 0.3 * S, { class: 'mo-goal-mark', fill: 'none', stroke: st.ink, 'stroke-width': 2 }),
        svg('text', { class: 'mo-goal-text', x, y: y + 0.62 * S, 'text-anchor': 'middle', fill: st.ink }, 'GOAL'),
      );
      return g;
    }));
  }

  function makeRobot(r) {
    const st = seatStyle(r.owner);
    const g = svg('g', { class: 'mo-robot', 'data-owner': r.owner, 'data-number': r.number });
    const spin = svg('g', { class: 'mo-spin' }, arrowShape());
    const halo = svg('circle', { class: 'mo-halo', r: 0.8 * S });
    const triangle = st.shape === 'triangle';
    const number = svg('text', {
      class: 'mo-number', x: 0, y: triangle ? 0.32 * S : 0.24 * S, 'text-anchor': 'middle', fill: st.ink,
      'font-size': triangle ? 0.54 * S : 0.68 * S,
    }, String(r.number));
    const label = svg('title', {});
    g.append(label, halo, bodyShape(st), number, spin);
    g.addEventListener('click', () => onRobot?.(r.owner, r.number));
    g.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        e.stopPropagation();
        onRobot?.(r.owner, r.number);
      }
    });
    robotLayer.append(g);
    const entry = { g, spin, label, angle: DIR_ANGLE[r.dir], data: r };
    robots.set(robotKey(r), entry);
    return entry;
  }

  function place(entry, cell, dir, { ms = 0 } = {}) {
    const [x, y] = px(cell);
    entry.angle = turnTowards(entry.angle, DIR_ANGLE[dir]);
    const t = ms ? `transform ${ms}ms ease-in-out, opacity ${ms}ms` : 'none';
    entry.g.style.transition = t;
    entry.spin.style.transition = t;
    entry.g.style.transform = `translate(${x}px, ${y}px)`;
    entry.spin.style.transform = `rotate(${entry.angle}deg)`;
    entry.data = { ...entry.data, cell, dir };
    entry.label.textContent = robotLabel(entry.data, name);
  }

  /** Shows exactly these robots, where they stand, with no motion. */
  function show(list) {
    const keep = new Set(list.map(robotKey));
    for (const [key, entry] of robots) {
      if (!keep.has(key)) { entry.g.remove(); robots.delete(key); }
    }
    for (const r of list) {
      const entry = robots.get(robotKey(r)) || makeRobot(r);
      entry.g.style.opacity = '';
      entry.g.classList.remove('mo-moving', 'mo-pushed', 'mo-leaving');
      place(entry, r.cell, r.dir);
    }
  }

  /** Glides a robot to `cell` (pointing `dir`, or as it was) in ms. */
  function move(robot, cell, { ms, dir, role = 'moving' } = {}) {
    const entry = robots.get(robotKey(robot));
    if (!entry) return;
    entry.g.classList.add(`mo-${role}`);
    // The mover is drawn on top of the robots it pushes.
    robotLayer.append(entry.g);
    place(entry, cell, dir || entry.data.dir, { ms });
  }

  function turn(robot, dir, { ms } = {}) {
    const entry = robots.get(robotKey(robot));
    if (!entry) return;
    entry.g.classList.add('mo-moving');
    place(entry, entry.data.cell, dir, { ms });
  }

  /** Fades a robot that went into a goal or off the edge. */
  function remove(robot, { ms }) {
    const entry = robots.get(robotKey(robot));
    if (!entry) return;
    entry.g.classList.add('mo-leaving');
    entry.g.style.transition = `opacity ${ms}ms`;
    entry.g.style.opacity = '0';
  }

  function calm() {
    for (const entry of robots.values()) entry.g.classList.remove('mo-moving', 'mo-pushed');
  }

  /**
   * Marks the robots a player may act on (focusable buttons) and the one
   * selected; around the selected one, the six direction buttons.
   * choices: {robots: Map number -> legal entry, selected, mine (seat)}.
   */
  function setChoices({ seat = -1, legal = null, selected = null, picker: withPicker = true } = {}) {
    for (const entry of robots.values()) {
      const r = entry.data;
      const can = !!legal && r.owner === seat && legal.has(r.number);
      entry.g.classList.toggle('mo-can', can);
      entry.g.classList.toggle('mo-selected', can && r.number === selected);
      if (can) {
        entry.g.setAttribute('role', 'button');
        entry.g.setAttribute('tabindex', '0');
        entry.g.setAttribute('aria-label', `${robotLabel(r, name)}: select`);
        entry.g.setAttribute('aria-pressed', String(r.number === selected));
      } else {
        for (const a of ['role', 'tabindex', 'aria-label', 'aria-pressed']) entry.g.removeAttribute(a);
      }
    }
    pickLayer.replaceChildren();
    const choice = legal && selected !== null ? legal.get(selected) : null;
    const entry = choice ? robots.get(`${seat}-${selected}`) : null;
    if (entry && withPicker) pickLayer.append(...picker(entry.data, choice));
  }

  function picker(r, choice) {
    const [x, y] = px(r.cell);
    return DIRS.map((dir) => {
      const step = dir === r.dir;
      const enabled = step ? choice.step : choice.turn.includes(dir);
      const a = (DIR_ANGLE[dir] * Math.PI) / 180;
      const d = 1.16 * S;
      const cx = x + d * Math.cos(a);
      const cy = y + d * Math.sin(a);
      const what = step ? `Step robot ${r.number} ${DIR_WORDS[dir]}` : `Turn robot ${r.number} to ${DIR_WORDS[dir]}`;
      const g = svg('g', {
        class: `mo-pick${step ? ' mo-pick-step' : ''}`, 'data-dir': dir, 'data-step': String(step),
        role: 'button', tabindex: enabled ? '0' : '-1', 'aria-label': what, 'aria-disabled': String(!enabled),
      });
      const glyph = step
        // Two chevrons: "go forward"; one: "face this way".
        ? svg('path', { class: 'mo-pick-glyph', d: 'M -7 -6 L -1 0 L -7 6 M 1 -6 L 7 0 L 1 6' })
        : svg('path', { class: 'mo-pick-glyph', d: 'M -3 -6 L 4 0 L -3 6' });
      glyph.setAttribute('transform', `rotate(${DIR_ANGLE[dir]})`);
      g.append(svg('title', {}, what), svg('circle', { class: 'mo-pick-disc', r: 0.34 * S }), glyph);
      g.setAttribute('transform', `translate(${cx.toFixed(2)} ${cy.toFixed(2)})`);
      if (enabled) {
        const pick = () => onPick?.(r.number, step ? 'step' : dir);
        g.addEventListener('click', pick);
        g.addEventListener('keydown', (e) => {
          if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); e.stopPropagation(); pick(); }
        });
      }
      return g;
    });
  }

  function focusRobot(seat, number) {
    robots.get(`${seat}-${number}`)?.g.focus({ preventScroll: true });
  }

  function setTitle(text) {
    title.textContent = text;
    root.setAttribute('aria-label', text);
  }

  return {
    element: root,
    /** Redraws cells and goals when the board changes (a new variant never does mid-room). */
    setBoard(view) {
      if (radius !== view.radius) drawCells(view);
      const sig = JSON.stringify(view.goals);
      if (sig !== JSON.stringify(goals)) drawGoals(view);
    },
    show, move, turn, remove, calm, setChoices, focusRobot, setTitle,
    isGoal: (cell) => goals.some((g) => sameCell(g.cell, cell)),
    onBoard: (cell) => radius !== null && onBoard(cell, radius),
  };
}

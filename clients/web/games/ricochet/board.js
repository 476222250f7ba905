// board.js: the Ricochet Robots board in SVG. The walls, the centre block
// with the revealed chip, every target (its colour's letter inside its
// symbol), the start markers of a demonstration, the robots (colour and
// letter) and, for the demonstrator, the selected robot's arrows with a
// preview of where each move would end. Robots slide along the server's
// paths cell by cell; `play` runs a list of such slides and resolves when
// they are done.

import { svg } from '../kit.js';
import { COLORS, DIR_WORDS, ROBOTS, SIZE, capitalise, chipWords, xyOf } from './model.js';

const C = 40;          // a cell, in SVG units
const M = 6;           // the margin around the board
const CELL_MS = 55;    // slide speed: per cell
const MIN_SLIDE_MS = 200;

const centreOf = (cell) => {
  const [x, y] = xyOf(cell);
  return [x * C + C / 2, y * C + C / 2];
};

function polygon(cx, cy, r, n, rotation) {
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = rotation + (i * 2 * Math.PI) / n;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
}

/** A chip's symbol centred on (cx, cy), radius r, with its colour's letter. */
export function chipSymbol(chip, cx, cy, r, { letter = true } = {}) {
  const g = svg('g', { class: 'rr-symbol' });
  if (chip.symbol === 'vortex') {
    // four quarter-discs in the robots' colours: every robot may finish
    ['red', 'green', 'blue', 'yellow'].forEach((c, i) => {
      const a0 = (i * Math.PI) / 2 - Math.PI / 2;
      const a1 = a0 + Math.PI / 2;
      const p = (a) => `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
      g.append(svg('path', { d: `M${cx},${cy} L${p(a0)} A${r},${r} 0 0 1 ${p(a1)} Z`, fill: COLORS[c].fill }));
    });
    g.append(svg('circle', { cx, cy, r, fill: 'none', class: 'rr-symbol-edge' }));
    g.append(svg('circle', { cx, cy, r: r * 0.42, class: 'rr-vortex-eye' }));
    return g;
  }
  const col = COLORS[chip.color];
  const attrs = { fill: col.fill, class: 'rr-symbol-edge' };
  let shape;
  if (chip.symbol === 'circle') shape = svg('circle', { cx, cy, r: r * 0.95, ...attrs });
  else if (chip.symbol === 'square') shape = svg('rect', { x: cx - r * 0.82, y: cy - r * 0.82, width: r * 1.64, height: r * 1.64, rx: r * 0.12, ...attrs });
  else if (chip.symbol === 'triangle') shape = svg('polygon', { points: polygon(cx, cy + r * 0.18, r * 1.15, 3, -Math.PI / 2), ...attrs });
  else shape = svg('polygon', { points: polygon(cx, cy, r, 6, 0), ...attrs });
  g.append(shape);
  if (letter) {
    const size = chip.symbol === 'triangle' ? r * 0.8 : r * 1.0;
    g.append(svg('text', { x: cx, y: cy + size * 0.36 + (chip.symbol === 'triangle' ? r * 0.22 : 0), 'font-size': size, fill: col.ink, class: 'rr-symbol-letter' }, col.letter));
  }
  return g;
}

/** A robot: a disc of its colour with its letter, drawn at the origin. */
function robotArt(color) {
  const col = COLORS[color];
  return [
    svg('circle', { r: 15.5, class: 'rr-robot-body', fill: col.fill }),
    svg('circle', { r: 11.5, class: 'rr-robot-rim' }),
    svg('text', { y: 6, class: 'rr-robot-letter', fill: col.ink }, col.letter),
  ];
}

export function createBoard({ onRobot, onArrow }) {
  const size = SIZE * C;
  const root = svg('svg', {
    class: 'rr-board', viewBox: `${-M} ${-M} ${size + 2 * M} ${size + 2 * M}`, role: 'group',
    'aria-roledescription': 'board', focusable: 'false',
  });
  const title = svg('title');
  const floor = svg('g', { class: 'rr-floor' });
  const targets = svg('g', { class: 'rr-targets' });
  const goal = svg('g', { class: 'rr-goal-layer' });
  const walls = svg('g', { class: 'rr-walls' });
  const centre = svg('g', { class: 'rr-centre' });
  const markers = svg('g', { class: 'rr-markers' });
  const trails = svg('g', { class: 'rr-trails' });
  const preview = svg('g', { class: 'rr-preview' });
  const robots = svg('g', { class: 'rr-robots' });
  const arrows = svg('g', { class: 'rr-arrows' });
  const caption = svg('g', { class: 'rr-caption' });
  root.append(title, floor, targets, goal, walls, centre, markers, trails, preview, robots, arrows, caption);

  const robotEls = new Map();
  let shown = {};      // colour -> cell as drawn now
  let drawnLayout = null;
  let playing = 0;     // a token: bumping it stops a running play

  function drawStatic(board) {
    const key = JSON.stringify(board.layout);
    if (drawnLayout === key) return;
    drawnLayout = key;
    floor.replaceChildren(svg('rect', { x: -M, y: -M, width: size + 2 * M, height: size + 2 * M, rx: 10, class: 'rr-frame' }),
      svg('rect', { x: 0, y: 0, width: size, height: size, class: 'rr-cells' }));
    for (let i = 1; i < SIZE; i++) {
      floor.append(svg('line', { x1: i * C, y1: 0, x2: i * C, y2: size, class: 'rr-grid' }),
        svg('line', { x1: 0, y1: i * C, x2: size, y2: i * C, class: 'rr-grid' }));
    }
    targets.replaceChildren(...board.targets.map((t) => {
      const [cx, cy] = centreOf(t.cell);
      const g = svg('g', { class: 'rr-target', 'data-cell': t.cell });
      g.append(svg('title', {}, capitalise(chipWords(t))));
      g.append(svg('rect', { x: cx - C / 2 + 1, y: cy - C / 2 + 1, width: C - 2, height: C - 2, rx: 4, fill: COLORS[t.color].soft, class: 'rr-target-cell' }));
      g.append(chipSymbol(t, cx, cy, 13.5));
      return g;
    }));
    const segs = [];
    board.walls.forEach((bits, cell) => {
      const [x, y] = xyOf(cell);
      const [x0, y0, x1, y1] = [x * C, y * C, (x + 1) * C, (y + 1) * C];
      if (bits & 1) segs.push(`M${x0} ${y0}H${x1}`);
      if (bits & 2) segs.push(`M${x1} ${y0}V${y1}`);
      if (bits & 4) segs.push(`M${x0} ${y1}H${x1}`);
      if (bits & 8) segs.push(`M${x0} ${y0}V${y1}`);
    });
    walls.replaceChildren(svg('path', { d: segs.join(''), class: 'rr-wall' }));
    const [bx, by] = xyOf(Math.min(...board.centre));
    centre.replaceChildren(svg('rect', { x: bx * C + 1, y: by * C + 1, width: 2 * C - 2, height: 2 * C - 2, rx: 6, class: 'rr-block' }));
  }

  function robotEl(color) {
    if (robotEls.has(color)) return robotEls.get(color);
    const g = svg('g', { class: 'rr-robot', 'data-robot': color });
    g.append(svg('circle', { r: 19, class: 'rr-robot-halo' }), ...robotArt(color));
    g.addEventListener('click', () => onRobot(color));
    g.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); onRobot(color); }
    });
    robotEls.set(color, g);
    robots.append(g);
    return g;
  }

  function place(g, cell) {
    const [cx, cy] = centreOf(cell);
    g.style.transform = `translate(${cx}px, ${cy}px)`;
  }

  function drawRobots(cells, { interactive, selected }) {
    for (const color of ROBOTS) {
      if (cells[color] === undefined) {
        robotEls.get(color)?.remove();
        robotEls.delete(color);
        continue;
      }
      const g = robotEl(color);
      if (!g.isConnected) robots.append(g);
      place(g, cells[color]);
      const [x, y] = xyOf(cells[color]);
      const label = `${capitalise(color)} robot (${COLORS[color].letter}), column ${x + 1}, row ${y + 1}`;
      g.setAttribute('aria-label', interactive ? `${label}: select to move it` : label);
      g.dataset.selected = String(selected === color);
      if (interactive) {
        g.setAttribute('role', 'button');
        g.setAttribute('tabindex', '0');
        g.setAttribute('aria-pressed', String(selected === color));
      } else {
        g.setAttribute('role', 'img');
        g.removeAttribute('tabindex');
        g.removeAttribute('aria-pressed');
      }
    }
    shown = { ...cells };
  }

  function drawGoal(target) {
    goal.replaceChildren();
    if (!target) return;
    const [cx, cy] = centreOf(target.cell);
    goal.append(svg('rect', { x: cx - C / 2 - 2, y: cy - C / 2 - 2, width: C + 4, height: C + 4, rx: 7, class: 'rr-goal' }));
  }

  function drawCentreChip(chip, dim) {
    centre.querySelector('.rr-chip')?.remove();
    const [cx, cy] = [SIZE * C / 2, SIZE * C / 2];
    const g = svg('g', { class: `rr-chip${dim ? ' rr-chip-dim' : ''}` });
    g.append(svg('circle', { cx, cy, r: 30, class: 'rr-chip-disc' }));
    if (chip) {
      g.append(svg('title', {}, `The chip: ${chipWords(chip)}`));
      g.append(chipSymbol(chip, cx, cy, 19));
    } else {
      g.append(svg('text', { x: cx, y: cy + 9, class: 'rr-chip-none' }, '?'));
    }
    centre.append(g);
  }

  function drawMarkers(cells) {
    markers.replaceChildren();
    for (const [color, cell] of Object.entries(cells || {})) {
      const [cx, cy] = centreOf(cell);
      markers.append(svg('g', { class: 'rr-marker' },
        svg('title', {}, `Where the ${color} robot started`),
        svg('rect', { x: cx - 11, y: cy - 11, width: 22, height: 22, rx: 3, fill: COLORS[color].soft, stroke: COLORS[color].fill }),
        svg('text', { x: cx, y: cy + 5, class: 'rr-marker-letter' }, COLORS[color].letter)));
    }
  }

  /** Arrows around the selected robot, each with the slide it would make. */
  function drawArrows(moves, color) {
    arrows.replaceChildren();
    preview.replaceChildren();
    if (!color || !moves) return;
    const from = shown[color];
    const [fx, fy] = centreOf(from);
    for (const { dir, path } of moves) {
      if (!path.length) continue;
      const [ex, ey] = centreOf(path[path.length - 1]);
      const [ax, ay] = centreOf(path[0]);
      preview.append(svg('line', { x1: fx, y1: fy, x2: ex, y2: ey, class: 'rr-preview-line', 'data-dir': dir }),
        svg('circle', { cx: ex, cy: ey, r: 12, stroke: COLORS[color].fill, class: 'rr-ghost', 'data-dir': dir }));
      const rot = { N: -90, E: 0, S: 90, W: 180 }[dir];
      const arrow = svg('g', {
        class: 'rr-arrow', 'data-dir': dir, role: 'button', tabindex: '0',
        'aria-label': `Move the ${color} robot ${DIR_WORDS[dir]}`,
        transform: `translate(${ax} ${ay}) rotate(${rot})`,
      });
      arrow.append(svg('circle', { r: 17, class: 'rr-arrow-hit' }), svg('path', { d: 'M-8,-10 L9,0 L-8,10 Z', class: 'rr-arrow-head' }));
      arrow.addEventListener('click', (e) => { e.stopPropagation(); onArrow(dir); });
      arrow.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); onArrow(dir); }
      });
      arrows.append(arrow);
    }
  }

  /** A replayed move left on the board: a line in the robot's colour and
   *  the move's number where it stopped. */
  function addTrail({ robot, from, to, n }) {
    const [x0, y0] = centreOf(from);
    const [x1, y1] = centreOf(to);
    const dx = Math.sign(x1 - x0) * 12, dy = Math.sign(y1 - y0) * 12;
    trails.append(svg('line', { x1: x0, y1: y0, x2: x1 - dx, y2: y1 - dy, stroke: COLORS[robot].fill, class: 'rr-trail' }),
      svg('g', { class: 'rr-trail-no' },
        svg('circle', { cx: x1 + (dx ? -dx * 1.6 : 13), cy: y1 + (dy ? -dy * 1.6 : -13), r: 8, stroke: COLORS[robot].fill }),
        svg('text', { x: x1 + (dx ? -dx * 1.6 : 13), y: y1 + (dy ? -dy * 1.6 : -13) + 3.5 }, String(n))));
  }

  function setCaption(text) {
    caption.replaceChildren();
    if (!text) return;
    const w = Math.min(size - 20, 14 + text.length * 11);
    caption.append(svg('rect', { x: (size - w) / 2, y: 8, width: w, height: 34, rx: 17, class: 'rr-caption-box' }),
      svg('text', { x: size / 2, y: 31, class: 'rr-caption-text' }, text));
  }

  /** Slides one robot along `path` (cells entered), cell by cell. */
  function slideAlong(color, fromCell, path, token) {
    const g = robotEl(color);
    const frames = [fromCell, ...path].map((cell) => {
      const [cx, cy] = centreOf(cell);
      return { transform: `translate(${cx}px, ${cy}px)` };
    });
    const duration = Math.max(MIN_SLIDE_MS, path.length * CELL_MS);
    return new Promise((resolve) => {
      const anim = g.animate(frames, { duration, easing: 'ease-in', fill: 'forwards' });
      const done = () => {
        anim.cancel();
        if (token === playing) place(g, path[path.length - 1]);
        resolve();
      };
      anim.onfinish = done;
      anim.oncancel = resolve;
    });
  }

  return {
    element: root,

    /** Draws everything from a scene (see renderer.js). */
    draw(scene) {
      drawStatic(scene.board);
      title.textContent = scene.title;
      root.setAttribute('aria-label', scene.title);
      drawGoal(scene.target);
      drawCentreChip(scene.chip, scene.chipDim);
      drawMarkers(scene.markers);
      drawRobots(scene.robots, scene);
      drawArrows(scene.moves, scene.selected);
      setCaption(scene.caption);
      trails.replaceChildren();
      root.dataset.interactive = String(!!scene.interactive);
    },

    /** Plays steps: {robot, from, path} slides and {cells} jumps, each
     *  with an optional {trail} to leave behind and a pause (ms) after it;
     *  resolves true when done, false when stopped. */
    async play(steps, { pause = 0, onStep } = {}) {
      const token = ++playing;
      root.dataset.playing = 'true';
      arrows.replaceChildren();
      preview.replaceChildren();
      for (let i = 0; i < steps.length && token === playing; i++) {
        const s = steps[i];
        onStep?.(i, s);
        if (s.cells) {
          drawRobots(s.cells, { interactive: false });
        } else {
          await slideAlong(s.robot, s.from, s.path, token);
          shown[s.robot] = s.path[s.path.length - 1];
        }
        if (s.trail && token === playing) addTrail(s.trail);
        if (pause && token === playing) await new Promise((r) => setTimeout(r, pause));
      }
      if (token === playing) root.dataset.playing = 'false';
      return token === playing;
    },

    playing: () => root.dataset.playing === 'true',

    caption: setCaption,

    stop() {
      playing++;
      root.dataset.playing = 'false';
      for (const g of robotEls.values()) g.getAnimations().forEach((a) => a.cancel());
    },

    focusRobot(color) {
      robotEls.get(color)?.focus({ preventScroll: true });
    },
  };
}

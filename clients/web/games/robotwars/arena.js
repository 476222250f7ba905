// arena.js: the war zone as SVG: the 12×12 floor with its penalty areas
// (spikes, circular saw, flame grill), the four corner patrol zones with
// their house robots, the pit (a closed tile, then a hole), and the robots:
// each its seat's shape, colour and number with a wedge showing its facing
// and a weapon bar on its front. For the robot to move, the squares it may
// step to are marked (a click steps there) and an opponent it may attack is
// ringed (a click attacks). Moves are animated with CSS transitions.

import { svg, seatStyle, shapeElement } from '../kit.js';
import { FACING_WORDS, cellWords } from './words.js';

export const CELL = 40;
// A finger needs this much (CSS px) to hit a mark: on a phone a square is
// some 27 px, so marks reach past their square, away from the mover.
const FINGER = 44;
// The wall around the war zone, wide enough for the row and column
// numbers drawn on it ("12" once lost its "1" past the edge).
const WALL = 13;
const SIZE = 12;
const ANGLE = { N: 0, E: 90, S: 180, W: 270 };
let uid = 0;

const TILE_NAMES = { C: 'house robot corner', s: 'spikes', w: 'circular saw', F: 'flame grill', P: 'pit' };

function centre(c) {
  return [c[0] * CELL + CELL / 2, c[1] * CELL + CELL / 2];
}

function defs(id) {
  const stripes = svg('pattern', { id: `${id}-cpz`, width: 12, height: 12, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
    svg('rect', { width: 12, height: 12, class: 'rw-cpz-a' }), svg('rect', { width: 6, height: 12, class: 'rw-cpz-b' }));
  const spikes = svg('pattern', { id: `${id}-spikes`, width: 10, height: 10, patternUnits: 'userSpaceOnUse' },
    svg('rect', { width: 10, height: 10, class: 'rw-spikes-bg' }), svg('polygon', { points: '1,9 5,1 9,9', class: 'rw-spike' }));
  const flame = svg('linearGradient', { id: `${id}-flame`, x1: 0, y1: 1, x2: 0, y2: 0 },
    svg('stop', { offset: '0%', class: 'rw-flame-0' }), svg('stop', { offset: '100%', class: 'rw-flame-1' }));
  return svg('defs', {}, stripes, spikes, flame);
}

function sawGlyph(x, y) {
  const teeth = [];
  for (let i = 0; i < 12; i++) {
    const a = (i * Math.PI) / 6;
    teeth.push(`${(x + 15 * Math.cos(a)).toFixed(1)},${(y + 15 * Math.sin(a)).toFixed(1)}`);
    teeth.push(`${(x + 11 * Math.cos(a + 0.26)).toFixed(1)},${(y + 11 * Math.sin(a + 0.26)).toFixed(1)}`);
  }
  return svg('g', { class: 'rw-saw', 'aria-hidden': 'true' }, svg('polygon', { points: teeth.join(' ') }), svg('circle', { cx: x, cy: y, r: 3, class: 'rw-saw-hub' }));
}

function flameGlyph(x, y) {
  return svg('path', { class: 'rw-flame-glyph', 'aria-hidden': 'true', d: `M${x} ${y - 12} C ${x + 9} ${y - 3}, ${x + 7} ${y + 9}, ${x} ${y + 11} C ${x - 7} ${y + 9}, ${x - 9} ${y - 2}, ${x - 2} ${y - 6} C ${x - 1} ${y - 1}, ${x + 2} ${y}, ${x} ${y - 12} Z` });
}

/** A robot: body in its seat's shape, facing wedge and weapon bar, turned as a group. */
function robotElement(seat, onClick) {
  const st = seatStyle(seat);
  const turn = svg('g', { class: 'rw-turn' },
    svg('rect', { x: -11, y: -19, width: 22, height: 5, rx: 2, class: 'rw-weapon' }),
    shapeElement(st.shape, 0, 2, 13, { class: 'rw-body', fill: st.color }),
    svg('polygon', { points: '0,-16 -6,-8 6,-8', class: 'rw-facing' }));
  const label = svg('text', { x: 0, y: 7, 'text-anchor': 'middle', class: 'rw-robot-label', fill: st.ink }, st.label);
  const ring = svg('circle', { r: 19, class: 'rw-ring' });
  const g = svg('g', { class: 'rw-robot', 'data-seat': seat }, ring, turn, label);
  g.addEventListener('click', () => onClick(seat));
  g.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); e.stopPropagation(); onClick(seat); }
  });
  return { g, turn, angle: 0 };
}

/**
 * The war zone. `window` ([x0, y0, x1, y1], squares included) draws only
 * those squares, for a picture of a few (the rules page's diagrams).
 */
export function createArena({ name, onStep, onAttack, window: win = [0, 0, SIZE - 1, SIZE - 1] }) {
  const id = `rw${++uid}`;
  const [wx0, wy0, wx1, wy1] = win;
  const inWindow = (x, y) => x >= wx0 && x <= wx1 && y >= wy0 && y <= wy1;
  const span = [(wx1 - wx0 + 1) * CELL, (wy1 - wy0 + 1) * CELL];
  const element = svg('svg', { class: 'rw-arena', viewBox: `${wx0 * CELL - WALL} ${wy0 * CELL - WALL} ${span[0] + 2 * WALL} ${span[1] + 2 * WALL}`, role: 'group', 'aria-label': 'The war zone' });
  const title = svg('title', {});
  const floor = svg('g', { class: 'rw-floor' });
  const marks = svg('g', { class: 'rw-marks' });
  const pushMarks = svg('g', { class: 'rw-marks' }); // over the robots: a push's square is taken
  const fx = svg('g', { class: 'rw-fx', 'aria-hidden': 'true' });
  const robotsLayer = svg('g', { class: 'rw-robots' });
  element.append(title, defs(id), floor, marks, robotsLayer, pushMarks, fx);
  const robots = new Map(); // seat -> {g, turn, angle}
  let boardKey = '';
  let pitTile = null;
  let current = { attack: null };

  function drawFloor(board) {
    const key = board.join('');
    if (key === boardKey) return;
    boardKey = key;
    floor.replaceChildren(svg('rect', { x: wx0 * CELL - WALL, y: wy0 * CELL - WALL, width: span[0] + 2 * WALL, height: span[1] + 2 * WALL, rx: 8, class: 'rw-wall' }));
    const pit = [];
    for (let y = wy0; y <= wy1; y++) {
      for (let x = wx0; x <= wx1; x++) {
        const t = board[y][x];
        const a = { x: x * CELL, y: y * CELL, width: CELL, height: CELL };
        // Patterned squares get their fill as a style: a class's fill would
        // win over the attribute.
        if (t === 'C') floor.append(svg('rect', { ...a, class: 'rw-edge rw-cpz', style: `fill: url(#${id}-cpz)` }));
        else if (t === 's') floor.append(svg('rect', { ...a, class: 'rw-edge rw-spikes', style: `fill: url(#${id}-spikes)` }));
        else if (t === 'F') floor.append(svg('rect', { ...a, class: 'rw-edge rw-flame', style: `fill: url(#${id}-flame)` }), flameGlyph(x * CELL + CELL / 2, y * CELL + CELL / 2));
        else if (t === 'w') floor.append(svg('rect', { ...a, class: 'rw-edge rw-sawtile' }), sawGlyph(x * CELL + CELL / 2, y * CELL + CELL / 2));
        else floor.append(svg('rect', { ...a, class: 'rw-edge rw-tile' }));
        if (t === 'P') pit.push([x, y]);
      }
    }
    // The corner patrol zones' house robots, one per corner.
    for (const [cx, cy] of [[1, 1], [11, 1], [1, 11], [11, 11]]) {
      if (!inWindow(cx, cy) || !inWindow(cx - 1, cy - 1)) continue;
      floor.append(svg('g', { class: 'rw-house', 'aria-hidden': 'true' },
        svg('rect', { x: cx * CELL - 14, y: cy * CELL - 14, width: 28, height: 28, rx: 6 }),
        svg('text', { x: cx * CELL, y: cy * CELL + 4, 'text-anchor': 'middle' }, 'H')));
    }
    if (pit.length) {
      const xs = pit.map((p) => p[0]), ys = pit.map((p) => p[1]);
      const x0 = Math.min(...xs) * CELL, y0 = Math.min(...ys) * CELL;
      const w = (Math.max(...xs) + 1) * CELL - x0, h = (Math.max(...ys) + 1) * CELL - y0;
      pitTile = svg('g', { class: 'rw-pit', 'data-open': 'false' },
        svg('rect', { x: x0 + 1, y: y0 + 1, width: w - 2, height: h - 2, rx: 4, class: 'rw-pit-hole' }),
        svg('rect', { x: x0 + 3, y: y0 + 3, width: w - 6, height: h - 6, rx: 3, class: 'rw-pit-lid' }),
        svg('text', { x: x0 + w / 2, y: y0 + h / 2 + 5, 'text-anchor': 'middle', class: 'rw-pit-text' }, 'PIT'));
      floor.append(pitTile);
    }
    // Column letters and row numbers, as the words name squares ("F2").
    for (let x = wx0; x <= wx1; x++) floor.append(svg('text', { x: x * CELL + CELL / 2, y: wy0 * CELL - 3, class: 'rw-coord', 'text-anchor': 'middle' }, String.fromCharCode(65 + x)));
    for (let y = wy0; y <= wy1; y++) floor.append(svg('text', { x: wx0 * CELL - WALL / 2, y: y * CELL + CELL / 2 + 3, class: 'rw-coord', 'text-anchor': 'middle' }, String(y + 1)));
  }

  function robotFor(seat) {
    let r = robots.get(seat);
    if (!r) {
      r = robotElement(seat, (s) => { if (current.attack !== null && s === current.attack) onAttack(); });
      robots.set(seat, r);
      robotsLayer.append(r.g);
    }
    return r;
  }

  function setTransition(r, ms) {
    const t = ms ? `transform ${ms}ms ease-in-out` : 'none';
    r.g.style.transition = t;
    r.turn.style.transition = t;
  }

  /** Puts robot `seat` on `cell` facing `facing` (turning the short way). */
  function put(seat, cell, facing, ms = 0) {
    const r = robotFor(seat);
    setTransition(r, ms);
    const [x, y] = centre(cell);
    r.g.style.transform = `translate(${x}px, ${y}px)`;
    if (facing) {
      const want = ANGLE[facing];
      let delta = ((want - (r.angle % 360)) % 360 + 360) % 360;
      if (delta > 180) delta -= 360;
      r.angle += delta;
      r.turn.style.transform = `rotate(${r.angle}deg)`;
    }
    r.cell = cell;
    r.facing = facing;
  }

  /** The arrow pointing from the robot to move toward `to`, as seen on screen. */
  function arrowTo(to) {
    const mover = [...robots.values()].find((r) => r.g.dataset.mover === 'true');
    if (!mover?.cell) return '•';
    const dx = to[0] - mover.cell[0], dy = to[1] - mover.cell[1];
    return dx > 0 ? '→' : dx < 0 ? '←' : dy > 0 ? '↓' : '↑';
  }

  function flashCell(cell, kind, ms = 700) {
    const rect = svg('rect', { x: cell[0] * CELL + 2, y: cell[1] * CELL + 2, width: CELL - 4, height: CELL - 4, rx: 5, class: `rw-flash rw-flash-${kind}` });
    fx.append(rect);
    setTimeout(() => rect.remove(), ms);
  }

  return {
    element,

    /** Draws the robots of `battle` as the view has them, and the pit. */
    draw(view) {
      drawFloor(view.board);
      const battle = view.battle;
      pitTile?.setAttribute('data-open', String(!!battle.pit_open));
      const present = new Set();
      for (const r of battle.robots) {
        if (!r.cell) continue;
        present.add(r.seat);
        put(r.seat, r.cell, r.facing, 0);
        const g = robots.get(r.seat).g;
        g.dataset.out = String(!!r.immobilised);
        g.dataset.mover = String(battle.turn?.seat === r.seat);
        g.setAttribute('aria-label', `${name(r.seat)}’s robot at ${cellWords(r.cell)}, facing ${FACING_WORDS[r.facing]}${r.immobilised ? ', immobilised' : ''}`);
      }
      for (const [seat, r] of robots) {
        if (!present.has(seat)) { r.g.remove(); robots.delete(seat); }
      }
      title.textContent = view.phase === 'setup'
        ? 'The war zone, waiting for the robots'
        : `The war zone, north up. ${battle.robots.filter((r) => r.cell).map((r) => `${name(r.seat)} at ${cellWords(r.cell)} facing ${FACING_WORDS[r.facing]}, ${r.damage} damage points`).join('; ')}. The pit is ${battle.pit_open ? 'open' : 'closed'}.`;
    },

    /** Marks what the robot to move may do (its own roboteer's view only). */
    choices(legal) {
      marks.replaceChildren();
      pushMarks.replaceChildren();
      current = { attack: null };
      for (const [, r] of robots) {
        r.g.removeAttribute('tabindex');
        r.g.removeAttribute('role');
        r.g.classList.remove('rw-target');
        r.g.querySelector('.rw-hit')?.remove();
      }
      if (!legal) return;
      // The size a finger hits, in the picture's units (at least a square).
      const shown = element.getBoundingClientRect().width;
      const hit = Math.max(CELL, shown ? (FINGER * element.viewBox.baseVal.width) / shown : CELL);
      const mover = [...robots.values()].find((r) => r.g.dataset.mover === 'true');
      for (const move of ['forward', 'back']) {
        const opt = legal[move];
        if (!opt) continue;
        const [x, y] = [opt.to[0] * CELL, opt.to[1] * CELL];
        const label = `${move === 'forward' ? 'Step forward' : 'Step back'} to ${cellWords(opt.to)}${opt.push !== null ? `, pushing ${name(opt.push)}` : ''}${opt.blocked ? ' (blocked: the move is spent)' : ''}`;
        // The way from the mover to the mark, as a unit step.
        const [ux, uy] = mover?.cell ? [Math.sign(opt.to[0] - mover.cell[0]), Math.sign(opt.to[1] - mover.cell[1])] : [0, 0];
        let g;
        if (opt.push === null) {
          // The hit area starts at the mover's edge and reaches `hit` away
          // from it, as wide: never over the mover itself.
          const [cx, cy] = centre(opt.to);
          const near = [cx - (ux * CELL) / 2, cy - (uy * CELL) / 2];
          const hx = ux ? (ux > 0 ? near[0] : near[0] - hit) : cx - hit / 2;
          const hy = uy ? (uy > 0 ? near[1] : near[1] - hit) : cy - hit / 2;
          g = svg('g', { class: `rw-move rw-move-${move}`, 'data-move': move, 'data-blocked': String(opt.blocked), role: 'button', tabindex: 0, 'aria-label': label },
            svg('title', {}, label),
            svg('rect', { x: hx, y: hy, width: hit, height: hit, class: 'rw-hit' }),
            svg('rect', { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 6, class: 'rw-move-box' }),
            svg('text', { x: x + CELL / 2, y: y + CELL / 2 + 6, 'text-anchor': 'middle', class: 'rw-move-glyph' }, arrowTo(opt.to)));
        } else {
          // A push: a badge on the edge between the two robots. Its hit
          // area lies under the robots: a tap on the opponent attacks it.
          const [mx, my] = mover?.cell ? centre(mover.cell) : centre(opt.to);
          const [tx, ty] = centre(opt.to);
          const [bx, by] = [(mx + tx) / 2, (my + ty) / 2];
          g = svg('g', { class: `rw-move rw-push rw-move-${move}`, 'data-move': move, 'data-blocked': String(opt.blocked), role: 'button', tabindex: 0, 'aria-label': label },
            svg('title', {}, label),
            svg('circle', { cx: bx, cy: by, r: 10, class: 'rw-push-badge' }),
            svg('text', { x: bx, y: by + 5, 'text-anchor': 'middle', class: 'rw-push-glyph' }, arrowTo(opt.to)));
          const area = svg('rect', { x: bx - hit / 2, y: by - hit / 2, width: hit, height: hit, class: 'rw-hit rw-push-hit', 'data-move': move });
          area.addEventListener('click', () => onStep(move));
          marks.append(area);
        }
        g.addEventListener('click', () => onStep(move));
        g.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); e.stopPropagation(); onStep(move); } });
        (opt.push === null ? marks : pushMarks).append(g);
      }
      if (legal.attack) {
        current.attack = legal.attack.target;
        const r = robots.get(legal.attack.target);
        if (r) {
          r.g.prepend(svg('circle', { r: hit / 2, class: 'rw-hit' }));
          r.g.classList.add('rw-target');
          r.g.setAttribute('role', 'button');
          r.g.setAttribute('tabindex', '0');
          r.g.setAttribute('aria-label', `Attack ${name(legal.attack.target)} for ${legal.attack.points}`);
        }
      }
    },

    // ---- animation steps (the player calls these) ----
    move(seat, cell, ms, kind = 'step') {
      const r = robots.get(seat);
      if (!r) return;
      r.g.dataset.motion = kind;
      put(seat, cell, r.facing, ms);
    },
    face(seat, facing, ms) {
      const r = robots.get(seat);
      if (r) put(seat, r.cell, facing, ms);
    },
    hit(seat) {
      const r = robots.get(seat);
      if (!r) return;
      flashCell(r.cell, 'hit');
      r.g.classList.remove('rw-shake');
      void r.g.getBoundingClientRect();
      r.g.classList.add('rw-shake');
    },
    flash(cell, kind) { flashCell(cell, kind); },
    immobilise(seat) {
      const r = robots.get(seat);
      if (r) r.g.dataset.out = 'true';
    },
    openPit() { pitTile?.setAttribute('data-open', 'true'); },
    calm() {
      for (const [, r] of robots) delete r.g.dataset.motion;
    },
    hasRobots() { return robots.size > 0; },
    tileName(t) { return TILE_NAMES[t] || 'floor'; },
  };
}

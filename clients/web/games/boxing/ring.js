// ring.js: the boxing ring as one SVG. It draws a scene (robots, the path
// and cone being composed, the last turn's trails and shots) and plays a
// resolved turn as an animation. It knows nothing of the protocol: the
// renderer turns views and events into scenes.

import { svg, seatMark, seatStyle, shapeElement } from '../kit.js';
import { ARROW, DIR_WORDS, sameCell, stepFrom } from './geometry.js';

const C = 40;            // one cell, in SVG units
const TOP = 22;          // room above the ring for the compass

const centre = ([x, y]) => [x * C + C / 2, y * C + C / 2];

function tween(ms, frame, alive) {
  return new Promise((resolve) => {
    const start = performance.now();
    const tick = (now) => {
      if (!alive()) { resolve(false); return; }
      const t = Math.min(1, (now - start) / ms);
      frame(t);
      if (t < 1) requestAnimationFrame(tick);
      else resolve(true);
    };
    requestAnimationFrame(tick);
  });
}

const ease = (t) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

function shortName(name) {
  return name.length > 8 ? `${name.slice(0, 7)}…` : name;
}

/** A starburst for hits. */
function burst(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 16; i++) {
    const rad = i % 2 ? r * 0.45 : r;
    const a = (i * Math.PI) / 8;
    pts.push(`${(cx + rad * Math.cos(a)).toFixed(1)},${(cy + rad * Math.sin(a)).toFixed(1)}`);
  }
  return svg('polygon', { class: 'bx-burst', points: pts.join(' ') });
}

export function createRing({ onStep }) {
  const element = svg('svg', { class: 'bx-ring', role: 'img' });
  const title = svg('title');
  const defs = svg('defs');
  const grid = svg('g', { class: 'bx-grid' });
  const lastLayer = svg('g', { class: 'bx-last' });
  const coneLayer = svg('g', { class: 'bx-cone' });
  const pathLayer = svg('g', { class: 'bx-path' });
  const targetLayer = svg('g', { class: 'bx-targets', 'aria-hidden': 'true' });
  const robotLayer = svg('g', { class: 'bx-robots' });
  const animLayer = svg('g', { class: 'bx-anim' });
  // The step targets lie under the robots, whose marks let clicks through.
  element.append(title, defs, grid, lastLayer, coneLayer, targetLayer, pathLayer, robotLayer, animLayer);

  let drawnSize = 0;
  let playing = 0; // the id of the animation running, 0 when none
  let plays = 0;   // animations started, for their ids

  /**
   * Hatching in a seat's colour, at an angle of the seat's own, so two
   * cones that overlap still read apart, and not by colour only. `faint`
   * for shots already fired, which stay on the board behind the plan.
   */
  function hatch(seat, faint = false) {
    const id = `bx-hatch-${seat}${faint ? '-faint' : ''}`;
    if (!defs.querySelector(`#${id}`)) {
      const color = seatStyle(seat).color;
      const angle = [45, -45, 0, 90][seat % 4];
      defs.append(svg('pattern', { id, width: 8, height: 8, patternUnits: 'userSpaceOnUse', patternTransform: `rotate(${angle})` },
        svg('rect', { width: 8, height: 8, fill: color, 'fill-opacity': faint ? 0.07 : 0.16 }),
        svg('line', { x1: 0, y1: 0, x2: 0, y2: 8, stroke: color, 'stroke-width': faint ? 2 : 3, 'stroke-opacity': faint ? 0.5 : 0.6 })));
    }
    return `url(#${id})`;
  }

  function drawGrid(size) {
    if (size === drawnSize) return;
    drawnSize = size;
    element.setAttribute('viewBox', `-4 ${-TOP} ${size * C + 8} ${size * C + TOP + 4}`);
    grid.replaceChildren();
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        grid.append(svg('rect', { class: (x + y) % 2 ? 'bx-cell bx-cell-dark' : 'bx-cell', x: x * C, y: y * C, width: C, height: C }));
      }
    }
    grid.append(svg('rect', { class: 'bx-rope', x: 0, y: 0, width: size * C, height: size * C, rx: 3 }));
    // One north for every robot: say which way it is.
    grid.append(svg('text', { class: 'bx-compass', x: (size * C) / 2, y: -7, 'text-anchor': 'middle' }, '↑ N'));
  }

  function robotGlyph(robot, [cx, cy]) {
    const g = svg('g', { class: `bx-robot-mark${robot.out ? ' bx-out' : ''}${robot.mine ? ' bx-mine' : ''}`, 'data-seat': robot.seat });
    const r = C * 0.3;
    const my = robot.label ? cy - C * 0.09 : cy;
    if (robot.mine) g.append(svg('circle', { class: 'bx-halo', cx, cy: my, r: r + 5 }));
    g.append(seatMark(robot.seat, { x: cx, y: my, r, title: robot.title }));
    if (robot.label) {
      g.append(svg('text', { class: 'bx-robot-label', x: cx, y: cy + C * 0.44, 'text-anchor': 'middle' }, shortName(robot.label)));
    }
    if (robot.out) g.append(svg('path', { class: 'bx-cross', d: `M${cx - r},${my - r} L${cx + r},${my + r} M${cx + r},${my - r} L${cx - r},${my + r}` }));
    return g;
  }

  function drawRobots(robots, positions = null) {
    robotLayer.replaceChildren();
    for (const robot of robots) {
      const cell = positions ? positions[robot.seat] : robot.cell;
      if (!cell) continue;
      robotLayer.append(robotGlyph({ ...robot, label: drawnSize <= 10 ? robot.label : null }, centre(cell)));
    }
  }

  function coneShape(cells, seat, className, faint = false) {
    const g = svg('g', { class: className });
    const fill = hatch(seat, faint);
    for (const cell of cells) {
      g.append(svg('rect', { x: cell[0] * C + 1, y: cell[1] * C + 1, width: C - 2, height: C - 2, rx: 4, fill }));
    }
    return g;
  }

  function pathLine(from, cells, seat, className) {
    const pts = [from, ...cells].map(centre).map(([x, y]) => `${x},${y}`).join(' ');
    return svg('polyline', { class: className, points: pts, stroke: seatStyle(seat).color });
  }

  /** The mark of a step refused: a cross in a disc between the cells. */
  function bump(at, dir) {
    const [ax, ay] = centre(at);
    const [bx, by] = centre(stepFrom(at, dir));
    const x = (ax + bx) / 2;
    const y = (ay + by) / 2;
    return svg('g', { class: 'bx-bump' },
      svg('title', {}, `blocked going ${DIR_WORDS[dir]}`),
      svg('circle', { cx: x, cy: y, r: 8 }),
      svg('path', { d: `M${x - 4},${y - 4} L${x + 4},${y + 4} M${x + 4},${y - 4} L${x - 4},${y + 4}` }));
  }

  function shotMarks(shot, at, target, { cone = true } = {}) {
    const g = svg('g', { class: 'bx-shot' });
    if (cone) g.append(coneShape(shot.cone, shot.seat, 'bx-shot-cone', true));
    if (!target) return g;
    const [tx, ty] = centre(target);
    // The tag goes above the target, or below it on the ring's top row.
    const tagY = target[1] === 0 ? ty + C * 0.82 : ty - C * 0.55;
    if (shot.hit) {
      const [sx, sy] = centre(at);
      g.append(svg('line', { class: 'bx-beam', x1: sx, y1: sy, x2: tx, y2: ty, stroke: seatStyle(shot.seat).color }));
      g.append(burst(tx, ty - C * 0.09, C * 0.46));
      g.append(svg('text', { class: 'bx-shot-tag', x: tx, y: tagY, 'text-anchor': 'middle' }, `hit ${shot.target}`));
    } else {
      g.append(svg('text', { class: 'bx-shot-tag bx-miss', x: tx, y: tagY, 'text-anchor': 'middle' }, 'miss'));
    }
    return g;
  }

  /**
   * The last turn, drawn still: both trails, refused steps, and the shots
   * (cones only when `cones`).
   */
  function drawLast(last, cones) {
    lastLayer.replaceChildren();
    if (!last) return;
    for (const t of last.trails) {
      if (t.cells.length && !t.cells.every((c) => sameCell(c, t.from))) lastLayer.append(pathLine(t.from, t.cells, t.seat, 'bx-trail'));
      if (t.stop) lastLayer.append(bump(t.stop.at, t.stop.dir));
    }
    for (const shot of last.shots) lastLayer.append(shotMarks(shot, shot.at, shot.targetCell, { cone: cones }));
  }

  function drawComposer(path, cone, targets) {
    coneLayer.replaceChildren();
    pathLayer.replaceChildren();
    targetLayer.replaceChildren();
    if (cone) {
      coneLayer.append(coneShape(cone.cells, cone.seat, 'bx-aim'));
      if (cone.enemyIn) {
        for (const cell of cone.enemyIn) {
          const [x, y] = centre(cell);
          coneLayer.append(svg('circle', { class: 'bx-in-range', cx: x, cy: y - C * 0.09, r: C * 0.46 }));
        }
      }
    }
    if (path && path.cells.length) {
      pathLayer.append(pathLine(path.from, path.cells, path.seat, 'bx-plan'));
      path.cells.forEach((cell, i) => {
        const [x, y] = centre(cell);
        const last = i === path.cells.length - 1;
        if (last) pathLayer.append(shapeElement(seatStyle(path.seat).shape, x, y - C * 0.09, C * 0.3, { class: 'bx-ghost' }));
        pathLayer.append(svg('circle', { class: 'bx-step-dot', cx: x, cy: y, r: last ? 0 : 7 }));
        if (!last) pathLayer.append(svg('text', { class: 'bx-step-no', x, y: y + 3.5, 'text-anchor': 'middle' }, String(i + 1)));
        else pathLayer.append(svg('text', { class: 'bx-step-no bx-step-end', x, y: y + C * 0.42, 'text-anchor': 'middle' }, `step ${i + 1}`));
      });
    }
    for (const { cell, dir } of targets || []) {
      const [x, y] = centre(cell);
      targetLayer.append(svg('g', {
        class: 'bx-target', 'data-dir': dir,
        onclick: () => onStep(dir),
      },
      svg('rect', { x: cell[0] * C + 3, y: cell[1] * C + 3, width: C - 6, height: C - 6, rx: 6 }),
      svg('text', { x, y: y + 6, 'text-anchor': 'middle' }, ARROW[dir])));
    }
  }

  return {
    element,

    /** Draws a scene; a running animation keeps the robots it is moving. */
    draw(scene) {
      drawGrid(scene.size);
      title.textContent = scene.title;
      element.setAttribute('aria-label', scene.title);
      if (playing) return;
      drawRobots(scene.robots);
      drawLast(scene.last, scene.showLastCones);
      drawComposer(scene.path, scene.cone, scene.targets);
    },

    /**
     * Plays a resolved turn: every robot steps at once, refused steps bump
     * and stop, then all the shots fire together. Resolves when done (or
     * cut short by stop()); the caller then draws the scene after the turn.
     */
    async play(turn, robots) {
      const id = (playing = ++plays);
      const alive = () => playing === id;
      element.dataset.playing = 'true';
      lastLayer.replaceChildren();
      coneLayer.replaceChildren();
      pathLayer.replaceChildren();
      targetLayer.replaceChildren();
      animLayer.replaceChildren();
      const pos = { ...turn.from };
      drawRobots(robots, pos);
      const marks = () => [...robotLayer.children];
      for (let k = 0; k < turn.frames; k++) {
        const moves = turn.trails.filter((t) => t.cells[k] && !sameCell(t.cells[k], pos[t.seat]));
        const bumps = turn.trails.filter((t) => t.stop && t.stop.step === k + 1);
        if (!moves.length && !bumps.length) continue;
        const ok = await tween(320, (t) => {
          const e = ease(t);
          for (const mark of marks()) {
            const seat = Number(mark.dataset.seat);
            const m = moves.find((x) => x.seat === seat);
            const b = bumps.find((x) => x.seat === seat);
            let dx = 0;
            let dy = 0;
            if (m) {
              dx = (m.cells[k][0] - pos[seat][0]) * C * e;
              dy = (m.cells[k][1] - pos[seat][1]) * C * e;
            } else if (b) {
              // a refused step: lean into it and come back
              const [tx, ty] = stepFrom(pos[seat], b.stop.dir);
              const lean = Math.sin(Math.PI * t) * 0.35;
              dx = (tx - pos[seat][0]) * C * lean;
              dy = (ty - pos[seat][1]) * C * lean;
            }
            mark.setAttribute('transform', `translate(${dx.toFixed(1)} ${dy.toFixed(1)})`);
          }
        }, alive);
        if (!ok) return false;
        for (const m of moves) pos[m.seat] = m.cells[k];
        drawRobots(robots, pos);
        for (const b of bumps) animLayer.append(bump(b.stop.at, b.stop.dir));
      }
      if (turn.shots.length) {
        const shots = turn.shots.map((s) => shotMarks(s, s.at, s.targetCell));
        // under the robots, so a hit robot still shows through its burst
        for (const g of shots) { g.style.opacity = '0'; lastLayer.append(g); }
        if (!await tween(450, (t) => { for (const g of shots) g.style.opacity = String(t); }, alive)) return false;
        if (!await tween(1100, () => {}, alive)) return false;
      }
      playing = 0;
      element.dataset.playing = 'false';
      animLayer.replaceChildren();
      return true;
    },

    /** Cuts an animation short (a newer turn, or the table going away). */
    stop() {
      playing = 0;
      element.dataset.playing = 'false';
      animLayer.replaceChildren();
    },

    get playing() { return playing !== 0; },
  };
}

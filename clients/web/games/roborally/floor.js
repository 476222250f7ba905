// floor.js: a RoboRally course in SVG, drawn from the course file
// (courses.json, written from data/roborally/ by the server's build): the
// floor, pits, belts with their direction (express belts doubled), curves
// and merges, gears, pushers with their registers, walls, board lasers and
// their beams, flags, repair sites and docks. Over it: archive markers,
// robots with their facing, beams fired in a register, and marks for what a
// step did (a bump, a flag touched). In RoboBall: the teams' homes (flag
// markers in team colours) instead of the flags, the ball (its facing, up
// in pogo mode, ringed while it extracts itself), hitch lines from the ball
// to the robots hitched to it, and a ring in its team's colour round each
// robot. Columns are lettered A, B, ... and rows numbered 1, 2, ... along
// the edges, and a square is named so everywhere ("H2"), as botpit-tui
// labels and names them.

import { svg, seatStyle, shapeElement } from '../kit.js';

export const C = 40; // a cell, in SVG units
const M = 10;        // the margin round the course
const L = 22;        // the margin that holds the labels, above and to the left
const DIRS = ['N', 'E', 'S', 'W'];
const STEP = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
const ANGLE = { N: 0, E: 90, S: 180, W: 270 };
export const DIR_WORDS = { N: 'north', E: 'east', S: 'south', W: 'west' };

const centre = ([x, y]) => [x * C + C / 2, y * C + C / 2];

/** A square's name as the board labels it: column letter, row from 1 ("H2"). */
export const squareName = ([x, y]) => `${String.fromCharCode(65 + x)}${y + 1}`;

/** What "virtual" means, for a newcomer. */
export const VIRTUAL_WORDS = 'virtual: it shares its square, so robots and lasers pass through it until it stands alone';

/**
 * Where robots sharing a square stand on it (virtual robots may: all of a
 * RoboBall team start on their home): smaller, side by side in its corners,
 * offsets from its centre by how many share it. Beyond four they overlap.
 */
const CROWD = {
  1: [[0, 0]],
  2: [[-9, -9], [9, 9]],
  3: [[-9, -9], [9, -9], [0, 9]],
  4: [[-9, -9], [9, -9], [-9, 9], [9, 9]],
};
const crowdAt = (n, i) => (CROWD[n] || CROWD[4])[i % 4];
const crowdScale = (n) => (n > 1 ? 0.6 : 1);
/**
 * A team's colours: those of its first seat (team t's first seat is seat t,
 * as seat i plays on team i % teams), so that in free-for-all a team and
 * its only robot look the same.
 */
export function teamStyle(team) {
  const s = seatStyle(team);
  return { color: s.color, ink: s.ink, name: `Team ${team + 1}`, colorName: s.name.split(' ')[0] };
}
const opposite = (d) => DIRS[(DIRS.indexOf(d) + 2) % 4];

/** The two ends of the side d of cell (x, y). */
function side(x, y, d) {
  const x0 = x * C, y0 = y * C, x1 = x0 + C, y1 = y0 + C;
  return { N: [x0, y0, x1, y0], E: [x1, y0, x1, y1], S: [x0, y1, x1, y1], W: [x0, y0, x0, y1] }[d];
}

/** A chevron at (cx, cy) pointing d, size s. */
function chevron(cx, cy, d, s, cls) {
  const a = (ANGLE[d] * Math.PI) / 180;
  const pt = (fx, fy) => {
    // (fx, fy) in a frame pointing north, turned to d
    const x = fx * Math.cos(a) - fy * Math.sin(a), y = fx * Math.sin(a) + fy * Math.cos(a);
    return `${(cx + x).toFixed(1)},${(cy + y).toFixed(1)}`;
  };
  return svg('polyline', { points: `${pt(-s, s * 0.55)} ${pt(0, -s * 0.45)} ${pt(s, s * 0.55)}`, class: cls });
}

function drawBelt(g, cell) {
  const { x, y, out, kind } = cell;
  const [cx, cy] = centre([x, y]);
  const express = kind === 'express';
  g.append(svg('rect', { x: x * C + 1, y: y * C + 1, width: C - 2, height: C - 2, class: `rally-belt ${express ? 'rally-express' : ''}` }));
  // Feeds that come in from a side (curves and merges): a band from that
  // side through the centre to the exit.
  const sides = cell.in.split('').filter((s) => s !== opposite(out));
  for (const s of sides) {
    const [dx, dy] = STEP[s];
    g.append(svg('line', { x1: cx + dx * (C / 2 - 2), y1: cy + dy * (C / 2 - 2), x2: cx, y2: cy, class: 'rally-belt-feed' }));
  }
  const [dx, dy] = STEP[out];
  if (sides.length) g.append(svg('line', { x1: cx, y1: cy, x2: cx + dx * (C / 2 - 2), y2: cy + dy * (C / 2 - 2), class: 'rally-belt-feed' }));
  if (express) {
    g.append(chevron(cx - dx * 5, cy - dy * 5, out, 7, 'rally-belt-arrow'));
    g.append(chevron(cx + dx * 5, cy + dy * 5, out, 7, 'rally-belt-arrow'));
  } else {
    g.append(chevron(cx, cy, out, 8, 'rally-belt-arrow'));
  }
}

function drawGear(g, { x, y, kind }) {
  const [cx, cy] = centre([x, y]);
  const cw = kind === 'gear_cw';
  const teeth = [];
  for (let i = 0; i < 16; i++) {
    const r = i % 2 ? 13 : 16.5, a = (i * Math.PI) / 8;
    teeth.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  g.append(svg('polygon', { points: teeth.join(' '), class: `rally-gear ${cw ? 'rally-gear-cw' : 'rally-gear-ccw'}` },
    svg('title', {}, `Gear: turns robots ${cw ? 'clockwise (right)' : 'counter-clockwise (left)'}`)));
  // Three quarters of a circle the way it turns, with an arrowhead.
  const r = 7.5, rad = (deg) => (deg * Math.PI) / 180;
  const a0 = cw ? -180 : 0, a1 = cw ? 90 : -270;
  const [sx, sy] = [cx + r * Math.cos(rad(a0)), cy + r * Math.sin(rad(a0))];
  const [ex, ey] = [cx + r * Math.cos(rad(a1)), cy + r * Math.sin(rad(a1))];
  g.append(svg('path', { d: `M${sx.toFixed(1)},${sy.toFixed(1)} A${r},${r} 0 1 ${cw ? 1 : 0} ${ex.toFixed(1)},${ey.toFixed(1)}`, class: 'rally-gear-arrow' }));
  const t = rad(a1 + (cw ? 90 : -90)); // the way the arc runs at its end
  const tip = [ex + 4 * Math.cos(t), ey + 4 * Math.sin(t)];
  const b1 = [ex + 3.5 * Math.cos(t + Math.PI / 2), ey + 3.5 * Math.sin(t + Math.PI / 2)];
  const b2 = [ex + 3.5 * Math.cos(t - Math.PI / 2), ey + 3.5 * Math.sin(t - Math.PI / 2)];
  g.append(svg('polygon', { points: [tip, b1, b2].map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(' '), class: 'rally-gear-head' }));
}

function drawRepair(g, { x, y, kind }) {
  const [cx, cy] = centre([x, y]);
  g.append(svg('rect', { x: x * C + 1, y: y * C + 1, width: C - 2, height: C - 2, class: 'rally-repair-tile' }));
  g.append(svg('circle', { cx, cy, r: 13, class: 'rally-repair' }));
  // a wrench: a bar with an open jaw; the hammer crosses it
  g.append(svg('line', { x1: cx - 6, y1: cy + 6, x2: cx + 5, y2: cy - 5, class: 'rally-tool' }));
  g.append(svg('circle', { cx: cx + 6, cy: cy - 6, r: 3.2, class: 'rally-tool-jaw' }));
  if (kind === 'wrench_hammer') {
    g.append(svg('line', { x1: cx + 6, y1: cy + 6, x2: cx - 5, y2: cy - 5, class: 'rally-tool' }));
    g.append(svg('rect', { x: cx - 9, y: cy - 9, width: 6, height: 4, transform: `rotate(-45 ${cx - 6} ${cy - 7})`, class: 'rally-tool-head' }));
  }
}

function drawPusher(g, { x, y, pusher }) {
  const back = opposite(pusher.dir);
  const depth = 7;
  const rect = {
    N: [x * C, y * C, C, depth], S: [x * C, y * C + C - depth, C, depth],
    W: [x * C, y * C, depth, C], E: [x * C + C - depth, y * C, depth, C],
  }[back];
  g.append(svg('rect', { x: rect[0], y: rect[1], width: rect[2], height: rect[3], class: 'rally-pusher' },
    svg('title', {}, `Pusher: pushes ${DIR_WORDS[pusher.dir]} in registers ${pusher.registers.join(', ')}`)));
  const [cx, cy] = centre([x, y]);
  const [dx, dy] = STEP[pusher.dir];
  g.append(svg('text', { x: cx - dx * 4, y: cy - dy * 4 + 4, class: 'rally-pusher-regs' }, pusher.registers.join(' ')));
}

/**
 * A team's home: a flag marker in the team's colour with its number, on
 * the floor (g); and a small pennant in its corner over the robots (tags),
 * since the team's robots start on it and hide the flag.
 */
function drawHome(g, tags, [x, y], team) {
  const t = teamStyle(team);
  const px = x * C + 9, py = y * C + 5;
  g.append(svg('rect', { x: x * C + 2, y: y * C + 2, width: C - 4, height: C - 4, rx: 5, stroke: t.color, fill: t.color, class: 'rally-home-square' }));
  g.append(svg('line', { x1: px, y1: py, x2: px, y2: py + 31, class: 'rally-flag-pole' }));
  g.append(svg('polygon', { points: `${px},${py} ${px + 26},${py + 9} ${px},${py + 19}`, fill: t.color, class: 'rally-home' },
    svg('title', {}, `${t.name}'s home`)));
  g.append(svg('text', { x: px + 9, y: py + 14, fill: t.ink, class: 'rally-home-number' }, team + 1));
  const cx = x * C + 1, cy = y * C + 1;
  tags.append(svg('polygon', { points: `${cx},${cy} ${cx + 13},${cy} ${cx},${cy + 13}`, fill: t.color, class: 'rally-home-tag' },
    svg('title', {}, `${t.name}'s home`)));
}

function drawFlag(g, [x, y], n) {
  const px = x * C + 9, py = y * C + 5;
  g.append(svg('line', { x1: px, y1: py, x2: px, y2: py + 31, class: 'rally-flag-pole' }));
  g.append(svg('polygon', { points: `${px},${py} ${px + 26},${py + 9} ${px},${py + 19}`, class: 'rally-flag' },
    svg('title', {}, `Flag ${n}`)));
  g.append(svg('text', { x: px + 9, y: py + 14, class: 'rally-flag-number' }, n));
}

/** The cells' elements as a lookup by "x,y". */
function indexCells(course) {
  const map = new Map();
  for (const c of course.cells) map.set(`${c.x},${c.y}`, c);
  return map;
}

/**
 * The course as an SVG; `flags: false` leaves its flags out (RoboBall has
 * homes instead, drawn by setHomes).
 */
export function createFloor(course, { label, flags = true }) {
  const w = course.width * C, h = course.height * C;
  const root = svg('svg', { class: 'rally-floor', viewBox: `${-L} ${-L} ${w + L + M} ${h + L + M}`, role: 'img' });
  const title = svg('title', {}, label);
  const tiles = svg('g', { class: 'rally-tiles' });
  const marks = svg('g', { class: 'rally-marks' });
  const homes = svg('g', { class: 'rally-homes' });
  const archives = svg('g', { class: 'rally-archives' });
  const beams = svg('g', { class: 'rally-beams' });
  const hitches = svg('g', { class: 'rally-hitches' });
  const robots = svg('g', { class: 'rally-robots' });
  const ballLayer = svg('g', { class: 'rally-ball-layer' });
  const homeTags = svg('g', { class: 'rally-home-tags' });
  const overlay = svg('g', { class: 'rally-overlay' });
  const labels = svg('g', { class: 'rally-labels', 'aria-hidden': 'true' });
  // Hitch lines go over the robots (between adjacent squares little of a
  // line under them would show), the ball over both.
  root.append(title, labels, tiles, homes, marks, archives, beams, robots, homeTags, hitches, ballLayer, overlay);
  const cells = indexCells(course);

  // ---- the course, once ----
  for (let x = 0; x < course.width; x++) {
    labels.append(svg('text', { x: x * C + C / 2, y: -7, class: 'rally-label' }, squareName([x, 0]).replace(/\d+$/, '')));
  }
  for (let y = 0; y < course.height; y++) {
    labels.append(svg('text', { x: -5, y: y * C + C / 2 + 4, class: 'rally-label rally-label-row' }, String(y + 1)));
  }
  tiles.append(svg('rect', { x: 0, y: 0, width: w, height: h, class: 'rally-ground' }));
  for (const b of course.boards) {
    const bw = b.rotation % 2 ? b.height : b.width, bh = b.rotation % 2 ? b.width : b.height;
    tiles.append(svg('rect', { x: b.x * C, y: b.y * C, width: bw * C, height: bh * C, class: 'rally-board-edge' }));
  }
  const grid = [];
  for (let x = 1; x < course.width; x++) grid.push(`M${x * C},0V${h}`);
  for (let y = 1; y < course.height; y++) grid.push(`M0,${y * C}H${w}`);
  tiles.append(svg('path', { d: grid.join(''), class: 'rally-grid' }));
  for (const c of course.cells) {
    if (c.kind === 'pit') {
      tiles.append(svg('rect', { x: c.x * C + 1, y: c.y * C + 1, width: C - 2, height: C - 2, class: 'rally-pit' }));
      tiles.append(svg('rect', { x: c.x * C + 6, y: c.y * C + 6, width: C - 12, height: C - 12, class: 'rally-pit-deep' }));
    } else if (c.kind === 'belt' || c.kind === 'express') {
      drawBelt(tiles, c);
    } else if (c.kind === 'gear_cw' || c.kind === 'gear_ccw') {
      drawGear(tiles, c);
    } else if (c.kind === 'wrench' || c.kind === 'wrench_hammer') {
      drawRepair(tiles, c);
    }
    if (c.dock) {
      tiles.append(svg('rect', { x: c.x * C + 4, y: c.y * C + 4, width: C - 8, height: C - 8, class: 'rally-dock' }));
      tiles.append(svg('text', { x: c.x * C + C / 2, y: c.y * C + C - 7, class: 'rally-dock-number' }, c.dock));
    }
  }
  for (const l of course.lasers) {
    const pts = l.cells.map(centre);
    const [sx, sy] = STEP[l.dir];
    const [fx, fy] = pts[0], [lx, ly] = pts[pts.length - 1];
    for (let k = 0; k < l.count; k++) {
      const off = (k - (l.count - 1) / 2) * 4; // across the beam: (sy, sx) is square to (sx, sy)
      tiles.append(svg('line', {
        x1: fx - sx * (C / 2) + sy * off, y1: fy - sy * (C / 2) + sx * off,
        x2: lx + sx * (C / 2 - 1) + sy * off, y2: ly + sy * (C / 2 - 1) + sx * off, class: 'rally-board-beam',
      }));
    }
    const [x1, y1, x2, y2] = side(l.x, l.y, opposite(l.dir));
    const mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
    tiles.append(svg('rect', { x: mx - 6 + sx * 2, y: my - 6 + sy * 2, width: 12, height: 12, rx: 2, class: 'rally-emitter' },
      svg('title', {}, `Board laser, ${l.count} beam${l.count > 1 ? 's' : ''}, firing ${DIR_WORDS[l.dir]}`)));
  }
  for (const c of course.cells) {
    if (c.pusher) drawPusher(tiles, c);
  }
  const walls = [];
  for (const c of course.cells) {
    for (const d of c.walls || '') {
      const [x1, y1, x2, y2] = side(c.x, c.y, d);
      walls.push(`M${x1},${y1}L${x2},${y2}`);
    }
  }
  tiles.append(svg('path', { d: walls.join(''), class: 'rally-wall' }));
  if (flags) course.flags.forEach((f, i) => drawFlag(tiles, f, i + 1));

  // ---- the pieces, per frame ----
  const pieces = new Map(); // seat -> {g, angle}

  function robotGroup(seat) {
    let p = pieces.get(seat);
    if (p) return p;
    const s = seatStyle(seat);
    const g = svg('g', { class: 'rally-robot', 'data-seat': seat });
    const t = svg('title');
    const body = svg('g', { class: 'rally-robot-body' });
    const ring = svg('rect', { x: -18.5, y: -18.5, width: 37, height: 37, rx: 9, class: 'rally-team-ring' });
    body.append(ring);
    body.append(svg('rect', { x: -15, y: -15, width: 30, height: 30, rx: 7, fill: s.color, class: 'rally-robot-shell' }));
    body.append(svg('polygon', { points: '-7,-13 0,-21 7,-13', class: 'rally-robot-nose' }));
    body.append(shapeElement(s.shape, 0, 0, 8.5, { fill: '#ffffff', class: 'rally-robot-badge' }));
    const num = svg('text', { x: 0, y: 3.6, class: 'rally-robot-number' }, s.label);
    const zz = svg('text', { x: 11, y: -9, class: 'rally-robot-zz' }, 'Z');
    g.append(t, body, num, zz);
    robots.append(g);
    p = { g, title: t, body, ring, angle: null };
    pieces.set(seat, p);
    return p;
  }

  /**
   * Draws robots (each {seat, at, facing, status, virtual, damage}) and
   * archive markers; `name(seat)` names them. Robots without a square are
   * not drawn, except a wreck left by the step being shown.
   */
  function drawRobots(list, { name, animate, rings, mine = -1 }) {
    archives.replaceChildren();
    const byCell = new Map();
    for (const r of list) {
      if (r.archive && r.status !== 'out') {
        const s = seatStyle(r.seat);
        const [x, y] = r.archive;
        const k = (r.seat % 4) * 8;
        archives.append(svg('rect', {
          x: x * C + 2 + k, y: y * C + 2, width: 7, height: 7, transform: `rotate(45 ${x * C + 5.5 + k} ${y * C + 5.5})`,
          fill: s.color, class: 'rally-archive',
        }, svg('title', {}, `${name(r.seat)}: archive marker`)));
      }
      if (r.at) {
        const key = r.at.join(',');
        byCell.set(key, (byCell.get(key) || 0) + 1);
      }
    }
    const seen = new Map();
    for (const r of list) {
      const p = robotGroup(r.seat);
      const shown = !!r.at && (r.status !== 'destroyed' || r.wreck) && r.status !== 'out';
      p.g.style.display = shown ? '' : 'none';
      if (!shown) { p.angle = null; continue; }
      const key = r.at.join(',');
      const i = seen.get(key) || 0;
      seen.set(key, i + 1);
      const [ox, oy] = crowdAt(byCell.get(key), i);
      const scale = crowdScale(byCell.get(key));
      const [cx, cy] = centre(r.at);
      // Turn the short way round from the last angle shown.
      let angle = ANGLE[r.facing];
      if (p.angle !== null) {
        const delta = ((angle - (p.angle % 360) + 540) % 360) - 180;
        angle = p.angle + delta;
      }
      const moveIt = animate && p.angle !== null;
      p.g.style.transition = moveIt ? '' : 'none';
      p.body.style.transition = moveIt ? '' : 'none';
      p.g.style.transform = `translate(${cx + ox}px, ${cy + oy}px) scale(${scale})`;
      p.body.style.transform = `rotate(${angle}deg)`;
      p.angle = angle;
      p.g.dataset.virtual = String(!!r.virtual);
      p.g.dataset.down = String(r.status === 'powered_down');
      p.g.dataset.wreck = String(!!r.wreck);
      p.g.dataset.team = r.team ?? '';
      p.g.dataset.hitched = String(!!r.hitched);
      const ringed = rings && r.team !== null && r.team !== undefined;
      p.ring.style.display = ringed ? '' : 'none';
      if (ringed) p.ring.setAttribute('stroke', teamStyle(r.team).color);
      const team = r.team !== null && r.team !== undefined ? `, ${teamStyle(r.team).name}` : '';
      p.title.textContent = `${name(r.seat)}${team} on ${squareName(r.at)}: facing ${DIR_WORDS[r.facing]}, ${r.damage} damage${r.hitched ? ', hitched to the ball' : ''}${r.virtual ? `, ${VIRTUAL_WORDS}` : ''}${r.status === 'powered_down' ? ', powered down' : ''}${r.wreck ? ', destroyed' : ''}`;
      p.g.dataset.mine = String(r.seat === mine);
    }
    // Your own robot over any other on its square, never hidden under one.
    const own = pieces.get(mine);
    if (own && robots.lastChild !== own.g) robots.append(own.g);
  }

  // ---- the ball ----
  const ball = svg('g', { class: 'rally-ball', style: 'display: none' });
  const ballTitle = svg('title');
  const ballShadow = svg('ellipse', { cx: 0, cy: 11, rx: 11, ry: 4, class: 'rally-ball-shadow' });
  const ballBody = svg('g', { class: 'rally-ball-body' });
  ballBody.append(
    svg('circle', { cx: 0, cy: 0, r: 12.5, class: 'rally-ball-shell' }),
    svg('path', { d: 'M-12.5,0 A12.5,4.5 0 0 0 12.5,0', class: 'rally-ball-seam' }),
    svg('polygon', { points: '-4.5,-11 0,-17 4.5,-11', class: 'rally-ball-facing' }));
  const ballRing = svg('circle', { cx: 0, cy: 0, r: 16.5, class: 'rally-ball-extract' });
  const ballLift = svg('g', { class: 'rally-ball-lift' }, ballBody, ballRing);
  ball.append(ballTitle, ballShadow, ballLift);
  ballLayer.append(ball);
  let ballAngle = null;

  /** The ball {at, facing, pogo, hitched, extracting} or null; hitch lines to the robots in `list`. */
  function drawBall(b, list, { animate }) {
    hitches.replaceChildren();
    ball.style.display = b && b.at ? '' : 'none';
    if (!b || !b.at) { ballAngle = null; return; }
    const [cx, cy] = centre(b.at);
    let angle = ANGLE[b.facing] ?? 0;
    if (ballAngle !== null) angle = ballAngle + ((((angle - (ballAngle % 360)) + 540) % 360) - 180);
    const moveIt = animate && ballAngle !== null;
    for (const node of [ball, ballBody, ballLift]) node.style.transition = moveIt ? '' : 'none';
    ball.style.transform = `translate(${cx}px, ${cy}px)`;
    ballBody.style.transform = `rotate(${angle}deg)`;
    ballAngle = angle;
    ball.dataset.pogo = String(b.pogo);
    ball.dataset.extracting = String(b.extracting);
    const state = [b.pogo ? 'in pogo mode, hovering over the robot below' : null, b.extracting ? 'extracting itself' : null].filter(Boolean);
    ballTitle.textContent = `The ball: ${squareName(b.at)}, facing ${DIR_WORDS[b.facing] || 'nowhere yet'}${state.length ? `, ${state.join(', ')}` : ''}`;
    for (const seat of b.hitched) {
      const r = list.find((x) => x.seat === seat);
      if (!r || !r.at) continue;
      const [rx, ry] = centre(r.at);
      const length = Math.hypot(rx - cx, ry - cy);
      if (length < 1) continue;
      // From the robot's shell to the ball's edge.
      const [ux, uy] = [(cx - rx) / length, (cy - ry) / length];
      const ends = { x1: rx + ux * 13, y1: ry + uy * 13, x2: cx - ux * 8, y2: cy - uy * 8 };
      const colour = r.team !== null && r.team !== undefined ? teamStyle(r.team).color : seatStyle(seat).color;
      hitches.append(svg('line', { ...ends, stroke: colour, class: 'rally-hitch-line' }),
        svg('line', { ...ends, class: 'rally-hitch-core' }));
    }
  }

  /** Beams fired in the step shown: each {source, seat, from, dir, count, cells, hits}. */
  function drawBeams(list) {
    beams.replaceChildren();
    for (const b of list) {
      if (!b.cells.length) continue;
      const [sx, sy] = STEP[b.dir];
      const [fx, fy] = centre(b.cells[0]);
      const [lx, ly] = centre(b.cells[b.cells.length - 1]);
      const start = b.source === 'board' ? [fx - sx * (C / 2), fy - sy * (C / 2)] : [fx - sx * (C / 2 - 4), fy - sy * (C / 2 - 4)];
      const end = b.hits.length ? [lx, ly] : [lx + sx * (C / 2), ly + sy * (C / 2)];
      for (let k = 0; k < b.count; k++) {
        const off = (k - (b.count - 1) / 2) * 4;
        beams.append(svg('line', {
          x1: start[0] + sy * off, y1: start[1] + sx * off, x2: end[0] + sy * off, y2: end[1] + sx * off,
          class: `rally-beam rally-beam-${b.source}`,
        }));
      }
      if (b.hits.length) beams.append(svg('circle', { cx: lx, cy: ly, r: 6, class: 'rally-hit' }));
    }
  }

  /** Marks on cells: each {at, kind: 'bump' | 'flag' | 'focus' | 'archive' | 'goal'}. */
  function drawMarks(list) {
    overlay.replaceChildren();
    for (const m of list) {
      const [x, y] = m.at;
      overlay.append(svg('rect', { x: x * C + 2, y: y * C + 2, width: C - 4, height: C - 4, rx: 6, class: `rally-mark rally-mark-${m.kind}` }));
    }
  }

  return {
    element: root,
    setLabel(text) { title.textContent = text; },
    /**
     * A frame: robots, the ball (null in a race), beams, marks; `rings`
     * draws team rings round the robots; `mine` (a seat) is drawn over any
     * robot sharing its square.
     */
    draw({ robots: list, ball: b = null, beams: bs = [], marks: m = [], name, animate = false, rings = false, mine = -1 }) {
      drawRobots(list, { name, animate, rings, mine });
      drawBall(b, list, { animate });
      drawBeams(bs);
      drawMarks(m);
    },
    /** The teams' homes, by team ([x, y] each). */
    setHomes(list) {
      homes.replaceChildren();
      homeTags.replaceChildren();
      list.forEach((at, team) => drawHome(homes, homeTags, at, team));
    },
    cellAt: (x, y) => cells.get(`${x},${y}`) || null,
    /** Where square [x, y] is on the drawing, as fractions of its width and height (its centre). */
    whereIs([x, y]) {
      return { fx: (x * C + C / 2 + L) / (w + L + M), fy: (y * C + C / 2 + L) / (h + L + M) };
    },
  };
}

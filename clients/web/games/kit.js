// games/kit.js: small helpers every game renderer may import
// (`import { svg, seatMark } from '../kit.js'`). Seat marks are the one
// look every game and the table frame share: each seat has a colour from a
// colour-blind-safe palette AND a shape AND its number, so no one needs to
// tell colours apart to tell seats apart.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** svg('rect', {x: 1, y: 2, class: 'cell'}, child...) */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

// Okabe & Ito's palette; `ink` is the label colour that reads on the fill
// (contrast of at least 4.5:1 with the fill).
const SEATS = [
  { color: '#E69F00', ink: '#1b1b1b', shape: 'circle', name: 'orange circle' },
  { color: '#56B4E9', ink: '#1b1b1b', shape: 'square', name: 'sky-blue square' },
  { color: '#009E73', ink: '#0b0b0b', shape: 'triangle', name: 'green triangle' },
  { color: '#F0E442', ink: '#1b1b1b', shape: 'diamond', name: 'yellow diamond' },
  { color: '#0072B2', ink: '#ffffff', shape: 'pentagon', name: 'blue pentagon' },
  { color: '#D55E00', ink: '#0b0b0b', shape: 'hexagon', name: 'red hexagon' },
  { color: '#CC79A7', ink: '#1b1b1b', shape: 'star', name: 'pink star' },
  { color: '#6B4E16', ink: '#ffffff', shape: 'octagon', name: 'brown octagon' },
];

/** {color, ink, shape, label, name} for a seat (0-based). */
export function seatStyle(seat) {
  if (!Number.isInteger(seat) || seat < 0) {
    return { color: '#8a8f98', ink: '#111', shape: 'circle', label: '?', name: 'grey circle' };
  }
  const s = SEATS[seat % SEATS.length];
  return { ...s, label: String(seat + 1) };
}

function polygon(cx, cy, r, n, rotation = -Math.PI / 2, inner = null) {
  const pts = [];
  const count = inner ? n * 2 : n;
  for (let i = 0; i < count; i++) {
    const radius = inner && i % 2 ? inner : r;
    const a = rotation + (i * 2 * Math.PI) / count;
    pts.push(`${(cx + radius * Math.cos(a)).toFixed(2)},${(cy + radius * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(' ');
}

/** The outline of a seat shape centred on (cx, cy) with radius r. */
export function shapeElement(shape, cx, cy, r, attrs = {}) {
  switch (shape) {
    case 'square':
      return svg('rect', { x: cx - r * 0.85, y: cy - r * 0.85, width: r * 1.7, height: r * 1.7, rx: r * 0.15, ...attrs });
    case 'triangle':
      return svg('polygon', { points: polygon(cx, cy + r * 0.15, r * 1.15, 3), ...attrs });
    case 'diamond':
      return svg('polygon', { points: polygon(cx, cy, r * 1.05, 4), ...attrs });
    case 'pentagon':
      return svg('polygon', { points: polygon(cx, cy + r * 0.05, r, 5), ...attrs });
    case 'hexagon':
      return svg('polygon', { points: polygon(cx, cy, r, 6, 0), ...attrs });
    case 'star':
      return svg('polygon', { points: polygon(cx, cy + r * 0.08, r * 1.1, 5, -Math.PI / 2, r * 0.55), ...attrs });
    case 'octagon':
      return svg('polygon', { points: polygon(cx, cy, r, 8, Math.PI / 8), ...attrs });
    default:
      return svg('circle', { cx, cy, r, ...attrs });
  }
}

/**
 * A seat's mark as an SVG group centred on (x, y): shape, fill, outline
 * and the seat number. `title` adds a tooltip / accessible name.
 */
export function seatMark(seat, { x = 0, y = 0, r = 10, title } = {}) {
  const s = seatStyle(seat);
  const g = svg('g', { class: 'seat-mark' });
  if (title) g.append(svg('title', {}, title));
  g.append(shapeElement(s.shape, x, y, r, { fill: s.color, stroke: '#1b1f24', 'stroke-width': Math.max(1, r / 8) }));
  g.append(svg('text', {
    x, y: y + r * 0.36, 'text-anchor': 'middle', 'font-size': r * (s.shape === 'triangle' ? 0.85 : 1.05),
    'font-weight': 700, fill: s.ink, 'font-family': 'system-ui, sans-serif',
  }, s.label));
  return g;
}

/** A seat mark as a small standalone <svg> for use in HTML (lists, logs). */
export function seatBadge(seat, size = 22) {
  const el = svg('svg', { width: size, height: size, viewBox: '-12 -12 24 24', class: 'seat-badge', 'aria-hidden': 'true', focusable: 'false' });
  el.append(seatMark(seat, { r: 10 }));
  return el;
}

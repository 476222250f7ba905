// robot-art.js: the robot's 3x3 diagram, one visual language everywhere (the
// layout editor, your robot, what you know of the enemy, the reveal):
//   laser   – letter in a circle (as the paper rules circle them) and a
//             wedge pointing out of the slot: it shoots that way;
//   engine  – plain letter and a double chevron pointing out: it drives that way;
//   booster – letter in a square (as the rules draw it) and a bolt;
//   unknown – dashed outline and "?".
// A destroyed slot is crossed out. Colours come from renderer.css classes
// and always go with the shapes above, so nothing depends on colour alone.

import { svg } from '../kit.js';
import { SLOT_DIR, SLOT_WORDS, dirAngle } from './geometry.js';

const PART_WORDS = { laser: 'laser', engine: 'engine', booster: 'booster' };

function laserGlyph() {
  // pointing north, narrow end toward the letter
  return svg('polygon', { class: 'bx-glyph-fill', points: '0,2 -11,-12 11,-12' });
}

function engineGlyph() {
  return svg('g', { class: 'bx-glyph-line' },
    svg('polyline', { points: '-10,2 0,-7 10,2' }),
    svg('polyline', { points: '-10,-6 0,-15 10,-6' }));
}

function boltGlyph(x, y) {
  return svg('polygon', {
    class: 'bx-glyph-fill',
    points: [[2, -11], [-6, 1], [-1, 1], [-3, 11], [6, -2], [1, -2]].map(([px, py]) => `${x + px},${y + py}`).join(' '),
  });
}

function eyeGlyph(x, y) {
  return svg('g', { class: 'bx-eye', transform: `translate(${x} ${y})` },
    svg('path', { d: 'M-11,0 Q0,-9 11,0 Q0,9 -11,0 Z' }),
    svg('circle', { cx: 0, cy: 0, r: 3.5 }));
}

/** Words for one slot, for titles and labels: "north-east corner: laser c". */
export function slotWords(slot, cell) {
  const what = cell.part ? PART_WORDS[cell.part] : 'unknown part';
  const letter = cell.letter ? ` ${cell.letter}` : '';
  const destroyed = cell.destroyed ? ', destroyed' : '';
  return `${SLOT_WORDS[slot]}: ${what}${letter}${destroyed}`;
}

/**
 * One slot drawn in a 100×100 box at (x, y). cell: {letter, part,
 * destroyed, seen, selected}; letter and part may be null (unknown).
 */
export function slotArt(slot, cell, x = 0, y = 0) {
  const part = cell.part || 'unknown';
  const g = svg('g', {
    class: `bx-slot bx-part-${part}${cell.destroyed ? ' bx-destroyed' : ''}${cell.selected ? ' bx-selected' : ''}`,
    transform: `translate(${x} ${y})`,
  });
  g.append(svg('rect', { class: 'bx-slot-box', x: 3, y: 3, width: 94, height: 94, rx: 14 }));
  const dir = SLOT_DIR[slot];
  if (dir && (part === 'laser' || part === 'engine')) {
    g.append(svg('g', { transform: `translate(50 50) rotate(${dirAngle(dir)}) translate(0 -29)` },
      part === 'laser' ? laserGlyph() : engineGlyph()));
  }
  if (part === 'laser') g.append(svg('circle', { class: 'bx-frame', cx: 50, cy: 50, r: 19 }));
  if (part === 'booster') {
    g.append(svg('rect', { class: 'bx-frame', x: 31, y: 31, width: 38, height: 38, rx: 4 }));
    g.append(boltGlyph(81, 20));
  }
  if (cell.destroyed) {
    g.append(svg('path', { class: 'bx-cross', d: 'M18,18 L82,82 M82,18 L18,82' }));
  }
  g.append(svg('text', { class: 'bx-slot-letter', x: 50, y: 51, 'text-anchor': 'middle', 'dominant-baseline': 'central' },
    cell.letter || '?'));
  if (cell.seen) g.append(eyeGlyph(20, 16));
  return g;
}

/**
 * The whole robot as an <svg>: cells by slot, and a label for screen
 * readers (the slots' words, read in order).
 */
export function robotArt(cells, { label = 'Robot', className = '' } = {}) {
  const words = cells.map((c, s) => slotWords(s, c)).join('; ');
  const el = svg('svg', {
    class: `bx-robot ${className}`.trim(), viewBox: '0 0 300 300', role: 'img', 'aria-label': `${label}: ${words}`,
  });
  el.append(svg('rect', { class: 'bx-robot-body', x: 0, y: 0, width: 300, height: 300, rx: 22 }));
  cells.forEach((cell, slot) => el.append(slotArt(slot, cell, (slot % 3) * 100, Math.floor(slot / 3) * 100)));
  return el;
}

/** A small legend of the three parts, drawn with the same art. */
export function legend() {
  const items = [['laser', 'Laser: shoots out of its side'], ['engine', 'Engine: drives out of its side'], ['booster', 'Booster: ×2 steps or ×2 reach']];
  const list = document.createElement('ul');
  list.className = 'bx-legend';
  for (const [part, text] of items) {
    const li = document.createElement('li');
    const art = svg('svg', { viewBox: '0 0 100 100', class: 'bx-legend-art', 'aria-hidden': 'true' });
    art.append(slotArt(part === 'booster' ? 4 : 1, { part, letter: part === 'booster' ? 'e' : 'b' }));
    const span = document.createElement('span');
    span.textContent = text;
    li.append(art, span);
    list.append(li);
  }
  return list;
}

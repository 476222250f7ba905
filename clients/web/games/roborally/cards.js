// cards.js: the program cards as the player sees them. A card is its
// priority (10..840, unique); its kind follows the deck of RULINGS §5, the
// same table as server/games/roborally/rr_cards.c.

import { svg } from '../kit.js';

export const KINDS = {
  uturn: { name: 'U-Turn', short: 'U-turn' },
  left: { name: 'Rotate Left', short: 'Left' },
  right: { name: 'Rotate Right', short: 'Right' },
  backup: { name: 'Back Up', short: 'Back' },
  move1: { name: 'Move 1', short: 'Move 1' },
  move2: { name: 'Move 2', short: 'Move 2' },
  move3: { name: 'Move 3', short: 'Move 3' },
};

// The deck as runs of priorities: kind, first, last, step.
const RUNS = [
  ['uturn', 10, 60, 10], ['left', 70, 410, 20], ['right', 80, 420, 20], ['backup', 430, 480, 10],
  ['move1', 490, 660, 10], ['move2', 670, 780, 10], ['move3', 790, 840, 10],
];

/** The kind of a card ('move2'), or null. */
export function cardKind(priority) {
  for (const [kind, first, last, step] of RUNS) {
    if (priority >= first && priority <= last && (priority - first) % step === 0) return kind;
  }
  return null;
}

export function cardName(priority) {
  const k = cardKind(priority);
  return k ? `${KINDS[k].name} (${priority})` : String(priority);
}

/** The card's picture: an arrow saying what it does, in a 24x24 box. */
export function cardIcon(kind) {
  const el = svg('svg', { viewBox: '-12 -12 24 24', class: 'rally-card-icon', 'aria-hidden': 'true', focusable: 'false' });
  const stroke = { fill: 'none', stroke: 'currentColor', 'stroke-width': 2.4, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' };
  const head = (x, y, dir) => {
    const p = { up: `${x - 5},${y + 4} ${x},${y - 2} ${x + 5},${y + 4}`, down: `${x - 5},${y - 4} ${x},${y + 2} ${x + 5},${y - 4}`,
      left: `${x + 4},${y - 5} ${x - 2},${y} ${x + 4},${y + 5}`, right: `${x - 4},${y - 5} ${x + 2},${y} ${x - 4},${y + 5}` }[dir];
    return svg('polyline', { points: p, ...stroke });
  };
  if (kind === 'move1' || kind === 'move2' || kind === 'move3') {
    const n = Number(kind.slice(-1));
    for (let i = 0; i < n; i++) el.append(head(0, 7 - i * 6, 'up'));
  } else if (kind === 'backup') {
    el.append(svg('line', { x1: 0, y1: -8, x2: 0, y2: 6, ...stroke }), head(0, 8, 'down'));
  } else if (kind === 'left') {
    el.append(svg('path', { d: 'M6,9 V-1 A5,5 0 0 0 1,-6 H-6', ...stroke }), head(-6, -6, 'left'));
  } else if (kind === 'right') {
    el.append(svg('path', { d: 'M-6,9 V-1 A5,5 0 0 1 -1,-6 H6', ...stroke }), head(6, -6, 'right'));
  } else if (kind === 'uturn') {
    el.append(svg('path', { d: 'M5,9 V-2 A5,5 0 0 0 -5,-2 V4', ...stroke }), head(-5, 6, 'down'));
  }
  return el;
}

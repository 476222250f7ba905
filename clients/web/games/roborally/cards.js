// cards.js: the program cards as the player sees them. A card is its
// priority (10..840, unique); its kind follows the deck of RULINGS §5.
// The deck, the option cards, the main laser's beams and the timings come from
// tables.js, which the build writes from data/roborally/tables.json (the
// engine's tables come from the same file).

import { svg } from '../kit.js';
import TABLES from './tables.js';

/** Each kind of card by its id ('move2'): its name and short name. */
export const KINDS = Object.fromEntries(TABLES.cards.map((c) => [c.id, { name: c.name, short: c.short }]));

/** Each option card's name by its id ('tractor_beam': 'Tractor Beam'). */
export const OPTION_NAMES = Object.fromEntries(TABLES.options.map((o) => [o.id, o.name]));

/** Each option card's text: what it does. */
export const OPTION_TEXTS = Object.fromEntries(TABLES.options.map((o) => [o.id, o.text]));

/** The main laser's beams: [{id, option (the option card it needs, or null), label}]. */
export const BEAMS = TABLES.beams;

/** When a client sends its program as a draft (protocol/PROTOCOL.md, RoboRally, "Drafts"). */
export const DRAFTS = TABLES.drafts;

/** The pace of a turn's playback (protocol/PROTOCOL.md, RoboRally, "Playback"): {frame_ms, max_ms}. */
export const PLAYBACK = TABLES.playback;

/** The kind of a card ('move2'), or null. */
export function cardKind(priority) {
  for (const { id, priorities: { first, last, step } } of TABLES.cards) {
    if (priority >= first && priority <= last && (priority - first) % step === 0) return id;
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

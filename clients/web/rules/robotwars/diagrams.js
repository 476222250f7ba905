// The diagrams of the Robot Wars rules page, drawn by the table's own war
// zone (games/robotwars/arena.js): the whole war zone at the start of a
// battle, a push onto the spikes with the moves the table marks, and a
// house robot's throw out of its corner.

import { svg } from '../../games/kit.js';
import { createArena, CELL } from '../../games/robotwars/arena.js';
import { diagramBox } from '../../js/rules.js';

const NAMES = ['Orange', 'Blue', 'Green'];
const name = (seat) => NAMES[seat] || `Seat ${seat + 1}`;

// The reconstruction's war zone (server/games/robotwars/robotwars_data.c).
const BOARD = [
  'CC...sss..CC', 'CC........CC', '............', '............', '............', 'w..........w',
  'w..........w', '............', '..FF....PP..', '..FF....PP..', 'CC........CC', 'CC........CC',
];

const wrap = (...children) => diagramBox('rw', new URL('../../games/robotwars/renderer.css', import.meta.url).href, ...children);

const robot = (seat, cell, facing, extra = {}) => ({ seat, cell, facing, immobilised: null, damage: 0, ...extra });

/** The war zone with `robots`, `mover`'s legal moves marked, cropped to a window of squares. */
function zone(robots, { mover = null, legal = null, window = null } = {}) {
  const arena = createArena({ name, onStep() {}, onAttack() {}, window: window ?? undefined });
  arena.draw({
    phase: 'battle', board: BOARD,
    battle: { robots, pit_open: false, turn: mover === null ? null : { seat: mover } },
  });
  if (legal) arena.choices(legal);
  arena.element.style.maxWidth = window ? '260px' : '420px';
  arena.element.style.margin = '0 auto';
  return arena.element;
}

export const diagrams = {
  start() {
    return wrap(zone([robot(0, [5, 10], 'N'), robot(1, [6, 1], 'S')]));
  },

  push() {
    // Orange (Power 1) faces Blue's front, with the spikes behind Blue.
    const legal = { forward: { to: [6, 1], blocked: false, push: 1, side: 'front' }, back: { to: [6, 3], blocked: false, push: null, side: null }, attack: { target: 1, points: 2 }, left: true, right: true, end: true };
    return wrap(zone([robot(0, [6, 2], 'N'), robot(1, [6, 1], 'S')], { mover: 0, legal, window: [4, 0, 8, 4] }));
  },

  throw() {
    // Green stepped into the north-west corner at (2, 2); the house robot
    // threw it two squares toward the centre, to (4, 4). Where it was: a
    // dashed ring, and the throw's path.
    const art = zone([robot(2, [3, 3], 'W')], { window: [0, 0, 4, 4] });
    const at = (c) => c * CELL + CELL / 2;
    art.append(svg('g', { class: 'rw-throw-trace', 'aria-hidden': 'true' },
      svg('circle', { cx: at(1), cy: at(1), r: 15, fill: 'none', stroke: '#009E73', 'stroke-width': 3, 'stroke-dasharray': '5 4' }),
      svg('path', { d: `M${at(1) + 11} ${at(1) + 11} L${at(3) - 17} ${at(3) - 17}`, stroke: '#009E73', 'stroke-width': 4, 'stroke-linecap': 'round', fill: 'none' }),
      svg('path', { d: `M${at(3) - 15} ${at(3) - 27} L${at(3) - 15} ${at(3) - 15} L${at(3) - 27} ${at(3) - 15}`, stroke: '#009E73', 'stroke-width': 4, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', fill: 'none' })));
    return wrap(art);
  },
};

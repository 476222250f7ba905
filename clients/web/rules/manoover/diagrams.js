// The diagrams of the Robot Attack rules page, drawn by the table's own
// board code (games/manoover/board.js): the standard set-up, the picker
// around a selected robot, and a push before and after (on smaller boards
// of the same shape, so each picture shows only what it is about).

import { createBoard } from '../../games/manoover/board.js';
import { diagramBox } from '../../js/rules.js';

const NAMES = ['Orange', 'Blue'];
const name = (seat) => NAMES[seat] || `Seat ${seat + 1}`;

// The standard two-player set-up (server/games/manoover/manoover_layout.c).
const GOALS = [{ owner: 0, cell: [0, -3] }, { owner: 1, cell: [0, 3] }];
const START = [
  [[-3, 3], [-2, 3], [-1, 3], [1, 2], [2, 1], [3, 0]].map((cell, i) => ({ owner: 0, number: i + 1, cell, dir: 'N' })),
  [[3, -3], [2, -3], [1, -3], [-1, -2], [-2, -1], [-3, 0]].map((cell, i) => ({ owner: 1, number: i + 1, cell, dir: 'S' })),
].flat();

const wrap = (...children) => diagramBox('mo', new URL('../../games/manoover/renderer.css', import.meta.url).href, ...children);

/**
 * A board of `radius` with `robots` (and `goals`); a small radius keeps
 * the picture to the few cells it is about.
 */
function board(robots, { radius = 3, goals = GOALS, choices = null } = {}) {
  const b = createBoard({ name });
  b.setBoard({ radius, goals });
  b.show(robots);
  if (choices) b.setChoices(choices);
  return b.element;
}

function labelled(text, art) {
  const box = document.createElement('div');
  const p = document.createElement('p');
  p.className = 'diagram-label';
  p.textContent = text;
  box.append(p, art);
  return box;
}

export const diagrams = {
  start() {
    return wrap(board(START));
  },

  choices() {
    const robots = [
      { owner: 0, number: 3, cell: [0, 0], dir: 'N' },
      { owner: 1, number: 2, cell: [1, -1], dir: 'S' },
    ];
    const legal = new Map([[3, { number: 3, step: true, turn: ['NE', 'SE', 'S', 'SW', 'NW'] }]]);
    return wrap(board(robots, { radius: 1, goals: [], choices: { seat: 0, legal, selected: 3 } }));
  },

  push() {
    const small = { radius: 2, goals: [{ owner: 0, cell: [0, -2] }, { owner: 1, cell: [0, 2] }] };
    const before = [
      { owner: 0, number: 3, cell: [0, 1], dir: 'N' },
      { owner: 1, number: 2, cell: [0, 0], dir: 'SE' },
      { owner: 1, number: 5, cell: [0, -1], dir: 'S' },
    ];
    const after = [
      { owner: 0, number: 3, cell: [0, 0], dir: 'N' },
      { owner: 1, number: 2, cell: [0, -1], dir: 'SE' },
    ];
    const pair = document.createElement('div');
    pair.className = 'diagram-pair';
    const arrow = document.createElement('span');
    arrow.className = 'diagram-pair-arrow';
    arrow.textContent = '→';
    pair.append(labelled('Before', board(before, small)), arrow,
      labelled('After: blue 5 scored for orange', board(after, small)));
    return wrap(pair);
  },
};

// The diagrams of the Robot boxing rules page, drawn by the table's own
// code: the robot's 3×3 art (games/boxing/robot-art.js) and the ring
// (games/boxing/ring.js) on a small ring, with the same cone geometry the
// table uses to preview a shot (games/boxing/geometry.js).

import { createRing } from '../../games/boxing/ring.js';
import { robotArt, legend } from '../../games/boxing/robot-art.js';
import { coneCells, inCone, pathCells } from '../../games/boxing/geometry.js';
import { readTurn } from '../../games/boxing/turn.js';
import { diagramBox } from '../../js/rules.js';

const wrap = (...children) => diagramBox('bx', new URL('../../games/boxing/renderer.css', import.meta.url).href, ...children);

const robot = (seat, cell, label) => ({ seat, cell, out: false, mine: seat === 0, label, title: label });

function ring(scene) {
  const r = createRing({ onStep: () => {} });
  r.draw({ title: '', last: null, showLastCones: false, path: null, cone: null, targets: null, ...scene });
  return r.element;
}

/** A laser's wedge from `at` on a ring of `size`, with the robots in it ringed. */
function coneScene(size, dir, at, reach, enemy) {
  return {
    size,
    robots: [robot(0, at, 'You'), robot(1, enemy, 'Foe')],
    cone: {
      seat: 0,
      cells: coneCells(size, dir, at, reach),
      enemyIn: inCone(dir, enemy[0] - at[0], enemy[1] - at[1], reach) ? [enemy] : [],
    },
  };
}

export const diagrams = {
  robot() {
    const letters = ['c', 'a', 'f', 'b', 'e', 'h', 'd', 'i', 'g'];
    const parts = ['laser', 'engine', 'laser', 'engine', 'booster', 'engine', 'laser', 'engine', 'laser'];
    const cells = letters.map((letter, slot) => ({ letter, part: parts[slot], destroyed: false }));
    const art = robotArt(cells, { label: 'An example robot' });
    art.style.maxWidth = '220px';
    art.style.margin = '0 auto';
    return wrap(art, legend());
  },

  path() {
    const from = [1, 3];
    const path = ['E', 'E', 'E', 'N'];
    return wrap(ring({ size: 6, robots: [robot(0, from, 'You')], path: { from, cells: pathCells(from, path), seat: 0 } }));
  },

  clash() {
    const ev = {
      turn: 4,
      from: [[0, 2], [4, 2]],
      moves: [[[1, 2], [1, 2]], [[3, 2], [3, 2]]],
      orders: [{ path: ['E', 'E'], booster: 'none', fire: null }, { path: ['W', 'W'], booster: 'none', fire: null }],
      stops: [{ step: 2, why: 'same_cell' }, { step: 2, why: 'same_cell' }],
      shots: [],
    };
    return wrap(ring({ size: 6, robots: [robot(0, [1, 2], 'You'), robot(1, [3, 2], 'Foe')], last: readTurn(ev) }));
  },

  cone() {
    return wrap(ring(coneScene(7, 'E', [1, 3], 4, [4, 2])));
  },

  corner() {
    return wrap(ring(coneScene(7, 'NE', [2, 4], 3, [5, 1])));
  },
};

// The diagrams of the RoboRally rules page, drawn by the table's own floor
// code (games/roborally/floor.js) on tiny made-up courses, in the course
// file's own format, so they look exactly like the table. The RoboBall
// ones add homes, the ball and team rings the same way the table does.

import { createFloor } from '../../games/roborally/floor.js';
import { diagramBox } from '../../js/rules.js';

const sheet = new URL('../../games/roborally/renderer.css', import.meta.url).href;
const name = (seat) => `Robot ${seat + 1}`;

/** A course of width x height squares with these cells, lasers and flags. */
function course(width, height, { cells = [], lasers = [], flags = [] } = {}) {
  return { id: 'diagram', name: 'Diagram', width, height, boards: [], cells, lasers, flags };
}

const robot = (seat, x, y, facing, extra = {}) => ({
  seat, at: [x, y], facing, status: 'active', virtual: false, damage: 0, archive: null, ...extra,
});

function picture(c, robots, { beams = [], marks = [], ball = null, homes = null } = {}) {
  const floor = createFloor(c, { label: 'A diagram', flags: !homes });
  if (homes) floor.setHomes(homes);
  floor.draw({ robots, beams, marks, name, ball, rings: !!homes });
  floor.element.style.cssText = `width: 100%; max-width: ${c.width * 56}px; height: auto`;
  return diagramBox('rally', sheet, floor.element);
}

export const diagrams = {
  /** A robot on its dock and the two flags. */
  goal() {
    const c = course(5, 4, {
      cells: [{ x: 1, y: 3, kind: 'floor', dock: 1, facing: 'N' }, { x: 3, y: 0, kind: 'floor', flag: 1 },
        { x: 0, y: 1, kind: 'floor', flag: 2 }, { x: 2, y: 2, kind: 'pit' }],
      flags: [[3, 0], [0, 1]],
    });
    return picture(c, [robot(0, 1, 3, 'N')]);
  },

  /** Move 2: robot 1 pushes robot 2 two squares east (their squares before, outlined). */
  push() {
    const c = course(6, 1);
    return picture(c, [robot(0, 2, 0, 'E'), robot(1, 3, 0, 'S')], {
      marks: [{ at: [0, 0], kind: 'focus' }, { at: [1, 0], kind: 'focus' }],
    });
  },

  /** A belt carries robot 3 onto a curve, which turns it north. */
  belts() {
    const c = course(4, 2, {
      cells: [
        { x: 0, y: 1, kind: 'belt', out: 'E', in: 'W' },
        { x: 1, y: 1, kind: 'belt', out: 'E', in: 'W' },
        { x: 2, y: 1, kind: 'belt', out: 'N', in: 'W' },
        { x: 2, y: 0, kind: 'belt', out: 'N', in: 'S' },
        { x: 3, y: 0, kind: 'express', out: 'W', in: 'E' },
      ],
    });
    return picture(c, [robot(2, 2, 1, 'N')], { marks: [{ at: [1, 1], kind: 'focus' }] });
  },

  /** A board laser hits robot 4, which shields robot 5; a wall stops robot 5's own beam. */
  lasers() {
    const c = course(5, 1, {
      cells: [{ x: 4, y: 0, kind: 'floor', walls: 'E' }, { x: 0, y: 0, kind: 'floor', walls: 'E' }],
      lasers: [{ x: 4, y: 0, dir: 'W', count: 1, cells: [[4, 0], [3, 0], [2, 0], [1, 0], [0, 0]] }],
    });
    return picture(c, [robot(3, 2, 0, 'S', { damage: 1 }), robot(4, 0, 0, 'E')], {
      beams: [{ source: 'board', seat: null, from: [4, 0], dir: 'W', count: 1, cells: [[4, 0], [3, 0], [2, 0]], hits: [3] }],
    });
  },

  /** RoboBall: robot 1 drags the hitched ball home; robot 2 may hitch, robot 3 (robot 1's team) may not. */
  hitch() {
    const c = course(7, 3);
    return picture(c, [robot(0, 2, 1, 'W', { team: 0, hitched: true }), robot(1, 3, 0, 'S', { team: 1 }), robot(2, 3, 2, 'N', { team: 0 })], {
      homes: [[0, 1], [6, 1]],
      ball: { at: [3, 1], facing: 'W', pogo: false, hitched: [0], extracting: false },
      marks: [{ at: [4, 1], kind: 'focus' }],
    });
  },

  /** RoboBall: the ball in pogo mode over robot 2, on the brink of a pit. */
  pogo() {
    const c = course(4, 2, { cells: [{ x: 3, y: 1, kind: 'pit' }] });
    return picture(c, [robot(1, 2, 1, 'E', { damage: 1, team: 1 })], {
      homes: [],
      ball: { at: [2, 1], facing: 'E', pogo: true, hitched: [], extracting: false },
      marks: [{ at: [2, 1], kind: 'bump' }],
    });
  },
};

// The diagrams of the Ricochet Robots rules page, drawn by the table's own
// board code (games/ricochet/board.js) on small made-up boards, each shown
// through a window onto a few cells. The slides are computed with the
// client's copy of the server's slide rule, so a diagram cannot show a
// move the game would not make.

import { createBoard } from '../../games/ricochet/board.js';
import { SIZE, cellOf, slide } from '../../games/ricochet/model.js';
import { diagramBox } from '../../js/rules.js';

const C = 40; // the board's cell size, in SVG units
const WALL = { N: 1, E: 2, S: 4, W: 8 };
const OPPOSITE = { N: 'S', E: 'W', S: 'N', W: 'E' };
const STEP = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };

/** A board with the centre block, walls [x, y, side] and targets. */
function makeBoard(walls, targets) {
  const bits = new Array(SIZE * SIZE).fill(0);
  for (const [x, y, side] of walls) {
    bits[cellOf(x, y)] |= WALL[side];
    const [dx, dy] = STEP[side];
    const [nx, ny] = [x + dx, y + dy];
    if (nx >= 0 && ny >= 0 && nx < SIZE && ny < SIZE) bits[cellOf(nx, ny)] |= WALL[OPPOSITE[side]];
  }
  return {
    layout: {},
    size: SIZE,
    walls: bits,
    centre: [cellOf(7, 7), cellOf(8, 7), cellOf(7, 8), cellOf(8, 8)],
    targets: targets.map(([x, y, color, symbol]) => ({ cell: cellOf(x, y), color, symbol })),
  };
}

/**
 * Cuts the board's floor (drawn for all 16×16 cells) to the window, and
 * drops the centre block when it lies outside: the picture then holds
 * nothing it does not show, and nothing sticks out of a narrow page.
 */
function trim(svg, [X0, Y0, X1, Y1]) {
  const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));
  for (const r of svg.querySelectorAll('.rr-floor rect')) {
    const x = clamp(Number(r.getAttribute('x')), X0, X1);
    const y = clamp(Number(r.getAttribute('y')), Y0, Y1);
    const right = clamp(Number(r.getAttribute('x')) + Number(r.getAttribute('width')), X0, X1);
    const bottom = clamp(Number(r.getAttribute('y')) + Number(r.getAttribute('height')), Y0, Y1);
    Object.entries({ x, y, width: right - x, height: bottom - y }).forEach(([k, v]) => r.setAttribute(k, v));
  }
  for (const l of svg.querySelectorAll('.rr-floor line')) {
    const [x1, y1, x2, y2] = ['x1', 'y1', 'x2', 'y2'].map((k) => Number(l.getAttribute(k)));
    if (x1 === x2 ? x1 <= X0 || x1 >= X1 : y1 <= Y0 || y1 >= Y1) { l.remove(); continue; }
    l.setAttribute('x1', clamp(x1, X0, X1));
    l.setAttribute('x2', clamp(x2, X0, X1));
    l.setAttribute('y1', clamp(y1, Y0, Y1));
    l.setAttribute('y2', clamp(y2, Y0, Y1));
  }
  const block = svg.querySelector('.rr-block');
  const bx = Number(block.getAttribute('x'));
  const by = Number(block.getAttribute('y'));
  if (bx >= X1 || by >= Y1 || bx + 2 * C <= X0 || by + 2 * C <= Y0) svg.querySelector('.rr-centre').replaceChildren();
}

/** The board's SVG in the page's ricochet styles, cropped to cells [x0, y0]..[x1, y1]. */
function framed(board, [x0, y0, x1, y1], { chip = false } = {}) {
  if (!chip) board.element.querySelector('.rr-chip')?.remove();
  const svg = board.element;
  const win = [x0 * C - 1, y0 * C - 1, (x1 + 1) * C + 1, (y1 + 1) * C + 1];
  trim(svg, win);
  svg.setAttribute('viewBox', `${win[0]} ${win[1]} ${win[2] - win[0]} ${win[3] - win[1]}`);
  return diagramBox('rr', new URL('../../games/ricochet/renderer.css', import.meta.url).href, svg);
}

function scene(board, robots, extra = {}) {
  return {
    board, title: '', target: null, chip: null, chipDim: false, markers: null,
    robots, interactive: false, selected: null, moves: null, caption: null, ...extra,
  };
}

const none = () => {};

export const diagrams = {
  /** The chip on the centre block and the target it names. */
  target() {
    const board = makeBoard(
      [[10, 6, 'N'], [10, 6, 'W'], [5, 9, 'S'], [5, 9, 'E'], [9, 10, 'E']],
      [[10, 6, 'blue', 'triangle'], [5, 9, 'green', 'circle'], [9, 10, 'red', 'square']],
    );
    const target = board.targets[0];
    const b = createBoard({ onRobot: none, onArrow: none });
    b.draw(scene(board, { blue: cellOf(5, 11), red: cellOf(11, 9) }, { target, chip: target }));
    return framed(b, [4, 5, 11, 11], { chip: true });
  },

  /** A selected robot and the four slides its arrows offer. */
  slide() {
    const board = makeBoard([[3, 1, 'N'], [3, 5, 'S']], [[5, 1, 'yellow', 'hexagon']]);
    const robots = { red: cellOf(3, 3), green: cellOf(7, 3) };
    const moves = ['N', 'E', 'S', 'W'].map((dir) => ({ dir, path: slide(board, robots, 'red', dir) }));
    const b = createBoard({ onRobot: none, onArrow: none });
    b.draw(scene(board, robots, { interactive: true, selected: 'red', moves }));
    return framed(b, [0, 0, 7, 6]);
  },

  /** A three-move solution: a stop set with another robot, then a turn. */
  route() {
    const board = makeBoard([[6, 11, 'N'], [1, 11, 'N'], [5, 11, 'S']], [[5, 11, 'red', 'circle']]);
    const target = board.targets[0];
    const start = { red: cellOf(1, 15), yellow: cellOf(6, 13) };
    let cells = { ...start };
    const steps = [['yellow', 'N'], ['red', 'N'], ['red', 'E']].map(([robot, dir], i) => {
      const path = slide(board, cells, robot, dir);
      const from = cells[robot];
      cells = { ...cells, [robot]: path[path.length - 1] };
      return { cells, trail: { robot, from, to: cells[robot], n: i + 1 } };
    });
    const b = createBoard({ onRobot: none, onArrow: none });
    b.draw(scene(board, start, { target, chip: target, markers: start }));
    b.play(steps); // still steps, no pause: drawn at once
    return framed(b, [0, 10, 7, 15]);
  },
};

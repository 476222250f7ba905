// model.js: Ricochet Robots facts the board and the panel share: robot and
// target colours with their letters, words for chips and moves, and the
// slide of a robot (the same rule as the server's ricochet_slide), used to
// preview where a move would end. Cells are 16*y + x; walls are bits N=1,
// E=2, S=4, W=8 on each cell, as the server's view gives them.

export const SIZE = 16;
export const ROBOTS = ['red', 'green', 'blue', 'yellow', 'silver'];
export const DIRS = ['N', 'E', 'S', 'W'];
export const DIR_WORDS = { N: 'north', E: 'east', S: 'south', W: 'west' };
export const DIR_ARROWS = { N: '↑', E: '→', S: '↓', W: '←' };
export const KEY_DIRS = { ArrowUp: 'N', ArrowRight: 'E', ArrowDown: 'S', ArrowLeft: 'W' };
const WALL = { N: 1, E: 2, S: 4, W: 8 };
const STEP = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };

/** Colours that read on the board in both schemes, and each robot's letter. */
export const COLORS = {
  red: { fill: '#d1362f', ink: '#ffffff', soft: '#f6c9c5', letter: 'R', name: 'red' },
  green: { fill: '#1f8a3b', ink: '#ffffff', soft: '#c4e6cd', letter: 'G', name: 'green' },
  blue: { fill: '#2456c7', ink: '#ffffff', soft: '#c8d6f5', letter: 'B', name: 'blue' },
  yellow: { fill: '#e9b400', ink: '#1b1b1b', soft: '#f8e6a6', letter: 'Y', name: 'yellow' },
  silver: { fill: '#8f99a6', ink: '#111111', soft: '#dde1e6', letter: 'S', name: 'silver' },
  any: { fill: '#7a4fbf', ink: '#ffffff', soft: '#e1d5f5', letter: '★', name: 'any colour' },
};

export const xyOf = (cell) => [cell % SIZE, Math.floor(cell / SIZE)];
export const cellOf = (x, y) => y * SIZE + x;

export function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "the blue triangle", "the cosmic vortex" */
export function chipWords(chip) {
  if (!chip) return 'no chip';
  return chip.symbol === 'vortex' ? 'the cosmic vortex' : `the ${chip.color} ${chip.symbol}`;
}

/** "the blue robot", or "any robot" for the vortex. */
export function activeWords(active) {
  return active === 'any' ? 'any robot' : `the ${active} robot`;
}

/** "red north" */
export function moveWords(move) {
  return `${move.robot} ${DIR_WORDS[move.dir]}`;
}

export function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/** Robot cells by colour from a view's robots ({red: {cell}} → {red: cell}). */
export function cellsOf(robots) {
  return Object.fromEntries(Object.entries(robots || {}).map(([c, r]) => [c, typeof r === 'number' ? r : r.cell]));
}

/** Where `robot` stops moving `dir` from `cells` (colour → cell), and the
 *  cells it passes; [] when it cannot move. */
export function slide(board, cells, robot, dir) {
  const taken = new Set(Object.entries(cells).filter(([c]) => c !== robot).map(([, cell]) => cell));
  const centre = new Set(board.centre);
  const path = [];
  let [x, y] = xyOf(cells[robot]);
  for (;;) {
    const here = cellOf(x, y);
    const [nx, ny] = [x + STEP[dir][0], y + STEP[dir][1]];
    if (nx < 0 || ny < 0 || nx >= SIZE || ny >= SIZE) break;
    const next = cellOf(nx, ny);
    if (centre.has(next) || (board.walls[here] & WALL[dir]) || taken.has(next)) break;
    path.push(next);
    [x, y] = [nx, ny];
  }
  return path;
}

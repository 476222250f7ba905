// geometry.js: the ring and the robot's 3x3 slots, as the engine counts them
// (server/games/boxing/boxing.h): cells are [x, y] with x west→east and y
// north→south; slots are row*3 + col with row 0 to the north, and every
// outer slot faces the direction of its position. Pure functions only.

export const LETTERS = 'abcdefghi';
export const DIRS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
export const CENTRE = 4;

const DELTA = {
  N: [0, -1], NE: [1, -1], E: [1, 0], SE: [1, 1], S: [0, 1], SW: [-1, 1], W: [-1, 0], NW: [-1, -1],
};

/** The direction each slot faces (null for the centre). */
export const SLOT_DIR = ['NW', 'N', 'NE', 'W', null, 'E', 'SW', 'S', 'SE'];

/** The slot facing a direction. */
export const DIR_SLOT = Object.fromEntries(SLOT_DIR.map((d, slot) => [d, slot]).filter(([d]) => d));

export const ARROW = { N: '↑', NE: '↗', E: '→', SE: '↘', S: '↓', SW: '↙', W: '←', NW: '↖' };

export const DIR_WORDS = {
  N: 'north', NE: 'north-east', E: 'east', SE: 'south-east',
  S: 'south', SW: 'south-west', W: 'west', NW: 'north-west',
};

export const SLOT_WORDS = [
  'north-west corner', 'north side', 'north-east corner',
  'west side', 'centre', 'east side',
  'south-west corner', 'south side', 'south-east corner',
];

/** The angle of a direction in degrees, clockwise from north. */
export function dirAngle(dir) {
  return DIRS.indexOf(dir) * 45;
}

export function delta(dir) {
  return DELTA[dir];
}

export function stepFrom([x, y], dir) {
  const [dx, dy] = DELTA[dir];
  return [x + dx, y + dy];
}

export function onRing([x, y], size) {
  return x >= 0 && y >= 0 && x < size && y < size;
}

export function sameCell(a, b) {
  return !!a && !!b && a[0] === b[0] && a[1] === b[1];
}

/** The cell after each step of a path, starting from `start`. */
export function pathCells(start, path) {
  const cells = [];
  let at = start;
  for (const dir of path) {
    at = stepFrom(at, dir);
    cells.push(at);
  }
  return cells;
}

/**
 * Is the offset (dx, dy) inside the cone of a laser facing `dir`, within
 * king-distance `reach`? The same 90° wedges as the engine: an edge slot
 * shoots straight out and widens one cell each side per cell of distance; a
 * corner slot covers the quarter-plane toward its corner, axes included.
 */
export function inCone(dir, dx, dy, reach = Infinity) {
  if (dx === 0 && dy === 0) return false;
  if (Math.abs(dx) > reach || Math.abs(dy) > reach) return false;
  const [ux, uy] = DELTA[dir];
  if (ux !== 0 && uy !== 0) return dx * ux >= 0 && dy * uy >= 0;
  const ahead = dx * ux + dy * uy;
  const aside = Math.abs(dx * uy - dy * ux);
  return ahead >= 1 && aside <= ahead;
}

/** The ring cells of a cone from `from`. */
export function coneCells(size, dir, [x0, y0], reach = Infinity) {
  const cells = [];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (inCone(dir, x - x0, y - y0, reach)) cells.push([x, y]);
    }
  }
  return cells;
}

/** Runs of equal steps: ['E','E','N'] → [['E', 2], ['N', 1]]. */
export function pathRuns(path) {
  const runs = [];
  for (const dir of path) {
    const last = runs[runs.length - 1];
    if (last && last[0] === dir) last[1] += 1;
    else runs.push([dir, 1]);
  }
  return runs;
}

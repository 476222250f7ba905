// hex.js: the board's geometry. Cells are axial [q, r] of flat-topped hexes
// with [0, 0] in the middle; a board of radius R holds every cell with
// max(|q|, |r|, |q + r|) <= R. Pixel positions are in units of the hex's
// outer radius (1), x to the right, y down, so north is up on screen.

export const DIRS = ['N', 'NE', 'SE', 'S', 'SW', 'NW'];

export const DIR_WORDS = {
  N: 'north', NE: 'north-east', SE: 'south-east', S: 'south', SW: 'south-west', NW: 'north-west',
};

// Screen angle of each direction, degrees clockwise from east (SVG's sense).
export const DIR_ANGLE = { N: -90, NE: -30, SE: 30, S: 90, SW: 150, NW: 210 };

const SQRT3 = Math.sqrt(3);

/** Centre of a cell in board units. */
export function cellXY([q, r]) {
  return [1.5 * q, SQRT3 * (r + q / 2)];
}

export function distance([q, r]) {
  return Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r));
}

export function onBoard(cell, radius) {
  return distance(cell) <= radius;
}

export function sameCell(a, b) {
  return !!a && !!b && a[0] === b[0] && a[1] === b[1];
}

/** Every cell of the board, row by row from the top. */
export function boardCells(radius) {
  const cells = [];
  for (let r = -radius; r <= radius; r++) {
    for (let q = -radius; q <= radius; q++) {
      if (onBoard([q, r], radius)) cells.push([q, r]);
    }
  }
  return cells;
}

/** The six corners of a flat-topped hex around (x, y), as an SVG points list. */
export function hexPoints(x, y, size) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    pts.push(`${(x + size * Math.cos(a)).toFixed(3)},${(y + size * Math.sin(a)).toFixed(3)}`);
  }
  return pts.join(' ');
}

const STEP = { N: [0, -1], NE: [1, -1], SE: [1, 0], S: [0, 1], SW: [-1, 1], NW: [-1, 0] };

/** The neighbour of a cell in a direction. */
export function stepCell([q, r], dir) {
  const [dq, dr] = STEP[dir];
  return [q + dq, r + dr];
}

// layout.js: a robot's layout as the editor holds it, {letters, parts}, each
// an array of nine by slot (parts are 'laser', 'engine' or 'booster'), and
// its conversions to and from the engine's JSON forms. Pure functions.

import { CENTRE, DIRS, LETTERS, SLOT_DIR } from './geometry.js';

const OUTER = [0, 1, 2, 3, 5, 6, 7, 8];

function shuffle(list, rand) {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/** A random valid layout: booster in the centre, four lasers on outer slots. */
export function randomLayout(rand = Math.random) {
  const lasers = new Set(shuffle(OUTER, rand).slice(0, 4));
  return {
    letters: shuffle([...LETTERS], rand),
    parts: Array.from({ length: 9 }, (_, s) => (s === CENTRE ? 'booster' : lasers.has(s) ? 'laser' : 'engine')),
  };
}

/** The editor's model of a layout the server sent ({grid, lasers, booster}). */
export function layoutFromView(l) {
  const letters = l.grid.join('').split('');
  const parts = letters.map((c) => (l.lasers.includes(c) ? 'laser' : c === l.booster ? 'booster' : 'engine'));
  return { letters, parts };
}

/** The "layout" action for a model. */
export function layoutAction({ letters, parts }) {
  const pick = (part) => letters.filter((_, s) => parts[s] === part).join('');
  return {
    kind: 'layout',
    grid: [0, 3, 6].map((r) => letters.slice(r, r + 3).join('')),
    lasers: pick('laser'),
    booster: pick('booster'),
  };
}

/** What is wrong with a layout, as sentences (empty when it may be sent). */
export function layoutProblems({ letters, parts }, freeCentre) {
  const problems = [];
  const count = (part) => parts.filter((p) => p === part).length;
  if (new Set(letters).size !== 9 || letters.some((c) => !LETTERS.includes(c))) {
    problems.push('Each letter a to i goes on exactly one slot.');
  }
  const lasers = count('laser');
  if (lasers !== 4) {
    problems.push(lasers < 4
      ? `Choose ${4 - lasers} more laser${lasers === 3 ? '' : 's'}: a robot has exactly four.`
      : `Make ${lasers - 4} laser${lasers === 5 ? '' : 's'} an engine: a robot has exactly four lasers.`);
  }
  if (count('booster') !== 1) problems.push('A robot has exactly one booster.');
  else if (!freeCentre && parts[CENTRE] !== 'booster') problems.push('The booster goes in the centre slot.');
  return problems;
}

/** Puts `letter` on `slot`; the slot that had it takes the slot's old letter. */
export function placeLetter(model, slot, letter) {
  const letters = [...model.letters];
  const from = letters.indexOf(letter);
  if (from < 0 || from === slot) return model;
  [letters[from], letters[slot]] = [letters[slot], letters[from]];
  return { ...model, letters };
}

/**
 * Gives `slot` a part. A new booster takes the old booster's place, which
 * becomes an engine, so there is always exactly one booster.
 */
export function setPart(model, slot, part) {
  const parts = [...model.parts];
  if (part === 'booster') {
    const old = parts.indexOf('booster');
    if (old >= 0) parts[old] = 'engine';
  }
  parts[slot] = part;
  return { ...model, parts };
}

/**
 * What a layout can do with some letters destroyed: directions it can move,
 * lasers that can fire (letter → direction), and its steps and reach with
 * and without the booster. Mirrors the view's `working` for the editor.
 */
export function layoutPowers({ letters, parts }, destroyed = '') {
  const works = (s) => !destroyed.includes(letters[s]);
  let engines = 0;
  let lasers = 0;
  let booster = false;
  const dirs = new Set();
  const guns = {};
  for (let s = 0; s < 9; s++) {
    if (!works(s)) continue;
    const dir = SLOT_DIR[s];
    if (parts[s] === 'engine') {
      engines += 1;
      if (dir) dirs.add(dir);
    } else if (parts[s] === 'laser') {
      lasers += 1;
      if (dir) guns[letters[s]] = dir;
    } else booster = true;
  }
  return {
    directions: DIRS.filter((d) => dirs.has(d)),
    guns,
    booster,
    steps: engines,
    steps_boosted: booster ? engines * 2 : 0,
    reach: lasers,
    reach_boosted: booster ? lasers * 2 : 0,
  };
}

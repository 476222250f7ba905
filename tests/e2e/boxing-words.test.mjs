// The boxing log's sentences (clients/web/games/boxing/turn.js) read in Node,
// no browser: a fight may hold up to four robots, so no sentence may assume
// there are exactly two of them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { turnSentences } from '../../clients/web/games/boxing/turn.js';

const NAMES = ['Ada', 'Bob', 'Carol'];
const name = (seat) => NAMES[seat];

test('a robot stopped by a same-cell clash of three robots is not said to be one of two', () => {
  const order = { path: ['E'], booster: null, missed: false };
  const ev = {
    from: [[1, 2], [3, 2], [2, 1]],
    moves: [[[1, 2]], [[3, 2]], [[2, 1]]],
    orders: [order, { ...order, path: ['W'] }, { ...order, path: ['S'] }],
    stops: [{ step: 1, why: 'same_cell' }, { step: 1, why: 'same_cell' }, { step: 1, why: 'same_cell' }],
    shots: [],
  };
  const lines = turnSentences(ev, name);
  assert.equal(lines[0], 'Ada moved 1 east but stopped at step 1: another robot went for the same cell');
  for (const line of lines) assert.doesNotMatch(line, /\btwo robots\b/);
});

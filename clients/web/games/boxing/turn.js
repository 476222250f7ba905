// turn.js: a "resolved" event read into what the board draws and what the
// log says: each robot's trail (cells step by step, and where a step was
// refused), each shot (from where, at which cell, hit or miss), and plain
// sentences. Pure functions; `name(seat)` gives display names.

import { DIR_WORDS, pathRuns } from './geometry.js';

const STOP_WORDS = {
  same_cell: 'another robot went for the same cell',
  swap: 'the robots would have swapped cells',
  occupied: 'the cell ahead was taken',
};

const OUT_WORDS = { lasers: 'no working laser left', engines: 'no working engine left', both: 'no working laser or engine left' };

/** {from, frames, trails, shots} of a resolved event. */
export function readTurn(ev) {
  const trails = [];
  const finalCell = [];
  let frames = 0;
  (ev.from || []).forEach((from, seat) => {
    if (!from) return;
    const cells = ev.moves?.[seat] || [];
    frames = Math.max(frames, cells.length);
    finalCell[seat] = cells.length ? cells[cells.length - 1] : from;
    const s = ev.stops?.[seat];
    let stop = null;
    if (s) {
      const path = ev.orders?.[seat]?.path || [];
      stop = { step: s.step, why: s.why, dir: path[s.step - 1], at: s.step >= 2 ? cells[s.step - 2] : from };
    }
    trails.push({ seat, from, cells, stop });
  });
  const shots = (ev.shots || []).map((shot) => ({
    ...shot,
    at: finalCell[shot.seat],
    targetCell: finalCell[shot.target_robot] || null,
  }));
  return { turn: ev.turn, from: ev.from || [], frames, trails, shots };
}

/** "stood still", "moved 2 east, then 1 north". */
export function pathWords(path) {
  if (!path || !path.length) return 'stood still';
  const runs = pathRuns(path).map(([dir, n]) => `${n} ${DIR_WORDS[dir]}`);
  return `moved ${runs.join(', then ')}`;
}

function moveSentence(ev, seat, name) {
  const o = ev.orders[seat];
  if (o.missed) return `${name(seat)} sent no orders and stood still`;
  let text = `${name(seat)} ${pathWords(o.path)}`;
  if (o.path.length && o.booster === 'move') text += ' with the booster';
  const stop = ev.stops?.[seat];
  if (stop) text += ` but stopped at step ${stop.step}: ${STOP_WORDS[stop.why] || stop.why}`;
  return text;
}

function shotSentence(shot, name) {
  const boosted = shot.boosted ? ' boosted' : '';
  const head = `${name(shot.seat)} fired${boosted} laser ${shot.fire} (${DIR_WORDS[shot.direction]}) at ${name(shot.target_robot)}’s ${shot.target}`;
  if (shot.destroyed) return `${head}: hit, ${shot.target} destroyed`;
  if (shot.hit) return `${head}: hit, but ${shot.target} was already destroyed`;
  if (shot.in_cone) return `${head}: missed, out of reach`;
  return `${head}: missed, outside the laser’s cone`;
}

/** The turn in sentences, for the log, the screen reader and the board. */
export function turnSentences(ev, name) {
  const lines = [];
  (ev.orders || []).forEach((o, seat) => { if (o) lines.push(moveSentence(ev, seat, name)); });
  (ev.orders || []).forEach((o, seat) => {
    if (!o) return;
    const shot = (ev.shots || []).find((s) => s.seat === seat);
    if (shot) lines.push(shotSentence({ ...shot, boosted: o.booster === 'shoot' }, name));
    else if (!o.missed) lines.push(`${name(seat)} held fire`);
  });
  for (const k of ev.knocked_out || []) lines.push(`${name(k.seat)} is knocked out: ${OUT_WORDS[k.why] || k.why}`);
  return lines;
}

export function outWords(why) {
  return OUT_WORDS[why] || why;
}

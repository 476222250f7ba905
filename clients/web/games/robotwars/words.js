// words.js: Robot Wars events and things in plain words, for the game log,
// the caption under the war zone and screen readers. `name(seat)` gives a
// seat's display name.

export const CAPS = ['speed', 'power', 'manoeuvrability'];
export const CAP_TITLE = { speed: 'Speed', power: 'Power', manoeuvrability: 'Manoeuvrability' };
export const FACING_WORDS = { N: 'north', E: 'east', S: 'south', W: 'west' };
export const HAZARD_WORDS = { cpz: 'a house robot’s corner', spikes: 'the spikes', saw: 'the circular saw', flame: 'the flame grill' };
export const OUT_WORDS = { speed: 'its Speed is gone', pit: 'it fell into the pit', rip: 'RIP on the house robot die' };
export const HOW_WORDS = { speed: 'no Speed left', pit: 'in the pit', rip: 'RIP on the house robot die', turn_limit: 'the most damage at the turn limit' };
export const FACE_WORDS = { speed: 'Speed', power: 'Power', manoeuvrability: 'Manoeuvrability', blank: 'a blank', rip: 'RIP' };
export const STAGE_WORDS = { match: 'Match', heat: 'Heats', semi_final: 'Semi-finals', final: 'Final' };

/**
 * [x, y] as the square's name a player finds on the board's labels
 * ("F2": columns A to L, rows from 1), as botpit-tui labels its board and
 * as RoboRally names its squares.
 */
export function cellWords(c) {
  return `${String.fromCharCode(65 + c[0])}${c[1] + 1}`;
}

export function seatsWords(seats, name) {
  const names = seats.map(name);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Which face of the pushed robot took the push: "head-on", "side-on". */
export const SIDE_WORDS = { front: 'head-on', back: 'from behind', side: 'side-on' };

/** "Bot (normal) first, then Pia, then Ada": an order, said as one. */
export function orderWords(seats, name) {
  const names = seats.map(name);
  if (names.length <= 1) return names.join('');
  return `${names[0]} first, then ${names.slice(1).join(', then ')}`;
}

/** The throws for the order of play, highest first: "Bot 2, Pia 1". */
export function throwsWords(rolls, name) {
  return [...rolls].sort((a, b) => b.roll - a.roll).map((r) => `${name(r.seat)} ${r.roll}`).join(', ');
}

function pointsWords(n) {
  return `${n} damage point${n === 1 ? '' : 's'}`;
}

/**
 * What a damage die's face did. The die shows faces, not numbers (Speed,
 * Power, Manoeuvrability, a blank, RIP), so its throw is said by its face.
 */
export function faceResult(e) {
  if (e.face === 'blank') return 'a blank, no damage';
  if (e.face === 'rip') return 'RIP!';
  return `${FACE_WORDS[e.face]}, down to ${e.value}`;
}

/** One event as a sentence, or null for the frame's generic line. */
export function eventWords(e, name) {
  switch (e.kind) {
    case 'setup': return `${e.title}: ${seatsWords(e.seats, name)} roll for discs (${e.throws.map((t) => `${name(t.seat)} ${t.discs}`).join(', ')})`;
    case 'allocated': return `${name(e.seat)} has placed their discs (kept secret until everyone has)`;
    case 'allocation_default': return `Time is up: ${name(e.seat)}’s discs were placed for it`;
    case 'allocations': return `Allocations revealed: ${e.robots.map((r) => `${name(r.seat)} Speed ${r.speed}, Power ${r.power}, Manoeuvrability ${r.manoeuvrability}`).join('; ')}`;
    case 'order_roll': return `${e.round > 1 ? 'Tied, so they throw again' : 'Throws for the order of play'} (highest first): ${throwsWords(e.rolls, name)}`;
    case 'order': return `Order of play: ${orderWords(e.order, name)}${e.by === 'alternate' ? ' (they take turns to start)' : ''}`;
    case 'battle_start': return 'The robots are on their start squares: fight!';
    case 'turn_start': return `${name(e.seat)}’s turn ${e.round}: ${e.moves} moves, ${e.turns} turn${e.turns === 1 ? '' : 's'}${e.final_turn_only ? ' (only at the end)' : ''}`;
    case 'turn_end': return { deadline: `${name(e.seat)} ran out of time`, done: `${name(e.seat)}’s turn is done`, battle_over: `${name(e.seat)}’s turn ends with the battle`, ended: `${name(e.seat)} ends the turn` }[e.why];
    case 'step': return `${name(e.seat)} steps ${e.move} to ${cellWords(e.to)}`;
    case 'push': return `${name(e.seat)} pushes ${name(e.target)} ${SIDE_WORDS[e.side] || ''} to ${cellWords(e.to)}`.replace('  ', ' ');
    case 'blocked': return `${name(e.seat)} pushes ${name(e.target)} ${SIDE_WORDS[e.side] || ''}, but ${e.by === 'wall' ? 'the wall' : 'another robot'} blocks it: the move is spent`.replace(' ,', ',').replace('  ', ' ');
    case 'turned': return `${name(e.seat)} turns ${e.to} to face ${FACING_WORDS[e.facing]}`;
    case 'attack': return `${name(e.seat)} attacks ${name(e.target)}: ${pointsWords(e.points)}, ${e.damage} in all`;
    case 'penalty': return `${name(e.seat)} enters ${HAZARD_WORDS[e.hazard]}: 5 damage points, ${e.damage} in all`;
    case 'damage_roll': return `${e.die === 'house' ? 'House robot die' : 'Attack damage die'} for ${name(e.seat)} at ${e.multiple} points: ${faceResult(e)}`;
    case 'house_throw': return `The house robot throws ${name(e.seat)} to ${cellWords(e.to)}${e.short ? ' (stopped short)' : ''}`;
    case 'pit_open': return 'Five turns each: the pit opens!';
    case 'tie_break': return e.rolls
      ? `Tied, and no capability tells them apart: ${e.rolls.map((r) => `${name(r.seat)} throws ${r.roll}`).join(', ')}`
      : `A tie at the turn limit: the attack damage die shows ${FACE_WORDS[e.face]}`;
    case 'battle_over': return `${e.title}: ${name(e.eliminated)} is ${e.how === 'turn_limit' ? 'eliminated' : 'immobilised'} (${HOW_WORDS[e.how]}${e.tie_break ? ', on the tie-break' : ''})`;
    case 'draw': return `The ${STAGE_WORDS[e.stage].toLowerCase()} are drawn: ${e.battles.map((b) => seatsWords(b, name)).join('; ')}${e.byes.length ? `; byes: ${seatsWords(e.byes, name)}` : ''}`;
    case 'over': return `${name(e.winners[0])} wins the wars!`;
    default: return `${e.kind.replace(/_/g, ' ')}`;
  }
}

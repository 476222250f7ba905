// words.js: RoboRally's events as sentences for the game log and for
// screen readers. `name(seat)` gives a player's name.

import { KINDS } from './cards.js';
import { DIR_WORDS } from './floor.js';

export const OPTION_NAMES = {
  high_power_laser: 'High-Power Laser',
  tractor_beam: 'Tractor Beam',
  pressor_beam: 'Pressor Beam',
  ramming_gear: 'Ramming Gear',
  double_barreled_laser: 'Double-Barreled Laser',
  rear_firing_laser: 'Rear-Firing Laser',
  mechanical_arm: 'Mechanical Arm',
  ablative_coat: 'Ablative Coat',
};

const GONE = { pit: 'fell into a pit', edge: 'fell off the board', damage: 'was destroyed by damage', away: 'left the board' };

export function list(items) {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const actions = (e) => (e.frames || []).flat();

/** What happened to robots in a step, in a few words ("Ada takes 2 damage"). */
function outcomes(e, name) {
  const bits = [];
  for (const a of actions(e)) {
    if (a.do === 'destroyed') bits.push(`${name(a.seat)} ${GONE[a.why]}`);
    else if (a.do === 'damage' && a.amount) bits.push(`${name(a.seat)} takes ${a.amount} damage`);
    else if (a.do === 'damage' && a.absorbed) bits.push(`${name(a.seat)}'s coat absorbs ${a.absorbed}`);
    else if (a.do === 'flag') bits.push(`${name(a.seat)} touches flag ${a.flag}`);
    else if (a.do === 'repair' && a.amount) bits.push(`${name(a.seat)} repairs ${a.amount}`);
    else if (a.do === 'option') bits.push(`${name(a.seat)} gets ${OPTION_NAMES[a.option]}`);
    else if (a.do === 'reenter') bits.push(`${name(a.seat)} re-enters facing ${DIR_WORDS[a.facing]}${a.virtual ? ' (virtual)' : ''}`);
    else if (a.do === 'power_down') bits.push(`${name(a.seat)} will be powered down`);
  }
  return bits;
}

function movedSeats(e) {
  return [...new Set(actions(e).filter((a) => a.do === 'move' || a.do === 'turn').map((a) => a.seat))];
}

export function describeEvent(e, name) {
  switch (e.kind) {
    case 'turn': {
      const down = e.powered_down.length ? `; powered down: ${list(e.powered_down.map(name))}` : '';
      return `Turn ${e.turn}: cards dealt${down}`;
    }
    case 'timer': return 'One player is left to program: the last seconds run';
    case 'drafted': return `${name(e.seat)} saved a draft of a program`;
    case 'programmed': return `${name(e.seat)} locked in a program`;
    case 'filled': return e.registers.length
      ? `${name(e.seat)} ran out of time: register${e.registers.length > 1 ? 's' : ''} ${list(e.registers.map(String))} filled at random`
      : `${name(e.seat)} ran out of time with a full program`;
    case 'programs': return e.power_down.length
      ? `The registers run; ${list(e.power_down.map(name))} will power down next turn` : 'The registers run';
    case 'reveal': return `Register ${e.register}: ${list(e.cards.map((c) => `${name(c.seat)} ${KINDS[c.type].short} (${c.card})`)) || 'no cards'}`;
    case 'card': {
      const bits = outcomes(e, name);
      const pushed = movedSeats(e).filter((s) => s !== e.seat);
      const push = pushed.length ? `, pushing ${list(pushed.map(name))}` : '';
      return `${name(e.seat)} plays ${KINDS[e.type].name}${push}${bits.length ? `: ${bits.join('; ')}` : ''}`;
    }
    case 'board': {
      const bits = outcomes(e, name);
      const moved = movedSeats(e);
      const what = {
        express: 'express belts carry', belts: 'belts carry', pushers: 'pushers push', gears: 'gears turn',
        lasers: 'lasers fire', checkpoints: 'checkpoints',
      }[e.step];
      const whom = moved.length ? ` ${list(moved.map(name))}` : '';
      return `Register ${e.register}: ${what}${e.step === 'lasers' || e.step === 'checkpoints' ? '' : whom}${bits.length ? `: ${bits.join('; ')}` : ''}`;
    }
    case 'cleanup': {
      const bits = outcomes(e, name);
      return `Clean-up${bits.length ? `: ${bits.join('; ')}` : ''}`;
    }
    case 'choose': return `Waiting for ${list(e.seats.map(name))} to choose (re-entry or power)`;
    case 'chosen': return `${name(e.seat)} has chosen`;
    case 'reentry': {
      const bits = outcomes(e, name);
      return bits.length ? bits.join('; ') : 'Clean-up choices made';
    }
    case 'over': return e.summary.replace(/Seat (\d+)/g, (_, n) => name(Number(n) - 1));
    default: return null;
  }
}

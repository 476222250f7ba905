// words.js: RoboRally's events as sentences for the game log and for
// screen readers. `name(seat)` gives a player's name. RoboBall's frames
// (the ball moving, hitches, pogo, bonk, balk, goal) and events (votes,
// extraction) are told here too. Squares are named as the board labels
// them ("H2").

import { KINDS, OPTION_NAMES } from './cards.js';
import { DIR_WORDS, squareName } from './floor.js';

/** " at H2", or nothing for no square. */
const atWords = (at) => (Array.isArray(at) ? ` at ${squareName(at)}` : '');

const UNHITCH_WHY = {
  declared: 'unhitches',
  separated: 'loses the hitch: no longer touching the ball',
  blocked: 'loses the hitch: the square behind was taken',
  collision: 'loses the hitch: dragged into the same square as another robot',
  edge: 'loses the hitch at the edge; the ball stays there',
  pogo: 'loses the hitch: the ball went into pogo mode',
  destroyed: 'loses the hitch: destroyed',
};

/** Why hitches failed, with a subject: [one robot, several]. */
const HITCH_FAILED_WHY = {
  far: ['it is not touching the ball (or a wall is between)', 'they are not touching the ball (or a wall is between)'],
  team: ['its team holds the ball already', 'their teams hold the ball already'],
  pogo: ['the ball is in pogo mode', 'the ball is in pogo mode'],
  powered_down: ['it is powered down', 'they are powered down'],
};

const BLOCKED_WHY = { wall: 'by a wall', conflict: 'by a conflict', occupied: 'by a robot' };

/** "Team 1" */
export const teamName = (t) => `Team ${t + 1}`;

/** RoboBall's table title: "RoboBall on Risky Exchange: 2 teams", or ": no
 *  teams" when every player is a team of one. Short, so that it keeps to
 *  one line on a phone, where the hand must fit under the board. */
export function ballTitle(course, teams) {
  const solo = teams.every((t) => t.length === 1);
  return `RoboBall on ${course}: ${solo ? 'no teams' : `${teams.length} teams`}`;
}

const GONE = { pit: 'fell into a pit', edge: 'fell off the board', damage: 'was destroyed by damage', away: 'left the board' };

export function list(items) {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const actions = (e) => (e.frames || []).flat();

/** What happened to robots in a step, in a few words ("Ada takes 2 damage"). */
function outcomes(e, name) {
  const bits = [];
  const failed = new Map(); // why -> { why, seats }: one phrase for each reason, not each robot
  for (const a of actions(e)) {
    if (a.do === 'hitch_failed') {
      if (!failed.has(a.why)) {
        failed.set(a.why, { why: a.why, seats: [] });
        bits.push(failed.get(a.why)); // its place in the sentence, worded below
      }
      failed.get(a.why).seats.push(a.seat);
      continue;
    }
    if (a.do === 'destroyed') bits.push(`${name(a.seat)} ${GONE[a.why]}${a.why === 'pit' ? atWords(a.at) : ''}`);
    else if (a.do === 'damage' && a.amount) bits.push(`${name(a.seat)} takes ${a.amount} damage`);
    else if (a.do === 'damage' && a.absorbed) bits.push(`${name(a.seat)}'s coat absorbs ${a.absorbed}`);
    else if (a.do === 'flag') bits.push(`${name(a.seat)} touches flag ${a.flag}${atWords(a.at)}`);
    else if (a.do === 'repair' && a.amount) bits.push(`${name(a.seat)} repairs ${a.amount}`);
    else if (a.do === 'option') bits.push(`${name(a.seat)} gets ${OPTION_NAMES[a.option]}`);
    else if (a.do === 'reenter') bits.push(`${name(a.seat)} re-enters${atWords(a.at)} facing ${DIR_WORDS[a.facing]}${a.virtual ? ' (virtual: sharing the square)' : ''}`);
    else if (a.do === 'power_down') bits.push(`${name(a.seat)} will be powered down`);
    else bits.push(...ballOutcome(a, name));
  }
  return bits.map((b) => (typeof b === 'string' ? b : hitchesFailed(b, name)));
}

/** "Ada, Bot 2 and Bot 3 cannot hitch: they are not touching the ball ..." */
function hitchesFailed({ why, seats }, name) {
  const words = HITCH_FAILED_WHY[why];
  return `${list(seats.map(name))} cannot hitch: ${words ? words[seats.length > 1 ? 1 : 0] : why}`;
}

/** What a RoboBall frame action says, as zero or one phrase. */
function ballOutcome(a, name) {
  const ball = a.piece === 'ball';
  if (ball && a.do === 'move') return [`the ball ${a.dragged ? 'is dragged' : 'moves'} ${DIR_WORDS[a.dir]} to ${squareName(a.to)}`];
  if (ball && a.do === 'turn') return [`the ball now faces ${DIR_WORDS[a.to]}`];
  if (ball && a.do === 'blocked') return [`the ball is stopped ${BLOCKED_WHY[a.why] || ''}`.trim()];
  if (a.do === 'move' && a.dragged) return [`the ball drags ${name(a.seat)} ${DIR_WORDS[a.dir]}`];
  if (a.do === 'hitch') return [`${name(a.seat)} hitches the ball for ${teamName(a.team)}`];
  if (a.do === 'unhitch') return [`${name(a.seat)} ${UNHITCH_WHY[a.why] || 'unhitches'}`];
  if (a.do === 'pogo') return [a.up ? `the ball bounces up into pogo mode${atWords(a.at)}` : `the ball drops back to the floor${atWords(a.at)}`];
  if (a.do === 'bonk') return [`the ball bonks ${name(a.seat)} for ${a.amount} damage${a.absorbed ? ` (${a.absorbed} absorbed)` : ''}`];
  if (a.do === 'balk') return [`the ball balks${atWords(a.at)}: going ${DIR_WORDS[a.dir]} would drop it`];
  if (a.do === 'goal') return [`the ball is on ${teamName(a.team)}'s home${atWords(a.at)}: goal!`];
  return [];
}

function movedSeats(e) {
  return [...new Set(actions(e).filter((a) => (a.do === 'move' || a.do === 'turn') && a.piece !== 'ball' && !a.dragged).map((a) => a.seat))];
}

/** "Ada Move 2 (670)", or "the ball Move 1 (330)" in extraction. */
const revealWords = (c, name) => `${c.piece === 'ball' ? 'the ball' : name(c.seat)} ${KINDS[c.type].short} (${c.card})`;

export function describeEvent(e, name) {
  switch (e.kind) {
    case 'turn': {
      const down = e.powered_down.length ? `; powered down: ${list(e.powered_down.map(name))}` : '';
      return `Turn ${e.turn}: cards dealt${down}`;
    }
    case 'timer': return 'One player is left to program: the countdown runs';
    case 'drafted': return `${name(e.seat)} saved a draft of a program`;
    case 'programmed': return `${name(e.seat)} locked in a program`;
    case 'filled': return e.registers.length
      ? `${name(e.seat)} ran out of time: register${e.registers.length > 1 ? 's' : ''} ${list(e.registers.map(String))} filled at random`
      : `${name(e.seat)} ran out of time with a full program`;
    case 'programs': return e.power_down.length
      ? `The registers run; ${list(e.power_down.map(name))} will power down next turn` : 'The registers run';
    case 'reveal': return `Register ${e.register}: ${list(e.cards.map((c) => revealWords(c, name))) || 'no cards'}`;
    case 'card': {
      if (e.piece === 'ball') {
        const bits = outcomes(e, name);
        return `The ball runs ${KINDS[e.type].name} (${e.card})${bits.length ? `: ${bits.join('; ')}` : ''}`;
      }
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
        lasers: 'lasers fire', checkpoints: 'checkpoints', bonk: 'pogo bonk', hitches: 'hitch declarations',
      }[e.step] || e.step;
      const whom = moved.length ? ` ${list(moved.map(name))}` : '';
      const quiet = ['lasers', 'checkpoints', 'bonk', 'hitches'].includes(e.step);
      return `Register ${e.register}: ${what}${quiet ? '' : whom}${bits.length ? `: ${bits.join('; ')}` : ''}`;
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
    case 'voted': return e.vote
      ? `${name(e.seat)} votes that the ball is inaccessible`
      : `${name(e.seat)} takes back the vote that the ball is inaccessible`;
    case 'extraction': return `Everyone voted the ball inaccessible: it extracts itself this turn with ${e.cards} face-down card${e.cards === 1 ? '' : 's'}, facing ${DIR_WORDS[e.facing]}`;
    case 'over': return e.summary.replace(/Seat (\d+)/g, (_, n) => name(Number(n) - 1));
    default: return null;
  }
}

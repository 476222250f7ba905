// words.js: the sentences of the game log and the screen-reader
// announcements, one per event ("Ada's robot 2 steps NE, pushing Bob's 4
// into Ada’s goal"). `name(seat)` gives a seat's display name; `view` the
// board the event happened on (for goals and the edge).

import { onBoard, sameCell } from './hex.js';

export function listWords(items, and = 'and') {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}

const TIMES = ['', 'once', 'twice'];

/**
 * What the dice left to use say, each number once: "Your die says 5: pick
 * your robot 5", "Your dice both say 2: ...", "Your dice say 2 (twice)
 * and 5: pick your robot 2 or 5".
 */
export function diceWords(values) {
  const unique = [...new Set(values)];
  const count = (v) => values.filter((x) => x === v).length;
  const times = (n) => TIMES[n] || `${n} times`;
  const pick = `pick your robot ${listWords(unique.map(String), 'or')} (ringed).`;
  if (values.length === 1) return `Your die says ${values[0]}: ${pick}`;
  if (unique.length === 1) {
    const all = values.length === 2 ? 'dice both say' : `${values.length} dice all say`;
    return `Your ${all} ${unique[0]}: ${pick.slice(0, -1)}; it may move ${times(values.length)}.`;
  }
  const said = unique.map((v) => (count(v) > 1 ? `${v} (${times(count(v))})` : String(v)));
  return `Your dice say ${listWords(said)}: ${pick}`;
}

/** "Ada's 4" */
export function robotWords(robot, name) {
  return `${name(robot.owner)}’s ${robot.number}`;
}

/** Where a moved robot ended, if it left the board: " into Ada's goal". */
function endWords(cell, view, name) {
  const goal = (view?.goals || []).find((g) => sameCell(g.cell, cell));
  if (goal) return ` into ${name(goal.owner)}’s goal`;
  if (view && !onBoard(cell, view.radius)) return ' off the board';
  return '';
}

export function stepWords(e, view, name) {
  const who = `${name(e.robot.owner)}’s robot ${e.robot.number}`;
  let text = `${who} steps ${e.dir}${endWords(e.to, view, name)}`;
  if (e.pushes?.length) {
    // The mover's own robots are "robot 3", everyone else's "Bob's 3".
    const pushed = e.pushes.map((p) => `${p.robot.owner === e.robot.owner ? `robot ${p.robot.number}` : robotWords(p.robot, name)}${endWords(p.to, view, name)}`);
    text += `, pushing ${listWords(pushed)}`;
  }
  return text;
}

function rollWords(e, name) {
  let text = `${name(e.seat)} throws ${e.first.join(', ')}`;
  if (e.rerolled.length) {
    text += `; re-rolls ${listWords(e.rerolled.map((r) => `the ${r.from}`))}: ${listWords(e.rerolled.map((r) => String(r.to)))}`;
  }
  if (!e.kept.length) return `${text}: no die names a robot still on the board`;
  if (!e.rerolled.length && !e.set_aside.length) return text;
  text += `. Dice to use: ${e.kept.join(', ')}`;
  if (e.set_aside.length) text += `; set aside ${e.set_aside.join(', ')}`;
  return text;
}

function scoreWords(score, name) {
  return score.map((n, seat) => `${name(seat)} ${n}`).join(', ');
}

const REASONS = {
  dice: 'by the dice',
  'lower total': 'with the lower total',
  'rotates left': 'in turn',
  'equal totals: went second last game': 'having gone second last game',
};

function gameOverWords(e, view, name) {
  const why = e.reason === 'turn_limit' ? ' (turn limit)' : '';
  const who = e.winners.length === 1 ? `${name(e.winners[0])} wins` : `${listWords(e.winners.map(name))} tie`;
  const robots = e.scored.map((n, seat) => `${name(seat)} ${n}`).join(', ');
  let text = `Game ${e.game} over${why}: ${who}. Robots in goal: ${robots}`;
  if (view?.match?.to) {
    text += `. Match points: ${e.totals.map((n, seat) => `${name(seat)} ${n}`).join(', ')}`;
  }
  return text;
}

/** The log's sentence for an event, or null for the frame's generic line. */
export function eventWords(e, view, name) {
  switch (e.kind) {
    case 'game_start':
      return `Game ${e.game} begins: ${name(e.first)} goes first ${REASONS[e.reason] || `(${e.reason})`}`;
    case 'turn_start':
      return `Turn ${e.turn}: ${name(e.seat)} to play`;
    case 'phase':
      return e.phase === 'automatic'
        ? `${name(e.seat)}’s robots move on their own, in number order`
        : `${name(e.seat)}’s control phase`;
    case 'roll':
      return rollWords(e, name);
    case 'turned':
      return `${name(e.seat)} turns robot ${e.robot.number} from ${e.from_dir} to ${e.dir}`;
    case 'step':
      return stepWords(e, view, name);
    case 'scored':
      return `${robotWords(e.robot, name)} scores for ${name(e.goal)} (${scoreWords(e.score, name)})`;
    case 'off_board':
      return `${robotWords(e.robot, name)} is off the board`;
    case 'player_out':
      return `${name(e.seat)} has no robot left on the board`;
    case 'pass':
      return e.unused.length ? `${name(e.seat)} passes, leaving ${listWords(e.unused.map(String))} unused` : `${name(e.seat)} passes`;
    case 'game_over':
      return gameOverWords(e, view, name);
    case 'match_over':
      return `${listWords(e.winners.map(name))} ${e.winners.length > 1 ? 'tie' : 'wins'} the match: ${scoreWords(e.totals, name)}`;
    default:
      return null;
  }
}

/** Why the last game ended: someone ran out of robots, or the turn cap. */
export function lastGameWhy(game, view, name) {
  if (game?.reason === 'turn_limit') return `Game ${game.game} reached the limit of 400 turns and was scored as it stood.`;
  const out = [];
  for (let s = 0; s < view.seats; s++) if (view.out?.[s]) out.push(name(s));
  if (!out.length) return `Game ${game?.game ?? view.game} is over.`;
  return `${listWords(out)} had no robot left on the board, which ends the game.`;
}

/** The result screen's "why it ended" and what its scores are. */
export function endingWords(view, name) {
  const match = view.match || {};
  const games = match.games || [];
  const last = games[games.length - 1];
  const why = lastGameWhy(last, view, name);
  if (!match.to) {
    const w = last?.winners || [];
    const counts = (last?.scored || []).join(' to ');
    const more = w.length === 1 ? ` ${name(w[0])} has the most robots in their goal (${counts}).` : ` The goals hold as many robots each (${counts}): a tie.`;
    return {
      why: why + more,
      score: 'Robots in goal',
      scoreMeaning: 'Robots in goal: robots of any colour that entered the player’s goal.',
    };
  }
  const lead = (match.winners || []).map(name);
  const bonus = view.seats > 2
    ? '4 more to a game’s single top scorer (if two tie for the top, the third gets the 4)'
    : '4 more to a game’s winner (2 each on a tie)';
  const total = (match.winners || []).length ? match.totals[match.winners[0]] : 0;
  return {
    why: `${why} After game ${last?.game ?? view.game}, ${listWords(lead)} ${lead.length > 1 ? 'have' : 'has'} ${total} match points: past the ${match.to} needed, and ahead of everyone, which wins the match.`,
    score: 'Match points',
    scoreMeaning: `Match points: 1 per robot in the player’s goal in each game, plus ${bonus}.`,
  };
}

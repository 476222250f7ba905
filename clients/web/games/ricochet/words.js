// words.js: what the game log, the screen reader and the round card say
// about Ricochet Robots events and rounds. `name(seat)` gives a seat's name.

import { DIR_WORDS, activeWords, capitalise, chipWords, plural } from './model.js';

const END_WORDS = {
  solved: 'solved it',
  out_of_moves: 'ran out of moves',
  gave_up: 'gave up',
  time: 'ran out of time',
};

/** "Ada: bid 5, ran out of moves" */
export function attemptWords(a, name) {
  if (a.success) return `${name(a.seat)} solved it in ${plural(a.moves, 'move')} (bid ${a.bid})`;
  return `${name(a.seat)} bid ${a.bid} and ${END_WORDS[a.end]}${a.end === 'out_of_moves' ? '' : ` after ${plural(a.moves, 'move')}`}`;
}

/** The heading of a finished round. */
export function outcomeWords(record, name) {
  const chip = chipWords(record.target);
  if (record.outcome === 'won') return `${name(record.winner)} takes ${chip}`;
  if (record.outcome === 'no_bids') return `Nobody bid: ${chip} goes back into the pile`;
  return `Every demonstration failed: ${chip} goes back into the pile`;
}

/** What the solver found, for the round card. */
export function optimalWords(opt, record, name) {
  if (!opt || opt.status === 'pending') return 'The solver is still working on this one…';
  if (opt.status === 'solved') {
    const won = record?.outcome === 'won' ? record.attempts.find((a) => a.success) : null;
    const best = `The best possible is ${plural(opt.moves, 'move')}`;
    if (won && won.moves === opt.moves) return `${best}: ${name(won.seat)} found an optimal solution.`;
    return `${best}.`;
  }
  if (opt.status === 'gave_up') {
    const won = record?.outcome === 'won' ? record.attempts.find((a) => a.success) : null;
    const found = won ? ` ${name(won.seat)}’s ${plural(won.moves, 'move')} is the best solution found.` : '';
    return `The solver gave up within its budget: no solution has fewer than ${plural(opt.lower_bound, 'move')}.${found}`;
  }
  return `The solver found no solution within ${plural(opt.lower_bound - 1, 'move')}.`;
}

/** A sentence for the game log, or null for the frame's own. */
export function eventWords(e, name) {
  switch (e.kind) {
    case 'reveal':
      return `Round ${e.round}: ${chipWords(e.target)} — bring ${activeWords(e.target.color)} there`;
    case 'bid':
      if (e.repeated) return `${name(e.seat)} repeats ${e.moves}`;
      return e.lowered ? `${name(e.seat)} lowers their bid to ${e.moves}` : `${name(e.seat)} bids ${e.moves}`;
    case 'timer':
      if (e.by === 'bid') return `${name(e.seat)}’s bid starts the sand timer`;
      if (e.by === 'player') return `${name(e.seat)} starts the sand timer`;
      return 'Nobody has bid for a long time: the sand timer starts by itself';
    case 'timer_out':
      return e.order.length ? `Time! Demonstrations in this order: ${e.order.map(name).join(', ')}` : 'Time! Nobody bid';
    case 'demo_start':
      return `${name(e.seat)} demonstrates ${plural(e.bid, 'move')}`;
    case 'move':
      return `${name(e.seat)} moves ${e.robot} ${DIR_WORDS[e.dir]} (${e.moves_made}/${e.bid})${e.solved ? ' and reaches the target' : ''}`;
    case 'demo_end':
      return e.success ? `${name(e.seat)} solved it in ${plural(e.moves, 'move')}` : `${name(e.seat)} ${END_WORDS[e.end]}: the robots go back`;
    case 'round_end':
      if (e.outcome === 'won') return `${name(e.winner)} takes ${chipWords(e.target)}`;
      return capitalise(e.outcome === 'no_bids' ? `nobody bid: ${chipWords(e.target)} goes back` : `nobody made it: ${chipWords(e.target)} goes back`);
    case 'optimal':
      return e.optimal.status === 'solved'
        ? `The solver’s best for round ${e.round}: ${plural(e.optimal.moves, 'move')}`
        : `The solver could not finish round ${e.round}`;
    case 'over':
      return `Game over: ${resultWords(e, name).replace(/\.$/, '')}`;
    default:
      return null;
  }
}

/** "Ada wins with 5 chips" from a result, with names. */
export function resultWords(result, name) {
  if (!result) return 'The game is over.';
  const w = result.winners || [];
  if (!w.length) return 'The game is over: nobody won a chip.';
  const chips = w.length ? result.scores[w[0]] : 0;
  if (w.length === 1) return `${name(w[0])} wins with ${plural(chips, 'chip')}.`;
  return `${w.map(name).join(' and ')} share the win with ${plural(chips, 'chip')} each.`;
}

/** Why a game ended, for the result screen. */
export function endWords(view, name) {
  const result = view.result;
  const w = result?.winners || [];
  const top = w.length ? result.scores[w[0]] : 0;
  const who = w.map(name).join(' and ');
  if (view.chips_to_win && top >= view.chips_to_win) {
    const has = w.length > 1 ? 'each hold' : 'holds';
    return `${who} ${has} ${plural(top, 'chip')}: ${plural(view.chips_to_win, 'chip')} ${view.chips_to_win === 1 ? 'wins' : 'win'} this game.`;
  }
  const rounds = result?.rounds ? ` after ${plural(result.rounds, 'round')}` : '';
  return `Every chip has been won${rounds}; ${w.length ? `${who} ${w.length > 1 ? 'have' : 'has'} the most, ${top}` : 'nobody holds any'}.`;
}

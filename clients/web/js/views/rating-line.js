// rating-line.js: what a finished game did to the ratings, in words, for
// the result screen and a player's page: "Ada 1500 → 1523 (+23)",
// "Bot (hard) 1650", or why the game moved no rating.

import { h } from '../dom.js';
import { playerPath } from '../router.js';

const UNRATED = {
  seeded: 'Not rated: the host chose the seed, so the deal could be known in advance.',
  one_human: 'Not rated: a game is rated when at least two people play it.',
};

/** "+23", "−23" (a real minus) or "±0". */
export function signed(n) {
  if (n > 0) return `+${n}`;
  if (n < 0) return `−${-n}`;
  return '±0';
}

/**
 * The rating block of a finished game as a paragraph, or null when there is
 * none. nameOf(seat) names a seat; me (an id or null) is told "you".
 */
export function ratingLine(rating, nameOf, me = null) {
  if (!rating || !Array.isArray(rating.seats)) return null;
  const parts = rating.seats.map((s) => {
    if (s.bot) return h('span.rating-part.rating-bot', {}, `${nameOf(s.seat)} ${s.rating}`);
    const change = s.after - s.before;
    return h(`span.rating-part${s.id === me ? '.rating-me' : ''}`, {},
      h('a', { href: playerPath(s.id) }, nameOf(s.seat)),
      ` ${s.before} → ${s.after} `,
      h(`span.rating-change${change > 0 ? '.up' : change < 0 ? '.down' : ''}`, {}, `(${signed(change)})`));
  });
  const joined = parts.flatMap((p, i) => (i ? [' · ', p] : [p]));
  if (rating.rated) {
    return h('p.rating-line', { dataset: { rated: 'true' } }, h('strong', {}, 'Ratings: '), joined);
  }
  return h('p.rating-line.help', { dataset: { rated: 'false' } },
    UNRATED[rating.why] || 'Not rated.', parts.length ? [' Bots: ', joined, '.'] : null);
}

// bracket.js: the wars at a glance: for a match, each battle and the score;
// for a tournament, the stages (heats, semi-finals, the final) with every
// battle's roboteers, who went out and how, the byes, and the champion.

import { el } from '../dom.js';
import { HOW_WORDS, STAGE_WORDS } from './words.js';

const STATUS_WORDS = { pending: 'to come', setup: 'next: allocating', fighting: 'now', done: 'done' };

function battleCard(b, { name, badge }) {
  const rows = b.seats.map((seat) => {
    if (seat === null) return el('li', { class: 'rw-bk-seat rw-bk-tbd' }, 'to be drawn');
    const out = b.eliminated === seat;
    const won = b.status === 'done' && !out;
    return el('li', { class: 'rw-bk-seat', 'data-out': String(out), 'data-won': String(won), 'data-seat': seat },
      badge(seat, 18), el('span', { class: 'rw-bk-name' }, name(seat)),
      b.damage ? el('span', { class: 'rw-bk-dmg', title: 'damage points' }, String(b.damage.find((d) => d.seat === seat)?.damage ?? '')) : null,
      out ? el('span', { class: 'rw-bk-note' }, 'out') : won ? el('span', { class: 'rw-bk-note' }, 'through') : null);
  });
  return el('li', { class: 'rw-bk-battle', 'data-status': b.status, 'data-index': b.index },
    el('div', { class: 'rw-bk-head' }, el('span', { class: 'rw-bk-title' }, b.title), el('span', { class: 'rw-bk-status' }, STATUS_WORDS[b.status])),
    el('ul', { class: 'rw-bk-seats' }, rows),
    b.status === 'done' ? el('p', { class: 'rw-bk-how help' }, `${name(b.eliminated)}: ${HOW_WORDS[b.how]}${b.tie_break ? ' (tie-break)' : ''}`) : null);
}

export function bracketElement(view, ctx) {
  const br = view.bracket;
  const stages = br.stages.map((s) => el('section', { class: 'rw-bk-stage', 'data-stage': s.stage },
    br.format === 'match' ? null : el('h4', {}, STAGE_WORDS[s.stage]),
    el('ol', { class: 'rw-bk-battles' }, s.battles.map((b) => battleCard(b, ctx))),
    s.byes && s.byes.length ? el('p', { class: 'rw-bk-byes help' }, 'Byes: ', s.byes.map((seat) => ctx.name(seat)).join(', ')) : null));
  let head;
  if (br.format === 'match') {
    head = el('p', { class: 'rw-bk-score' }, `Best of ${br.best_of} (first to ${br.to_win}): `,
      br.wins.map((w, seat) => el('span', { class: 'rw-bk-wins' }, ctx.badge(seat, 16), ` ${ctx.name(seat)} ${w}`)));
  } else {
    head = el('p', { class: 'rw-bk-score help' }, 'Heats of three lose one robot; semi-finals and the final are one against one.');
  }
  const champion = br.champion !== null
    ? el('p', { class: 'rw-bk-champion' }, ctx.badge(br.champion, 20), ` ${ctx.name(br.champion)} wins ${br.format === 'match' ? 'the match' : 'the wars'}`)
    : null;
  return el('section', { class: 'rw-bracket', 'aria-label': 'The bracket' }, el('h3', {}, br.format === 'match' ? 'The match' : 'The bracket'),
    head, champion, el('div', { class: 'rw-bk-stages' }, stages));
}

// seat-line.js: who sits in a seat, drawn the same way in the room lobby
// and beside the table: the seat's mark, the name, and small tags (you,
// host, bot, away) in words, not only in colour.

import { h } from '../dom.js';
import { seatBadge } from '../../games/kit.js';

export function seatWho(seat, store) {
  const me = store.me?.id;
  const p = seat.player;
  const tags = [];
  if (p && p.id === me) tags.push(h('span.tag.you', {}, 'you'));
  if (p && store.room.host === p.id) tags.push(h('span.tag.host', { title: 'Host: starts the game, adds bots' }, '★ host'));
  if (p?.muted) tags.push(h('span.tag', { title: 'The host muted their chat' }, 'muted'));
  if (seat.bot && p) tags.push(h('span.tag.bot', {}, `bot (${seat.bot}) stands in`));
  else if (seat.bot) tags.push(h('span.tag.bot', {}, `bot · ${seat.bot}`));
  // Our own seat follows our connection: the room we hold may be stale.
  const linkDown = p && p.id === me && store.conn.status !== 'online';
  if (linkDown) tags.push(h('span.tag.away', {}, h('span.away-dot', { 'aria-hidden': 'true' }), 'reconnecting'));
  else if (p && !seat.connected) tags.push(h('span.tag.away', {}, h('span.away-dot', { 'aria-hidden': 'true' }), 'away'));
  else if (p && seat.connected) tags.push(h('span.tag.online', {}, h('span.online-dot', { 'aria-hidden': 'true' }), 'online'));
  let name;
  if (p) name = h('span.seat-name', {}, p.name);
  else if (seat.bot) name = h('span.seat-name', {}, 'Bot');
  else name = h('span.seat-name.muted', {}, 'Empty seat');
  return h('div.seat-who', {},
    seatBadge(seat.seat, 28),
    h('div.seat-text', {},
      h('span.seat-label.visually-hidden', {}, `Seat ${seat.seat + 1}: `),
      name,
      h('span.tags', {}, tags)));
}

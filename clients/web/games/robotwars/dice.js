// dice.js: the dice tray: the newest rolls, each a die face with what it
// was for ("Attack damage die · Seat 2 at 10 points: Power"). Every roll
// the server reports lands here as it happens; the newest comes first.

import { el } from '../dom.js';
import { FACE_WORDS, faceResult, orderWords, throwsWords } from './words.js';

const KEEP = 6;
const PIPS = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

/** A die face as nine cells with pips. */
export function dieFace(value, kind = 'plain', label = `a ${value}`) {
  const face = el('span', { class: `rw-die rw-die-${kind}`, role: 'img', 'aria-label': label, 'data-value': value });
  for (let i = 0; i < 9; i++) face.append(el('span', { class: PIPS[value]?.includes(i) ? 'rw-pip' : 'rw-nopip' }));
  return face;
}

// What each face of the damage dice shows: a capability's initial, a
// blank, or RIP (the house robot die's).
const FACE_MARKS = { speed: 'S', power: 'P', manoeuvrability: 'M', blank: '', rip: 'RIP' };

/** A damage die showing `face`, as the real die does (no pips). */
export function damageDie(face, kind, label) {
  return el('span', { class: `rw-die rw-die-${kind} rw-die-face`, role: 'img', 'aria-label': label, 'data-face': face }, FACE_MARKS[face]);
}

export function createDice({ name }) {
  const list = el('ol', { class: 'rw-rolls', 'aria-label': 'Latest dice rolls' });
  const element = el('section', { class: 'rw-tray', 'aria-label': 'Dice' }, el('h3', {}, 'Dice'), list);
  const empty = el('li', { class: 'rw-roll-none help' }, 'No dice thrown yet in this battle.');
  list.append(empty);

  function item(e) {
    switch (e.kind) {
      case 'damage_roll': {
        const house = e.die === 'house';
        return [damageDie(e.face, house ? 'house' : 'attack', `${house ? 'House robot' : 'Attack damage'} die: ${FACE_WORDS[e.face]}`),
          el('span', { class: 'rw-roll-text' },
            el('strong', {}, house ? 'House robot die' : 'Attack damage die'),
            ` · ${name(e.seat)} at ${e.multiple} points: `,
            el('span', { class: `rw-face rw-face-${e.face}` }, faceResult(e)))];
      }
      case 'tie_break':
        if (!e.rolls) return [damageDie(e.face, 'attack', `Attack damage die: ${FACE_WORDS[e.face]}`), el('span', { class: 'rw-roll-text' }, el('strong', {}, 'Tie-break'), ` · ${FACE_WORDS[e.face]}`)];
        // falls through: a roll-off shows each roboteer's throw
      case 'order_roll':
        // The faces, then what they decide: the order itself is its own line.
        return [el('span', { class: 'rw-die-row' }, e.rolls.map((r) => dieFace(r.roll, 'plain', `${name(r.seat)} threw ${r.roll}`))),
          el('span', { class: 'rw-roll-text' }, el('strong', {}, e.kind === 'order_roll' ? 'Throws for the order' : 'Tie-break roll-off'),
            ` · ${throwsWords(e.rolls, name)}${e.kind === 'order_roll' ? ' (highest first)' : ''}`)];
      case 'order':
        return [el('span', { class: 'rw-roll-text' }, el('strong', {}, 'Order of play'), ` · ${orderWords(e.order, name)}`)];
      default:
        return null;
    }
  }

  return {
    element,
    add(e) {
      const parts = item(e);
      if (!parts) return;
      empty.remove();
      const li = el('li', { class: 'rw-roll rw-rolling', 'data-kind': e.kind }, parts);
      list.prepend(li);
      setTimeout(() => li.classList.remove('rw-rolling'), 450);
      while (list.children.length > KEEP) list.lastChild.remove();
    },
    clear() {
      list.replaceChildren(empty);
    },
  };
}

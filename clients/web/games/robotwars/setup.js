// setup.js: before each battle: every roboteer's ten disc throws (a 2, 4 or
// 6 wins a disc), and for your own robot the allocation: a − and + per
// capability within its maximum, every disc placed (unless all three are at
// their maxima), then "Lock in". Others show only whether they are in:
// allocations are secret until all are revealed together.

import { button, el } from '../dom.js';
import { dieFace } from './dice.js';
import { CAPS, CAP_TITLE } from './words.js';

// The normal bot's order, offered as a suggestion.
const SUGGEST = ['speed', 'speed', 'power', 'speed', 'speed', 'power', 'manoeuvrability', 'manoeuvrability', 'manoeuvrability'];

export function room(limits) {
  return CAPS.reduce((n, c) => n + limits[c].max - limits[c].base, 0);
}

export function createSetup({ name, badge, onLock }) {
  const element = el('section', { class: 'rw-setup', 'aria-label': 'Enhancement discs' });
  let add = null;        // my allocation being edited
  let key = '';          // which set-up it belongs to
  let view = null;
  let seat = -1;

  function mine() {
    return view?.battle.robots.find((r) => r.seat === seat) || null;
  }

  function toPlace(r) {
    return Math.min(r.discs, room(view.limits));
  }

  function placed() {
    return CAPS.reduce((n, c) => n + add[c], 0);
  }

  function change(cap, d) {
    const r = mine();
    if (!r || r.allocated) return false;
    const v = add[cap] + d;
    if (v < 0 || view.limits[cap].base + v > view.limits[cap].max || (d > 0 && placed() >= toPlace(r))) return false;
    add[cap] = v;
    draw();
    return true;
  }

  function suggest() {
    const r = mine();
    add = { speed: 0, power: 0, manoeuvrability: 0 };
    let left = toPlace(r);
    for (const c of SUGGEST) {
      if (left && view.limits[c].base + add[c] < view.limits[c].max) { add[c]++; left--; }
    }
    draw();
  }

  function throwsRow(r) {
    return el('div', { class: 'rw-throws', 'aria-label': `${name(r.seat)}’s throws: ${r.throws.join(', ')}; ${r.discs} discs` },
      r.throws.map((v) => dieFace(v, v % 2 === 0 ? 'win' : 'plain', `${v}${v % 2 === 0 ? ', a disc' : ''}`)));
  }

  function editor(r) {
    const need = toPlace(r);
    const left = need - placed();
    const rows = CAPS.map((c) => {
      const lim = view.limits[c];
      const value = lim.base + add[c];
      return el('div', { class: 'rw-alloc-row', 'data-cap': c },
        el('span', { class: 'rw-alloc-name' }, CAP_TITLE[c]),
        button('−', { class: 'small rw-alloc-minus', 'aria-label': `One disc less on ${CAP_TITLE[c]}`, disabled: add[c] === 0, onclick: () => change(c, -1) }),
        el('span', { class: 'rw-alloc-value', 'aria-live': 'polite' }, `${value}`, el('span', { class: 'rw-alloc-max' }, ` / ${lim.max}`)),
        button('+', { class: 'small rw-alloc-plus', 'aria-label': `One disc more on ${CAP_TITLE[c]}`, disabled: left === 0 || value >= lim.max, onclick: () => change(c, +1) }),
        el('span', { class: 'rw-alloc-added help' }, add[c] ? `+${add[c]}` : ''));
    });
    const lock = button(left ? `Place ${left} more disc${left === 1 ? '' : 's'}` : 'Lock in', {
      class: 'primary rw-lock', disabled: left !== 0,
      onclick: () => onLock({ kind: 'allocate', ...add }),
    });
    return el('div', { class: 'rw-alloc' },
      el('p', { class: 'help' }, need < r.discs
        ? `You won ${r.discs} discs; ${need} fill every capability to its maximum.`
        : `You won ${r.discs} disc${r.discs === 1 ? '' : 's'}: place ${r.discs === 1 ? 'it' : 'each'} on a capability, one step each. Nobody sees your choice until all are in.`),
      rows, el('div', { class: 'rw-alloc-actions' }, button('Suggest', { class: 'small rw-suggest', onclick: suggest }), lock));
  }

  function draw() {
    const battle = view.battle;
    const items = battle.robots.map((r) => {
      const me = r.seat === seat;
      let state;
      if (me && !r.allocated) state = editor(r);
      else if (r.allocated) {
        const a = r.allocation;
        state = el('p', { class: 'rw-alloc-done' }, r.discs === 0 ? 'No disc won: nothing to place.'
          : a ? `Locked in: Speed +${a.speed}, Power +${a.power}, Manoeuvrability +${a.manoeuvrability}. Waiting for the others.`
            : 'Discs allocated (secret until all are in).');
      } else state = el('p', { class: 'rw-alloc-wait help' }, 'Allocating…');
      return el('li', { class: 'rw-setup-robot', 'data-seat': r.seat, 'data-allocated': String(r.allocated) },
        el('div', { class: 'rw-setup-head' }, badge(r.seat, 20), el('span', { class: 'rw-unit-name' }, name(r.seat)),
          el('span', { class: 'rw-discs' }, `${r.discs} disc${r.discs === 1 ? '' : 's'}`)),
        throwsRow(r), state);
    });
    element.replaceChildren(el('h3', {}, `${battle.title}: enhancement discs`),
      el('p', { class: 'help' }, 'Every robot starts the battle at base. Ten throws each: a 2, 4 or 6 wins a disc, and each disc raises one capability one step.'),
      el('ul', { class: 'rw-setup-list' }, items));
  }

  return {
    element,
    update(v, s) {
      view = v;
      seat = s;
      const k = `${v.battle.index}`;
      if (k !== key) {
        key = k;
        add = { speed: 0, power: 0, manoeuvrability: 0 };
        if (mine() && !mine().allocated) suggest();
      }
      draw();
    },
    change,
    lockKey() {
      const r = mine();
      if (!r || r.allocated || placed() !== toPlace(r)) return false;
      onLock({ kind: 'allocate', ...add });
      return true;
    },
  };
}

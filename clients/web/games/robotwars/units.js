// units.js: each robot's control unit: Speed, Power and Manoeuvrability as
// bars of steps up to their maxima with the base level marked, damage
// points and the next multiple of 5 (a damage roll), the weapon card, and
// turns taken. The robot to move also shows its moves and turns left.

import { el } from '../dom.js';
import { CAPS, CAP_TITLE, OUT_WORDS } from './words.js';

function bar(cap, value, limit, added) {
  const steps = el('span', { class: 'rw-steps', 'aria-hidden': 'true' });
  for (let i = 1; i <= limit.max; i++) {
    const state = i <= value ? 'on' : 'off';
    steps.append(el('span', {
      class: 'rw-step', 'data-state': state, 'data-base': String(i === limit.base),
      'data-added': String(i > limit.base && i <= limit.base + (added ?? 0) && i <= value),
    }));
  }
  return el('div', { class: 'rw-cap', 'data-cap': cap },
    el('span', { class: 'rw-cap-name' }, CAP_TITLE[cap]),
    steps,
    el('span', { class: 'rw-cap-value', 'aria-label': `${CAP_TITLE[cap]} ${value} of ${limit.max}, base ${limit.base}` }, `${value}/${limit.max}`));
}

export function weaponCard(weapon) {
  return el('span', { class: 'rw-weapon-card', 'data-value': weapon.value, title: `Weapon card: ${weapon.name}, value ${weapon.value}` },
    el('span', { class: 'rw-weapon-name' }, weapon.name),
    el('span', { class: 'rw-weapon-value', 'aria-label': `value ${weapon.value}` }, '★'.repeat(weapon.value)));
}

/** One robot's control unit card. */
export function unitCard(robot, view, { name, badge, mine }) {
  const battle = view.battle;
  const turn = battle.turn;
  const moving = turn?.seat === robot.seat;
  const caps = CAPS.map((c) => bar(c, robot.caps[c], view.limits[c], robot.allocation?.[c]));
  const damage = el('div', { class: 'rw-damage' },
    el('span', { class: 'rw-damage-points', 'aria-label': `${robot.damage} damage points` }, String(robot.damage)),
    el('span', { class: 'rw-damage-text' }, 'damage points', el('br'), `next roll at ${robot.next_damage_roll}`));
  const card = el('article', {
    class: 'rw-unit', 'data-seat': robot.seat, 'data-mover': String(moving), 'data-mine': String(!!mine), 'data-out': String(!!robot.immobilised),
  },
  el('header', { class: 'rw-unit-head' }, badge(robot.seat, 22), el('span', { class: 'rw-unit-name' }, name(robot.seat)), weaponCard(robot.weapon)),
  el('div', { class: 'rw-unit-body' }, el('div', { class: 'rw-caps' }, caps), damage));
  const notes = [];
  if (robot.immobilised) notes.push(`Immobilised: ${OUT_WORDS[robot.immobilised]}`);
  else if (battle.order) notes.push(`Turns taken: ${robot.turns_taken} of ${view.turn_limit}`);
  if (moving) {
    notes.push(`Now: ${turn.moves_left} move${turn.moves_left === 1 ? '' : 's'} and ${turn.turns_left} turn${turn.turns_left === 1 ? '' : 's'} left${turn.final_turn_only ? ' (the turn ends the turn)' : ''}`);
  }
  if (notes.length) card.append(el('p', { class: 'rw-unit-note' }, notes.join(' · ')));
  return card;
}

// knowledge.js: the "What you know" panel. Your own robot in full, marked
// with an eye where the enemy has seen something of it; each enemy as far as
// the public record shows it (letters seen firing sit on the slot their
// direction gives away; directions seen driving show engines there); after
// the fight, every robot revealed. Built only from the view, which never
// holds another seat's layout before the end, so nothing here can leak.

import { ARROW, CENTRE, DIR_SLOT, DIR_WORDS, SLOT_DIR } from './geometry.js';
import { layoutFromView } from './layout.js';
import { robotArt } from './robot-art.js';
import { el } from '../dom.js';

const OUTER = [0, 1, 2, 3, 5, 6, 7, 8];

function list(items, none) {
  return items.length ? items.join(', ') : none;
}

/** The cells of a robot whose layout we hold (our own, or all after the end). */
function fullCells(robot, seenBy = null) {
  const { letters, parts } = layoutFromView(robot.layout);
  return letters.map((letter, slot) => ({
    letter,
    part: parts[slot],
    destroyed: robot.destroyed.includes(letter),
    seen: !!seenBy && seenBy(letter, slot, parts[slot]),
  }));
}

/**
 * The cells of an enemy from public facts only: fired letters on their
 * slots, engines where it drove, the booster in the centre unless the
 * centre is free, and what follows once four lasers or four engines are known.
 */
export function publicCells(robot, freeCentre) {
  const cells = Array.from({ length: 9 }, () => ({ letter: null, part: null, destroyed: false }));
  for (const [letter, dir] of Object.entries(robot.fired || {})) {
    cells[DIR_SLOT[dir]] = { letter, part: 'laser', destroyed: robot.destroyed.includes(letter) };
  }
  for (const dir of robot.moved || []) {
    if (!cells[DIR_SLOT[dir]].part) cells[DIR_SLOT[dir]] = { letter: null, part: 'engine', destroyed: false };
  }
  if (!freeCentre) {
    cells[CENTRE] = { letter: null, part: 'booster', destroyed: false };
    const count = (part) => OUTER.filter((s) => cells[s].part === part).length;
    const rest = count('laser') === 4 ? 'engine' : count('engine') === 4 ? 'laser' : null;
    if (rest) for (const s of OUTER) if (!cells[s].part) cells[s] = { letter: null, part: rest, destroyed: false };
  }
  return cells;
}

function firedWords(robot) {
  return Object.entries(robot.fired || {}).map(([l, d]) => `${l} ${ARROW[d]} ${DIR_WORDS[d]}`);
}

function movedWords(robot) {
  return (robot.moved || []).map((d) => `${ARROW[d]} ${DIR_WORDS[d]}`);
}

function facts(rows) {
  const dl = el('dl', { class: 'bx-facts' });
  for (const [term, value] of rows) dl.append(el('dt', {}, term), el('dd', {}, value));
  return dl;
}

function card(seat, heading, { badge, className = '' }, ...body) {
  return el('section', { class: `bx-card ${className}`.trim(), 'data-seat': seat },
    el('h4', { class: 'bx-card-head' }, badge(seat, 20), el('span', {}, heading)), ...body);
}

function destroyedFacts(robot) {
  const d = [...robot.destroyed];
  return d.length ? `${d.join(', ')} (${d.length} of 9)` : 'none';
}

function ownCard(view, me, ctx) {
  const enemies = view.robots.filter((r) => r.seat !== me.seat);
  const seenBy = (letter, slot, part) => me.destroyed.includes(letter) || letter in (me.fired || {})
    || (part === 'engine' && SLOT_DIR[slot] && (me.moved || []).includes(SLOT_DIR[slot]));
  const w = me.working;
  const who = enemies.length === 1 ? ctx.name(enemies[0].seat) : 'the others';
  return card(me.seat, 'Your robot', { badge: ctx.badge, className: 'bx-card-own' },
    robotArt(fullCells(me, seenBy), { label: 'Your robot', className: 'bx-robot-own' }),
    facts([
      ['Drives', w.directions.length ? `${w.directions.map((d) => ARROW[d]).join(' ')} up to ${w.steps} steps (${w.steps_boosted} boosted)` : 'cannot move'],
      ['Shoots', Object.keys(w.guns).length ? `${Object.entries(w.guns).map(([l, d]) => `${l} ${ARROW[d]}`).join(', ')}, reach ${w.reach} (${w.reach_boosted} boosted)` : 'cannot shoot'],
      ['Booster', w.booster ? 'working' : 'destroyed'],
    ]),
    el('h5', { class: 'bx-knows' }, `What ${who} ${enemies.length === 1 ? 'knows' : 'know'} of you`),
    el('p', { class: 'help bx-eye-note' }, 'Slots with an eye are known to the enemy.'),
    facts([
      ['Seen firing', list(firedWords(me), 'none yet')],
      ['Seen driving', list(movedWords(me), 'not yet')],
      ['Destroyed', destroyedFacts(me)],
    ]));
}

function enemyCard(view, robot, ctx, heading) {
  const cells = publicCells(robot, view.free_centre);
  const placed = new Set(cells.map((c) => c.letter).filter(Boolean));
  const loose = [...robot.destroyed].filter((l) => !placed.has(l));
  return card(robot.seat, heading, { badge: ctx.badge, className: robot.out ? 'bx-card-out' : '' },
    robotArt(cells, { label: heading, className: 'bx-robot-known' }),
    facts([
      ['Seen firing', list(firedWords(robot), 'none yet')],
      ['Seen driving', list(movedWords(robot), 'not yet')],
      ['Destroyed', destroyedFacts(robot) + (loose.length ? `; slots of ${loose.join(', ')} unknown` : '')],
      ...(robot.out ? [['Status', `knocked out on turn ${robot.out_turn}`]] : []),
    ]));
}

function revealedCard(robot, ctx, mine) {
  const heading = mine ? 'Your robot, revealed' : `${ctx.name(robot.seat)}’s robot, revealed`;
  return card(robot.seat, heading, { badge: ctx.badge, className: 'bx-card-revealed' },
    robotArt(fullCells(robot), { label: heading, className: 'bx-robot-revealed' }),
    facts([
      ['Destroyed', destroyedFacts(robot)],
      ['Status', robot.out ? `knocked out on turn ${robot.out_turn}` : 'still standing'],
    ]));
}

/** The panel's cards for this view. ctx: {seat, name, badge}. */
export function knowledgeCards(view, ctx) {
  // After the fight, and all along in a replay's view, every layout is known.
  if ((view.phase === 'over' || view.replay) && view.robots.every((r) => r.layout)) {
    return view.robots.map((r) => revealedCard(r, ctx, r.seat === ctx.seat));
  }
  const me = view.robots.find((r) => r.seat === ctx.seat);
  const cards = [];
  if (me && me.layout) cards.push(ownCard(view, me, ctx));
  for (const r of view.robots) {
    if (me && r.seat === me.seat) continue;
    const heading = me ? `What you know of ${ctx.name(r.seat)}` : `What everyone knows of ${ctx.name(r.seat)}`;
    cards.push(enemyCard(view, r, ctx, heading));
  }
  return cards;
}

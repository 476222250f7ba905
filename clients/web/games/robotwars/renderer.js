// Robot Wars' table (renderer contract: games/README.md). The war zone
// (arena.js) with the robots and, for the robot to move, its legal steps
// and attack marked; beside it the turn's controls, the battle's control
// units (units.js), the dice tray (dice.js) and, before each battle, the
// disc throws and the secret allocation (setup.js); under it the bracket
// (bracket.js) and a short how-to. Keys: ↑ forward, ↓ back, ← and → turn,
// A attack, Enter end the turn. Events are played back (player.js) unless
// the player asked for less motion.

import { button, el } from '../dom.js';
import { createArena } from './arena.js';
import { bracketElement } from './bracket.js';
import { createDice } from './dice.js';
import { createPlayer } from './player.js';
import { createSetup } from './setup.js';
import { unitCard } from './units.js';
import { HOW_WORDS, eventWords } from './words.js';

const KEYS = { ArrowUp: 'forward', ArrowDown: 'back', ArrowLeft: 'left', ArrowRight: 'right', a: 'attack', A: 'attack', Enter: 'end' };
const ACTIONS = [
  { act: 'forward', label: 'Forward', key: '↑' },
  { act: 'back', label: 'Back', key: '↓' },
  { act: 'left', label: 'Turn left', key: '←' },
  { act: 'right', label: 'Turn right', key: '→' },
  { act: 'attack', label: 'Attack', key: 'A' },
  { act: 'end', label: 'End turn', key: 'Enter' },
];
const ANNOUNCED = ['step', 'push', 'blocked', 'turned', 'attack', 'penalty', 'damage_roll', 'house_throw',
  'pit_open', 'tie_break', 'battle_over', 'allocations', 'order', 'setup', 'draw', 'over', 'turn_start'];
const MOTION = ['step', 'push', 'blocked', 'turned', 'attack', 'penalty', 'house_throw', 'damage_roll', 'pit_open'];

/** "1 move", "3 moves". */
function count(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function actionFor(what) {
  return what === 'left' || what === 'right' ? { kind: 'turn', to: what } : { kind: what };
}

export function createRenderer(table) {
  let snap = null;
  let busy = false;
  let gone = false;
  let lastLine = '';
  let replaySeat = null;   // whose moves the war zone is playing back

  const name = (seat) => {
    const own = table.name(seat);
    const seats = snap?.view.seats || 0;
    for (let s = 0; s < seats; s++) if (s !== seat && table.name(s) === own) return `${own} #${seat + 1}`;
    return own;
  };
  const badge = (seat, size) => table.badge(seat, size);

  const arena = createArena({ name, onStep: (move) => send(move), onAttack: () => send('attack') });
  const dice = createDice({ name });
  const setup = createSetup({ name, badge, onLock: (action) => sendAction(action) });
  const caption = el('p', { class: 'rw-caption', 'aria-hidden': 'true' });
  const skipBtn = button('Skip replay', { class: 'small rw-skip', onclick: () => player.stop() });
  skipBtn.hidden = true;
  const boardBox = el('div', { class: 'rw-boardbox' }, arena.element, el('div', { class: 'rw-captionbar' }, caption, skipBtn));

  const banner = el('p', { class: 'rw-banner', role: 'status' });
  const turnInfo = el('p', { class: 'rw-turninfo' });
  const buttons = new Map();
  const pad = el('div', { class: 'rw-pad', role: 'group', 'aria-label': 'Your robot’s moves' });
  for (const a of ACTIONS) {
    const b = button(a.label, {
      class: `rw-act${a.act === 'end' ? ' primary' : ''}`, 'data-act': a.act, 'aria-keyshortcuts': a.key === 'A' ? 'A' : a.key === 'Enter' ? 'Enter' : undefined,
      onclick: () => send(a.act),
    });
    b.append(el('span', { class: 'rw-key', 'aria-hidden': 'true' }, a.key));
    buttons.set(a.act, b);
    pad.append(b);
  }
  const controls = el('section', { class: 'rw-controls', 'aria-label': 'Your turn' }, turnInfo, pad,
    el('p', { class: 'help rw-keys keys-help' }, 'Keys: ↑ forward, ↓ back, ← → turn, A attack, Enter end the turn. Or click a marked square, or the opponent to attack.'));
  const units = el('section', { class: 'rw-units', 'aria-label': 'Control units' });
  const side = el('div', { class: 'rw-side' }, banner, controls, setup.element, units, dice.element);
  const bracketBox = el('div', { class: 'rw-bracketbox' });
  const howto = el('details', { class: 'rw-howto' }, el('summary', {}, 'How to play'),
    el('ul', {},
      el('li', {}, 'Before each battle every robot is reset to base; ten throws each win a disc for every 2, 4 or 6. Spend the discs on Speed, Power and Manoeuvrability, in secret.'),
      el('li', {}, 'On your turn make up to Speed moves: a step forward or back, or an attack on an opponent touching your front (your weapon card’s value in damage points). Turn up to Manoeuvrability times, free.'),
      el('li', {}, 'Step into an opponent to push it, if your Power allows that face (1: front, 2: front and back, 3: any). A push into a wall or another robot spends the move.'),
      el('li', {}, 'Spikes, saw, flame grill and the corner patrol zones cost 5 damage points; a house robot also throws you out. The pit opens after five turns each and swallows a robot.'),
      el('li', {}, 'At every 5 damage points a die may lower a capability. The first robot immobilised, or the most damaged when the turns run out (15 each), is out.')),
    el('p', {}, el('a', { href: '/rules/robotwars', target: '_blank', rel: 'noopener' }, 'The full rules')));

  const sheet = el('link', { rel: 'stylesheet', href: new URL('./renderer.css', import.meta.url).href });
  const root = el('div', { class: 'rw', style: 'visibility: hidden', 'data-playing': 'false' },
    sheet, el('div', { class: 'rw-main' }, boardBox, side), bracketBox, howto);
  const reveal = () => { root.style.visibility = ''; };
  sheet.addEventListener('load', reveal);
  sheet.addEventListener('error', reveal);
  table.element.append(root);

  const player = createPlayer({
    arena,
    dice,
    words: (e) => eventWords(e, name),
    onCaption: (text) => { caption.textContent = text; },
    onPlaying: (on) => {
      root.dataset.playing = String(on);
      skipBtn.hidden = !on;
      if (!on) replaySeat = null;
      if (!on && snap && !gone) drawArena();
      // The turn bar said whose moves were playing; now, who is next.
      if (!on) table.statusChanged?.();
    },
  });

  // ---- acting ----

  const legal = () => (snap && snap.seat >= 0 && snap.view.phase === 'battle' && snap.view.battle.turn?.seat === snap.seat ? snap.view.battle.legal : null);

  async function sendAction(action) {
    if (busy) return;
    busy = true;
    refreshControls();
    try {
      await table.act(action);
    } catch {
      // refused: the frame has shown the server's sentence
    } finally {
      busy = false;
      if (!gone) refreshControls();
    }
  }

  const myBattle = () => !!snap && snap.seat >= 0 && snap.view.phase === 'battle' && snap.view.battle.seats.includes(snap.seat);

  /**
   * A move, turn, attack or end of turn. One the view says cannot be made
   * now still goes to the server on your turn: its refusal says why, in
   * the words the terminal shows too ("... cannot attack: no opponent
   * touches its front"). Out of turn, the table says so itself.
   */
  function send(what) {
    if (busy) return true;
    if (!legal()) {
      if (!myBattle() || !snap.view.battle.turn) return false;
      table.explain('Wait for your robot’s turn.', buttons.get(what));
      return true;
    }
    sendAction(actionFor(what));
    return true;
  }

  // ---- drawing ----

  function drawArena() {
    arena.draw(snap.view);
    caption.textContent = lastLine;
    refreshControls();
  }

  function refreshControls() {
    if (!snap) return;
    const view = snap.view;
    const l = legal();
    const live = !!l && !busy;
    if (!player.playing) arena.choices(live ? l : null);
    const myTurn = !!l;
    controls.hidden = !myTurn;
    // Not disabled when only the rules stand in the way: a click on it
    // asks, and the answer says why not.
    for (const [what, b] of buttons) {
      b.disabled = !live;
      b.setAttribute('aria-disabled', String(!live || !l[what]));
    }
    const t = view.battle.turn;
    if (myTurn) {
      turnInfo.textContent = busy ? 'Sending…'
        : `Your turn ${view.battle.round}: ${t.moves_left} move${t.moves_left === 1 ? '' : 's'} and ${t.turns_left} turn${t.turns_left === 1 ? '' : 's'} left${t.final_turn_only ? ' (Manoeuvrability 0: the one turn ends your turn)' : ''}.`;
    }
  }

  function bannerText(view) {
    const b = view.battle;
    if (view.phase === 'over') {
      const c = view.bracket.champion;
      if (c === null) return 'The wars are over.';
      return view.bracket.format === 'match' ? `${name(c)} wins the match!` : `${name(c)} wins the Robot Wars final!`;
    }
    const fighting = b.seats.map(name).join(' v ');
    if (view.phase === 'setup') return `${b.title} (${fighting}): allocating discs.`;
    const t = b.turn;
    const who = t ? (t.seat === snap.seat ? 'your turn' : `${name(t.seat)} to move`) : '';
    const watching = snap.seat < 0 || !b.seats.includes(snap.seat) ? ' You are watching.' : '';
    return `${b.title}, turn ${b.round} of ${view.turn_limit}: ${who}. The pit is ${b.pit_open ? 'open' : `closed until every robot has had ${view.pit_after} turns`}.${watching}`;
  }

  function renderSide() {
    const view = snap.view;
    banner.textContent = bannerText(view);
    const inSetup = view.phase === 'setup';
    setup.element.hidden = !inSetup;
    if (inSetup) setup.update(view, snap.seat);
    units.hidden = inSetup;
    if (!inSetup) {
      units.replaceChildren(...view.battle.robots.map((r) => unitCard(r, view, { name, badge, mine: r.seat === snap.seat })));
    }
    bracketBox.replaceChildren(bracketElement(view, { name, badge }));
  }

  // ---- the contract ----

  return {
    update(next) {
      const before = snap;
      snap = next;
      const view = next.view;
      root.dataset.role = next.seat >= 0 ? 'player' : 'spectator';
      root.dataset.phase = view.phase;
      renderSide();
      const said = next.events.filter((e) => ANNOUNCED.includes(e.kind)).map((e) => eventWords(e, name)).filter(Boolean);
      if (said.length) {
        table.announce(`${said.join('. ')}.`);
        lastLine = said[said.length - 1];
      }
      if (before && !next.events.length && before.seq === next.seq) {
        refreshControls();
        return;
      }
      const newBattle = !before || before.view.battle.index !== view.battle.index || next.events.some((e) => e.kind === 'battle_start' || e.kind === 'setup');
      // The discs are in and the battle starts: on a phone the page was down
      // at the Lock in button; bring the war zone back into view.
      if (before?.view.phase === 'setup' && view.phase === 'battle' && myBattle()) table.reveal?.(boardBox);
      if (newBattle) dice.clear();
      const moving = next.events.some((e) => MOTION.includes(e.kind));
      const sameBattle = before && before.view.battle.index === view.battle.index && before.view.phase === 'battle';
      if (moving && sameBattle && !table.reducedMotion && !document.hidden) {
        const mover = [...next.events].reverse().find((e) => MOTION.includes(e.kind) && Number.isInteger(e.seat) && e.kind !== 'damage_roll');
        replaySeat = mover ? mover.seat : null;
        player.enqueue(next.events, before.view);
        refreshControls();
      } else {
        player.stop();
        for (const e of next.events) dice.add(e);
        drawArena();
      }
    },

    status(s) {
      const view = s.view;
      if (view.phase === 'over') return null;
      const b = view.battle;
      if (view.phase === 'setup') {
        const waiting = b.robots.filter((r) => !r.allocated).map((r) => r.seat);
        const title = b.title.startsWith('The ') ? `the ${b.title.slice(4)}` : b.title;
        return { seats: waiting, text: `allocate your discs for ${title}` };
      }
      const t = b.turn;
      if (!t) return null;
      // While the war zone still plays another's moves, it is their turn
      // on screen; the counts are the new turn's only once it shows.
      if (player.playing && replaySeat !== null && replaySeat !== t.seat) {
        return { seats: [replaySeat], text: 'their moves play out on the war zone' };
      }
      return { seats: [t.seat], text: `move, turn or attack (${count(t.moves_left, 'move')}, ${count(t.turns_left, 'turn')} left)` };
    },

    describe(e) {
      return eventWords(e, name);
    },

    hint(s) {
      const view = s.view;
      if (view.phase === 'over') return null;
      const b = view.battle;
      const mine = b.robots.find((r) => r.seat === s.seat);
      if (view.phase === 'setup') {
        if (!mine) return { text: `${b.title}: ${b.seats.map(name).join(' and ')} are placing their enhancement discs.`, highlight: [] };
        if (mine.allocated) return { text: 'Your discs are in: the battle begins when everyone’s are.', highlight: [] };
        return {
          text: `You won ${mine.discs} disc${mine.discs === 1 ? '' : 's'}: put each on Speed (moves), Power (pushing) or Manoeuvrability (turns) with + and −, then Lock in.`,
          highlight: [...root.querySelectorAll('.rw-alloc-plus:not([disabled]), .rw-lock:not([disabled])')],
        };
      }
      const t = b.turn;
      if (!t) return null;
      if (t.seat !== s.seat) {
        return { text: mine ? `${name(t.seat)} moves now; your turn comes after.` : `You are watching ${b.title}: ${name(t.seat)} moves now.`, highlight: [] };
      }
      const l = b.legal;
      if (!l) return null;
      if (l.attack) {
        return {
          text: `${name(l.attack.target)} touches your front: ${table.touch ? 'tap it or Attack' : 'press A or click it'} to attack for ${count(l.attack.points, 'damage point')} (${count(t.moves_left, 'move')} left).`,
          highlight: [...root.querySelectorAll('.rw-robot.rw-target'), buttons.get('attack')],
        };
      }
      if (t.moves_left > 0) {
        return {
          text: table.touch
            ? 'Tap a marked square or Forward or Back to step, Turn left or Turn right to turn, and End turn when done; hazards cost 5 damage points.'
            : 'Step with ↑ ↓ or a marked square, turn with ← →, and end your turn with Enter; hazards cost 5 damage points.',
          highlight: [...root.querySelectorAll('.rw-move'), ...['forward', 'back', 'left', 'right'].map((a) => buttons.get(a)).filter((b2) => b2.getAttribute('aria-disabled') !== 'true')],
        };
      }
      return { text: `No moves left: turn if you like, then end your turn${table.touch ? '' : ' (Enter)'}.`, highlight: [buttons.get('end')] };
    },

    ending(s) {
      const r = s.over || s.view.result;
      if (!r || r.champion === null) return null;
      const last = r.battles[r.battles.length - 1];
      const loser = name(last.eliminated);
      const how = last.how === 'turn_limit'
        ? `${loser} had the most damage points when the turns ran out${last.tie_break ? ' (after a tie-break)' : ''}`
        : `${loser} was immobilised: ${HOW_WORDS[last.how]}`;
      const where = last.title.startsWith('The ') ? `the ${last.title.slice(4)}` : last.title;
      return {
        why: `${name(r.champion)} won ${r.format === 'match' ? 'the match' : 'the final'}: in ${where}, ${how}.`,
        score: 'Battles won',
        scoreMeaning: 'Battles won: one for each battle a roboteer survived',
      };
    },

    key(e) {
      if (!snap || e.ctrlKey || e.metaKey || e.altKey) return false;
      const t = e.target;
      if (t && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName))) return false;
      const onButton = t && (t.tagName === 'BUTTON' || t.tagName === 'A' || t.tagName === 'SUMMARY' || t.getAttribute?.('role') === 'button');
      if (onButton && (e.key === 'Enter' || e.key === ' ')) return false;
      const what = KEYS[e.key];
      if (!what) return false;
      if (snap.view.phase === 'setup') return what === 'end' ? setup.lockKey() : false;
      if (snap.view.phase !== 'battle') return false;
      return send(what);
    },

    refused() {
      busy = false;
      if (snap) refreshControls();
    },

    destroy() {
      gone = true;
      player.stop();
      table.element.replaceChildren();
    },
  };
}

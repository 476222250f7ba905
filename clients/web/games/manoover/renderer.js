// Robot Attack / MANOOVER's board (renderer contract: games/README.md).
// The hex board with goals and robots (board.js), the dice of the current
// control phase and, for the player to move, the controls: pick a robot (a
// click on it, a die, or its digit), then a direction to turn to or "step"
// (the picker around the robot, the pad, or Q W E / A S D and F). Every
// move the server reports is played back robot by robot, pushes included,
// before the board settles on the new view. Beside the board: robots in
// each goal, robots off the board, and the match score.

import { seatStyle } from '../kit.js';
import { createBoard } from './board.js';
import { readDice, dieWords } from './dice.js';
import { DIR_WORDS, onBoard, sameCell, stepCell } from './hex.js';
import { diceWords, endingWords, eventWords, lastGameWhy, listWords } from './words.js';
import { button, el } from '../dom.js';
import { createPlayer } from './player.js';

// Keys for directions, laid out as on the pad: Q W E above, A S D below.
const DIR_KEYS = { q: 'NW', w: 'N', e: 'NE', a: 'SW', s: 'S', d: 'SE' };
const PAD = [['NW', 'N', 'NE'], ['step'], ['SW', 'S', 'SE']];

export function createRenderer(table) {
  let snap = null;
  let selected = null;     // robot number picked for the next action
  let busy = false;        // an action is on its way to the server
  let gone = false;
  let lastLine = '';        // the newest move in words: the caption between moves
  let replaySeat = null;   // whose move the board is playing back

  // Two bots of one level share a name: add the seat number their marks show.
  const name = (seat) => {
    const own = table.name(seat);
    const seats = snap?.view.seats || 0;
    for (let s = 0; s < seats; s++) if (s !== seat && table.name(s) === own) return `${own} #${seat + 1}`;
    return own;
  };

  const board = createBoard({ name, onRobot: (owner, number) => tapRobot(number, owner), onPick: (n, what) => act(n, what) });
  const caption = el('p', { class: 'mo-caption', 'aria-hidden': 'true' });
  const skipBtn = button('Skip replay', { class: 'small mo-skip', onclick: () => player.skip() });
  const captionBar = el('div', { class: 'mo-captionbar' }, caption, skipBtn);
  const boardBox = el('div', { class: 'mo-boardbox' }, board.element, captionBar);

  const diceTitle = el('h3', { class: 'mo-dice-title' });
  const diceRow = el('div', { class: 'mo-dice', role: 'group', 'aria-label': 'Dice' });
  const hint = el('p', { class: 'mo-hint help' });
  const pad = el('div', { class: 'mo-pad', role: 'group', 'aria-label': 'Turn or step the selected robot' });
  const padButtons = new Map();
  for (const row of PAD) {
    for (const what of row) {
      const b = button(what === 'step' ? 'Step' : what, {
        class: `mo-pad-btn${what === 'step' ? ' primary mo-pad-step' : ''}`, 'data-dir': what,
        onclick: () => selected !== null && act(selected, what),
      });
      padButtons.set(what, b);
      pad.append(b);
    }
  }
  const passBtn = button('Pass', { class: 'mo-pass', onclick: () => pass() });
  const keysHelp = el('p', { class: 'mo-keys help keys-help' },
    'Keys: a robot’s number to pick it, Q W E A S D to turn it, F to step, P to pass, Esc to let go.');
  const controls = el('div', { class: 'mo-controls' }, hint, pad, el('div', { class: 'mo-actions' }, passBtn), keysHelp);
  // On a touch screen the picker around a robot would be buttons of 20 px
  // over the robots beside it: the pad, finger-sized, sits under the board
  // instead, where the robot was just tapped, while a robot is picked.
  if (table.touch) {
    pad.dataset.layout = 'strip';
    boardBox.insertBefore(pad, captionBar);
  }
  const diceBox = el('section', { class: 'mo-dicebox', 'aria-label': 'Dice and actions' }, diceTitle, diceRow, controls);

  const banner = el('p', { class: 'mo-banner', role: 'status' });
  const scores = el('section', { class: 'mo-scores', 'aria-label': 'Score' });
  const side = el('div', { class: 'mo-side' }, banner, diceBox, scores);

  const sheet = el('link', { rel: 'stylesheet', href: new URL('./renderer.css', import.meta.url).href });
  const root = el('div', { class: 'mo', style: 'visibility: hidden', 'data-playing': 'false' },
    sheet, el('div', { class: 'mo-main' }, boardBox, side));
  // Hidden until its stylesheet is in, so the board never jumps from an
  // unstyled first paint to its real layout.
  const reveal = () => { root.style.visibility = ''; };
  sheet.addEventListener('load', reveal);
  sheet.addEventListener('error', reveal);
  table.element.append(root);

  const player = createPlayer({
    board,
    words: (e, view) => eventWords(e, view, name),
    onCaption: (text) => { caption.textContent = text; },
    onPlaying: (on) => {
      root.dataset.playing = String(on);
      skipBtn.hidden = !on;
      if (!on) replaySeat = null;
      if (!on && snap && !gone) drawBoard();
      // The turn bar said whose move was playing; now it says who is next.
      if (!on) table.statusChanged?.();
    },
  });
  skipBtn.hidden = true;

  // ---- what the player may do ----

  const myTurn = () => !!snap && snap.seat >= 0 && snap.view.phase === 'control' && snap.view.turn === snap.seat && !!snap.view.legal;

  function legalMap() {
    if (!myTurn()) return null;
    return new Map(snap.view.legal.robots.map((r) => [r.number, r]));
  }

  /** Why robot `number` of `owner` cannot be picked now ('' when it can). */
  function pickProblem(number, owner = snap.seat) {
    if (!myTurn()) return 'It is not your turn to move robots.';
    if (owner !== snap.seat) return `That is ${name(owner)}’s robot ${number}: you steer only your own robots, the ones your dice name.`;
    if (!legalMap().has(number)) return `No die of yours names robot ${number}.`;
    return '';
  }

  /** Says why not, next to the robot (or the dice when it is gone). */
  function refuse(text, number = null, owner = snap?.seat) {
    const robot = number === null ? null : board.element.querySelector(`.mo-robot[data-owner="${owner}"][data-number="${number}"]`);
    table.explain(text, robot || diceRow);
  }

  /** A robot tapped or clicked on the board: picked, or why not. */
  function tapRobot(number, owner) {
    if (!snap || snap.seat < 0 || busy || snap.view.phase !== 'control') return;
    const problem = pickProblem(number, owner);
    if (problem) refuse(problem, number, owner);
    else pickRobot(number, owner);
  }

  function pickRobot(number, owner = snap?.seat) {
    const legal = legalMap();
    if (!legal || busy || owner !== snap.seat || !legal.has(number)) return false;
    // Picking always selects (a second click on the robot keeps it picked):
    // Esc lets go.
    selected = number;
    refreshChoices();
    table.announce(`Robot ${number} selected: turn it or step ${snap.view.robots.find((r) => r.owner === snap.seat && r.number === number)?.dir || ''}.`);
    return true;
  }

  async function send(action) {
    if (busy) return;
    busy = true;
    refreshChoices();
    try {
      await table.act(action);
    } catch {
      // refused: the frame has shown the server's sentence
    } finally {
      busy = false;
      if (!gone) refreshChoices();
    }
  }

  function act(number, what) {
    if (busy) return false;
    const legal = legalMap()?.get(number);
    if (!legal) {
      refuse(pickProblem(number) || `No die of yours names robot ${number}.`, number);
      return true;
    }
    if (what === 'step' ? !legal.step : !legal.turn.includes(what)) {
      const robot = snap.view.robots.find((r) => r.owner === snap.seat && r.number === number);
      refuse(what !== 'step' && robot?.dir === what ? `Robot ${number} already points ${DIR_WORDS[what]}.`
        : `Robot ${number} cannot ${what === 'step' ? 'step' : `turn ${DIR_WORDS[what]}`} now.`, number);
      return true;
    }
    send(what === 'step' ? { kind: 'step', robot: number } : { kind: 'turn', robot: number, dir: what });
    return true;
  }

  function pass() {
    if (!myTurn() || busy) return false;
    send({ kind: 'pass' });
    return true;
  }

  /** Keeps the selection only while it is still a legal choice. */
  function settleSelection() {
    const legal = legalMap();
    if (!legal || (selected !== null && !legal.has(selected))) selected = null;
  }

  // ---- drawing ----

  function refreshChoices() {
    settleSelection();
    const legal = legalMap();
    const live = !!legal && !busy;
    if (!player.playing) board.setChoices({ seat: snap?.seat ?? -1, legal: live ? legal : null, selected, picker: !table.touch });
    const choice = live && selected !== null ? legal.get(selected) : null;
    const robot = choice && snap.view.robots.find((r) => r.owner === snap.seat && r.number === selected);
    for (const [what, b] of padButtons) {
      const ok = !!choice && (what === 'step' ? choice.step : choice.turn.includes(what));
      // With a robot picked, a button the rules refuse still answers a tap
      // (the facing it has already: "Robot 2 already points north.").
      b.disabled = !choice;
      b.setAttribute('aria-disabled', String(!ok));
      b.setAttribute('aria-pressed', 'false');
      if (what === 'step') b.textContent = robot ? `Step ${robot.dir}` : 'Step';
      else b.setAttribute('aria-label', robot ? `Turn robot ${selected} to ${DIR_WORDS[what]}` : `Turn to ${DIR_WORDS[what]}`);
      b.dataset.current = String(!!robot && robot.dir === what);
    }
    passBtn.disabled = !live || !snap.view.legal.pass;
    if (table.touch) pad.hidden = !robot;
    controls.hidden = !(snap && snap.seat >= 0 && snap.view.phase === 'control' && snap.view.turn === snap.seat);
    hint.textContent = hintText(robot);
    renderDice();
  }

  function hintText(robot) {
    if (!myTurn()) return '';
    if (busy) return 'Sending…';
    if (robot) return `Robot ${robot.number} points ${DIR_WORDS[robot.dir]}: step it that way, or turn it to face another direction.`;
    return table.touch ? 'Pick a robot a die names: tap it on the board, or its die.'
      : 'Pick a robot a die names: click it on the board, its die, or press its number.';
  }

  function renderDice() {
    const view = snap.view;
    const dice = readDice(view);
    const owner = view.roll ? view.roll.seat : view.turn;
    diceTitle.replaceChildren(table.badge(owner, 18),
      document.createTextNode(view.roll ? (owner === snap.seat ? ' Your dice' : ` ${name(owner)}’s dice`) : ' Dice'));
    const mine = myTurn() && !busy;
    // The die the next action on the selected robot spends: the first
    // unused one showing its number, as the server takes them.
    const next = dice.find((d) => d.state === 'use' && d.value === selected);
    diceRow.replaceChildren(...dice.map((die) => {
      const st = seatStyle(owner);
      const usable = mine && die.state === 'use';
      const b = el('button', {
        type: 'button', class: 'mo-die', 'data-state': die.state, 'data-value': die.value,
        'aria-label': dieWords(die) + (usable ? ': select robot' : ''),
        'aria-pressed': String(usable && die === next),
        style: `--mo-die: ${st.color}; --mo-die-ink: ${st.ink}`,
        onclick: () => pickRobot(die.value),
      }, el('span', { class: 'mo-die-value' }, String(die.value)),
      el('span', { class: 'mo-die-note' }, { use: 'robot ' + die.value, used: 'used', gone: 'robot gone', aside: 'set aside' }[die.state]));
      if (die.rerolledFrom !== null) b.append(el('span', { class: 'mo-die-re', title: `re-rolled from ${die.rerolledFrom}` }, `↻${die.rerolledFrom}`));
      b.disabled = !usable;
      return b;
    }));
    if (!dice.length) diceRow.append(el('p', { class: 'help mo-nodice' }, view.phase === 'over' ? 'The game is over.' : 'No dice thrown yet.'));
  }

  function drawBoard() {
    const view = snap.view;
    board.setBoard(view);
    board.show(view.robots);
    board.setTitle(boardTitle(view));
    caption.textContent = lastLine;
    refreshChoices();
  }

  function boardTitle(view) {
    const per = [];
    for (let s = 0; s < view.seats; s++) {
      const goal = view.goals.find((g) => g.owner === s);
      per.push(`${name(s)} (${seatStyle(s).name}): ${view.alive[s]} robots on the board, ${view.score[s]} in ${goal ? 'their goal' : 'goal'}`);
    }
    return `The board, ${view.radius === 3 ? 37 : 61} cells, north up. ${per.join('; ')}.`;
  }

  function chip(robot) {
    const st = seatStyle(robot.owner);
    return el('span', {
      class: 'mo-chip', style: `--mo-chip: ${st.color}; --mo-chip-ink: ${st.ink}`, 'data-shape': st.shape,
      title: `${name(robot.owner)}’s robot ${robot.number}`,
    }, String(robot.number));
  }

  function renderScores() {
    const view = snap.view;
    const rows = [];
    for (let s = 0; s < view.seats; s++) {
      const inGoal = view.scored[s];
      rows.push(el('li', { class: 'mo-seat', 'data-seat': s, 'data-turn': String(view.phase === 'control' && view.turn === s), 'data-out': String(view.out[s]) },
        el('div', { class: 'mo-seat-head' }, table.badge(s, 20),
          el('span', { class: 'mo-seat-name' }, name(s)),
          el('span', { class: 'mo-seat-score', 'aria-label': `${inGoal.length} robots in ${name(s)}’s goal` }, String(view.score[s]))),
        el('div', { class: 'mo-seat-line' },
          el('span', { class: 'mo-seat-what' }, 'In goal:'),
          inGoal.length ? inGoal.map(chip) : el('span', { class: 'mo-none' }, 'none yet')),
        el('div', { class: 'mo-seat-line help' }, view.out[s] ? 'No robot left on the board' : `${view.alive[s]} on the board`)));
    }
    const off = el('div', { class: 'mo-off' }, el('span', { class: 'mo-seat-what' }, 'Off the board:'),
      view.off_board.length ? view.off_board.map(chip) : el('span', { class: 'mo-none' }, 'none'));
    scores.replaceChildren(...[el('h3', {}, `Game ${view.game}${view.match.to ? ` · match to ${view.match.to}` : ''}`),
      el('ul', { class: 'mo-seats' }, rows), off, matchTable(view)].filter(Boolean));
  }

  function matchTable(view) {
    const m = view.match;
    if (!m.to) return null;
    const head = el('tr', {}, el('th', { scope: 'col' }, 'Game'),
      Array.from({ length: view.seats }, (_, s) => el('th', { scope: 'col' }, table.badge(s, 16), el('span', { class: 'mo-th-name' }, name(s)))));
    const body = m.games.map((g) => el('tr', {}, el('th', { scope: 'row' }, String(g.game)),
      g.points.map((p, s) => el('td', { 'data-won': String(g.winners.includes(s)) },
        String(p), el('span', { class: 'mo-td-note' }, ` (${g.scored[s]}${g.bonus[s] ? ` +${g.bonus[s]}` : ''})`)))));
    const total = el('tr', { class: 'mo-total' }, el('th', { scope: 'row' }, 'Total'), m.totals.map((t) => el('td', {}, String(t))));
    return el('table', { class: 'mo-match' }, el('caption', {}, 'Match points: robots in goal plus bonus'),
      el('thead', {}, head), el('tbody', {}, body, total));
  }

  function bannerText(view) {
    if (view.phase !== 'over') {
      if (snap.seat < 0) return `You are watching. ${name(view.turn)} to play.`;
      return '';
    }
    const last = view.match.games[view.match.games.length - 1];
    if (!last) return 'The game is over.';
    const who = last.winners.length === 1 ? `${name(last.winners[0])} wins game ${last.game}` : `Game ${last.game} is a tie`;
    if (view.match.over || !view.match.to) return `${who}.`;
    return `${who}: ${lastGameWhy(last, view, name)} The next game starts in a few seconds.`;
  }

  // ---- the contract ----

  return {
    update(next) {
      const before = snap;
      snap = next;
      const view = next.view;
      root.dataset.role = next.seat >= 0 ? 'player' : 'spectator';
      root.dataset.variant = view.variant;
      root.dataset.phase = view.phase;
      if (before && before.view.game !== view.game) selected = null;
      board.setBoard(view);
      renderScores();
      banner.textContent = bannerText(view);
      banner.hidden = !banner.textContent;
      diceBox.hidden = view.phase === 'over';
      // One announcement per update: a polite live region would drop all
      // but the last of a burst.
      const said = next.events
        .filter((e) => ['step', 'turned', 'pass', 'scored', 'off_board', 'player_out', 'game_over', 'match_over'].includes(e.kind))
        .map((e) => eventWords(e, view, name));
      if (said.length) {
        table.announce(`${said.join('. ')}.`);
        lastLine = said[said.length - 1];
      }
      if (next.events.some((e) => e.kind === 'game_start')) lastLine = '';
      // A room change alone (someone's connection, a name) leaves the
      // board, and any move being played back, as they are.
      if (before && !next.events.length && before.seq === next.seq) {
        refreshChoices();
        return;
      }
      const moving = next.events.some((e) => e.kind === 'step' || e.kind === 'turned');
      const sameGame = before && before.view.game === view.game && !next.events.some((e) => e.kind === 'game_start');
      if (moving && sameGame && !table.reducedMotion && !document.hidden) {
        const mover = [...next.events].reverse().find((e) => e.kind === 'step' || e.kind === 'turned');
        replaySeat = mover ? (mover.seat ?? mover.robot?.owner ?? null) : null;
        player.enqueue(next.events, before.view, view);
        refreshChoices();
      } else {
        player.stop();
        drawBoard();
      }
    },

    status(s) {
      const view = s.view;
      if (view.phase === 'over') {
        if (view.match.over || !view.match.to) return null;
        return { seats: [], text: `Game ${view.game} is over: the next game starts shortly` };
      }
      // While the board still plays another's move back, it is theirs.
      if (player.playing && replaySeat !== null && replaySeat !== s.seat) {
        return { seats: [replaySeat], text: 'their move plays out on the board' };
      }
      const dice = view.dice.filter((d) => d.usable).map((d) => d.value);
      const mine = s.seat === view.turn;
      if (mine) return { seats: [view.turn], text: `use your ${dice.length === 1 ? 'die' : 'dice'} (${dice.join(', ')}): pick a robot, then turn it or step it` };
      return { seats: [view.turn], text: 'steering robots with the dice' };
    },

    describe(e, s) {
      return eventWords(e, s?.view, name);
    },

    /** First-game hints: what to do now, and where (games/README.md). */
    hint(s) {
      const view = s.view;
      const q = (sel) => [...root.querySelectorAll(sel)];
      if (view.phase === 'over') {
        return view.match.over || !view.match.to ? null : { text: `Game ${view.game} is over; the next game of the match starts in a moment.` };
      }
      if (s.seat < 0 || view.turn !== s.seat || !view.legal) {
        const who = name(view.turn);
        return { text: `${who}’s turn: ${who} steers robots the dice name, then all of ${who}’s robots take one step forward on their own.` };
      }
      if (busy || player.playing) return { text: 'Watch the move play out on the board.' };
      const dice = view.dice.filter((d) => d.usable).map((d) => d.value);
      if (!view.legal.robots.length) {
        return { text: `No die names a robot you can still use: ${table.touch ? 'tap' : 'press'} Pass. Then each of your robots steps forward once.`, highlight: q('.mo-pass') };
      }
      const robot = selected !== null && view.robots.find((r) => r.owner === s.seat && r.number === selected);
      if (!robot) {
        // A newcomer's robots walk off the edge unseen: say which will.
        const falling = view.robots.filter((r) => r.owner === s.seat).filter((r) => {
          const next = stepCell(r.cell, r.dir);
          return !onBoard(next, view.radius) && !view.goals.some((g) => sameCell(g.cell, next));
        }).map((r) => String(r.number));
        const warn = falling.length ? ` Careful: robot ${listWords(falling)} will walk off the board unless turned.` : '';
        return {
          text: `${diceWords(dice)} After your dice, all your robots step forward once.${warn}`,
          highlight: q('.mo-die[data-state="use"]:not(:disabled), .mo-robot.mo-can'),
        };
      }
      return {
        text: `Robot ${robot.number} points ${DIR_WORDS[robot.dir]}: ${table.touch ? `Step ${robot.dir} under the board steps it there` : 'the filled button steps it there'}, pushing whatever is in front; the others turn it. Goal cells score for their owner.`,
        highlight: q('.mo-pick[aria-disabled="false"], .mo-pad-btn[aria-disabled="false"]'),
      };
    },

    /** The result screen's words: why it ended, what the scores are. */
    ending(s) {
      return endingWords(s.view, name);
    },

    key(e) {
      if (!snap || e.ctrlKey || e.metaKey || e.altKey) return false;
      const t = e.target;
      if (t && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName))) return false;
      const onButton = t && (t.tagName === 'BUTTON' || t.getAttribute?.('role') === 'button');
      if (onButton && (e.key === 'Enter' || e.key === ' ')) return false;
      const k = e.key.toLowerCase();
      const gameKey = /^[1-9]$/.test(k) || k === 'p' || k === 'f' || !!DIR_KEYS[k];
      if (!myTurn()) {
        // A seated player's game key in another's control phase: say why.
        if (!gameKey || snap.seat < 0 || snap.view.phase !== 'control') return false;
        refuse('It is not your turn to move robots.');
        return true;
      }
      if (busy) return gameKey;
      if (/^[1-9]$/.test(k)) {
        const problem = pickProblem(Number(k));
        if (problem) refuse(problem, Number(k));
        else if (pickRobot(Number(k)) && selected !== null) board.focusRobot(snap.seat, selected);
        return true;
      }
      if (k === 'escape') { selected = null; refreshChoices(); return true; }
      if (k === 'p') {
        if (!snap.view.legal.pass) refuse('You cannot pass now.');
        else pass();
        return true;
      }
      const move = k === 'f' || k === 'enter' || k === ' ' ? 'step' : DIR_KEYS[k];
      if (!move) return false;
      if (selected === null) {
        if (k === 'enter' || k === ' ') return false;
        refuse('Pick a robot first: the number on one of your dice.');
        return true;
      }
      return act(selected, move);
    },

    refused() {
      busy = false;
      if (snap) refreshChoices();
    },

    destroy() {
      gone = true;
      player.stop();
      table.element.replaceChildren();
    },
  };
}

// Robot boxing's board (renderer contract: games/README.md). Three phases:
// "layout" (the layout editor, then waiting for the others), "orders" (the
// ring with the order composer, turn after turn, each resolution played
// back) and "over" (every robot revealed). Beside them, the panel of what
// each side knows. Everything drawn comes from this seat's view and the
// public events, so another seat's layout can never reach the page early.

import { seatStyle } from '../kit.js';
import { DIR_WORDS, coneCells, inCone } from './geometry.js';
import { createComposer } from './composer.js';
import { createEditor } from './editor.js';
import { knowledgeCards } from './knowledge.js';
import { createRing } from './ring.js';
import { outWords, readTurn, turnSentences } from './turn.js';
import { button, el } from '../dom.js';

function plural(n, word) {
  return `${n} ${n === 1 ? word : `${word}s`}`;
}

function names(list) {
  if (list.length <= 1) return list.join('');
  return `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

export function createRenderer(table) {
  // Two bots of one level share a name: add the seat number their marks show.
  const name = (seat) => {
    const own = table.name(seat);
    const twins = (snap?.view.robots || []).some((r) => r.seat !== seat && table.name(r.seat) === own);
    return twins ? `${own} #${seat + 1}` : own;
  };
  // On the ring, under a mark that already shows the seat's number and
  // shape, a name without its bot level: "Bot 2", not "Bot (no…".
  const ringName = (seat) => table.name(seat).replace(/ \([a-z]+\)$/, '');
  let snap = null;
  let editor = null;
  let composer = null;
  let showLast = true;       // the last turn's cones stay on the board until the player plans
  const queue = [];          // resolved turns waiting to be played
  let playingQueue = false;
  let gone = false;

  const ring = createRing({ onStep: (dir) => composer?.addStep(dir) });
  const lastTitle = el('h3', { id: 'bx-last-title' }, 'Last turn');
  const lastList = el('ul', { class: 'bx-last-lines' });
  const replayBtn = button('Show on the board', { class: 'small bx-replay', onclick: () => replay() });
  const lastBox = el('section', { class: 'bx-last-box', 'aria-labelledby': 'bx-last-title' },
    el('div', { class: 'bx-last-head' }, lastTitle, replayBtn), lastList);
  const board = el('div', { class: 'bx-board' }, ring.element);
  const strip = el('ul', { class: 'bx-strip', 'aria-label': 'Robots' });
  const side = el('div', { class: 'bx-side' });
  const cards = el('div', { class: 'bx-cards' });
  const knowTitle = el('h3', { id: 'bx-know-title' }, 'What you know');
  const know = el('section', { class: 'bx-know', 'aria-labelledby': 'bx-know-title' }, knowTitle, cards);
  // Hidden until its stylesheet is in, so the board never jumps from an
  // unstyled first paint to its real layout.
  const sheet = el('link', { rel: 'stylesheet', href: new URL('./renderer.css', import.meta.url).href });
  const root = el('div', { class: 'bx', style: 'visibility: hidden' },
    sheet, strip, el('div', { class: 'bx-main' }, board, side, lastBox), know);
  const reveal = () => { root.style.visibility = ''; };
  sheet.addEventListener('load', reveal);
  sheet.addEventListener('error', reveal);
  table.element.append(root);

  const send = (action) => table.act(action);
  const mySeat = () => (snap && snap.seat >= 0 ? snap.seat : -1);
  const me = () => snap?.view.robots.find((r) => r.seat === mySeat()) || null;

  // ---- the side column, by phase ----

  function waitingCard(heading, text) {
    return el('section', { class: 'bx-wait', tabindex: '-1' }, el('h3', {}, heading), el('p', { class: 'help' }, text));
  }

  function renderStrip(view) {
    strip.replaceChildren(...view.robots.map((r) => {
      let state;
      if (view.phase === 'layout') state = r.layout_in ? 'layout locked in ✓' : 'laying out…';
      else if (view.phase === 'orders') state = r.out ? 'knocked out' : r.orders_in ? 'orders in ✓' : 'writing orders…';
      else state = r.out ? `knocked out, turn ${r.out_turn}` : 'still standing';
      const done = (view.phase === 'layout' && r.layout_in) || (view.phase === 'orders' && r.orders_in);
      return el('li', { class: 'bx-strip-item', 'data-seat': r.seat, 'data-done': String(done), 'data-mine': String(r.seat === mySeat()) },
        table.badge(r.seat, 20), el('span', { class: 'bx-strip-name' }, name(r.seat)), el('span', { class: 'bx-strip-state' }, state));
    }));
  }

  function renderSide(view) {
    const mine = me();
    let content;
    if (view.phase === 'layout') {
      if (mine && !mine.layout_in) {
        editor ??= createEditor({ freeCentre: view.free_centre, send });
        editor.setHint(startWords(view, mine));
        content = editor.element;
      } else {
        content = waitingCard(mine ? 'Waiting for the opponent' : 'The robots are being laid out',
          'The fight begins when every robot is laid out, or when the layout time runs out: a robot without one then gets a random layout.');
      }
    } else if (view.phase === 'orders') {
      if (mine && !mine.out) {
        composer ??= createComposer({
          name, badge: table.badge, send, notify: table.notify, announce: table.announce, explain: table.explain,
          changed: () => { showLast = false; drawBoard(); },
        });
        composer.setContext({
          turn: view.turn, working: mine.working, cell: mine.cell, size: view.size,
          enemies: view.robots.filter((r) => r.seat !== mine.seat), sent: mine.orders,
        });
        content = composer.element;
      } else if (mine) {
        content = waitingCard('Your robot is out of the fight', 'Watch the others finish it.');
      } else {
        content = waitingCard(`Turn ${view.turn} of ${view.turn_limit}`, 'The players are writing their orders; all of them are revealed together.');
      }
    } else {
      content = waitingCard('The fight is over', `${overSentence(view)} ${view.robots.length > 2 ? 'Every layout is' : 'Both layouts are'} revealed below.`);
    }
    const current = side.firstChild;
    if (current === content || (current?.classList.contains('bx-wait') && current.textContent === content.textContent)) return;
    // A keyboard player whose control just went (the layout locked in, the
    // fight over) carries on from the new content, not from the page top.
    const hadFocus = side.contains(document.activeElement);
    side.replaceChildren(content);
    if (hadFocus) content.focus({ preventScroll: true });
  }

  /** "You start in the south-east corner; Bob in the north-west: …" */
  function startWords(view, mine) {
    const corner = ([x, y]) => `${y === 0 ? 'north' : 'south'}-${x === 0 ? 'west' : 'east'}`;
    const others = view.robots.filter((r) => r.seat !== mine.seat);
    let text = `You start in the ${corner(mine.cell)} corner; ${names(others.map((r) => `${name(r.seat)} in the ${corner(r.cell)}`))}.`;
    if (others.length === 1) {
      const [dx, dy] = [0, 1].map((i) => Math.sign(others[0].cell[i] - mine.cell[i]));
      const dir = `${dy < 0 ? 'N' : dy > 0 ? 'S' : ''}${dx < 0 ? 'W' : dx > 0 ? 'E' : ''}`;
      text += ` A laser facing ${DIR_WORDS[dir]} points straight at ${name(others[0].seat)}.`;
    }
    return text;
  }

  // ---- the board ----

  function robotScene(view, { before = null } = {}) {
    // A robot knocked out leaves the ring; it stays drawn, crossed out,
    // where it fell, unless another robot has taken that cell since.
    const standing = view.robots.filter((r) => !r.out);
    const shown = view.robots.filter((r) => !r.out || !standing.some((o) => o.cell[0] === r.cell[0] && o.cell[1] === r.cell[1]));
    return shown.map((r) => ({
      seat: r.seat,
      cell: r.cell,
      out: r.out && (before === null || r.out_turn < before),
      mine: r.seat === mySeat(),
      label: r.seat === mySeat() ? 'You' : ringName(r.seat),
      title: `${name(r.seat)}: ${seatStyle(r.seat).name} ${r.seat + 1}`,
    }));
  }

  function boardTitle(view) {
    const where = view.robots.map((r) => `${r.seat === mySeat() ? 'you' : name(r.seat)} (${seatStyle(r.seat).name}) ${r.out ? 'knocked out' : `at column ${r.cell[0] + 1}, row ${r.cell[1] + 1}`}`);
    return `The ring, ${view.size} by ${view.size}, north up: ${names(where)}.`;
  }

  function planScene(view) {
    const mine = me();
    if (!composer || view.phase !== 'orders' || !mine || mine.out) return {};
    const plan = composer.plan();
    const scene = { path: { from: mine.cell, cells: plan.cells, seat: mine.seat }, targets: plan.targets };
    if (plan.fire && !showLast) {
      const dir = mine.working.guns[plan.fire];
      const [x0, y0] = plan.end;
      const enemies = view.robots.filter((r) => r.seat !== mine.seat && !r.out);
      scene.cone = {
        seat: mine.seat,
        cells: coneCells(view.size, dir, plan.end, plan.reach),
        enemyIn: enemies.filter((r) => inCone(dir, r.cell[0] - x0, r.cell[1] - y0, plan.reach)).map((r) => r.cell),
      };
    }
    return scene;
  }

  function drawBoard() {
    if (!snap) return;
    const view = snap.view;
    // Without motion the button only brings the last turn back on the board.
    replayBtn.disabled = table.reducedMotion && showLast;
    ring.draw({
      size: view.size,
      title: boardTitle(view),
      robots: robotScene(view),
      last: view.last ? readTurn(view.last) : null,
      showLastCones: showLast,
      ...planScene(view),
    });
  }

  function renderLast(view) {
    lastBox.hidden = !view.last;
    if (!view.last) return;
    lastTitle.textContent = `Turn ${view.last.turn}`;
    lastList.replaceChildren(...turnSentences(view.last, name).map((t) => el('li', {}, `${t}.`)));
    replayBtn.textContent = table.reducedMotion ? 'Show on the board' : 'Replay';
    replayBtn.setAttribute('aria-label', `${table.reducedMotion ? 'Show' : 'Replay'} turn ${view.last.turn} on the board`);
  }

  // ---- the resolution, played back ----

  async function playQueue() {
    if (playingQueue) return;
    playingQueue = true;
    while (queue.length && !gone) {
      // Fallen behind (several turns at once): play the newest; the log has the rest.
      const ev = queue.splice(0).pop();
      await ring.play(readTurn(ev), robotScene(snap.view, { before: ev.turn }));
    }
    playingQueue = false;
    if (!gone) drawBoard();
  }

  function replay() {
    const last = snap?.view.last;
    if (!last) return;
    showLast = true;
    if (table.reducedMotion) { drawBoard(); return; }
    queue.push(last);
    playQueue();
  }

  // ---- words ----

  function overSentence(view) {
    const result = view.result;
    if (!result) return 'The fight is over.';
    const turns = plural(result.turns, 'turn');
    if (result.winners.length) {
      const losers = view.robots.filter((r) => !result.winners.includes(r.seat));
      const why = losers.map((r) => `${name(r.seat)} has ${outWords(result.out?.[r.seat]?.why || 'both')}`);
      return `${names(result.winners.map(name))} ${result.winners.length > 1 ? 'win' : 'wins'} after ${turns}: ${names(why)}.`;
    }
    if (result.reason === 'turn_limit') return `A draw: ${names(result.drawn.map(name))} still fighting after ${turns}.`;
    return `A draw: ${names(result.drawn.map(name))} knocked out together.`;
  }

  /** Why the fight ended, robot by robot, for the result screen. */
  function endWords(view) {
    const result = view.result;
    if (!result) return 'The fight is over.';
    if (result.reason === 'turn_limit') {
      return `Nobody was knocked out within the limit of ${plural(view.turn_limit, 'turn')}: ${names(result.drawn.map(name))} draw.`;
    }
    const out = view.robots.filter((r) => result.out?.[r.seat]).map((r) => {
      const o = result.out[r.seat];
      return `${name(r.seat)} was knocked out on turn ${o.turn}, with ${outWords(o.why)}`;
    });
    const end = result.winners.length
      ? `${names(result.winners.map(name))} ${result.winners.length > 1 ? 'are' : 'is'} the last robot standing.`
      : `${names(result.drawn.map(name))} went down in the same turn: a draw.`;
    return `${out.join('; ')}. ${end}`;
  }

  return {
    update(next) {
      snap = next;
      const view = next.view;
      root.dataset.phase = view.phase;
      root.dataset.role = next.seat >= 0 ? 'player' : 'spectator';
      const turns = next.events.filter((e) => e.kind === 'resolved');
      if (next.events.some((e) => e.kind === 'layout_assigned' && e.seat === next.seat)) {
        table.notify('Time is up: your robot got a random layout. It is shown under “What you know”.');
      }
      for (const ev of turns) table.announce(`Turn ${ev.turn}: ${turnSentences(ev, name).join('. ')}.`);
      renderStrip(view);
      renderSide(view);
      renderLast(view);
      knowTitle.textContent = view.phase === 'over' || (view.replay && view.robots.every((r) => r.layout))
        ? (view.robots.length > 2 ? 'Every robot revealed' : 'Both robots revealed')
        : next.seat >= 0 ? 'What you know' : 'What everyone knows';
      cards.replaceChildren(...knowledgeCards(view, { seat: next.seat, name, badge: table.badge }));
      if (turns.length) showLast = true;
      // A hidden tab runs no animation frames: it just shows the new state.
      if (turns.length && !table.reducedMotion && !document.hidden) {
        queue.push(...turns);
        playQueue();
      }
      drawBoard();
    },

    status(s) {
      const view = s.view;
      const mine = (seats) => s.seat >= 0 && seats.includes(s.seat);
      if (view.phase === 'layout') {
        const seats = view.robots.filter((r) => !r.layout_in).map((r) => r.seat);
        return { seats, text: mine(seats) ? 'lay out your robot' : 'laying out a robot' };
      }
      if (view.phase === 'orders') {
        const seats = view.robots.filter((r) => !r.out && !r.orders_in).map((r) => r.seat);
        return { seats, text: mine(seats) ? `write your orders for turn ${view.turn}` : `writing orders for turn ${view.turn}` };
      }
      return null;
    },

    /** First-game hints: what to do now, and where (games/README.md). */
    hint(s) {
      const view = s.view;
      const q = (sel) => [...root.querySelectorAll(sel)];
      const mine = view.robots.find((r) => r.seat === s.seat);
      const others = (pick) => names(view.robots.filter(pick).map((r) => name(r.seat)));
      if (view.phase === 'layout') {
        if (!mine) return { text: 'The players lay out their robots in secret; the fight starts when all are ready.' };
        if (mine.layout_in) return { text: `Your layout is locked in. Waiting for ${others((r) => !r.layout_in && r.seat !== s.seat)}.` };
        return {
          text: `Lay out your robot: ${table.touch ? 'tap' : 'click'} a slot, make it a laser or an engine and give it a letter. The side a part sits on is the way it shoots or drives. Then lock it in.`,
          highlight: q('.bx-slot-btn, .bx-lock:not(:disabled)'),
        };
      }
      if (view.phase !== 'orders') return null;
      if (!mine) return { text: 'The players write their orders in secret; all are revealed together, then the robots move and shoot.' };
      if (mine.out) return { text: 'Your robot is out of the fight: watch the others finish it.' };
      if (mine.orders_in && composer?.plan() && q('.bx-send:not(:disabled)').length === 0) {
        return { text: `Orders sent for turn ${view.turn}. Waiting for ${others((r) => !r.out && !r.orders_in && r.seat !== s.seat)}; you may still change yours.` };
      }
      const plan = composer?.plan();
      if (plan?.fire && !plan.target) {
        return { text: 'Now pick the letter of the enemy slot to destroy if your shot hits.', highlight: q('.bx-target-btn:not(:disabled)') };
      }
      if (!plan?.path.length && !plan?.fire) {
        return {
          text: `Turn ${view.turn}: ${table.touch ? 'tap' : 'click'} an arrow on the ring to step (each arrow is one of your engines), pick a laser and a slot to hit, then send your orders.`,
          highlight: q('.bx-target, .bx-fire-btn:not(:disabled), .bx-send:not(:disabled)'),
        };
      }
      return {
        text: 'Send your orders when you are ready: robots move first, then every laser fires at once.',
        highlight: q('.bx-send:not(:disabled)'),
      };
    },

    /** The result screen's words: why it ended, what the scores are. */
    ending(s) {
      return {
        why: endWords(s.view),
        score: 'Parts destroyed',
        scoreMeaning: 'Parts destroyed: how many slots of other robots each player’s lasers destroyed.',
      };
    },

    describe(e, s) {
      switch (e.kind) {
        case 'layout_in': return `${name(e.seat)} locked in a layout`;
        case 'layout_assigned': return `${name(e.seat)} ran out of time and got a random layout`;
        case 'turn': return `Turn ${e.turn}: orders are open`;
        case 'orders_in': return `${name(e.seat)} ${e.replaced ? 'changed their' : 'sent'} orders for turn ${e.turn}`;
        case 'resolved': return `Turn ${e.turn}: ${turnSentences(e, name).join('. ')}.`;
        case 'over': {
          if (s?.view?.result) return overSentence(s.view);
          if (e.winners.length) return `${names(e.winners.map(name))} ${e.winners.length > 1 ? 'win' : 'wins'}`;
          return `A draw between ${names(e.drawn.map(name))}`;
        }
        default: return null;
      }
    },

    key(e) {
      const t = e.target;
      if (t && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName))) return false;
      const phase = snap?.view.phase;
      if (phase === 'layout' && editor && side.contains(editor.element)) return editor.key(e);
      if (phase === 'orders' && composer && side.contains(composer.element)) return composer.key(e);
      return false;
    },

    destroy() {
      gone = true;
      ring.stop();
      table.element.replaceChildren();
    },
  };
}

// table.js: the table frame every game shares. It owns everything around
// the board: whose turn it is, the countdown to any server deadline, the
// players beside the table, the event log, and the result with "play
// again". The board itself is drawn by the game's renderer module
// (games/<id>/renderer.js, contract in games/README.md) into the slot this
// frame gives it; without one, the fallback renderer shows the raw view.
// Around it, help for newcomers: "How to play" (the ? button), first-game
// hints, and a call (title, icon, optional sound) when it becomes your turn
// in a background tab.

import { h, fill, plural, rebuild } from '../dom.js';
import { clock, formatCountdown } from '../clock.js';
import { ServerError } from '../connection.js';
import { loadRenderer } from '../renderers.js';
import { toast } from '../toast.js';
import { seatBadge, seatMark } from '../../games/kit.js';
import { seatWho } from './seat-line.js';
import { storage } from '../storage.js';
import { attention, chime } from '../attention.js';
import { hasRules } from '../rules.js';
import { rulesDialog } from './rules-dialog.js';
import { replayPath } from '../router.js';
import { createHints } from './table-hints.js';
import { ratingLine } from './rating-line.js';

/** The frame's words for an event when the renderer has none (the replay
 *  screen says them too). */
export function genericEvent(event, name, named) {
  const { kind, seat, ...rest } = event;
  // Every engine ends with an "over" event: say it as a sentence.
  if (kind === 'over') {
    if (typeof rest.summary === 'string') return `Game over: ${named(rest.summary)}`;
    const winners = Array.isArray(rest.winners) ? rest.winners : [];
    if (!winners.length) return 'Game over: a draw';
    return `Game over: ${listNames(winners.map(name))} ${winners.length > 1 ? 'win' : 'wins'}`;
  }
  const who = Number.isInteger(seat) ? `${name(seat)}: ` : '';
  const details = Object.entries(rest)
    .map(([k, v]) => `${k} ${typeof v === 'object' ? JSON.stringify(v) : v}`)
    .join(', ');
  return `${who}${kind || 'event'}${details ? ` (${details})` : ''}`;
}

/** Whose turn, when the renderer does not say: a view's integer `turn`. */
function genericStatus(snap) {
  const t = snap.view?.turn;
  if (Number.isInteger(t) && !snap.over) return { seats: [t] };
  return null;
}

function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function listNames(names) {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export function createTable(app) {
  const { store, conn } = app;

  // "Your turn" or "Waiting for Ada" (the lead), then what to do (the
  // detail). On a phone the sticky bar keeps to one line, the lead: the
  // detail is said in a line under it that scrolls away with the page.
  const turnLead = h('span.turn-lead');
  const turnDetail = h('span.turn-detail');
  const turnText = h('p.turn-text', { id: 'turn-text', role: 'status', 'aria-live': 'polite' }, turnLead, turnDetail);
  const turnLine = h('p.turn-line', { id: 'turn-line', 'aria-hidden': 'true', hidden: true });
  const countdown = h('span.countdown', { id: 'countdown', role: 'timer', hidden: true });
  const sending = h('span.sending', { hidden: true, 'aria-hidden': 'true' }, 'Sending…');
  const rulesButton = h('button.btn.small.rules-button', {
    type: 'button', id: 'table-rules', hidden: true, 'aria-label': 'How to play (key ?)', title: 'How to play (key ?)',
    onclick: () => showRules(),
  }, h('span', { 'aria-hidden': 'true' }, '?'));
  const turnbar = h('div.turnbar', {}, turnText, sending, countdown, rulesButton);
  const slot = h('div.table-slot', {
    id: 'table-slot', tabindex: '0', role: 'group',
    'aria-label': 'Game table. Use Tab to reach its controls; the game may also take keys here.',
  });
  const hints = createHints({
    slot,
    covered: () => barsBottom(),
    game: () => (mountedKey ? store.room?.game : null),
    ask: () => {
      if (!renderer?.hint) return undefined;
      if (!store.state || store.room?.status !== 'playing' || store.over) return null;
      return renderer.hint(snapshot([]));
    },
  });
  const announcer = h('p.visually-hidden', { id: 'table-announcer', 'aria-live': 'polite' });
  const result = h('section.result', { hidden: true, 'aria-labelledby': 'result-title', tabindex: '-1' });
  const players = h('ul.table-players', { 'aria-label': 'Players' });
  const watchers = h('p.meta.watchers');
  const seatActions = h('div.row.table-actions');
  const soundToggle = h('button.btn.small.quiet.sound-toggle', { type: 'button', id: 'sound-toggle', onclick: () => setSound(!storage.sound) });
  const element = h('section.table-frame', { 'aria-label': 'Game table' },
    turnbar, turnLine, hints.bar, result, slot, announcer,
    h('div.table-seats', {}, players,
      h('div.table-foot', {}, watchers, seatActions, h('div.row.table-prefs', {}, hints.toggle, soundToggle))));

  const logList = h('ol.event-log', { tabindex: '0', 'aria-label': 'Game log' });
  const logEmpty = h('p.empty', {}, 'Moves will show up here.');
  const logElement = h('section.panel.log-panel', { 'aria-labelledby': 'log-title' },
    h('h2#log-title', {}, 'Game log'), logEmpty, logList);

  let renderer = null;      // the live renderer object
  let mountedKey = null;    // room code + game the renderer belongs to
  let mounting = 0;         // guards against a slow import finishing late
  let lastState = null;     // the state object last given to the renderer
  let logShown = 0;
  let countdownTimer = null;
  let pendingActs = 0;
  let announceTimer = null;
  let wasMine = null;       // was it our move at the last update (null: not seen yet)
  let lastDeadline = null;  // the deadline seen then
  let sawPlay = false;      // this table has seen the game in progress
  let resultShown = false;  // ... and the result panel
  let lobbyCode = null;     // the room last seen here before its game: its start is seen live
  let clockWanted = true;   // the renderer's status lets the deadline show as a countdown
  let updating = false;     // the renderer is drawing a new state
  let revealing = null;     // what it asked to bring into view meanwhile

  // Closing the rules (Esc) gives the keys back to the game, not to the
  // ? button that opened them.
  function showRules() {
    const room = store.room;
    if (room) rulesDialog().show(room.game, room.title, slot);
  }

  function setSound(on) {
    storage.sound = on;
    renderSound();
    if (on) chime(); // a click is the gesture that lets the page play sound: play it once now
  }

  function renderSound() {
    const on = storage.sound;
    soundToggle.textContent = on ? 'Sound: on' : 'Sound: off';
    soundToggle.setAttribute('aria-pressed', String(on));
    soundToggle.title = 'A short sound when it becomes your turn while this tab is in the background';
  }
  renderSound();

  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  // A touch screen as the main pointer (a phone, a tablet): words say
  // "tap", and lines about keys give way.
  const touch = window.matchMedia('(pointer: coarse)');

  /** What a renderer sees of the game right now (see games/README.md). */
  function snapshot(events) {
    const s = store.state;
    const receivedAt = s.receivedAt || Date.now();
    const endsAt = s.deadline ? clock.deadlineEnd(s.deadline, receivedAt) : null;
    return {
      view: s.view,
      seat: s.seat,
      seq: s.seq,
      events,
      deadline: s.deadline ? { ...s.deadline, endsAt } : null,
      room: store.room,
      over: store.over,
      me: { ...store.me, seat: s.seat },
    };
  }

  /** The API a renderer is given (the "table" in games/README.md). */
  function hostFor(room) {
    return {
      element: null, // set at mount
      game: { id: room.game, title: room.title, options: room.options },
      async act(action) {
        pendingActs += 1;
        sending.hidden = false;
        slot.setAttribute('aria-busy', 'true');
        try {
          return await conn.request('act', { action });
        } catch (err) {
          if (!(err instanceof ServerError)) toast(err.message, 'error');
          else if (hints.on()) hints.explain(capitalise(store.named(err.message)));
          const error = { code: err.code, message: err.message };
          try { renderer?.refused?.(error, action); } catch (e) { console.error(e); }
          throw error;
        } finally {
          pendingActs -= 1;
          if (!pendingActs) { sending.hidden = true; slot.removeAttribute('aria-busy'); }
        }
      },
      name: (seat) => store.seatName(seat),
      mark: (seat, opts) => seatMark(seat, opts),
      badge: (seat, size) => seatBadge(seat, size),
      announce(text) {
        announcer.textContent = '';
        clearTimeout(announceTimer);
        announceTimer = setTimeout(() => { announcer.textContent = text; }, 30);
      },
      notify: (text) => toast(text, 'info'),
      /** A refusal of our own (a move the board knows is impossible),
       *  said next to `anchor` while hints are on, else as a notice. */
      explain(text, anchor) {
        if (hints.on()) hints.explain(text, anchor);
        else toast(text, 'info');
      },
      // Asked while drawing, it waits for the frame to finish the update
      // (the hint bar above the board may change height meanwhile).
      reveal(target) {
        if (updating) revealing = target;
        else reveal(target);
      },
      get hints() { return hints.on(); },
      hintChanged: () => hints.later(),
      statusChanged() {
        if (renderer && store.state && element.isConnected) renderTurn(snapshot([]));
      },
      get reducedMotion() { return reducedMotion.matches; },
      get touch() { return touch.matches; },
      serverNow: () => clock.serverNow(),
    };
  }

  function unmount() {
    mounting += 1;
    if (renderer) {
      try { renderer.destroy?.(); } catch (e) { console.error(e); }
    }
    renderer = null;
    mountedKey = null;
    lastState = null;
    slot.replaceChildren();
    delete slot.dataset.renderer;
    // Nothing said about one room may be heard in the next.
    clearTimeout(announceTimer);
    announcer.textContent = '';
    setTurn('', '');
    hints.reset();
    attention.stop();
    wasMine = null;
    lastDeadline = null;
    sawPlay = false;
    resultShown = false;
  }

  async function mount(room) {
    unmount();
    const token = mounting;
    const key = `${room.code}/${room.game}`;
    mountedKey = key;
    slot.append(h('p.loading', {}, 'Setting up the table…'));
    const found = await loadRenderer(room.game);
    if (token !== mounting) return; // the room changed while loading
    slot.replaceChildren();
    const area = h('div.renderer');
    slot.append(area);
    slot.dataset.renderer = found.fallback ? 'fallback' : room.game;
    const host = hostFor(room);
    host.element = area;
    try {
      renderer = found.createRenderer(host) || {};
    } catch (e) {
      console.error(e);
      toast('This game’s board failed to load; showing the plain view.', 'error');
      const { createRenderer } = await import('../fallback-renderer.js');
      area.replaceChildren();
      renderer = createRenderer(host);
      slot.dataset.renderer = 'fallback';
    }
    mountedKey = key;
    // The log may have been written in the frame's words while the module
    // loaded: now the renderer can say it in the game's.
    logList.replaceChildren();
    logShown = 0;
    renderLog();
    update();
    renderResult();
    if (room.code === lobbyCode) {
      // The game starts on screen: the table comes into view and takes
      // the keys (the Start button that had them is gone).
      showBoard();
      takeKeys();
    }
    lobbyCode = null;
    hasRules(room.game).then((yes) => { if (mountedKey === key) rulesButton.hidden = !yes; });
  }

  function statusOf(snap) {
    try {
      const s = renderer?.status ? renderer.status(snap) : undefined;
      return s === undefined ? genericStatus(snap) : s;
    } catch (e) {
      console.error(e);
      return genericStatus(snap);
    }
  }

  function describe(event, snap) {
    let text = null;
    try { text = renderer?.describe?.(event, snap); } catch (e) { console.error(e); }
    return text || genericEvent(event, (s) => store.seatName(s), (t) => store.named(t));
  }

  /**
   * The turn bar says `lead` and, after a colon, `detail`. Where the bar
   * keeps to one line (a phone) and the lead does not fit, the first of its
   * `shorter` forms that fits stands in (the last one, if none does); the
   * detail goes to the line under the bar, with the lead in full when it
   * had to give way.
   */
  function setTurn(lead, detail, ...shorter) {
    turnLead.textContent = lead;
    turnDetail.textContent = detail ? `: ${detail}` : '';
    let line = detail ? capitalise(detail) : '';
    const tooLong = () => turnLead.scrollWidth > turnLead.clientWidth + 1;
    if (shorter.length && tooLong()) {
      for (const short of shorter) {
        turnLead.textContent = short;
        if (!tooLong()) break;
      }
      line = detail ? `${lead}: ${detail}` : lead;
    }
    turnLine.textContent = line;
    turnLine.hidden = !line;
  }

  function renderTurn(snap) {
    const room = store.room;
    const over = room.status === 'over' || !!store.over;
    // After the game the result panel says it all; the bar steps aside.
    turnbar.hidden = over;
    if (over) {
      setTurn('Game over', '');
      turnbar.dataset.mine = 'false';
      for (const li of players.children) li.dataset.turn = 'false';
      return;
    }
    const st = snap ? statusOf(snap) : null;
    if (clockWanted !== (st?.countdown !== false)) {
      clockWanted = !clockWanted;
      renderCountdown();
    }
    const seats = st?.seats || [];
    const mineNow = snap && snap.seat >= 0 && seats.includes(snap.seat);
    if (!snap) setTurn('Dealing…', '');
    else if (mineNow) setTurn('Your turn', st.text);
    else if (seats.length) {
      const names = seats.map((s) => store.seatName(s));
      const seated = snap.seat >= 0;
      const lead = seated ? `Waiting for ${listNames(names)}` : `${listNames(names)} to play`;
      if (seats.length > 1) setTurn(lead, st.text, `${seated ? 'Waiting for ' : ''}${seats.length} players${seated ? '' : ' to play'}`);
      else setTurn(lead, st.text, `${names[0]}’s turn`, seated ? 'Not your turn yet' : 'Playing');
    } else setTurn(st?.text || 'Playing', '', 'Playing');
    turnbar.dataset.mine = String(!!mineNow);
    callIfAway(snap, !!mineNow);
    // Beside the table, an arrow marks whose turn it is.
    for (const li of players.children) li.dataset.turn = String(seats.includes(Number(li.dataset.seat)));
  }

  /**
   * In a background tab, call the player when it becomes their move, or
   * when a timer starts while it is their move (a first bid starts the
   * sand); stop calling once it is no longer their move.
   */
  function callIfAway(snap, mine) {
    if (!snap) return;
    const deadline = snap.deadline?.at ?? null;
    if (wasMine !== null && mine) {
      if (!wasMine) attention.call('Your turn');
      else if (deadline !== null && deadline !== lastDeadline) attention.call('Timer running');
    } else if (!mine && attention.calling) {
      attention.stop();
    }
    wasMine = mine;
    lastDeadline = deadline;
  }

  function renderCountdown() {
    clearInterval(countdownTimer);
    const s = store.state;
    const running = s?.deadline && store.room?.status === 'playing' && clockWanted;
    countdown.hidden = !running;
    if (!running) return;
    const endsAt = clock.deadlineEnd(s.deadline, s.receivedAt || Date.now());
    const tick = () => {
      const left = endsAt - Date.now();
      countdown.textContent = formatCountdown(left);
      countdown.setAttribute('aria-label', `${Math.max(0, Math.ceil(left / 1000))} seconds left`);
      countdown.dataset.urgent = String(left < 10000);
      if (left <= 0) clearInterval(countdownTimer);
    };
    tick();
    countdownTimer = setInterval(tick, 250);
  }

  function renderPlayers() {
    const room = store.room;
    const mine = store.mySeat();
    rebuild(players, () => {
      fill(players, room.seats.map((seat) => {
        const acts = [];
        if (room.status === 'playing' && !seat.player && mine < 0) {
          acts.push(h('button.btn.small', {
            type: 'button', dataset: { key: `take-${seat.seat}` }, 'aria-label': `Take over seat ${seat.seat + 1}`,
            onclick: (e) => app.run('sit', { seat: seat.seat }, { button: e.currentTarget }),
          }, seat.bot ? 'Take over' : 'Take seat'));
        }
        return h('li.table-player', { dataset: { seat: String(seat.seat), mine: String(seat.seat === mine) } },
          h('span.turn-arrow', { 'aria-hidden': 'true' }, '▶'), seatWho(seat, store), acts);
      }));
    });
    watchers.textContent = room.spectators ? `${plural(room.spectators, 'person', 'people')} watching` : '';
    rebuild(seatActions, () => fill(seatActions, room.status === 'playing' && mine >= 0
      ? h('button.btn.small.quiet', {
        type: 'button', dataset: { key: 'stand' }, 'aria-describedby': 'stand-help',
        onclick: (e) => app.run('stand', {}, { button: e.currentTarget }),
      }, 'Stand up')
      : null, room.status === 'playing' && mine >= 0 ? h('span.help', { id: 'stand-help' }, 'A bot plays your seat until someone sits in it.') : null));
  }

  function renderLog() {
    const entries = store.log;
    if (entries.length < logShown) { logList.replaceChildren(); logShown = 0; }
    const atBottom = logList.scrollHeight - logList.scrollTop - logList.clientHeight < 40;
    const snap = store.state ? snapshot([]) : null;
    for (const entry of entries.slice(logShown)) {
      const seat = entry.event.seat;
      logList.append(h('li', {},
        Number.isInteger(seat) && seat >= 0 ? seatBadge(seat, 16) : h('span.log-dot', { 'aria-hidden': 'true' }),
        h('span', {}, describe(entry.event, snap))));
    }
    logShown = entries.length;
    logEmpty.hidden = entries.length > 0;
    if (atBottom) logList.scrollTop = logList.scrollHeight;
  }

  /** The renderer's words on why the game ended and what scores mean. */
  function endingOf() {
    if (!renderer?.ending || !store.state) return null;
    try { return renderer.ending(snapshot([])) || null; } catch (e) { console.error(e); return null; }
  }

  function renderResult() {
    const over = store.over;
    const room = store.room;
    result.hidden = !over;
    if (!over) {
      if (mountedKey && room?.status === 'playing') sawPlay = true;
      return;
    }
    const justEnded = sawPlay && !resultShown;
    resultShown = true;
    const mine = store.mySeat();
    if (mine >= 0) storage.setPlayed(room.game); // hints stop after a first whole game
    const ending = endingOf();
    const winners = over.winners || [];
    let title;
    if (!winners.length) title = 'It’s a draw';
    else if (winners.includes(mine)) title = winners.length > 1 ? 'You share the win!' : 'You win!';
    else title = `${listNames(winners.map((s) => store.seatName(s)))} ${winners.length > 1 ? 'win' : 'wins'}`;
    const scores = Array.isArray(over.scores) && over.scores.length === room.seats.length && over.scores.every((x) => typeof x === 'number')
      ? h('table.scores', {},
        h('caption.visually-hidden', {}, 'Scores'),
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'), h('th', { scope: 'col' }, ending?.score || 'Score'))),
        h('tbody', {}, room.seats.map((s, i) => h(`tr${winners.includes(i) ? '.winner' : ''}`, {},
          h('th', { scope: 'row' }, seatBadge(i, 18), ` ${store.seatName(i)}`, winners.includes(i) ? h('span.tag.win', {}, '★ winner') : null),
          h('td', {}, String(over.scores[i]))))))
      : null;
    const again = store.isHost()
      ? h('button.btn.primary', {
        type: 'button', id: 'play-again', dataset: { key: 'again' },
        onclick: (e) => app.run('rematch', {}, { button: e.currentTarget }),
      }, 'Play again')
      : h('p.help', {}, 'The host can start another round with the same seats; you will move along.');
    rebuild(result, () => fill(result,
      h('h2#result-title', { tabindex: '-1' }, title),
      // The game's own words on why it ended, or else the engine's summary.
      ending?.why ? h('p.summary.result-why', {}, h('strong', {}, 'Why it ended: '), ending.why)
        : over.summary ? h('p.summary', {}, capitalise(store.named(over.summary))) : null,
      scores,
      scores && ending?.scoreMeaning ? h('p.help.result-scores', {}, ending.scoreMeaning) : null,
      ratingLine(store.overRating, (s) => store.seatName(s), store.me?.id),
      h('div.row', {}, again,
        store.overReplay ? h('a.btn', { href: replayPath(store.overReplay), id: 'watch-replay', dataset: { key: 'replay' } }, 'Watch the replay') : null,
        h('button.btn', { type: 'button', dataset: { key: 'leave-after' }, onclick: (e) => app.leave(e.currentTarget) }, 'Leave room'))));
    // The end may come while the player looks further down the board (on
    // a phone, the result would sit off-screen above): bring it into view.
    if (justEnded) {
      result.scrollIntoView({ block: 'start', behavior: reducedMotion.matches ? 'auto' : 'smooth' });
      result.querySelector('h2').focus({ preventScroll: true });
    }
  }

  // A phone turned, a window resized: the turn bar's lead may fit now, or
  // no longer.
  window.addEventListener('resize', () => {
    if (renderer && store.state && element.isConnected) renderTurn(snapshot([]));
  });

  /** Where the sticky bars end once they stick: what lies under them is hidden. */
  function barsBottom() {
    const top = document.querySelector('.topbar')?.getBoundingClientRect().bottom ?? 0;
    return turnbar.hidden ? top : top + 4 + turnbar.offsetHeight;
  }

  /**
   * The game has just started: bring the table to the top of the window.
   * The page stays where it was scrolled: on a phone the Start button sat
   * below the seats, so the board would be off-screen above; on a desktop
   * the room's head above it pushed the board's bottom row out of the
   * window.
   */
  function showBoard() {
    const bar = document.querySelector('.topbar')?.getBoundingClientRect().bottom ?? 0;
    const top = element.getBoundingClientRect().top;
    if (Math.abs(top - bar - 8) < 2) return;
    window.scrollTo({ top: window.scrollY + top - bar - 8, behavior: reducedMotion.matches ? 'instant' : 'smooth' });
  }

  /**
   * Brings `target` (an element of the renderer's) into view under the
   * sticky bars with the least scrolling: whole if it fits, else its top
   * just under the bars.
   */
  function reveal(target) {
    if (!(target instanceof Element) || !element.contains(target)) return;
    const bar = barsBottom() + 8;
    const bottom = window.innerHeight - 8;
    const r = target.getBoundingClientRect();
    let dy = 0;
    if (r.top < bar) dy = r.top - bar;
    else if (r.bottom > bottom) dy = Math.min(r.top - bar, r.bottom - bottom);
    if (Math.abs(dy) > 1) window.scrollTo({ top: window.scrollY + dy, behavior: reducedMotion.matches ? 'instant' : 'smooth' });
  }

  /** Gives the renderer the newest state (and its events, once). */
  function update() {
    const s = store.state;
    if (!renderer || !s) {
      renderTurn(null);
      return;
    }
    const fresh = s !== lastState;
    lastState = s;
    const snap = snapshot(fresh ? s.events : []);
    updating = true;
    try { renderer.update?.(snap); } catch (e) { console.error(e); }
    updating = false;
    refocus();
    renderTurn(snap);
    hints.refresh();
    if (revealing) {
      const target = revealing;
      revealing = null;
      reveal(target);
    }
  }

  // Tabbing to the table makes the browser scroll its top into view: on a
  // phone, where the board is taller than the screen, the page would jump
  // away from the part the player was looking at. Keep the page still when
  // the table was in view anyway.
  let tabbedFrom = null;
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Tab') return;
    tabbedFrom = window.scrollY;
    setTimeout(() => { tabbedFrom = null; }, 0); // the focus moves within this task
  }, true);
  slot.addEventListener('focus', (e) => {
    const y = tabbedFrom;
    tabbedFrom = null;
    if (e.target !== slot || y === null || window.scrollY === y) return;
    const r = slot.getBoundingClientRect();
    const shift = window.scrollY - y;
    const top = r.top + shift;          // where the table stood before the jump
    const bottom = r.bottom + shift;
    const bar = turnbar.getBoundingClientRect().bottom;
    if (bottom > bar + 40 && top < window.innerHeight - 40) window.scrollTo({ top: y, behavior: 'instant' });
  });

  /** A key for the game: the renderer's, if it takes it. */
  function gameKey(e) {
    if (!renderer?.key) return;
    let handled = false;
    try { handled = renderer.key(e); } catch (err) { console.error(err); }
    if (handled) e.preventDefault();
  }
  slot.addEventListener('keydown', gameKey);

  // Keys keep reaching the game after any action. A board redraws what was
  // just clicked or keyed (an arrow, a die, a button disabled while the
  // move is sent), and a focused element that goes away or is disabled
  // leaves the focus on the page's body, outside the table, where keys
  // reach no game. So while the player is at the table (their last click
  // or focus was in it, not elsewhere on purpose) lost focus comes back to
  // the table, and a key pressed meanwhile still goes to the game.
  let atTable = false;
  const focusLost = () => {
    const a = document.activeElement;
    return !a || a === document.body || a === document.documentElement;
  };
  const refocus = () => {
    if (atTable && renderer && element.isConnected && focusLost()) slot.focus({ preventScroll: true });
  };
  document.addEventListener('pointerdown', (e) => {
    // Dismissing a notice, or a dialog over the table, is not leaving it.
    if (e.target instanceof Element && e.target.closest('#toasts, dialog')) return;
    atTable = element.contains(e.target);
  }, true);
  // A dialog over the table (the rules, "are you sure?") is not leaving it.
  document.addEventListener('focusin', (e) => {
    if (!(e.target instanceof Element) || !e.target.closest('dialog')) atTable = element.contains(e.target);
  });
  /**
   * The game starts on screen: the keys go to the table at once, unless
   * the player is typing somewhere (the chat) or reading a dialog.
   */
  function takeKeys() {
    const a = document.activeElement;
    const typing = a && (a.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(a.tagName));
    if (typing || document.querySelector('dialog[open]') || !element.isConnected) return;
    atTable = true;
    slot.focus({ preventScroll: true });
  }
  // Back at once, when the handler that removed or disabled the focused
  // element returns: a timer later, a key pressed (or a test reading the
  // focus) in between found the page's body.
  slot.addEventListener('focusout', (e) => { if (!e.relatedTarget) queueMicrotask(refocus); });
  document.addEventListener('keydown', (e) => {
    // Only a key that went to nothing: one the table saw is handled there.
    const nowhere = e.target === document.body || e.target === document.documentElement;
    if (!nowhere || e.defaultPrevented || !atTable || !renderer || !element.isConnected) return;
    slot.focus({ preventScroll: true });
    gameKey(e);
  });

  return {
    element,
    logElement,
    /** Called on every store change while the room is on the table. */
    render(what) {
      const room = store.room;
      if (!room || room.status === 'lobby') {
        lobbyCode = room?.code ?? null;
        if (mountedKey) unmount();
        clearInterval(countdownTimer);
        return;
      }
      const key = `${room.code}/${room.game}`;
      if (mountedKey !== key) {
        logList.replaceChildren();
        logShown = 0;
        mount(room);
      }
      if (what.has('room') || what.has('me') || what.has('conn')) renderPlayers();
      if (what.has('state') || what.has('room') || what.has('over') || what.has('me')) update();
      if (what.has('state') || what.has('room')) renderCountdown();
      if (what.has('log')) renderLog();
      if (what.has('over') || what.has('room') || what.has('me')) renderResult();
    },
    unmount() {
      unmount();
      clearInterval(countdownTimer);
    },
  };
}

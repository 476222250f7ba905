// table.js: the table frame every game shares. It owns everything around
// the board: whose turn it is, the countdown to any server deadline, the
// players beside the table, the event log, and the result with "play
// again". The board itself is drawn by the game's renderer module
// (games/<id>/renderer.js, contract in games/README.md) into the slot this
// frame gives it; without one, the fallback renderer shows the raw view.

import { h, fill, plural, rebuild } from '../dom.js';
import { clock, formatCountdown } from '../clock.js';
import { ServerError } from '../connection.js';
import { loadRenderer } from '../renderers.js';
import { toast } from '../toast.js';
import { seatBadge, seatMark } from '../../games/kit.js';
import { seatWho } from './seat-line.js';

/** The frame's words for an event when the renderer has none. */
function genericEvent(event, name) {
  const { kind, seat, ...rest } = event;
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

  const turnText = h('p.turn-text', { id: 'turn-text', role: 'status', 'aria-live': 'polite' });
  const countdown = h('span.countdown', { id: 'countdown', role: 'timer', hidden: true });
  const sending = h('span.sending', { hidden: true, 'aria-hidden': 'true' }, 'Sending…');
  const turnbar = h('div.turnbar', {}, turnText, sending, countdown);
  const slot = h('div.table-slot', {
    id: 'table-slot', tabindex: '0', role: 'group',
    'aria-label': 'Game table. Use Tab to reach its controls; the game may also take keys here.',
  });
  const announcer = h('p.visually-hidden', { 'aria-live': 'polite' });
  const result = h('section.result', { hidden: true, 'aria-labelledby': 'result-title' });
  const players = h('ul.table-players', { 'aria-label': 'Players' });
  const watchers = h('p.meta.watchers');
  const seatActions = h('div.row.table-actions');
  const element = h('section.table-frame', { 'aria-label': 'Game table' },
    turnbar, result, slot, announcer,
    h('div.table-seats', {}, players, h('div.table-foot', {}, watchers, seatActions)));

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

  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

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
        setTimeout(() => { announcer.textContent = text; }, 30);
      },
      notify: (text) => toast(text, 'info'),
      get reducedMotion() { return reducedMotion.matches; },
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
    return text || genericEvent(event, (s) => store.seatName(s));
  }

  function renderTurn(snap) {
    const room = store.room;
    const over = room.status === 'over' || !!store.over;
    // After the game the result panel says it all; the bar steps aside.
    turnbar.hidden = over;
    if (over) {
      turnText.textContent = 'Game over';
      turnbar.dataset.mine = 'false';
      for (const li of players.children) li.dataset.turn = 'false';
      return;
    }
    const st = snap ? statusOf(snap) : null;
    const seats = st?.seats || [];
    const mineNow = snap && snap.seat >= 0 && seats.includes(snap.seat);
    let text;
    if (!snap) text = 'Dealing…';
    else if (mineNow) text = st.text ? `Your turn: ${st.text}` : 'Your turn';
    else if (seats.length) {
      const names = seats.map((s) => store.seatName(s));
      text = snap.seat >= 0 ? `Waiting for ${listNames(names)}` : `${listNames(names)} to play`;
      if (st.text) text += `: ${st.text}`;
    } else text = st?.text || 'Playing';
    turnText.textContent = text;
    turnbar.dataset.mine = String(!!mineNow);
    // Beside the table, an arrow marks whose turn it is.
    for (const li of players.children) li.dataset.turn = String(seats.includes(Number(li.dataset.seat)));
  }

  function renderCountdown() {
    clearInterval(countdownTimer);
    const s = store.state;
    const running = s?.deadline && store.room?.status === 'playing';
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

  function renderResult() {
    const over = store.over;
    const room = store.room;
    result.hidden = !over;
    if (!over) return;
    const mine = store.mySeat();
    const winners = over.winners || [];
    let title;
    if (!winners.length) title = 'It’s a draw';
    else if (winners.includes(mine)) title = winners.length > 1 ? 'You share the win!' : 'You win!';
    else title = `${listNames(winners.map((s) => store.seatName(s)))} ${winners.length > 1 ? 'win' : 'wins'}`;
    const scores = Array.isArray(over.scores) && over.scores.length === room.seats.length && over.scores.every((x) => typeof x === 'number')
      ? h('table.scores', {},
        h('caption.visually-hidden', {}, 'Scores'),
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'), h('th', { scope: 'col' }, 'Score'))),
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
      h('h2#result-title', {}, title),
      over.summary ? h('p.summary', {}, capitalise(store.named(over.summary))) : null,
      scores,
      h('div.row', {}, again,
        h('button.btn', { type: 'button', dataset: { key: 'leave-after' }, onclick: (e) => app.leave(e.currentTarget) }, 'Leave room'))));
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
    try { renderer.update?.(snap); } catch (e) { console.error(e); }
    renderTurn(snap);
  }

  slot.addEventListener('keydown', (e) => {
    if (!renderer?.key) return;
    let handled = false;
    try { handled = renderer.key(e); } catch (err) { console.error(err); }
    if (handled) e.preventDefault();
  });

  return {
    element,
    logElement,
    /** Called on every store change while the room is on the table. */
    render(what) {
      const room = store.room;
      if (!room || room.status === 'lobby') {
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

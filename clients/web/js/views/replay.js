// replay.js: a finished game, input by input (#/replay/<id>). The server
// rebuilds the game at any input (PROTOCOL.md, Replays); this screen asks
// for frames and draws them with the game's own renderer, read-only, with
// the game log beside the board as in a live game. Controls: step back and
// forward, to the start and the end, play at a chosen speed, jump to a turn
// or round, the slider, and whose eyes to see it through (every secret, a
// spectator's, or a player's). Keys: ← → step, Space plays, [ ] jump by
// turns, Home and End; buttons big enough for a finger.

import { h, fill, plural } from '../dom.js';
import { ServerError } from '../connection.js';
import { loadRenderer } from '../renderers.js';
import { seatBadge, seatMark, svg } from '../../games/kit.js';
import { genericEvent } from './table.js';

// The controls' icons, drawn (the media symbols are missing from many fonts).
const ICONS = {
  start: 'M4 4h3v16H4z M20 4 9 12l11 8z',
  back: 'M18 4 6 12l12 8z',
  play: 'M7 4l13 8-13 8z',
  pause: 'M6 4h4v16H6z M14 4h4v16h-4z',
  forward: 'M6 4l12 8-12 8z',
  end: 'M4 4l11 8-11 8z M17 4h3v16h-3z',
  'prev-mark': 'M12 4 2 12l10 8z M22 4 12 12l10 8z',
  'next-mark': 'M2 4l10 8-10 8z M12 4l10 8-10 8z',
};

function icon(name) {
  return svg('svg', { viewBox: '0 0 24 24', width: 20, height: 20, 'aria-hidden': 'true', class: 'replay-icon' },
    svg('path', { d: ICONS[name], fill: 'currentColor' }));
}

const SPEEDS = [['0.5', 'Slow'], ['1', 'Normal'], ['2', 'Fast'], ['4', 'Faster'], ['8', 'Fastest']];
const MAX_LOG = 400;

function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function when(ms) {
  try {
    return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  } catch {
    return '';
  }
}

export function createReplayScreen(app) {
  const { store, conn } = app;

  let id = null;          // the finished game shown
  let header = null;      // the replay message (without its frame)
  let frame = null;       // the frame on the board
  let log = [];           // {seq, event} and {seq, skipped}, oldest first
  let renderer = null;
  let mounted = null;     // `${id}/${engine}` the renderer belongs to
  let mounting = 0;
  let playing = false;
  let playTimer = null;
  let wanted = null;      // the audience asked for ("all", -1 or a seat)
  let welcomes = 0;       // hellos the connection has had: a new one loses the server's session
  let openedFor = -1;     // the hello the server's session belongs to
  let failed = null;      // why the replay cannot be shown
  let opening = null;     // the game an open is in flight for
  let aimed = 0;          // the input last asked for (frames may be on their way)
  let inFlight = 0;       // steps asked, not yet answered

  const title = h('h1.replay-title', { tabindex: '-1' }, 'Replay');
  const facts = h('p.meta.replay-facts');
  const status = h('p.replay-status', { id: 'replay-status', role: 'status', 'aria-live': 'polite' });
  const position = h('span.replay-position', { id: 'replay-position' });

  const button = (key, label, onclick) => h('button.btn.replay-btn', {
    type: 'button', dataset: { key }, 'aria-label': label, title: label, onclick,
  }, icon(key));
  const toStart = button('start', 'To the start (Home)', () => stepTo(0));
  const back = button('back', 'One step back (←)', () => stepBy(-1));
  const play = h('button.btn.primary.replay-btn.replay-play', {
    type: 'button', dataset: { key: 'play' }, onclick: () => setPlaying(!playing),
  });
  const forward = button('forward', 'One step forward (→)', () => stepBy(1));
  const toEnd = button('end', 'To the end (End)', () => stepTo(header ? header.inputs : 0));
  const prevMark = button('prev-mark', 'Previous turn ([)', () => jumpMark(-1));
  const nextMark = button('next-mark', 'Next turn (])', () => jumpMark(1));

  const slider = h('input.replay-slider', {
    id: 'replay-slider', type: 'range', min: '0', max: '0', value: '0', step: '1',
    'aria-label': 'Input to show', 'aria-describedby': 'replay-position',
  });
  slider.addEventListener('input', () => { position.textContent = positionText(Number(slider.value)); });
  slider.addEventListener('change', () => stepTo(Number(slider.value)));

  const markSelect = h('select.input.replay-marks', { id: 'replay-marks', 'aria-label': 'Jump to a turn or round' });
  markSelect.addEventListener('change', () => {
    if (markSelect.value !== '') stepTo(Number(markSelect.value));
  });
  const speedSelect = h('select.input.replay-speed', { id: 'replay-speed', 'aria-label': 'Playing speed' },
    SPEEDS.map(([v, label]) => h('option', { value: v }, `${label} (${v}×)`)));
  speedSelect.value = '1';
  speedSelect.addEventListener('change', () => { if (playing) schedule(); });
  const audienceSelect = h('select.input.replay-audience', { id: 'replay-audience', 'aria-label': 'See the game as' });
  audienceSelect.addEventListener('change', () => {
    wanted = audienceSelect.value === 'all' ? 'all' : Number(audienceSelect.value);
    request({ seat: wanted });
  });

  const controls = h('div.replay-controls', { role: 'group', 'aria-label': 'Replay controls' },
    h('div.replay-buttons', {}, toStart, prevMark, back, play, forward, nextMark, toEnd),
    h('div.replay-track', {}, slider, position),
    h('div.replay-options', {},
      h('label.replay-option', {}, h('span', {}, 'Jump to'), markSelect),
      h('label.replay-option', {}, h('span', {}, 'Speed'), speedSelect),
      h('label.replay-option', {}, h('span', {}, 'Seen by'), audienceSelect)),
    h('p.help.replay-keys', {}, 'Keys: ← → step · Space play or pause · [ ] previous or next turn · Home, End'));

  const result = h('section.result.replay-result', { hidden: true, 'aria-label': 'Result' });
  // Read only: nothing on the board takes a click or the focus; the status
  // line and the log say what it shows.
  const area = h('div.renderer', { inert: true });
  const slot = h('div.table-slot.replay-slot', {
    id: 'replay-slot', tabindex: '0', role: 'group',
    'aria-label': 'The board, as it was at this point of the game (read only)',
  }, area);
  const players = h('ul.table-players.replay-players', { 'aria-label': 'Players' });
  const board = h('section.table-frame.replay-frame', { 'aria-label': 'Replay' }, status, result, slot, players);

  const logList = h('ol.event-log', { tabindex: '0', 'aria-label': 'Game log' });
  const logEmpty = h('p.empty', {}, 'Moves show up here as the replay goes.');
  const logPanel = h('section.panel.log-panel.replay-log', { 'aria-labelledby': 'replay-log-title' },
    h('h2#replay-log-title', {}, 'Game log'), logEmpty, logList);

  const message = h('div.card.waiting-card.replay-message', { hidden: true });
  const body = h('div.room-body.replay-body', {},
    h('div.room-main', {}, controls, board),
    h('aside.room-side', { 'aria-label': 'Game log' }, logPanel));
  const element = h('section.screen.replay-screen', {},
    h('header.replay-head', {}, title, facts), message, body);

  // ---- names ----

  const seatsOf = () => header?.players ?? [];
  function seatName(seat) {
    const p = seatsOf().find((x) => x.seat === seat);
    if (!p) return `Seat ${seat + 1}`;
    if (p.name) return p.name;
    if (p.bot) {
      const twins = seatsOf().filter((x) => !x.name && x.bot === p.bot).length;
      return twins > 1 ? `Bot ${seat + 1} (${p.bot})` : `Bot (${p.bot})`;
    }
    return `Seat ${seat + 1}`;
  }
  const named = (text) => String(text).replace(/\bSeat ([1-9][0-9]?)\b/g, (all, n) => (seatsOf().some((p) => p.seat === n - 1) ? seatName(n - 1) : all));

  // ---- what the renderer sees ----

  function roomOf() {
    const over = frame && header && frame.seq >= header.inputs;
    return {
      code: header.room,
      game: header.engine,
      title: header.title,
      options: header.options,
      private: header.private,
      host: null,
      status: over ? 'over' : 'playing',
      min_players: header.seats,
      max_players: header.seats,
      seats: Array.from({ length: header.seats }, (_, seat) => {
        const p = seatsOf().find((x) => x.seat === seat) || {};
        return { seat, player: p.id ? { id: p.id, name: p.name } : null, bot: p.bot ?? null, connected: true };
      }),
      spectators: 0,
    };
  }

  function snapshot(events) {
    const seat = typeof frame.seat === 'number' ? frame.seat : -1;
    return {
      view: frame.view,
      seat,
      seq: frame.seq,
      events,
      deadline: null,
      room: roomOf(),
      over: frame.seq >= header.inputs ? header.result : null,
      me: { ...(store.me || {}), seat },
    };
  }

  function hostFor() {
    return {
      element: area,
      game: { id: header.engine, title: header.title, options: header.options },
      // A replay plays nothing: a renderer that tries is told so.
      act: () => Promise.reject({ code: 'replay', message: 'This is a replay: nothing can be played here.' }),
      name: (seat) => seatName(seat),
      mark: (seat, opts) => seatMark(seat, opts),
      badge: (seat, size) => seatBadge(seat, size),
      announce: () => {},
      notify: () => {},
      explain: () => {},
      hints: false,
      hintChanged: () => {},
      get reducedMotion() { return window.matchMedia('(prefers-reduced-motion: reduce)').matches; },
      serverNow: () => Date.now(),
    };
  }

  function unmount() {
    mounting += 1;
    if (renderer) {
      try { renderer.destroy?.(); } catch (e) { console.error(e); }
    }
    renderer = null;
    mounted = null;
    area.replaceChildren();
    delete slot.dataset.renderer;
  }

  async function mount() {
    unmount();
    const token = mounting;
    const key = `${header.game}/${header.engine}`;
    area.replaceChildren(h('p.loading', {}, 'Setting up the board…'));
    const found = await loadRenderer(header.engine);
    if (token !== mounting) return;
    area.replaceChildren();
    try {
      renderer = found.createRenderer(hostFor()) || {};
    } catch (e) {
      console.error(e);
      const { createRenderer } = await import('../fallback-renderer.js');
      area.replaceChildren();
      renderer = createRenderer(hostFor());
    }
    mounted = key;
    slot.dataset.renderer = found.fallback ? 'fallback' : header.engine;
    draw([]);
    renderLog(true);
  }

  // ---- drawing ----

  function positionText(seq) {
    if (!header) return '';
    const mark = markAt(seq);
    const at = seq === 0 ? `The start (${plural(header.inputs, 'input')})` : `Input ${seq} of ${header.inputs}`;
    return `${at}${mark ? ` · ${mark.label}` : ''}`;
  }

  /** The last mark at or before seq. */
  function markAt(seq) {
    let found = null;
    for (const m of header?.marks ?? []) if (m.seq <= seq) found = m;
    return found;
  }

  function statusText() {
    if (!frame) return '';
    const snap = snapshot([]);
    let st = null;
    try { st = renderer?.status ? renderer.status(snap) : null; } catch (e) { console.error(e); }
    if (frame.seq >= header.inputs) return `The end: ${named(header.result?.summary ?? 'the game is over')}`;
    const seats = st?.seats ?? [];
    const who = seats.length ? seats.map(seatName).join(', ') : '';
    if (who && st?.text) return `${who} to play: ${st.text}`;
    if (who) return `${who} to play`;
    return st?.text ? capitalise(st.text) : (frame.seq === 0 ? 'The game as it was dealt' : 'Playing');
  }

  function draw(events) {
    if (!frame || !header) return;
    if (renderer) {
      try { renderer.update?.(snapshot(events)); } catch (e) { console.error(e); }
    }
    const n = header.inputs;
    slider.max = String(n);
    slider.value = String(frame.seq);
    position.textContent = positionText(frame.seq);
    status.textContent = statusText();
    toStart.disabled = back.disabled = frame.seq === 0;
    forward.disabled = toEnd.disabled = frame.seq >= n;
    prevMark.disabled = !(header.marks ?? []).some((m) => m.seq < frame.seq);
    nextMark.disabled = !(header.marks ?? []).some((m) => m.seq > frame.seq);
    const mark = markAt(frame.seq);
    markSelect.value = mark ? String(mark.seq) : '';
    audienceSelect.value = String(frame.seat);
    renderResult();
    renderPlayers();
    if (frame.seq >= n && playing) setPlaying(false);
    renderPlay();
  }

  function renderPlay() {
    const atEnd = header && frame && frame.seq >= header.inputs;
    play.textContent = '';
    play.append(icon(playing ? 'pause' : 'play'), h('span.replay-play-text', {}, playing ? 'Pause' : 'Play'));
    play.setAttribute('aria-label', playing ? 'Pause (Space)' : 'Play (Space)');
    play.setAttribute('aria-pressed', String(playing));
    play.disabled = !playing && !!atEnd;
  }

  function renderPlayers() {
    const turn = (() => {
      try { return renderer?.status?.(snapshot([]))?.seats ?? []; } catch { return []; }
    })();
    fill(players, Array.from({ length: header.seats }, (_, seat) => h('li.table-player', {
      dataset: { seat: String(seat), turn: String(turn.includes(seat) && frame.seq < header.inputs) },
    }, h('span.turn-arrow', { 'aria-hidden': 'true' }, '▶'), seatBadge(seat, 18), h('span', {}, ` ${seatName(seat)}`),
    frame.seq >= header.inputs && (header.result?.winners ?? []).includes(seat) ? h('span.tag.win', {}, '★ winner') : null)));
  }

  function renderResult() {
    const over = frame.seq >= header.inputs;
    result.hidden = !over;
    if (!over) return;
    const r = header.result || {};
    const winners = r.winners || [];
    const heading = !winners.length ? 'It ended in a draw' : `${winners.map(seatName).join(' and ')} ${winners.length > 1 ? 'won' : 'won'}`;
    let ending = null;
    try { ending = renderer?.ending?.(snapshot([])) ?? null; } catch (e) { console.error(e); }
    fill(result, h('h2', {}, heading),
      ending?.why ? h('p.summary', {}, ending.why) : (r.summary ? h('p.summary', {}, capitalise(named(r.summary))) : null),
      Array.isArray(r.scores) && r.scores.length === header.seats ? h('p.meta', {},
        `${ending?.score || 'Score'}: ${r.scores.map((s, i) => `${seatName(i)} ${s}`).join(', ')}`) : null);
  }

  function describe(event) {
    let text = null;
    try { text = renderer?.describe?.(event, snapshot([])); } catch (e) { console.error(e); }
    return text || genericEvent(event, seatName, named);
  }

  let logShown = 0;
  function renderLog(again = false) {
    if (again || log.length < logShown) { logList.replaceChildren(); logShown = 0; }
    for (const entry of log.slice(logShown)) {
      if (entry.skipped) {
        logList.append(h('li.log-skipped', {}, h('span.log-dot', { 'aria-hidden': 'true' }),
          h('span', {}, `… ${plural(entry.skipped, 'earlier input')} not shown (jumped over)`)));
        continue;
      }
      const seat = entry.event.seat;
      logList.append(h('li', { dataset: { seq: String(entry.seq) } },
        Number.isInteger(seat) && seat >= 0 ? seatBadge(seat, 16) : h('span.log-dot', { 'aria-hidden': 'true' }),
        h('span', {}, describe(entry.event))));
    }
    logShown = log.length;
    logEmpty.hidden = log.length > 0;
    logList.scrollTop = logList.scrollHeight;
  }

  /** The frame's inputs into the log: forward adds, back cuts. */
  function takeLog(f) {
    const before = log.length;
    log = log.filter((e) => e.seq <= Math.min(f.seq, f.inputs.length ? f.from : f.seq));
    if (f.skipped) log.push({ seq: f.from + f.skipped, skipped: f.skipped });
    for (const input of f.inputs) for (const event of input.events) log.push({ seq: input.seq, event });
    if (log.length > MAX_LOG) log.splice(0, log.length - MAX_LOG);
    renderLog(log.length < before || log.length > MAX_LOG - 1);
  }

  // ---- talking to the server ----

  function showMessage(text, detail) {
    message.hidden = false;
    body.hidden = true;
    fill(message, h('h2', {}, text), detail ? h('p', {}, detail) : null,
      h('p', {}, h('a.btn.primary', { href: '#/' }, 'Back to the games')));
  }

  async function open(at = 0) {
    if (!id || conn.status !== 'online') {
      if (!header) showMessage('Opening the replay…', conn.status === 'online' ? null : 'Waiting for the connection…');
      return;
    }
    const asked = id;
    const key = `${asked}/${welcomes}`;
    if (opening === key) return; // asked already on this connection: its answer comes
    opening = key;
    openedFor = welcomes;
    try {
      const fields = { game: asked };
      if (at) fields.to = at;
      if (wanted !== null && wanted !== 'all') fields.seat = wanted;
      const reply = await conn.request('replay', fields);
      if (asked !== id) return;
      failed = null;
      const { frame: first, type: _type, id: _id, ...rest } = reply;
      const fresh = !header || header.game !== rest.game;
      header = rest;
      message.hidden = true;
      body.hidden = false;
      fill(title, `Replay: ${header.title}`);
      facts.textContent = [
        seatsOf().map((p) => seatName(p.seat)).join(' vs '),
        `finished ${when(header.finished_at)}`,
        `room ${header.room}`,
        plural(header.inputs, 'input'),
        header.private ? 'private' : null,
        header.seeded ? 'seeded' : null,
      ].filter(Boolean).join(' · ');
      fill(markSelect, h('option', { value: '' }, header.marks.length ? 'Turn or round…' : 'No turns marked'),
        header.marks.map((m) => h('option', { value: String(m.seq) }, m.label)));
      markSelect.disabled = !header.marks.length;
      fill(audienceSelect, h('option', { value: 'all' }, 'Everyone (every secret shown)'),
        h('option', { value: '-1' }, 'A spectator (as it was shown live)'),
        Array.from({ length: header.seats }, (_, s) => h('option', { value: String(s) }, `${seatName(s)} (their own view)`)));
      frame = first;
      aimed = first.seq;
      if (fresh) log = [];
      if (fresh || mounted !== `${header.game}/${header.engine}`) await mount();
      else draw([]);
    } catch (err) {
      if (asked !== id) return;
      if (err instanceof ServerError) {
        failed = err;
        header = null;
        unmount();
        showMessage('This replay cannot be shown', capitalise(err.message));
      }
    } finally {
      if (opening === key) opening = null;
    }
  }

  /** Asks for a frame; draws it, animating a single step forward. */
  async function request(fields) {
    if (!header || !id) return null;
    if (openedFor !== welcomes || conn.status !== 'online') return null;
    // Where it will stand, for a click made before the frame comes.
    if (fields.to !== undefined) aimed = fields.to;
    else if (fields.by !== undefined) aimed = Math.max(0, Math.min(header.inputs, aimed + fields.by));
    inFlight += 1;
    try {
      const f = await conn.request('replay_step', fields);
      if (!header || f.game !== header.game) return null;
      if (inFlight === 1) aimed = f.seq;
      const single = f.seq === f.from + 1 && f.inputs.length === 1;
      frame = f;
      takeLog(f);
      draw(single ? f.inputs.flatMap((i) => i.events) : []);
      return f;
    } catch (err) {
      if (err?.code === 'no_replay') await open(frame?.seq ?? 0); // it closed (idle): open it again
      else if (err instanceof ServerError) status.textContent = capitalise(err.message);
      setPlaying(false);
      return null;
    } finally {
      inFlight -= 1;
    }
  }

  const stepBy = (by) => request({ by });
  const stepTo = (to) => request({ to });

  function jumpMark(dir) {
    if (!header || !frame) return;
    const marks = header.marks;
    const target = dir < 0 ? [...marks].reverse().find((m) => m.seq < aimed) : marks.find((m) => m.seq > aimed);
    if (target) stepTo(target.seq);
  }

  // ---- playing ----

  function schedule() {
    clearTimeout(playTimer);
    if (!playing) return;
    const speed = Number(speedSelect.value) || 1;
    playTimer = setTimeout(async () => {
      if (!playing) return;
      const f = await stepBy(1);
      if (!f || f.seq >= header.inputs) setPlaying(false);
      else schedule();
    }, 1000 / speed);
  }

  function setPlaying(on) {
    playing = on && !!header;
    if (playing && frame && frame.seq >= header.inputs) playing = false;
    renderPlay();
    schedule();
  }

  // The keys work anywhere on the page while the replay is shown, but never
  // take a key from a field or a dialog.
  document.addEventListener('keydown', (e) => {
    if (!element.isConnected || !header || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    if (t && (['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName) && t !== slider)) return;
    if (t && t !== document.body && !element.contains(t)) return; // the header, a dialog
    if (t?.tagName === 'BUTTON' && e.key === ' ') return; // Space presses the focused button
    const keys = {
      ArrowLeft: () => stepBy(-1), ArrowRight: () => stepBy(1),
      Home: () => stepTo(0), End: () => stepTo(header.inputs),
      ' ': () => setPlaying(!playing), '[': () => jumpMark(-1), ']': () => jumpMark(1),
      PageUp: () => jumpMark(-1), PageDown: () => jumpMark(1),
    };
    const run = keys[e.key];
    if (!run) return;
    e.preventDefault();
    if (t === slider && e.key.startsWith('Arrow')) return; // the slider moves itself, then `change`
    run();
  });

  // A reconnection loses the server's session: open it again where it was.
  conn.addEventListener('welcome', () => {
    welcomes += 1;
    if (element.isConnected && id && !failed) queueMicrotask(() => open(frame?.seq ?? 0));
  });

  return {
    element,
    setId(next) {
      if (next === id) return;
      id = next;
      header = null;
      frame = null;
      log = [];
      failed = null;
      wanted = null;
      setPlaying(false);
      unmount();
      renderLog(true);
      fill(title, 'Replay');
      facts.textContent = '';
      open();
    },
    shown() {
      if (id && !header && !failed) open();
    },
    hidden() {
      setPlaying(false);
    },
  };
}

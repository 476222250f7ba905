// playback.js: a turn's register phases as a list of frames a player can
// step back and forth through. The frames are built from the robots before
// the turn (the previous view) and the turn's public events, action by
// action (moves, turns, beams, damage, flags...); the last frame is the view
// the server sent, so what the playback ends on is always the truth. In
// RoboBall the frames carry the ball too (where it is, its facing, pogo,
// who is hitched): `pieces` below is {robots, ball}, ball null in a race.
// A turn plays at the pace of protocol/PROTOCOL.md (RoboRally, "Playback"),
// which the server allows for before the next countdown runs.

import { button, el } from '../dom.js';
import { svg } from '../kit.js';
import { KINDS, PLAYBACK } from './cards.js';

const STEP_WORDS = {
  express: 'express belts move',
  belts: 'all belts move',
  pushers: 'pushers push',
  gears: 'gears turn',
  lasers: 'lasers fire',
  checkpoints: 'flags and archive markers',
  bonk: 'pogo bonk',
  hitches: 'hitch declarations',
};

const BALL_STEP_WORDS = { checkpoints: 'homes and archive markers' };

/** The robot fields a frame needs, from a view's robot. */
export function robotOf(r) {
  return {
    seat: r.seat, at: r.at, facing: r.facing, status: r.status, virtual: r.virtual, damage: r.damage,
    flags: r.flags, lives: r.lives, archive: r.archive, team: r.team ?? null, hitched: !!r.hitched,
  };
}

/** The ball fields a frame needs, from a view's ball (null in a race). */
export function ballOf(b) {
  if (!b) return null;
  return { at: b.at, facing: b.facing, pogo: !!b.pogo, hitched: [...(b.hitched || [])], extracting: !!b.extraction?.active };
}

/** What a frame draws, from a view: {robots, ball}. */
export function piecesOf(view) {
  return { robots: view.robots.map(robotOf), ball: ballOf(view.ball) };
}

const copyRobots = (robots) => robots.map((r) => ({ ...r, wreck: false }));
const copyBall = (b) => (b ? { ...b, hitched: [...b.hitched] } : null);

/** A frame action on the ball (piece "ball"), or on a hitch. */
function applyBall(ball, robots, a) {
  const r = robots.find((x) => x.seat === a.seat);
  switch (a.do) {
    case 'move': ball.at = a.to; ball.facing = a.dir; break;
    case 'turn': ball.facing = a.to; break;
    case 'pogo': ball.pogo = a.up; ball.at = a.at; break;
    case 'hitch':
      if (!ball.hitched.includes(a.seat)) ball.hitched.push(a.seat);
      if (r) r.hitched = true;
      break;
    case 'unhitch':
      ball.hitched = ball.hitched.filter((s) => s !== a.seat);
      if (r) r.hitched = false;
      break;
    default: break;
  }
}

function apply(robots, a, ball) {
  if (ball && (a.piece === 'ball' || a.do === 'hitch' || a.do === 'unhitch' || a.do === 'pogo')) {
    applyBall(ball, robots, a);
    return;
  }
  const r = robots.find((x) => x.seat === a.seat);
  if (!r) return;
  switch (a.do) {
    case 'move': r.at = a.to; break;
    case 'turn': r.facing = a.to; break;
    case 'destroyed': r.status = 'destroyed'; r.wreck = true; r.lives = a.lives; if (a.at) r.at = a.at; break;
    case 'damage': case 'bonk': r.damage = a.total; break;
    case 'repair': r.damage = a.total; break;
    case 'flag': r.flags = a.flag; break;
    case 'archive': r.archive = a.at; break;
    case 'real': r.virtual = false; break;
    case 'reenter': r.at = a.at; r.facing = a.facing; r.virtual = a.virtual; r.status = 'active'; r.damage = 2; break;
    default: break;
  }
}

/** Marks a frame shows on the board for its actions (robots: as they stand after it). */
function marksOf(frame, robots) {
  const marks = [];
  for (const a of frame) {
    if (a.do === 'blocked') marks.push({ at: a.at, kind: 'bump' });
    else if (a.do === 'flag') marks.push({ at: a.at, kind: 'flag' });
    else if (a.do === 'archive') marks.push({ at: a.at, kind: 'archive' });
    else if (a.do === 'reenter') marks.push({ at: a.at, kind: 'focus' });
    else if (a.do === 'bonk' || a.do === 'balk') marks.push({ at: a.at, kind: 'bump' });
    else if (a.do === 'goal') marks.push({ at: a.at, kind: 'goal' });
    else if (a.do === 'hitch_failed') {
      const at = robots.find((r) => r.seat === a.seat)?.at;
      if (at) marks.push({ at, kind: 'bump' });
    }
  }
  return marks;
}

/** "Ada Move 2 (670)" or "the ball Move 1 (330)", for a reveal. */
function revealed(c, name) {
  return `${c.piece === 'ball' ? 'the ball' : name(c.seat)} ${KINDS[c.type].short} (${c.card})`;
}

/**
 * The frames of the events, from `before` ({robots, ball} as piecesOf
 * gives them); `name(seat)` names players. Each frame: {caption, robots,
 * ball, beams, marks, register}; the last one is `final`. Empty when the
 * events hold no register phase or clean-up.
 */
export function buildTimeline(before, events, name, final) {
  let robots = copyRobots(before.robots);
  const ball = copyBall(before.ball);
  const frames = [];
  const push = (caption, extra = {}) => frames.push({
    caption, robots: robots.map((r) => ({ ...r })), ball: copyBall(ball), beams: [], marks: [], ...extra,
  });
  const play = (caption, e, extra = {}) => {
    if (!e.frames.length) push(caption, extra);
    for (const f of e.frames) {
      for (const a of f) apply(robots, a, ball);
      push(caption, { ...extra, beams: f.filter((a) => a.do === 'beam'), marks: [...(extra.marks || []), ...marksOf(f, robots)] });
    }
    // A robot destroyed in this event leaves the board after it.
    robots = robots.map((r) => ({ ...r, wreck: false }));
  };
  const stepWords = (step) => (ball && BALL_STEP_WORDS[step]) || STEP_WORDS[step] || step;
  for (const e of events) {
    if (e.kind === 'reveal') {
      const cards = e.cards.map((c) => revealed(c, name)).join(', ');
      push(`Register ${e.register}: ${cards || 'no cards'}`, { register: e.register });
    } else if (e.kind === 'card' && e.piece === 'ball') {
      play(`Register ${e.register}: the ball runs ${KINDS[e.type].name} (${e.card}), extracting itself`, e,
        { register: e.register, marks: ball?.at ? [{ at: ball.at, kind: 'focus' }] : [] });
    } else if (e.kind === 'card') {
      const at = robots.find((r) => r.seat === e.seat)?.at;
      play(`Register ${e.register}: ${name(e.seat)} plays ${KINDS[e.type].name} (${e.card})`, e,
        { register: e.register, focus: e.seat, marks: at ? [{ at, kind: 'focus' }] : [] });
    } else if (e.kind === 'board') {
      play(`Register ${e.register}: ${stepWords(e.step)}`, e, { register: e.register });
    } else if (e.kind === 'cleanup') {
      play('Clean-up: repairs and option cards', e);
    } else if (e.kind === 'reentry') {
      play('Destroyed robots re-enter', e);
    }
  }
  if (!frames.length) return [];
  frames.push({ caption: 'Now', robots: final.robots, ball: final.ball, beams: [], marks: [] });
  return frames;
}

// The controls' pictures (drawn: not every font has the media symbols).
const ICONS = {
  first: 'M4,3V13M13,3L6,8L13,13Z',
  back: 'M12,3L5,8L12,13Z',
  play: 'M5,3L12,8L5,13Z',
  pause: 'M4,3H7V13H4ZM9,3H12V13H9Z',
  forward: 'M3,3L9,8L3,13ZM11,3V13',
  last: 'M3,3L10,8L3,13ZM12,3V13',
};

function icon(name) {
  return svg('svg', { viewBox: '0 0 16 16', width: 16, height: 16, 'aria-hidden': 'true', focusable: 'false' },
    svg('path', { d: ICONS[name], fill: 'currentColor', stroke: 'currentColor', 'stroke-width': 1.6, 'stroke-linejoin': 'round' }));
}

function iconButton(name, label, onclick) {
  return button(icon(name), { class: 'small rally-icon-button', 'aria-label': label, title: label, onclick });
}

/**
 * How long each frame of a playback of `count` frames after the first
 * shows: PLAYBACK.frame_ms, or less so that it lasts PLAYBACK.max_ms at most.
 */
export function stepOf(count) {
  return count > 0 ? Math.min(PLAYBACK.frame_ms, Math.floor(PLAYBACK.max_ms / count)) : PLAYBACK.frame_ms;
}

/**
 * Times a list of frames (its last is "Now"): each frame but the last shows
 * stepOf(its count) ms before the next, kept on the frame as `ms`.
 */
function timed(list) {
  const ms = stepOf(list.length - 1);
  return list.map((f, k) => ({ ...f, ms: k < list.length - 1 ? ms : 0 }));
}

/**
 * The controls: to the start, a step back, play or pause, a step on, to
 * the end, and the caption of the frame shown. `show(frame, animate)` draws;
 * `playing(until)` hears when a playback runs by itself (until: the local
 * time it ends) and when it stops (null): at its end, or when the player
 * takes the controls.
 */
export function createPlayer({ show, reducedMotion, playing = () => {} }) {
  let frames = [];
  let i = 0;
  let timer = null;
  let base = 0; // this clock's time at which frame 0 showed (or would have), while playing
  const caption = el('p', { class: 'rally-caption', 'aria-live': 'polite' });
  const counter = el('span', { class: 'rally-counter' });
  // Stepping takes the controls: the playback stops running by itself.
  const step = (k) => () => { pause(false); go(k()); };
  const first = iconButton('first', 'First step of the turn', step(() => 0));
  const back = iconButton('back', 'Step back', step(() => i - 1));
  const playBtn = iconButton('play', 'Play the turn', () => (timer ? pause() : play()));
  playBtn.classList.add('rally-play');
  const next = iconButton('forward', 'Step forward', step(() => i + 1));
  const last = iconButton('last', 'Last step (now)', step(() => frames.length - 1));
  const element = el('div', { class: 'rally-player', hidden: true },
    el('div', { class: 'rally-player-buttons', role: 'group', 'aria-label': 'Replay of the last turn' }, first, back, playBtn, next, last, counter),
    caption);

  function renderControls() {
    counter.textContent = `${i + 1} / ${frames.length}`;
    first.disabled = back.disabled = i === 0;
    next.disabled = last.disabled = i === frames.length - 1;
    playBtn.replaceChildren(icon(timer ? 'pause' : 'play'));
    playBtn.setAttribute('aria-label', timer ? 'Pause' : 'Play the turn');
  }

  function render(animate) {
    const f = frames[i];
    caption.textContent = f.caption;
    renderControls();
    show(f, animate);
  }

  function go(k, animate = false) {
    if (!frames.length) return;
    i = Math.max(0, Math.min(frames.length - 1, k));
    if (i === frames.length - 1) pause(false);
    render(animate);
  }

  function pause(redraw = true) {
    const was = timer;
    clearTimeout(timer);
    timer = null;
    if (redraw && frames.length) render(false);
    if (was) playing(null);
  }

  /** When frame k shows, ms after frame 0. */
  const offset = (k) => frames.slice(0, k).reduce((sum, f) => sum + f.ms, 0);
  /** When the playback ends, on this clock. */
  const endsAt = () => base + offset(frames.length - 1);

  // Each frame shows for its own time (a turn appended to a running one
  // keeps its own pace), each timed from the start so that late timers
  // do not add up: the playback ends when the server counts it does.
  function schedule() {
    timer = setTimeout(() => {
      go(i + 1, true);
      if (timer) schedule();
    }, Math.max(0, base + offset(i + 1) - Date.now()));
  }

  function play() {
    if (!frames.length) return;
    if (i === frames.length - 1) i = 0;
    clearTimeout(timer);
    base = Date.now() - offset(i);
    schedule();
    playing(endsAt());
    render(true);
  }

  return {
    element,
    /**
     * Plays a turn's frames (or shows the end, with less motion). While a
     * playback runs by itself they play after it, as the server allows for
     * (PROTOCOL.md, RoboRally, "Playback"), the running one's "Now" giving
     * way to them.
     */
    load(list) {
      if (timer && list.length) {
        frames = [...frames.slice(0, -1), ...timed(list)];
        playing(endsAt());
        renderControls();
        return;
      }
      frames = timed(list);
      element.hidden = !frames.length;
      if (!frames.length) return;
      i = 0;
      if (reducedMotion()) go(frames.length - 1);
      else play();
    },
    /** Is the playback running by itself? */
    playing: () => timer !== null,
    /** Is a frame other than the last on show? */
    busy: () => frames.length > 0 && i < frames.length - 1,
    /** Keeps the last frame in step with the live view ({robots, ball}). */
    setNow(pieces) {
      if (frames.length) Object.assign(frames[frames.length - 1], pieces);
    },
    key(e) {
      if (!frames.length) return false;
      if (e.key === '[') { pause(false); go(i - 1); return true; }
      if (e.key === ']') { pause(false); go(i + 1); return true; }
      return false;
    },
    destroy() { clearTimeout(timer); timer = null; },
  };
}

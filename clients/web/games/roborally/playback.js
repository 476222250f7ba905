// playback.js: a turn's register phases as a list of frames a player can
// step back and forth through. The frames are built from the robots before
// the turn (the previous view) and the turn's public events, action by
// action (moves, turns, beams, damage, flags...); the last frame is the view
// the server sent, so what the playback ends on is always the truth.

import { button, el } from '../dom.js';
import { svg } from '../kit.js';
import { KINDS } from './cards.js';

const STEP_WORDS = {
  express: 'express belts move',
  belts: 'all belts move',
  pushers: 'pushers push',
  gears: 'gears turn',
  lasers: 'lasers fire',
  checkpoints: 'flags and archive markers',
};

/** The robot fields a frame needs, from a view's robot. */
export function robotOf(r) {
  return {
    seat: r.seat, at: r.at, facing: r.facing, status: r.status, virtual: r.virtual, damage: r.damage,
    flags: r.flags, lives: r.lives, archive: r.archive,
  };
}

const copy = (robots) => robots.map((r) => ({ ...r, wreck: false }));

function apply(robots, a) {
  const r = robots.find((x) => x.seat === a.seat);
  if (!r) return;
  switch (a.do) {
    case 'move': r.at = a.to; break;
    case 'turn': r.facing = a.to; break;
    case 'destroyed': r.status = 'destroyed'; r.wreck = true; r.lives = a.lives; if (a.at) r.at = a.at; break;
    case 'damage': r.damage = a.total; break;
    case 'repair': r.damage = a.total; break;
    case 'flag': r.flags = a.flag; break;
    case 'archive': r.archive = a.at; break;
    case 'real': r.virtual = false; break;
    case 'reenter': r.at = a.at; r.facing = a.facing; r.virtual = a.virtual; r.status = 'active'; r.damage = 2; break;
    default: break;
  }
}

/** Marks a frame shows on the board for its actions. */
function marksOf(frame) {
  const marks = [];
  for (const a of frame) {
    if (a.do === 'blocked') marks.push({ at: a.at, kind: 'bump' });
    else if (a.do === 'flag') marks.push({ at: a.at, kind: 'flag' });
    else if (a.do === 'archive') marks.push({ at: a.at, kind: 'archive' });
    else if (a.do === 'reenter') marks.push({ at: a.at, kind: 'focus' });
  }
  return marks;
}

/**
 * The frames of the events, from `before` (robots as robotOf gives them);
 * `name(seat)` names players. Each frame: {caption, robots, beams, marks,
 * register}. Empty when the events hold no register phase or clean-up.
 */
export function buildTimeline(before, events, name, finalRobots) {
  let robots = copy(before);
  const frames = [];
  const push = (caption, extra = {}) => frames.push({ caption, robots: robots.map((r) => ({ ...r })), beams: [], marks: [], ...extra });
  const play = (caption, e, extra = {}) => {
    if (!e.frames.length) push(caption, extra);
    for (const f of e.frames) {
      for (const a of f) apply(robots, a);
      push(caption, { ...extra, beams: f.filter((a) => a.do === 'beam'), marks: [...(extra.marks || []), ...marksOf(f)] });
    }
    // A robot destroyed in this event leaves the board after it.
    robots = robots.map((r) => ({ ...r, wreck: false }));
  };
  for (const e of events) {
    if (e.kind === 'reveal') {
      const cards = e.cards.map((c) => `${name(c.seat)} ${KINDS[c.type].short} (${c.card})`).join(', ');
      push(`Register ${e.register}: ${cards || 'no cards'}`, { register: e.register });
    } else if (e.kind === 'card') {
      const at = robots.find((r) => r.seat === e.seat)?.at;
      play(`Register ${e.register}: ${name(e.seat)} plays ${KINDS[e.type].name} (${e.card})`, e,
        { register: e.register, focus: e.seat, marks: at ? [{ at, kind: 'focus' }] : [] });
    } else if (e.kind === 'board') {
      play(`Register ${e.register}: ${STEP_WORDS[e.step]}`, e, { register: e.register });
    } else if (e.kind === 'cleanup') {
      play('Clean-up: repairs and option cards', e);
    } else if (e.kind === 'reentry') {
      play('Destroyed robots re-enter', e);
    }
  }
  if (!frames.length) return [];
  frames.push({ caption: 'Now', robots: finalRobots, beams: [], marks: [] });
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
 * The controls: to the start, a step back, play or pause, a step on, to
 * the end, and the caption of the frame shown. `show(frame, animate)` draws.
 */
export function createPlayer({ show, reducedMotion, stepMs = 420 }) {
  let frames = [];
  let i = 0;
  let timer = null;
  const caption = el('p', { class: 'rally-caption', 'aria-live': 'polite' });
  const counter = el('span', { class: 'rally-counter' });
  const first = iconButton('first', 'First step of the turn', () => go(0));
  const back = iconButton('back', 'Step back', () => go(i - 1));
  const playBtn = iconButton('play', 'Play the turn', () => (timer ? pause() : play()));
  playBtn.classList.add('rally-play');
  const next = iconButton('forward', 'Step forward', () => go(i + 1));
  const last = iconButton('last', 'Last step (now)', () => go(frames.length - 1));
  const element = el('div', { class: 'rally-player', hidden: true },
    el('div', { class: 'rally-player-buttons', role: 'group', 'aria-label': 'Replay of the last turn' }, first, back, playBtn, next, last, counter),
    caption);

  function render(animate) {
    const f = frames[i];
    caption.textContent = f.caption;
    counter.textContent = `${i + 1} / ${frames.length}`;
    first.disabled = back.disabled = i === 0;
    next.disabled = last.disabled = i === frames.length - 1;
    playBtn.replaceChildren(icon(timer ? 'pause' : 'play'));
    playBtn.setAttribute('aria-label', timer ? 'Pause' : 'Play the turn');
    show(f, animate);
  }

  function go(k, animate = false) {
    if (!frames.length) return;
    i = Math.max(0, Math.min(frames.length - 1, k));
    if (i === frames.length - 1) pause(false);
    render(animate);
  }

  function pause(redraw = true) {
    clearInterval(timer);
    timer = null;
    if (redraw && frames.length) render(false);
  }

  function play() {
    if (!frames.length) return;
    if (i === frames.length - 1) i = 0;
    clearInterval(timer);
    timer = setInterval(() => go(i + 1, true), stepMs);
    render(true);
  }

  return {
    element,
    /** Loads a turn's frames and plays them (or shows the end, with less motion). */
    load(list) {
      pause(false);
      frames = list;
      element.hidden = !frames.length;
      if (!frames.length) return;
      i = 0;
      if (reducedMotion()) go(frames.length - 1);
      else play();
    },
    /** Is a frame other than the last on show? */
    busy: () => frames.length > 0 && i < frames.length - 1,
    /** Keeps the last frame in step with the live view. */
    setNow(robots) {
      if (frames.length) frames[frames.length - 1].robots = robots;
    },
    key(e) {
      if (!frames.length) return false;
      if (e.key === '[') { pause(false); go(i - 1); return true; }
      if (e.key === ']') { pause(false); go(i + 1); return true; }
      return false;
    },
    destroy() { pause(false); },
  };
}

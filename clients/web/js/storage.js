// storage.js: what the browser remembers. The name and token live in
// localStorage so a reload (or tomorrow) resumes the same player; chat
// drafts live in sessionStorage, per room, so a reload never eats a
// half-typed line. Storage can be unavailable (private modes, quotas):
// every access is guarded and falls back to memory.

const memory = new Map();

function get(area, key) {
  try {
    return window[area].getItem(key);
  } catch {
    return memory.has(area + key) ? memory.get(area + key) : null;
  }
}

function put(area, key, value) {
  try {
    if (value === null || value === undefined || value === '') window[area].removeItem(key);
    else window[area].setItem(key, value);
  } catch {
    memory.set(area + key, value);
  }
}

export const storage = {
  get name() { return get('localStorage', 'botpit.name') || ''; },
  set name(v) { put('localStorage', 'botpit.name', v); },
  get token() { return get('localStorage', 'botpit.token') || ''; },
  set token(v) { put('localStorage', 'botpit.token', v); },
  draft(room) { return get('sessionStorage', `botpit.draft.${room}`) || ''; },
  setDraft(room, text) { put('sessionStorage', `botpit.draft.${room}`, text); },
  /** The game log of a room, so a reload does not wipe it. */
  log(room) {
    try { return JSON.parse(get('sessionStorage', `botpit.log.${room}`) || '[]'); } catch { return []; }
  },
  setLog(room, entries) { put('sessionStorage', `botpit.log.${room}`, JSON.stringify(entries)); },
  /** The player went home on purpose: a reload should not pull them back. */
  get stayedHome() { return get('sessionStorage', 'botpit.stayedHome') === '1'; },
  set stayedHome(v) { put('sessionStorage', 'botpit.stayedHome', v ? '1' : ''); },
  get botLevel() { return get('localStorage', 'botpit.botLevel') || ''; },
  set botLevel(v) { put('localStorage', 'botpit.botLevel', v); },
  /** Has this browser seen a game of `game` through to its end? */
  played(game) { return get('localStorage', `botpit.played.${game}`) === '1'; },
  setPlayed(game) { put('localStorage', `botpit.played.${game}`, '1'); },
  /** Hints at the table: 'on', 'off', or '' (on until the first game ends). */
  hints(game) { return get('localStorage', `botpit.hints.${game}`) || ''; },
  setHints(game, v) { put('localStorage', `botpit.hints.${game}`, v); },
  /** A short sound when it becomes your turn in a background tab. */
  get sound() { return get('localStorage', 'botpit.sound') === 'on'; },
  set sound(v) { put('localStorage', 'botpit.sound', v ? 'on' : ''); },
  /** Names of the players a room's seats have had, so a player who left
   *  is still named in the log and the result. */
  seatNames(room) {
    try { return JSON.parse(get('sessionStorage', `botpit.names.${room}`) || '[]'); } catch { return []; }
  },
  setSeatNames(room, names) { put('sessionStorage', `botpit.names.${room}`, JSON.stringify(names)); },
};

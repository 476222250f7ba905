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
};

// router.js: the page's address is its state worth sharing. "#/" is the
// landing, "#/room/K7P2X" a room; a hash route needs nothing from the
// server, which serves the same index.html for "/".

const CODE = /^[A-HJKMNP-Z2-9]{5}$/;

export function normalizeCode(text) {
  return String(text || '').trim().toUpperCase();
}

export function isRoomCode(text) {
  return CODE.test(normalizeCode(text));
}

export function parseRoute(hash = location.hash) {
  const m = hash.match(/^#\/room\/([^/?#]+)/i);
  if (m) return { name: 'room', code: normalizeCode(decodeURIComponent(m[1])) };
  const r = hash.match(/^#\/replay\/([1-9][0-9]{0,9})$/);
  if (r) return { name: 'replay', id: Number(r[1]) };
  return { name: 'landing' };
}

export function roomPath(code) {
  return `#/room/${code}`;
}

/** The replay of finished game `id` (its id in /api/results). */
export function replayPath(id) {
  return `#/replay/${id}`;
}

// The server's public address (its --public-url), when the host set one:
// share links then name it even if this page was opened another way.
let publicBase = null;

export function setPublicUrl(url) {
  publicBase = url ? url.replace(/\/+$/, '') : null;
}

export function shareUrl(code) {
  const base = publicBase ?? `${location.origin}${location.pathname.replace(/\/+$/, '')}`;
  return `${base}/${roomPath(code)}`;
}

/** Goes to a route; replace keeps the history clean for redirects. */
export function navigate(hash, { replace = false } = {}) {
  if (location.hash === hash) return;
  if (replace) {
    history.replaceState(null, '', hash);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  } else {
    location.hash = hash;
  }
}

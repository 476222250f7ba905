// router.js: the page's address is its state worth sharing. "#/" is the
// landing, "#/room/K7P2X" a room, "#/ratings/ricochet" a game's leaderboard,
// "#/player/p7kq2m9xa4c" a player's games and ratings, "#/replay/42" a
// finished game's replay; a hash route needs nothing from the
// server, which serves the same index.html for "/".

const CODE = /^[A-HJKMNP-Z2-9]{5}$/;

export function normalizeCode(text) {
  return String(text || '').trim().toUpperCase();
}

export function isRoomCode(text) {
  return CODE.test(normalizeCode(text));
}

/**
 * The room code in what a player typed or pasted: a code in either case
 * with stray spaces or dashes ("k7p-2x "), or a share link (".../#/room/K7P2X").
 */
export function codeFrom(text) {
  const t = String(text || '').trim();
  const link = t.match(/\/room\/([^/?#\s]+)/i);
  return normalizeCode((link ? decodeURIComponent(link[1]) : t).replace(/[\s-]+/g, ''));
}

export function parseRoute(hash = location.hash) {
  const m = hash.match(/^#\/room\/([^/?#]+)/i);
  if (m) return { name: 'room', code: normalizeCode(decodeURIComponent(m[1])) };
  const other = otherRoute(hash);
  if (other) return other;
  return { name: 'landing' };
}

// What players have done: a game's leaderboard, a player's page, a
// finished game's replay.
function otherRoute(hash) {
  const replay = hash.match(/^#\/replay\/([1-9][0-9]{0,9})$/);
  if (replay) return { name: 'replay', id: Number(replay[1]) };
  const ratings = hash.match(/^#\/ratings\/([a-z0-9_-]{1,40})\/?$/i);
  if (ratings) return { name: 'ratings', game: ratings[1].toLowerCase() };
  const player = hash.match(/^#\/player\/([a-z0-9]{1,40})\/?$/i);
  if (player) return { name: 'player', id: player[1] };
  return null;
}

export function ratingsPath(game) {
  return `#/ratings/${encodeURIComponent(game)}`;
}

export function playerPath(id) {
  return `#/player/${encodeURIComponent(id)}`;
}

/** A finished game's replay (the replay page is /#/replay/<result id>). */
export function replayPath(id) {
  return `#/replay/${encodeURIComponent(id)}`;
}

export function roomPath(code) {
  return `#/room/${code}`;
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

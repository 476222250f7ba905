// renderers.js: finds the renderer module of a game. Each game may ship
// games/<id>/renderer.js (loaded on demand, only when a room of that game is
// on the table); without one, the fallback renderer keeps the game playable.

import * as fallback from './fallback-renderer.js';

const cache = new Map();

/** Resolves to {createRenderer, fallback: boolean}; never rejects. */
export function loadRenderer(gameId) {
  if (!/^[a-z0-9_-]+$/.test(gameId)) return Promise.resolve({ createRenderer: fallback.createRenderer, fallback: true });
  if (!cache.has(gameId)) {
    const url = new URL(`../games/${gameId}/renderer.js`, import.meta.url);
    cache.set(gameId, import(url.href).then(
      (mod) => (typeof mod.createRenderer === 'function'
        ? { createRenderer: mod.createRenderer, fallback: false }
        : { createRenderer: fallback.createRenderer, fallback: true }),
      () => ({ createRenderer: fallback.createRenderer, fallback: true }),
    ));
  }
  return cache.get(gameId);
}

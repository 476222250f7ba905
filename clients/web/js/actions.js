// actions.js: sending a verb with visible feedback. While a request is on
// its way its button says so (aria-busy, a spinner) and ignores more
// clicks. A refusal is shown where the player is looking: given `where`
// (a function that puts the sentence next to what they clicked: inside
// the create dialog, under a game's Quick game button) it goes there;
// otherwise the app shows it as a notice, as it does every server `error`.
// Our own failures (offline, no answer) are shown here.

import { ServerError } from './connection.js';
import { showError } from './toast.js';

/**
 * words(message): the server's sentence as the player reads it (seats
 * named, capitalised).
 */
export function createActions(conn, words = (m) => m) {
  // Ids of the requests on their way whose refusal is shown in place.
  const inPlace = new Set();

  return {
    /**
     * Sends type+fields; resolves with the reply, or null when refused.
     * `button` (optional) shows the pending state; `where(sentence, error)`
     * (optional) shows a refusal in place of a notice (error.code says
     * which, for a sentence of the view's own).
     */
    async run(type, fields = {}, { button, where } = {}) {
      if (button) {
        if (button.getAttribute('aria-busy') === 'true') return null;
        button.setAttribute('aria-busy', 'true');
      }
      // conn.request numbers its requests from conn.nextId up: this one
      // is the next, so the app can tell its refusal from the others.
      const id = conn.nextId;
      if (where) inPlace.add(id);
      try {
        return await conn.request(type, fields);
      } catch (err) {
        if (where) where(words(err.message), err);
        else if (!(err instanceof ServerError)) showError(err);
        return null;
      } finally {
        inPlace.delete(id);
        if (button) button.removeAttribute('aria-busy');
      }
    },
    /** Is the refusal of request `id` shown in place (not as a notice)? */
    shownInPlace(id) {
      return id !== undefined && inPlace.has(id);
    },
  };
}

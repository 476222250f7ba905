// actions.js: sending a verb with visible feedback. While a request is on
// its way its button says so (aria-busy, a spinner) and ignores more
// clicks; a refusal is shown by the app as the server's sentence (every
// server `error` is, centrally), and our own failures (offline, no answer)
// are shown here.

import { ServerError } from './connection.js';
import { showError } from './toast.js';

export function createActions(conn) {
  return {
    /**
     * Sends type+fields; resolves with the reply, or null when refused.
     * `button` (optional) shows the pending state.
     */
    async run(type, fields = {}, { button } = {}) {
      if (button) {
        if (button.getAttribute('aria-busy') === 'true') return null;
        button.setAttribute('aria-busy', 'true');
      }
      try {
        return await conn.request(type, fields);
      } catch (err) {
        if (!(err instanceof ServerError)) showError(err);
        return null;
      } finally {
        if (button) button.removeAttribute('aria-busy');
      }
    },
  };
}

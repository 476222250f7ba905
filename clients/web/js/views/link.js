// link.js: carrying an identity (name, history, ratings) to another device.
// On your own page: "Show a code" asks the server for a one-time code to
// type on the other device (botpit-tui: `:link CODE`); and a field to type
// a code shown elsewhere, which makes this browser that player (after a
// question if it is someone else with games of their own). The name screen
// offers the field too, for a new browser.

import { h, fill } from '../dom.js';
import { formatCountdown } from '../clock.js';

const CODE = /^[A-HJKMNP-Z2-9]{8}$/;

/** "k7p2 x9qm" -> "K7P2X9QM", or null if it cannot be a code. */
export function cleanLinkCode(text) {
  const code = String(text || '').toUpperCase().replace(/[\s-]/g, '');
  return CODE.test(code) ? code : null;
}

/** The "enter a code" form; onSubmit(code) resolves to an error sentence or null. */
export function createLinkEntry(idPrefix, onSubmit) {
  const input = h('input.input.link-input', {
    id: `${idPrefix}-link-code`, type: 'text', autocomplete: 'one-time-code', autocapitalize: 'characters',
    spellcheck: 'false', placeholder: 'K7P2-X9QM', maxlength: '12',
    'aria-describedby': `${idPrefix}-link-help ${idPrefix}-link-error`,
  });
  const error = h('p.field-error', { id: `${idPrefix}-link-error`, role: 'alert' });
  const button = h('button.btn', { type: 'submit' }, 'Use this code');
  const form = h('form.link-form', {
    novalidate: true,
    onsubmit: async (e) => {
      e.preventDefault();
      const code = cleanLinkCode(input.value);
      if (!code) {
        error.textContent = 'A code is 8 letters and digits, like K7P2-X9QM.';
        input.setAttribute('aria-invalid', 'true');
        input.focus();
        return;
      }
      error.textContent = '';
      input.setAttribute('aria-invalid', 'false');
      button.setAttribute('aria-busy', 'true');
      const problem = await onSubmit(code);
      button.removeAttribute('aria-busy');
      error.textContent = problem || '';
      if (!problem) input.value = '';
    },
  },
  h('label.label', { for: `${idPrefix}-link-code` }, 'Code from another device'),
  h('div.inline-field', {}, input, button),
  h('p.help', { id: `${idPrefix}-link-help` }, 'Show a code on the device where you already play (your page there, or :link in botpit-tui), then type it here. A code works once, for 10 minutes.'),
  error);
  return { form, input, setError(text) { error.textContent = text || ''; } };
}

/** Your page's panel: show a code, or take one. */
export function createLinkPanel(app) {
  const { store } = app;
  const shown = h('div.link-shown', { hidden: true, 'aria-live': 'polite' });
  let timer = null;

  function showCode(reply) {
    clearInterval(timer);
    const until = Date.now() + reply.expires_in_ms;
    const left = h('span.link-left');
    const tick = () => {
      const ms = until - Date.now();
      if (ms <= 0) {
        clearInterval(timer);
        fill(shown, h('p.help', {}, 'That code has expired. Show a new one when you are ready to type it.'));
        return;
      }
      left.textContent = `It works once, for ${formatCountdown(ms)} more`;
    };
    fill(shown,
      h('p', {}, 'Type this code on the other device:'),
      h('p.link-code', { id: 'link-code', 'aria-label': `Code ${reply.code.split('').join(' ')}` }, reply.code),
      h('p.help', {}, left, '. In botpit-tui: ', h('code', {}, `:link ${reply.code}`), '. That device then plays as you, with your games and ratings; this one pauses while it does.'));
    shown.hidden = false;
    tick();
    timer = setInterval(tick, 1000);
  }

  const show = h('button.btn.primary', {
    type: 'button', id: 'show-link-code',
    onclick: async (e) => {
      const reply = await app.run('link_code', {}, { button: e.currentTarget });
      if (reply) showCode(reply);
    },
  }, 'Show a code');

  const entry = createLinkEntry('page', (code) => app.link(code));
  const element = h('section.block.link-panel', { 'aria-labelledby': 'link-title', hidden: true },
    h('h2#link-title', {}, 'Play as you on another device'),
    h('div.card.link-card', {},
      h('p', {}, 'Carry your name, games and ratings to another browser or to the terminal client with a one-time code.'),
      h('div.row', {}, show),
      shown),
    h('div.card.link-card', {},
      h('p', {}, 'Or the other way: make this browser play as the player of a code shown elsewhere.'),
      entry.form));
  store.subscribe((what) => {
    if (what.has('me')) { clearInterval(timer); shown.hidden = true; }
  });
  return { element };
}

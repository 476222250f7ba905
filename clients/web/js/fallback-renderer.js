// fallback-renderer.js: the table for a game that has no renderer module
// yet. It follows the same contract as games/<id>/renderer.js (see
// games/README.md) and keeps a new engine playable: the view as readable
// JSON, and a box to send any action by hand.

import { h } from './dom.js';

export function createRenderer(table) {
  const viewBox = h('pre.raw-view', { tabindex: '0', 'aria-label': 'The game view as JSON' });
  const input = h('textarea.raw-action', {
    id: 'raw-action', rows: '3', spellcheck: 'false', autocomplete: 'off',
    placeholder: '{"kind": "…"}',
  });
  const send = h('button.btn.primary', { type: 'submit' }, 'Send action');
  const form = h('form.raw-form', {
    onsubmit: async (e) => {
      e.preventDefault();
      let action;
      try {
        action = JSON.parse(input.value);
      } catch (err) {
        table.notify(`That is not JSON yet: ${err.message}`);
        return;
      }
      send.disabled = true;
      try {
        await table.act(action);
      } catch { /* the frame shows the server's sentence */ }
      send.disabled = false;
    },
  },
  h('label', { for: 'raw-action' }, 'Action (JSON)'),
  input,
  h('div.row', {}, send));

  table.element.append(
    h('p.fallback-note', {}, `There is no board for ${table.game.title} in this browser client yet, so here is the game as the server describes it. Send an action as JSON (the game’s section of the protocol lists them).`),
    viewBox,
    form,
  );

  return {
    update(snap) {
      viewBox.textContent = JSON.stringify(snap.view, null, 2);
      form.hidden = snap.seat < 0 || snap.room.status !== 'playing';
    },
    destroy() {
      table.element.replaceChildren();
    },
  };
}

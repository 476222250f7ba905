// watchers.js: who is watching, for the host: each spectator, with a button
// to mute their chat (or let them chat again) and one to remove them from
// the room. Only the host's copy of `room` lists the watchers, so nobody
// else sees the panel.

import { h, fill, rebuild } from '../dom.js';
import { confirmDialog } from './confirm.js';

export function createWatchersPanel(app) {
  const { store } = app;
  const title = h('h2#watchers-title', {}, 'Watching');
  const list = h('ul.watcher-list', { 'aria-labelledby': 'watchers-title' });
  const element = h('section.panel.watchers-panel', { 'aria-labelledby': 'watchers-title', hidden: true },
    title, list);

  async function remove(w, button) {
    const sure = await confirmDialog({
      title: `Remove ${w.name}?`,
      text: `${w.name} leaves the room and cannot come back to it, under any name, from the same address.`,
      ok: 'Remove',
      cancel: 'Keep',
      danger: true,
    });
    if (sure) await app.run('kick', { player: w.id }, { button });
  }

  function row(w) {
    const tags = [];
    if (!w.connected) tags.push(h('span.tag.away', {}, h('span.away-dot', { 'aria-hidden': 'true' }), 'away'));
    if (w.muted) tags.push(h('span.tag', {}, 'muted'));
    return h('li.watcher', { dataset: { player: w.id } },
      h('span.seat-text', {}, h('span.seat-name', {}, w.name), h('span.tags', {}, tags)),
      h('span.seat-actions', {},
        h('button.btn.small', {
          type: 'button', dataset: { key: `mute-${w.id}` },
          'aria-label': `${w.muted ? 'Unmute' : 'Mute'} ${w.name}`,
          onclick: (e) => app.run('mute', { player: w.id, muted: !w.muted }, { button: e.currentTarget }),
        }, w.muted ? 'Unmute' : 'Mute'),
        h('button.btn.small.danger', {
          type: 'button', dataset: { key: `remove-${w.id}` }, 'aria-label': `Remove ${w.name}`,
          onclick: (e) => remove(w, e.currentTarget),
        }, 'Remove')));
  }

  function render() {
    const watchers = store.isHost() ? store.room?.watchers : null;
    element.hidden = !watchers?.length;
    if (element.hidden) return;
    title.textContent = `Watching (${watchers.length})`;
    rebuild(element, () => fill(list, watchers.map(row)));
  }

  return { element, render };
}

// chat.js: the room's chat. What the player types is precious: it is saved
// as they type (per room, in sessionStorage) and only cleared once the
// server has echoed the line back, so neither a dropped connection nor a
// reload loses it. While offline the box stays editable; only sending waits.

import { h, fill } from '../dom.js';
import { storage } from '../storage.js';

const MAX = 500;

function time(at) {
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

export function createChat(app) {
  const { store } = app;
  let code = null;
  let shown = 0;
  const log = h('ol.chat-log', { role: 'log', 'aria-live': 'polite', 'aria-labelledby': 'chat-title', tabindex: '0' });
  const empty = h('p.empty.chat-empty', {}, 'No messages yet. Say hello!');
  const input = h('input.input.chat-input', {
    id: 'chat-input', type: 'text', maxlength: String(MAX), autocomplete: 'off',
    placeholder: 'Write a message…', enterkeyhint: 'send',
  });
  const send = h('button.btn.primary', { type: 'submit', id: 'chat-send' }, 'Send');
  const status = h('p.chat-status', { id: 'chat-status', 'aria-live': 'polite' });
  const form = h('form.chat-form', {
    onsubmit: async (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (!text || !code) return;
      if (store.conn.status !== 'online') {
        status.textContent = 'Offline: your message is kept here and can be sent once the connection is back.';
        return;
      }
      const sentFrom = code;
      const reply = await app.run('chat', { text }, { button: send });
      // Clear only what was sent: the player may have typed on meanwhile.
      if (reply && input.value.trim() === text) {
        input.value = '';
        storage.setDraft(sentFrom, '');
      }
      input.focus();
    },
  },
  h('label.visually-hidden', { for: 'chat-input' }, 'Message to the room'),
  input, send);
  input.addEventListener('input', () => { if (code) storage.setDraft(code, input.value); });

  const element = h('section.panel.chat', { 'aria-labelledby': 'chat-title' },
    h('h2#chat-title', {}, 'Chat'),
    h('div.chat-scroll', {}, empty, log),
    form,
    status);

  function renderStatus() {
    const online = store.conn.status === 'online';
    send.disabled = !online;
    status.textContent = online ? '' : 'Offline: keep typing; your message waits here until the connection is back.';
  }

  function renderLines() {
    const lines = store.chat;
    if (lines.length < shown || (lines.length && log.children.length !== shown)) {
      log.replaceChildren();
      shown = 0;
    }
    const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
    for (const line of lines.slice(shown)) {
      const mine = line.from.id === store.me?.id;
      log.append(h(`li.chat-line${mine ? '.mine' : ''}`, {},
        h('span.chat-from', {}, line.from.name),
        h('time.chat-time', { datetime: new Date(line.at).toISOString() }, time(line.at)),
        h('span.chat-text', {}, line.text)));
    }
    shown = lines.length;
    empty.hidden = lines.length > 0;
    if (atBottom || lines.length <= 1) log.scrollTop = log.scrollHeight;
  }

  return {
    element,
    /** A new room on screen: its draft, its lines. */
    setRoom(next) {
      if (next === code) return;
      code = next;
      const draft = code ? storage.draft(code) : '';
      // Keep what is in the box unless this room has its own draft: text
      // typed just before a rematch moves along to the new room.
      if (draft) input.value = draft;
      else if (code && input.value) storage.setDraft(code, input.value);
      fill(log);
      shown = 0;
      renderLines();
    },
    render(what) {
      if (what.has('conn')) renderStatus();
      if (what.has('chat') || what.has('me')) renderLines();
    },
    renderAll() {
      renderStatus();
      renderLines();
    },
  };
}

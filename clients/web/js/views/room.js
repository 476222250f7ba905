// room.js: the room screen. The head (game, code, invite link with a copy
// button, leave), then either the seats (before the game) or the table
// (during and after it), with the chat beside or below.

import { h, fill } from '../dom.js';
import { shareUrl } from '../router.js';
import { toast } from '../toast.js';
import { createSeatsPanel } from './seats.js';
import { createTable } from './table.js';
import { createChat } from './chat.js';
import { createWatchersPanel } from './watchers.js';
import { hasRules } from '../rules.js';
import { rulesDialog } from './rules-dialog.js';

const STATUS = { lobby: 'In the lobby', playing: 'Playing', over: 'Game over' };

/** Copies text; falls back to selecting it where the clipboard API is off
 * (plain http on a LAN address is not a secure context). */
async function copyText(text, field) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field.focus();
    field.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

export function createRoomScreen(app) {
  const { store } = app;
  let code = null;

  const title = h('h1.room-title', { tabindex: '-1' });
  const badge = h('span.status-badge');
  const codeText = h('span.code.big', { id: 'room-code' });
  const link = h('input.input.share-input', { id: 'share-link', type: 'text', readonly: true, 'aria-label': 'Invite link' });
  const copy = h('button.btn.primary', {
    type: 'button', id: 'copy-link',
    onclick: async () => {
      const ok = await copyText(link.value, link);
      copy.textContent = ok ? 'Copied ✓' : 'Select and copy';
      if (ok) toast('Invite link copied. Send it to a friend.', 'ok');
      setTimeout(() => { copy.textContent = 'Copy link'; }, 2000);
    },
  }, 'Copy link');
  link.addEventListener('focus', () => link.select());
  const leave = h('button.btn.quiet', { type: 'button', id: 'leave-room', onclick: (e) => app.leave(e.currentTarget) }, 'Leave');
  const howTo = h('button.btn.quiet', {
    type: 'button', id: 'room-rules', hidden: true, 'aria-keyshortcuts': '?',
    onclick: (e) => showRules(e.currentTarget),
  }, h('span.rules-mark', { 'aria-hidden': 'true' }, '?'), h('span.room-rules-text', {}, 'How to play'));

  const head = h('header.room-head', {},
    h('div.room-heading', {}, title, badge),
    h('div.invite', {},
      h('p.invite-label', {}, 'Room code ', codeText),
      h('div.inline-field', {}, link, copy)),
    h('div.row.room-head-actions', {}, howTo, leave));

  function showRules(from) {
    const room = store.room;
    if (room) rulesDialog().show(room.game, room.title, from);
  }

  // "?" opens the rules from anywhere in the room, but never eats a
  // question mark typed into the chat or a form.
  document.addEventListener('keydown', (e) => {
    if (e.key !== '?' || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    if (!element.isConnected || body.hidden || howTo.hidden || rulesDialog().open) return;
    const t = e.target;
    if (t && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName))) return;
    e.preventDefault();
    showRules(document.activeElement);
  });

  const waiting = h('div.card.waiting-card');
  const seats = createSeatsPanel(app);
  const table = createTable(app);
  const chat = createChat(app);
  const watchers = createWatchersPanel(app);
  const mainCol = h('div.room-main');
  const sideCol = h('aside.room-side', { 'aria-label': 'Chat and game log' });
  const body = h('div.room-body', {}, mainCol, sideCol);
  const element = h('section.screen.room-screen', {}, head, waiting, body);

  let layout = null;
  function render(what) {
    const room = store.room;
    const here = room && room.code === code;
    waiting.hidden = !!here;
    head.hidden = !here;
    body.hidden = !here;
    if (!here) {
      const status = store.conn.status;
      fill(waiting, h('h1', { tabindex: '-1' }, `Room ${code || ''}`),
        h('p', {}, h('span.pulse', { 'aria-hidden': 'true' }),
          status === 'online' ? ' Joining the room…' : ' Waiting for the connection…'));
      table.render(new Set());
      return;
    }
    chat.setRoom(room.code);
    if (howTo.dataset.game !== room.game) {
      howTo.dataset.game = room.game;
      howTo.hidden = true;
      hasRules(room.game).then((yes) => { if (howTo.dataset.game === room.game) howTo.hidden = !yes; });
    }
    fill(title, room.title);
    badge.textContent = STATUS[room.status] || room.status;
    badge.className = `status-badge s-${room.status}`;
    codeText.textContent = room.code;
    link.value = shareUrl(room.code);

    const next = room.status === 'lobby' ? 'lobby' : 'table';
    if (next !== layout) {
      layout = next;
      if (next === 'lobby') {
        mainCol.replaceChildren(seats.element);
        sideCol.replaceChildren(watchers.element, chat.element);
      } else {
        mainCol.replaceChildren(table.element);
        sideCol.replaceChildren(watchers.element, table.logElement, chat.element);
      }
      what = new Set(['room', 'state', 'over', 'log', 'chat', 'conn', 'me']);
    }
    if (next === 'lobby') {
      if (what.has('room') || what.has('me') || what.has('games') || what.has('conn')) seats.render();
    }
    if (what.has('room') || what.has('me')) watchers.render();
    table.render(what);
    chat.render(what);
  }

  store.subscribe((what) => render(what));

  return {
    element,
    setCode(next) {
      if (next === code) return;
      code = next;
      render(new Set(['room', 'state', 'over', 'log', 'chat', 'conn', 'me']));
    },
    shown() {
      chat.renderAll();
      render(new Set(['room', 'state', 'over', 'log', 'chat', 'conn', 'me']));
    },
  };
}

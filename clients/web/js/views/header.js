// header.js: the top bar (brand, connection state, who you are) and the
// banner that explains a lost connection. Both are fixed in size and
// position so that a flapping connection never moves the page under a
// finger.

import { h, fill } from '../dom.js';
import { createRenameDialog } from './name.js';
import { storage } from '../storage.js';

const LABELS = {
  idle: 'Not connected',
  connecting: 'Connecting…',
  online: 'Online',
  reconnecting: 'Reconnecting…',
  replaced: 'Paused',
};

export function createHeader(app) {
  const { store, conn } = app;
  const pill = document.getElementById('conn');
  const meButton = document.getElementById('me');
  const banner = document.getElementById('banner');
  const rename = createRenameDialog(app);
  let tick = null;

  function renderPill() {
    const s = store.conn.status;
    pill.dataset.status = s;
    // Before a name is chosen there is nothing to be connected as: saying
    // "Not connected" then only alarms a newcomer.
    pill.hidden = s === 'idle' && !storage.name;
    fill(pill, h('span.dot', { 'aria-hidden': 'true' }), h('span.conn-label', {}, LABELS[s] || s));
  }

  function renderBanner() {
    const s = store.conn.status;
    clearInterval(tick);
    if (s === 'reconnecting') {
      const text = h('span');
      const update = () => {
        const left = Math.max(0, Math.ceil((store.conn.retryAt - Date.now()) / 1000));
        // Before any welcome nothing was "lost": the server was never reached.
        const what = conn.everWelcomed ? 'Connection lost.' : 'Cannot reach the server.';
        text.textContent = conn.ws || left === 0
          ? `${what} Reconnecting now…`
          : `${what} Trying again in ${left} s…`;
      };
      update();
      tick = setInterval(update, 500);
      fill(banner, h('span.banner-icon', { 'aria-hidden': 'true' }, '⟳'), text,
        h('button.btn.small', { type: 'button', onclick: () => conn.hurry() }, 'Retry now'));
      banner.dataset.kind = 'warn';
      banner.hidden = false;
    } else if (s === 'replaced') {
      fill(banner, h('span', {}, 'You opened Botpit in another tab or window. This one is paused.'),
        h('button.btn.small', { type: 'button', onclick: () => conn.restart() }, 'Use it here'));
      banner.dataset.kind = 'info';
      banner.hidden = false;
    } else {
      banner.hidden = true;
      banner.replaceChildren();
    }
  }

  function renderMe() {
    const name = store.me?.name;
    meButton.hidden = !name;
    if (name) {
      fill(meButton, h('span.me-avatar', { 'aria-hidden': 'true' }, name.charAt(0).toUpperCase()),
        h('span.me-name', {}, name));
      meButton.setAttribute('aria-label', `You are ${name}. Change your name`);
    }
  }

  return {
    mount() {
      meButton.addEventListener('click', () => rename.open());
      document.getElementById('skip').addEventListener('click', () => {
        const main = document.getElementById('main');
        main.focus();
      });
      store.subscribe((what) => {
        if (what.has('conn')) { renderPill(); renderBanner(); }
        if (what.has('me')) { renderMe(); renderPill(); }
      });
      renderPill();
      renderMe();
    },
  };
}

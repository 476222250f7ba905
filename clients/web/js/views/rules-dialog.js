// rules-dialog.js: "How to play" over whatever the player is doing (the
// lobby, the room, a game in progress), so reading the rules never costs
// a seat or a turn. The text is the game's rules page (js/rules.js), also
// at /rules/<id> for a link of its own.

import { h, fill } from '../dom.js';
import { loadRules, rulesHref } from '../rules.js';

export function createRulesDialog() {
  const heading = h('h2#rules-dialog-title', { tabindex: '-1' });
  const body = h('div.rules-dialog-body', { 'aria-live': 'polite' });
  const pageLink = h('a.btn.small', { target: '_blank', rel: 'noopener' }, 'Open as a page');
  const close = h('button.btn.small', { type: 'button', 'aria-label': 'Close how to play' }, 'Close');
  const dialog = h('dialog.dialog.rules-dialog', { 'aria-labelledby': 'rules-dialog-title' },
    h('link', { rel: 'stylesheet', href: new URL('../../rules/rules.css', import.meta.url).href }),
    h('div.rules-dialog-head', {}, heading, h('div.row', {}, pageLink, close)),
    body);
  document.body.append(dialog);
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('click', (e) => { if (e.target === dialog) dialog.close(); });

  let opener = null;
  let asked = 0;
  dialog.addEventListener('close', () => {
    asked++; // a text still loading is not wanted any more
    body.replaceChildren(); // nothing of it lingers under the game
    if (opener?.isConnected) opener.focus({ preventScroll: true });
    opener = null;
  });

  return {
    get open() { return dialog.open; },
    /** Shows game `id`'s rules; `title` heads the dialog meanwhile. */
    async show(id, title, from = document.activeElement) {
      opener = from;
      const token = ++asked;
      heading.textContent = `How to play: ${title}`;
      pageLink.href = rulesHref(id);
      fill(body, h('p.loading', {}, 'Loading the rules…'));
      if (!dialog.open) dialog.showModal();
      body.scrollTop = 0;
      heading.focus({ preventScroll: true });
      const article = await loadRules(id);
      if (token !== asked) return;
      fill(body, article || h('p', {}, 'This game has no rules page yet.'));
      body.scrollTop = 0;
    },
    close() { dialog.close(); },
  };
}

/** One dialog for the whole page. */
let shared = null;
export function rulesDialog() {
  shared ??= createRulesDialog();
  return shared;
}

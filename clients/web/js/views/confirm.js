// confirm.js: "are you sure?" as a dialog of the page's own look, for the
// few steps that cannot be taken back (leaving a game in progress).

import { h } from '../dom.js';

/** Resolves true when the player confirms, false otherwise. */
export function confirmDialog({ title, text, ok, cancel = 'Stay', danger = false }) {
  return new Promise((resolve) => {
    const opener = document.activeElement;
    const yes = h(`button.btn${danger ? '.danger' : '.primary'}`, { type: 'button', dataset: { answer: 'yes' } }, ok);
    const no = h('button.btn', { type: 'button', dataset: { answer: 'no' } }, cancel);
    const dialog = h('dialog.dialog.confirm-dialog', { 'aria-labelledby': 'confirm-title', 'aria-describedby': 'confirm-text' },
      h('div.confirm-body', {},
        h('h2#confirm-title', {}, title),
        h('p#confirm-text', {}, text),
        h('div.row.end', {}, no, yes)));
    let answer = false;
    yes.addEventListener('click', () => { answer = true; dialog.close(); });
    no.addEventListener('click', () => dialog.close());
    dialog.addEventListener('close', () => {
      dialog.remove();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
      resolve(answer);
    });
    document.body.append(dialog);
    dialog.showModal();
    no.focus(); // the safe answer is the one Enter gives
  });
}

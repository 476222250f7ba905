// toast.js: brief notices over the page. Errors from the server are shown
// as the sentence it sent; they stay long enough to read (longer for longer
// sentences), can be dismissed, and are read out by screen readers.

import { h } from './dom.js';

let region;

function ensureRegion() {
  if (!region) region = document.getElementById('toasts');
  return region;
}

/** kind: 'error' | 'ok' | 'info'. Returns the element. */
export function toast(text, kind = 'info') {
  const r = ensureRegion();
  const sentence = String(text);
  const close = h('button.toast-close', { type: 'button', 'aria-label': 'Dismiss' }, '×');
  const el = h(`div.toast.toast-${kind}`, { role: kind === 'error' ? 'alert' : 'status' },
    h('span.toast-text', {}, sentence), close);
  const remove = () => {
    el.classList.add('leaving');
    setTimeout(() => el.remove(), 200);
  };
  close.addEventListener('click', remove);
  r.append(el);
  while (r.children.length > 4) r.firstElementChild.remove();
  setTimeout(remove, Math.min(9000, 3500 + sentence.length * 45));
  return el;
}

/** Shows a refusal: a server error's sentence, or ours, capitalised. */
export function showError(err) {
  const msg = err && err.message ? err.message : String(err);
  toast(msg.charAt(0).toUpperCase() + msg.slice(1), 'error');
}

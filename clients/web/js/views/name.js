// name.js: choosing a name. The first screen a new visitor sees (also when
// they arrive through a share link: "you're invited"), and the dialog to
// change it later. Names are 1 to 24 characters, as the server wants; the
// field takes more (a paste is never cut short behind the player's back)
// and says at once when a name is too long.

import { h, fill } from '../dom.js';
import { storage } from '../storage.js';
import { createLinkEntry } from './link.js';

const MAX = 24;

function nameField(id, value) {
  return h('input.input', {
    id, name: 'name', type: 'text', required: true,
    autocomplete: 'nickname', autocapitalize: 'words', spellcheck: 'false', value,
    'aria-describedby': `${id}-help ${id}-count`,
  });
}

/** "12/24" under the field; past the limit it says so, while typing. */
function lengthNote(input, error) {
  const count = h('p.help.name-count', { id: `${input.id}-count`, 'aria-live': 'polite' });
  // typing: the player is changing it now (a sentence the server sent
  // about a stored name stays until they do).
  const update = (typing) => {
    const n = [...input.value.trim()].length;
    const over = n > MAX;
    count.textContent = `${n}/${MAX}`;
    count.dataset.over = String(over);
    if (!typing) return;
    if (over) {
      error.textContent = `That is ${n} characters: a name has at most ${MAX}. Shorten it by ${n - MAX}.`;
      input.setAttribute('aria-invalid', 'true');
    } else if (error.dataset.length === 'true') {
      error.textContent = '';
      input.setAttribute('aria-invalid', 'false');
    }
    error.dataset.length = String(over);
  };
  input.addEventListener('input', () => update(true));
  return { count, update };
}

/** Checks a name like the server does, so most mistakes are caught here. */
export function nameProblem(raw) {
  const name = raw.trim();
  if (!name) return 'Type a name first.';
  if ([...name].length > MAX) return `A name has at most ${MAX} characters.`;
  if (/\p{Cc}/u.test(name)) return 'A name cannot hold control characters.';
  return null;
}

export function createNameScreen(app, onChosen) {
  const heading = h('h1', { tabindex: '-1' }, 'Welcome to Botpit');
  const intro = h('p.lede');
  const input = nameField('name-input', storage.name);
  const error = h('p.field-error', { id: 'name-error', role: 'alert' });
  const length = lengthNote(input, error);
  const form = h('form.name-form', {
    novalidate: true,
    onsubmit: (e) => {
      e.preventDefault();
      const problem = nameProblem(input.value);
      error.textContent = problem || '';
      input.setAttribute('aria-invalid', problem ? 'true' : 'false');
      if (problem) { input.focus(); return; }
      onChosen(input.value.trim());
    },
  },
  h('label.label', { for: 'name-input' }, 'Your name'),
  input,
  h('div.name-notes', {}, h('p.help', { id: 'name-input-help' }, `Other players see it at the table. 1 to ${MAX} characters.`), length.count),
  error,
  h('button.btn.primary.wide', { type: 'submit' }, 'Let’s play'));

  // A new browser of someone who already plays elsewhere: their code.
  const link = createLinkEntry('name', (code) => app.link(code));
  const element = h('section.screen.name-screen', {},
    h('div.card.name-card', {},
      h('div.robot-art', { 'aria-hidden': 'true' }),
      heading, intro, form,
      h('details.link-details', {},
        h('summary', {}, 'Already play on another device?'),
        link.form)));

  return {
    element,
    setInvite(code) {
      fill(intro, code
        ? ['You’re invited to room ', h('strong.code', {}, code), '. Pick a name and you’re in.']
        : 'Robot board games with friends or bots, right in the browser. Pick a name to start.');
    },
    setError(message) {
      error.textContent = message ? message.charAt(0).toUpperCase() + message.slice(1) : '';
    },
    shown() {
      input.value = input.value || storage.name;
      length.update();
      setTimeout(() => input.focus(), 0);
    },
  };
}

/** The "change your name" dialog opened from the header. */
export function createRenameDialog(app) {
  const input = nameField('rename-input', '');
  const error = h('p.field-error', { role: 'alert' });
  const length = lengthNote(input, error);
  const dialog = h('dialog.dialog', { 'aria-labelledby': 'rename-title' });
  const form = h('form', {
    method: 'dialog',
    novalidate: true,
    onsubmit: (e) => {
      e.preventDefault();
      const problem = nameProblem(input.value);
      error.textContent = problem || '';
      if (problem) { input.focus(); return; }
      dialog.close();
      if (input.value.trim() !== storage.name) app.rename(input.value.trim());
    },
  },
  h('h2', { id: 'rename-title' }, 'Change your name'),
  h('label.label', { for: 'rename-input' }, 'Name'),
  input,
  h('div.name-notes', {}, h('p.help', { id: 'rename-input-help' }, 'Everyone in your room sees the new name.'), length.count),
  error,
  h('div.row.end', {},
    h('button.btn', { type: 'button', onclick: () => dialog.close() }, 'Cancel'),
    h('button.btn.primary', { type: 'submit' }, 'Save')));
  dialog.append(form);
  document.body.append(dialog);
  return {
    open() {
      input.value = storage.name;
      error.textContent = '';
      length.update();
      dialog.showModal();
      input.select();
    },
  };
}

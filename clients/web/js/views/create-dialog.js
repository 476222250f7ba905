// create-dialog.js: "create a room" for one game. The form is generated
// from the game's option list as the server sends it: every option gets its
// label, a control of its type with the default filled in, its range, and
// its help sentence (wired with aria-describedby so it is read out too).

import { h, uniqueId } from '../dom.js';

function control(opt, id, helpId) {
  const common = { id, name: opt.name, 'aria-describedby': helpId };
  if (opt.type === 'bool') {
    return h('input.checkbox', { ...common, type: 'checkbox', checked: !!opt.default });
  }
  if (opt.type === 'choice') {
    // The server's words for each choice where it gives them: "Risky
    // Exchange", not the risky_exchange it is sent as.
    const select = h('select.input', common,
      (opt.choices || []).map((c, i) => h('option', { value: c, selected: c === opt.default }, opt.choice_labels?.[i] || c)));
    select.value = opt.default;
    return select;
  }
  return h('input.input.number', {
    ...common, type: 'number', inputmode: 'numeric', step: '1',
    min: opt.min, max: opt.max, value: String(opt.default), required: true,
  });
}

function range(opt) {
  if (opt.type !== 'int' || opt.min === undefined || opt.max === undefined) return '';
  if (opt.max > 1e9) return ` (${opt.min} or more)`;
  return ` (${opt.min} to ${opt.max})`;
}

/** Reads and checks one option; returns {value} or {problem}. */
function read(opt, el) {
  if (opt.type === 'bool') return { value: el.checked };
  if (opt.type === 'choice') return { value: el.value };
  const text = el.value.trim();
  if (!/^-?\d+$/.test(text)) return { problem: `${opt.label} must be a whole number.` };
  const v = Number(text);
  if ((opt.min !== undefined && v < opt.min) || (opt.max !== undefined && v > opt.max)) {
    return { problem: `${opt.label} must be between ${opt.min} and ${opt.max}.` };
  }
  return { value: v };
}

/**
 * A new room takes the player out of the room they are in: what that
 * means for them, or '' when they are in none.
 */
export function leavingWords(store) {
  const room = store.room;
  if (!room) return '';
  const seated = store.mySeat() >= 0;
  let after = '';
  if (room.status === 'playing' && seated) {
    const botOn = room.options?.bot_takeover !== false && store.game(room.game)?.bot_levels?.length;
    after = botOn ? ' Its game goes on with a bot in your seat.' : ' Its game goes on with your seat empty.';
  } else if (room.status === 'lobby' && seated) after = ' Your seat there is freed.';
  return `You are in room ${room.code} (${room.title}): a new room takes you out of it.${after}`;
}

export function createCreateDialog(app) {
  const dialog = h('dialog.dialog.create-dialog', { 'aria-labelledby': 'create-title' });
  document.body.append(dialog);
  dialog.addEventListener('click', (e) => { if (e.target === dialog) dialog.close(); });

  function open(game, opener) {
    const fields = [];
    const leaving = leavingWords(app.store);
    const title = h('h2', { id: 'create-title' }, `New room: ${game.title}`);
    const list = h('div.option-list');
    for (const opt of game.options) {
      const id = uniqueId(`opt-${opt.name}`);
      const helpId = `${id}-help`;
      const errId = `${id}-err`;
      const el = control(opt, id, `${helpId} ${errId}`);
      const err = h('p.field-error', { id: errId });
      const field = { opt, el, err, edited: false };
      el.addEventListener('input', () => { field.edited = true; });
      el.addEventListener('change', () => { field.edited = true; followDefaults(opt.name, el.value); });
      fields.push(field);
      const help = h('p.help', { id: helpId }, opt.help + range(opt));
      list.append(opt.type === 'bool'
        ? h('div.field.check', { dataset: { option: opt.name } }, el, h('label.label', { for: id }, opt.label), help, err)
        : h('div.field', { dataset: { option: opt.name } }, h('label.label', { for: id }, opt.label), el, help, err));
    }
    // An option whose default follows another's choice (default_by) shows
    // that choice's default until the host edits it, and is sent only then:
    // left out, the server applies the same rule.
    function followDefaults(name, choice) {
      for (const f of fields) {
        if (f.edited || f.opt.default_by?.option !== name) continue;
        const value = f.opt.default_by.defaults?.[choice] ?? f.opt.default;
        if (f.opt.type === 'bool') f.el.checked = !!value; else f.el.value = String(value);
      }
    }
    const privId = uniqueId('private');
    const priv = h('input.checkbox', { id: privId, type: 'checkbox', name: 'private', 'aria-describedby': `${privId}-help` });
    list.append(h('div.field.check', { dataset: { option: 'private' } }, priv,
      h('label.label', { for: privId }, 'Private room'),
      h('p.help', { id: `${privId}-help` }, 'Not listed under open rooms; only people with the link or code can join.')));

    const submit = h('button.btn.primary', { type: 'submit' }, 'Create room');
    // The server's refusal, by the button: a notice would sit behind the dialog.
    const refusal = h('p.field-error.form-refusal', { role: 'alert', id: uniqueId('create-refusal') });
    submit.setAttribute('aria-describedby', refusal.id);
    const form = h('form.create-form', {
      novalidate: true,
      onsubmit: async (e) => {
        e.preventDefault();
        const options = {};
        let first = null;
        for (const { opt, el, err, edited } of fields) {
          const r = read(opt, el);
          err.textContent = r.problem || '';
          el.setAttribute('aria-invalid', r.problem ? 'true' : 'false');
          if (r.problem) first = first || el;
          // Only what differs from the default: the room shows the rest.
          else if (opt.default_by ? edited : r.value !== opt.default) options[opt.name] = r.value;
        }
        refusal.textContent = '';
        if (first) { first.focus(); return; }
        const reply = await app.create({ game: game.id, options, private: priv.checked }, submit,
          (sentence) => { refusal.textContent = sentence; });
        if (reply) {
          dialog.onclose = null; // focus goes to the room's heading instead
          dialog.close();
        }
      },
    },
    title,
    h('p.lede.small', {}, game.summary),
    leaving ? h('p.leaving-note', { role: 'note' }, leaving) : null,
    list,
    h('div.row.end.sticky-actions', {},
      refusal,
      h('button.btn', { type: 'button', onclick: () => dialog.close() }, 'Cancel'),
      submit));
    dialog.replaceChildren(form);
    dialog.onclose = () => opener?.focus();
    dialog.showModal();
    const firstInput = form.querySelector('input, select');
    firstInput?.focus();
  }

  return { open };
}

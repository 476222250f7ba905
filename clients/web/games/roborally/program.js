// program.js: the hand and the five registers of this turn. Click a card to
// put it in the next empty register (or the register picked), click a
// register to pick it and again to clear it, drag cards between hand and
// registers to place or reorder; keys 1-9 place a card, Backspace clears
// the last one, Enter locks the program in. Locked registers show their
// card and cannot change. Near the deadline the program is sent as a draft
// (so a missed deadline fills only the empty registers); "Lock in program"
// locks it in. In RoboBall each register has a hitch declaration under it
// (none, hitch, unhitch: what the robot declares at the end of that
// register phase), cycled by a click or the keys Q W E R T, sent with the
// program as `hitches`.

import { button, el } from '../dom.js';
import { BEAMS, DRAFTS, KINDS, cardIcon, cardKind, cardName } from './cards.js';

// A draft goes to the server only in the last seconds before the deadline
// (so that a missed deadline fills only the empty registers), not on every
// click: each draft is an input every player's log shows. The rule and its
// timing are protocol/PROTOCOL.md's (RoboRally, "Drafts"); the numbers come
// from data/roborally/tables.json.
const { delay_ms: DRAFT_DELAY_MS, window_ms: DRAFT_WINDOW_MS, margin_ms: DRAFT_MARGIN_MS } = DRAFTS;
// The main laser's beam that needs no option card: the default, never sent.
const PLAIN_BEAM = BEAMS[0].id;

const HITCH_KEYS = ['q', 'w', 'e', 'r', 't'];
const HITCH_NEXT = new Map([[null, 'hitch'], ['hitch', 'unhitch'], ['unhitch', null]]);
// A soft hyphen: in a narrow register column "Unhitch" breaks as "Un-hitch".
const HITCH_LABEL = { hitch: 'Hitch', unhitch: 'Un\u00adhitch' };
const HITCH_WORDS = { hitch: 'hitch the ball', unhitch: 'unhitch', null: 'no hitch declaration' };

function cardFace(card) {
  const kind = cardKind(card);
  return [cardIcon(kind), el('span', { class: 'rally-card-name' }, KINDS[kind].short), el('span', { class: 'rally-card-priority' }, String(card))];
}

export function createProgrammer({ send, announce, explain = () => {}, touch = () => false }) {
  let turn = null;
  let regs = [null, null, null, null, null];
  let hitches = [null, null, null, null, null];
  let ballMode = false;
  let locked = [false, false, false, false, false];
  let hand = [];
  let submitted = false;
  let picked = -1;
  let powerDown = false;
  let beam = PLAIN_BEAM;
  let beamChoices = [];
  let damage = 0;
  let endsAt = null;
  let draftTimer = null;
  let windowTimer = null;
  let sentDraft = '';
  let sending = false;

  const title = el('h3', { class: 'rally-program-title' }, 'Your program');
  const regRow = el('ol', { class: 'rally-registers', 'aria-label': 'Registers 1 to 5' });
  const hitchRow = el('ol', { class: 'rally-hitches-row', 'aria-label': 'Hitch declarations at the end of registers 1 to 5' });
  const hitchLegend = el('p', { class: 'help rally-hitches-legend', 'aria-hidden': 'true' },
    `At the end of each register: hitch the ball, unhitch, or nothing (${touch() ? 'tap' : 'click, or keys Q W E R T'})`);
  const handRow = el('ul', { class: 'rally-hand', 'aria-label': 'Your hand' });
  const note = el('p', { class: 'help rally-program-note' });
  const clearBtn = button('Clear', { class: 'small', onclick: () => clearAll() });
  const submitBtn = button('Lock in program', { class: 'primary rally-submit', onclick: () => submit() });
  const downBox = el('input', { type: 'checkbox', id: 'rally-power-down', onchange: () => { powerDown = downBox.checked; changed(); } });
  const downLabel = el('label', { class: 'rally-check', for: 'rally-power-down' }, downBox, ' Power down next turn (repairs all damage; no cards)');
  const beamSelect = el('select', { id: 'rally-beam', onchange: () => { beam = beamSelect.value; changed(); } });
  const beamLabel = el('label', { class: 'rally-beam-choice', for: 'rally-beam' }, 'Main laser: ', beamSelect);
  // Focusable, so the keys work after a click anywhere on it.
  const element = el('section', { class: 'rally-program', tabindex: '-1', 'aria-labelledby': 'rally-program-title' },
    title, regRow, hitchLegend, hitchRow, handRow, el('div', { class: 'rally-program-actions' }, clearBtn, submitBtn), downLabel, beamLabel, note);
  title.id = 'rally-program-title';

  const unlocked = () => regs.map((_, i) => i).filter((i) => !locked[i]);
  const usedIn = (card) => regs.findIndex((c, i) => !locked[i] && c === card);
  const complete = () => unlocked().every((i) => regs[i] !== null);

  function changed() {
    render();
    if (submitted) return;
    clearTimeout(draftTimer);
    draftTimer = setTimeout(sendDraft, DRAFT_DELAY_MS);
  }

  /** Sends the draft once the deadline is near, if it holds news. */
  function armWindow() {
    clearTimeout(windowTimer);
    windowTimer = null;
    if (submitted || !endsAt) return;
    const wait = endsAt - DRAFT_WINDOW_MS - Date.now();
    windowTimer = setTimeout(sendDraft, Math.max(0, wait));
  }

  function action(submit) {
    const a = { kind: 'program', turn, registers: regs.map((c, i) => (locked[i] ? null : c)), submit, power_down: powerDown };
    if (beam !== PLAIN_BEAM) a.beam = beam;
    if (ballMode) a.hitches = hitches.slice();
    return a;
  }

  async function sendDraft() {
    draftTimer = null;
    if (submitted || turn === null || !endsAt) return;
    const left = endsAt - Date.now();
    if (left < DRAFT_MARGIN_MS || left > DRAFT_WINDOW_MS) return;
    const draft = action(false);
    const key = JSON.stringify(draft);
    if (key === sentDraft || draft.registers.every((c) => c === null)) return;
    sentDraft = key;
    try { await send(draft); } catch { /* the frame said why */ }
  }

  async function submit() {
    if (submitted || sending || !complete()) return;
    clearTimeout(draftTimer);
    draftTimer = null;
    sending = true;
    render();
    const sentFor = turn;
    try {
      await send(action(true));
      // The reply may already have dealt the next turn: only this turn's
      // program is locked in.
      if (turn === sentFor) submitted = true;
      announce('Program locked in.');
    } catch {
      // refused: the frame showed why; the program stays editable
    } finally {
      sending = false;
      render();
    }
  }

  function place(card, at = -1) {
    if (submitted) return;
    const from = usedIn(card);
    let target = at >= 0 ? at : picked >= 0 && !locked[picked] ? picked : unlocked().find((i) => regs[i] === null);
    if (target === undefined || target < 0 || locked[target]) return;
    if (from >= 0) regs[from] = regs[target];
    regs[target] = card;
    picked = -1;
    announce(`${cardName(card)} in register ${target + 1}.`);
    changed();
  }

  function clearRegister(i) {
    if (submitted || locked[i] || regs[i] === null) return;
    regs[i] = null;
    announce(`Register ${i + 1} cleared.`);
    changed();
  }

  function clearAll() {
    if (submitted) return;
    for (const i of unlocked()) regs[i] = null;
    picked = -1;
    changed();
  }

  function cycleHitch(i) {
    if (submitted || locked[i] || !ballMode) return;
    hitches[i] = HITCH_NEXT.get(hitches[i]);
    announce(`End of register ${i + 1}: ${HITCH_WORDS[hitches[i]]}.`);
    changed();
  }

  function swap(a, b) {
    if (submitted || locked[a] || locked[b]) return;
    [regs[a], regs[b]] = [regs[b], regs[a]];
    changed();
  }

  // ---- drag and drop: "card:<n>" from the hand, "reg:<i>" from a register ----

  function draggable(node, payload) {
    node.draggable = !submitted;
    node.addEventListener('dragstart', (e) => { e.dataTransfer.setData('text/plain', payload); e.dataTransfer.effectAllowed = 'move'; });
  }

  function dropTarget(node, onDrop) {
    node.addEventListener('dragover', (e) => { if (!submitted) { e.preventDefault(); node.dataset.over = 'true'; } });
    node.addEventListener('dragleave', () => { delete node.dataset.over; });
    node.addEventListener('drop', (e) => {
      e.preventDefault();
      delete node.dataset.over;
      onDrop(e.dataTransfer.getData('text/plain'));
    });
  }

  function onRegisterDrop(i, payload) {
    const [what, value] = payload.split(':');
    if (what === 'card') place(Number(value), i);
    else if (what === 'reg') swap(Number(value), i);
  }

  dropTarget(handRow, (payload) => {
    const [what, value] = payload.split(':');
    if (what === 'reg') clearRegister(Number(value));
  });

  let drawn = '';

  function render() {
    // Rebuild the buttons only when what they show changed: a state that
    // changes nothing here (another player's program) must not replace a
    // button between the press and the release of a click.
    const key = JSON.stringify([regs, locked, hand, submitted, sending, picked, powerDown, damage, beam, beamChoices, ballMode, hitches]);
    if (key === drawn) return;
    drawn = key;
    regRow.replaceChildren(...regs.map((card, i) => {
      const label = locked[i] ? `Register ${i + 1}, locked: ${card ? cardName(card) : 'a card from the deck'}`
        : card ? `Register ${i + 1}: ${cardName(card)}${submitted ? '' : ' (click to clear)'}` : `Register ${i + 1}: empty${picked === i ? ', picked' : ''}`;
      const b = el('button', {
        type: 'button', class: 'rally-register', 'data-register': i + 1, 'data-locked': String(locked[i]), 'data-picked': String(picked === i),
        'data-filled': String(card !== null), 'aria-label': label, disabled: submitted && !locked[i] ? true : null,
        onclick: () => {
          if (locked[i] || submitted) return;
          if (card !== null) clearRegister(i);
          else { picked = picked === i ? -1 : i; render(); }
        },
      }, el('span', { class: 'rally-register-number' }, String(i + 1)), card ? cardFace(card) : el('span', { class: 'rally-register-empty' }, '—'),
      locked[i] ? el('span', { class: 'rally-lock', 'aria-hidden': 'true' }, '🔒') : null);
      if (card !== null && !locked[i]) draggable(b, `reg:${i}`);
      if (!locked[i]) dropTarget(b, (p) => onRegisterDrop(i, p));
      return el('li', {}, b);
    }));
    hitchRow.hidden = hitchLegend.hidden = !ballMode;
    hitchRow.replaceChildren(...(ballMode ? hitches : []).map((h, i) => el('li', {}, el('button', {
      type: 'button', class: 'rally-hitch', 'data-register': i + 1, 'data-hitch': h ?? 'none', 'data-locked': String(locked[i]),
      disabled: submitted || locked[i] ? true : null,
      'aria-label': `End of register ${i + 1}: ${HITCH_WORDS[h]}${locked[i] ? ' (locked)' : submitted ? '' : ` (key ${HITCH_KEYS[i].toUpperCase()} changes it)`}`,
      onclick: () => cycleHitch(i),
    }, el('span', { class: 'rally-hitch-word' }, h ? HITCH_LABEL[h] : '—'),
    el('span', { class: 'rally-card-key', 'aria-hidden': 'true' }, HITCH_KEYS[i].toUpperCase())))));
    handRow.replaceChildren(...hand.map((card, k) => {
      const at = usedIn(card);
      const b = el('button', {
        type: 'button', class: 'rally-card', 'data-card': card, 'data-used': String(at >= 0), disabled: submitted ? true : null,
        'aria-label': `${cardName(card)}${at >= 0 ? `, in register ${at + 1}` : ''} (key ${k + 1})`,
        onclick: () => (at >= 0 ? clearRegister(at) : place(card)),
      }, ...cardFace(card), el('span', { class: 'rally-card-key', 'aria-hidden': 'true' }, String(k + 1)));
      draggable(b, `card:${card}`);
      return el('li', {}, b);
    }));
    const empty = unlocked().filter((i) => regs[i] === null).length;
    submitBtn.disabled = submitted || sending || empty > 0;
    clearBtn.disabled = submitted || unlocked().every((i) => regs[i] === null);
    downBox.checked = powerDown;
    downBox.disabled = submitted || damage === 0;
    downLabel.hidden = damage === 0 && !powerDown;
    beamLabel.hidden = beamChoices.length < 2; // the plain beam alone: nothing to choose
    beamSelect.disabled = submitted;
    if (submitted) note.textContent = 'Program locked in. The registers run once every program is in.';
    else if (empty) note.textContent = `${empty} register${empty > 1 ? 's' : ''} to fill. Empty registers are filled at random when time runs out.`;
    else note.textContent = 'Ready: lock it in, or change it while the time lasts.';
  }

  return {
    element,
    /** The view's own robot and turn; endsAt is the deadline on this clock. */
    update(view, me, deadlineEndsAt) {
      endsAt = deadlineEndsAt;
      damage = me.damage;
      const newTurn = view.turn !== turn;
      locked = [0, 1, 2, 3, 4].map((i) => i >= 5 - me.locked);
      hand = me.cards || [];
      // The beams this robot may fire: those needing no option card, and those whose card it holds.
      beamChoices = BEAMS.filter((b) => !b.option || (me.options || []).includes(b.option));
      ballMode = view.mode === 'roboball';
      if (newTurn || me.programmed) {
        turn = view.turn;
        regs = (me.program || [null, null, null, null, null]).slice();
        hitches = (me.hitches || [null, null, null, null, null]).slice();
        submitted = !!me.programmed;
        powerDown = !!me.announce;
        beam = me.beam || PLAIN_BEAM;
        picked = -1;
        if (newTurn) sentDraft = '';
        clearTimeout(draftTimer);
        draftTimer = null;
      }
      armWindow();
      // A card no longer in the hand cannot stay in a register.
      regs = regs.map((c, i) => (locked[i] || c === null || hand.includes(c) ? c : null));
      beamSelect.replaceChildren(...beamChoices.map((b) => el('option', { value: b.id }, b.label)));
      beamSelect.value = beam;
      title.textContent = `Your program, turn ${view.turn}`;
      render();
    },
    /** For the hints: is the program full, and the buttons to press next. */
    hintTargets() {
      const full = complete();
      const cards = [...handRow.querySelectorAll('.rally-card[data-used="false"]')];
      return { submitted, full, next: submitted ? [] : full ? [submitBtn] : cards };
    },
    key(e) {
      if (submitted) return false;
      const h = HITCH_KEYS.indexOf(e.key.toLowerCase());
      if (ballMode && h >= 0 && !e.ctrlKey && !e.metaKey && !e.altKey) {
        if (locked[h]) return false;
        cycleHitch(h);
        return true;
      }
      // A key that cannot act says why, in the terminal's words.
      if (/^[1-9]$/.test(e.key)) {
        const card = hand[Number(e.key) - 1];
        if (!hand.length) {
          explain('No cards this turn: every register is locked. Enter locks the program in.', regRow);
          return true;
        }
        if (card === undefined) {
          explain(`Your hand has ${hand.length} card${hand.length === 1 ? '' : 's'}: pick 1 to ${hand.length}.`, handRow);
          return true;
        }
        const at = usedIn(card);
        if (at >= 0) clearRegister(at);
        else if (complete()) explain('Every register is full: Backspace takes the last card back.', regRow);
        else place(card);
        return true;
      }
      if (e.key === 'Backspace') {
        const filled = unlocked().filter((i) => regs[i] !== null);
        if (!filled.length) {
          explain('No register to clear.', regRow);
          return true;
        }
        clearRegister(filled[filled.length - 1]);
        return true;
      }
      if (e.key === 'Enter') {
        const empty = unlocked().filter((i) => regs[i] === null).length;
        if (empty) explain(`Fill ${empty} more register${empty === 1 ? '' : 's'} before locking the program in.`, regRow);
        else submit();
        return true;
      }
      return false;
    },
    destroy() { clearTimeout(draftTimer); clearTimeout(windowTimer); },
  };
}

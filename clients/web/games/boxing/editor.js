// editor.js: the layout editor. Nine slot buttons in the robot's own 3×3
// shape; the selected slot gets a part (laser or engine; the booster too
// with the free-centre option) and a letter (taking a letter from another
// slot swaps the two, so every letter is always used once). It starts from
// a random layout, so a player in a hurry still has a secret one.

import { svg } from '../kit.js';
import { ARROW, CENTRE, LETTERS, SLOT_WORDS } from './geometry.js';
import { layoutAction, layoutPowers, layoutProblems, placeLetter, randomLayout, setPart } from './layout.js';
import { legend, slotArt, slotWords } from './robot-art.js';
import { button, el } from '../dom.js';
import { setToggle } from './dom.js';

const PARTS = [['laser', 'Laser'], ['engine', 'Engine'], ['booster', 'Booster']];

function powersWords(p) {
  const drive = p.directions.length
    ? `Drives ${p.directions.map((d) => `${ARROW[d]} ${d}`).join(', ')}: up to ${p.steps} steps, ${p.steps_boosted} with the booster.`
    : 'No engine faces a direction: it cannot move.';
  const guns = Object.entries(p.guns);
  const shoot = guns.length
    ? `Shoots ${guns.map(([, d]) => `${ARROW[d]} ${d}`).join(', ')}: reach ${p.reach}, ${p.reach_boosted} with the booster.`
    : 'No laser faces a direction: it cannot shoot.';
  return [drive, shoot];
}

export function createEditor({ freeCentre, send }) {
  let model = randomLayout();
  let selected = 1;
  let busy = false;

  const slots = el('div', { class: 'bx-slots', role: 'group', 'aria-label': 'Your robot’s nine slots; north is up' });
  const slotButtons = Array.from({ length: 9 }, (_, slot) => {
    const b = el('button', { type: 'button', class: 'bx-slot-btn', 'data-slot': slot, onclick: () => select(slot, true) });
    slots.append(b);
    return b;
  });

  const selectedName = el('p', { class: 'bx-selected-name', id: 'bx-selected-name' });
  const partButtons = PARTS.filter(([part]) => part !== 'booster' || freeCentre).map(([part, text]) => {
    const b = button(text, { class: `small bx-part-btn bx-part-${part}`, 'data-part': part, onclick: () => choosePart(part) });
    return b;
  });
  const letterButtons = [...LETTERS].map((letter) => button(letter, {
    class: 'small bx-letter-btn', 'data-letter': letter, 'aria-label': `Letter ${letter}`,
    onclick: () => chooseLetter(letter),
  }));
  const selectedText = el('span');
  const centreNote = el('span', { class: 'bx-centre-note' });
  selectedName.append(selectedText, centreNote);
  const tools = el('div', { class: 'bx-slot-tools' },
    selectedName,
    el('div', { class: 'bx-tool-row' }, el('span', { class: 'bx-tool-label', id: 'bx-part-label' }, 'Part'),
      el('div', { class: 'bx-seg', role: 'group', 'aria-labelledby': 'bx-part-label' }, partButtons)),
    el('div', { class: 'bx-tool-row' }, el('span', { class: 'bx-tool-label', id: 'bx-letter-label' }, 'Letter'),
      el('div', { class: 'bx-letters', role: 'group', 'aria-labelledby': 'bx-letter-label' }, letterButtons)));

  const startHint = el('p', { class: 'help bx-start-hint' });
  const powers = el('ul', { class: 'bx-powers' });
  const problem = el('p', { class: 'bx-problem', role: 'status' });
  const randomBtn = button('Random layout', { class: 'bx-random', onclick: () => { model = randomLayout(); render(); } });
  const lockBtn = button('Lock in layout', { class: 'primary bx-lock', onclick: lockIn });

  const element = el('section', { class: 'bx-editor', 'aria-labelledby': 'bx-editor-title', tabindex: '-1' },
    el('h3', { id: 'bx-editor-title' }, 'Lay out your robot'),
    el('p', { class: 'help' },
      'Secret until the fight ends. Each side slot acts in its own direction: a laser there shoots that way, an engine drives that way. ',
      freeCentre ? 'Any part may take the centre.' : 'The booster sits in the centre.'),
    startHint,
    el('div', { class: 'bx-editor-body' }, slots, tools),
    legend(),
    powers,
    problem,
    el('p', { class: 'help bx-keys keys-help' }, 'Keys: arrows pick a slot, a–i put a letter on it, L switches laser and engine.'),
    el('div', { class: 'row' }, randomBtn, lockBtn));

  function render() {
    const active = document.activeElement;
    paint();
    // Buttons go disabled while the layout is sent: keep the keyboard here.
    if (active && active.disabled && element.contains(active)) element.focus({ preventScroll: true });
  }

  function paint() {
    slotButtons.forEach((b, slot) => {
      const cell = { letter: model.letters[slot], part: model.parts[slot], selected: slot === selected };
      b.replaceChildren(svg('svg', { viewBox: '0 0 100 100', 'aria-hidden': 'true', focusable: 'false' }, slotArt(slot, cell)));
      b.setAttribute('aria-label', `Slot ${slotWords(slot, cell)}`);
      b.setAttribute('aria-pressed', String(slot === selected));
      b.dataset.letter = model.letters[slot];
      b.dataset.part = model.parts[slot];
      b.tabIndex = slot === selected ? 0 : -1;
      b.disabled = busy;
    });
    selectedText.textContent = `Selected: ${SLOT_WORDS[selected]} slot`;
    const fixedCentre = !freeCentre && selected === CENTRE;
    for (const b of partButtons) {
      setToggle(b, { pressed: model.parts[selected] === b.dataset.part, disabled: busy || fixedCentre || (!freeCentre && b.dataset.part === 'booster') });
    }
    centreNote.textContent = fixedCentre ? ': the booster always sits here.' : selected === CENTRE ? ': a part here faces no direction, it adds power only.' : '';
    for (const b of letterButtons) setToggle(b, { pressed: model.letters[selected] === b.dataset.letter, disabled: busy });
    powers.replaceChildren(...powersWords(layoutPowers(model)).map((t) => el('li', {}, t)));
    const problems = layoutProblems(model, freeCentre);
    problem.textContent = problems.length ? problems[0] : '✓ Ready to lock in.';
    problem.dataset.ok = String(!problems.length);
    lockBtn.disabled = busy || problems.length > 0;
    randomBtn.disabled = busy;
  }

  function select(slot, focus) {
    selected = slot;
    render();
    if (focus) slotButtons[slot].focus();
  }

  function choosePart(part) {
    model = setPart(model, selected, part);
    render();
  }

  function chooseLetter(letter) {
    model = placeLetter(model, selected, letter);
    render();
  }

  async function lockIn() {
    if (busy || layoutProblems(model, freeCentre).length) return;
    busy = true;
    render();
    try {
      await send(layoutAction(model));
    } catch {
      // refused: the frame shows the server's sentence; the player may fix it
    } finally {
      busy = false;
      render();
    }
  }

  /** Keys while the editor shows: arrows move, a–i place, L toggles. */
  function key(e) {
    const moves = { ArrowUp: -3, ArrowDown: 3, ArrowLeft: -1, ArrowRight: 1 };
    if (e.key in moves) {
      const d = moves[e.key];
      const col = selected % 3;
      if ((d === -1 && col === 0) || (d === 1 && col === 2) || selected + d < 0 || selected + d > 8) return true;
      select(selected + d, slots.contains(document.activeElement));
      return true;
    }
    if (e.ctrlKey || e.metaKey || e.altKey || busy) return false;
    const k = e.key.toLowerCase();
    if (k.length === 1 && LETTERS.includes(k)) { chooseLetter(k); return true; }
    if (k === 'l') {
      if (!freeCentre && selected === CENTRE) return true;
      choosePart(model.parts[selected] === 'laser' ? 'engine' : 'laser');
      return true;
    }
    return false;
  }

  render();
  return {
    element,
    key,
    get model() { return model; },
    /** Where the robots start, said in words: it matters for the layout. */
    setHint(text) { startHint.textContent = text; },
  };
}

// table-hints.js: first-game hints at the table. The first time a player
// plays a game (remembered in the browser) the frame shows, under the turn
// bar, one line on what to do now, marks the choices the game's renderer
// says are legal, and explains a refused action in a bubble next to the
// control that made it. Hints can be turned off and on again per game.
// The words and the choices come from the renderer's optional
// `hint(snap)` (contract in games/README.md); this module only shows them.

import { h } from '../dom.js';
import { storage } from '../storage.js';

const CALLOUT_MS = 8000;

/** Are hints on for `game`: as set, or until a first game of it ends. */
export function hintsOn(game) {
  const set = storage.hints(game);
  return set ? set === 'on' : !storage.played(game);
}

/**
 * slot: the element around the renderer's board. ask(): the renderer's
 * hint for now ({text, highlight} or null), or undefined when it has none.
 * covered(): how far down the window sticky bars hide the page (px).
 */
export function createHints({ slot, ask, game, covered = () => 0 }) {
  const text = h('span.hint-text', { id: 'hint-text' });
  const off = h('button.btn.small.quiet.hint-off', { type: 'button', dataset: { key: 'hints-off' }, 'aria-label': 'Hide hints' }, 'Hide');
  const bar = h('div.hint-bar', { id: 'hint-bar', role: 'status', hidden: true },
    h('span.hint-icon', { 'aria-hidden': 'true' }, '?'), text, off);
  const toggle = h('button.btn.small.quiet.hint-toggle', { type: 'button', id: 'hint-toggle', hidden: true });

  let highlighted = new Set();
  let queued = null;
  let callout = null;
  let calloutTimer = null;
  let last = null; // {element, box}: where the player last clicked or typed in the table

  function on() {
    const id = game();
    return !!id && hintsOn(id);
  }

  function set(value) {
    const id = game();
    if (!id) return;
    storage.setHints(id, value ? 'on' : 'off');
    refresh();
  }
  off.addEventListener('click', () => { set(false); toggle.focus({ preventScroll: true }); });
  toggle.addEventListener('click', () => set(!on()));

  function highlight(elements) {
    const next = new Set([...(elements || [])].filter((e) => e instanceof Element && slot.contains(e)));
    for (const e of highlighted) if (!next.has(e)) e.removeAttribute('data-hint');
    for (const e of next) e.setAttribute('data-hint', 'true');
    highlighted = next;
  }

  /** Asks the renderer again and shows what it says (or nothing). */
  function refresh() {
    clearTimeout(queued);
    queued = null;
    let hint;
    try { hint = ask(); } catch (e) { console.error(e); hint = null; }
    const offered = hint !== undefined;
    const showing = offered && on();
    toggle.hidden = !offered;
    toggle.textContent = showing ? 'Hints: on' : 'Hints: off';
    toggle.setAttribute('aria-pressed', String(showing));
    const shown = showing && hint && hint.text ? hint : null;
    bar.hidden = !shown;
    if (text.textContent !== (shown?.text || '')) text.textContent = shown?.text || '';
    highlight(shown ? shown.highlight : null);
    slot.dataset.hints = String(showing);
    if (!on()) dismiss();
  }

  /** Soon, once: the board may still be redrawing. */
  function later() {
    if (queued === null) queued = setTimeout(refresh, 40);
  }

  // The renderer redraws parts of the board on its own (a click selects a
  // robot, an animation ends): look again whenever its elements change.
  const watcher = new MutationObserver(later);
  watcher.observe(slot, { childList: true, subtree: true });

  function remember(target) {
    const element = target instanceof Element
      ? target.closest('button, [role="button"], input, select, textarea, [tabindex]') || target : null;
    if (!element || !slot.contains(element) || element === slot) return;
    last = { element, box: boxIn(element) };
  }
  slot.addEventListener('pointerdown', (e) => { remember(e.target); if (callout && !callout.contains(e.target)) dismiss(); }, true);
  slot.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') dismiss();
    remember(document.activeElement);
  }, true);
  slot.addEventListener('click', later);
  slot.addEventListener('keyup', later);
  // Placed for the window it was shown in: a turned phone or a resized
  // window would leave it pointing at nothing, or sticking out.
  window.addEventListener('resize', () => dismiss());

  /** An element's box relative to the slot. */
  function boxIn(element) {
    const r = element.getBoundingClientRect();
    const s = slot.getBoundingClientRect();
    return { left: r.left - s.left, top: r.top - s.top, width: r.width, height: r.height };
  }

  function dismiss() {
    clearTimeout(calloutTimer);
    callout?.remove();
    callout = null;
  }

  /**
   * Where a bubble about `anchor` may go across: over the board it stays
   * over the board (a piece's refusal never covers the panels beside it);
   * anything else, the table's width.
   */
  function columnOf(anchor) {
    const board = anchor instanceof SVGElement ? (anchor.ownerSVGElement ? outermostSvg(anchor) : anchor) : null;
    if (!board || !board.isConnected) return { left: 0, right: slot.clientWidth };
    const b = boxIn(board);
    return { left: Math.max(0, b.left), right: Math.min(slot.clientWidth, b.left + b.width) };
  }

  function outermostSvg(node) {
    let svgEl = node.ownerSVGElement;
    while (svgEl?.ownerSVGElement) svgEl = svgEl.ownerSVGElement;
    return svgEl || node;
  }

  /** Shows `words` in a bubble by `anchor` (or where the player acted). */
  function explain(words, anchor = null) {
    dismiss();
    const by = anchor instanceof Element && anchor.isConnected && slot.contains(anchor) ? anchor
      : last && last.element.isConnected ? last.element : null;
    const box = by ? boxIn(by) : last?.box || null;
    callout = h('div.hint-callout', { role: 'alert' },
      h('span.hint-callout-text', {}, words),
      h('button.hint-callout-close', { type: 'button', 'aria-label': 'Dismiss' }, '×'));
    callout.lastChild.addEventListener('click', dismiss);
    slot.append(callout);
    const column = columnOf(by);
    const room = column.right - column.left;
    if (room < 200) Object.assign(column, { left: 0, right: slot.clientWidth });
    callout.style.maxWidth = `${Math.min(340, column.right - column.left - 16)}px`;
    const cw = callout.offsetWidth;
    const ch = callout.offsetHeight;
    const centre = box ? box.left + box.width / 2 : (column.left + column.right) / 2;
    const left = Math.max(column.left + 8, Math.min(column.right - cw - 8, centre - cw / 2));
    // The part of the table the player sees, in the table's coordinates:
    // under the sticky bars, above the window's bottom.
    const s = slot.getBoundingClientRect();
    const seenTop = Math.max(0, covered() - s.top + 8);
    const seenBottom = Math.min(slot.clientHeight, window.innerHeight - s.top - 8);
    // Below the control, or above it when the table or the window ends
    // first; over a large area (the board itself), inside it near the top
    // of what shows of it. Always within what shows.
    let side = 'below';
    let top = box ? box.top + box.height + 10 : seenTop;
    if (box && box.height > 160) {
      side = 'inside';
      top = Math.max(box.top, seenTop) + 12;
    } else if (box && top + ch > Math.min(slot.clientHeight, seenBottom) && box.top - ch - 10 >= seenTop) {
      side = 'above';
      top = box.top - ch - 10;
    }
    if (top + ch > seenBottom || top < seenTop) side = 'inside';
    top = Math.max(seenTop, Math.min(seenBottom - ch, top));
    callout.style.left = `${left}px`;
    callout.style.top = `${top}px`;
    callout.style.setProperty('--hint-arrow', `${Math.max(12, Math.min(cw - 12, centre - left))}px`);
    callout.dataset.side = box ? side : 'inside';
    calloutTimer = setTimeout(dismiss, CALLOUT_MS + words.length * 30);
    return callout;
  }

  return {
    bar,
    toggle,
    on,
    refresh,
    later,
    explain,
    /** The table changed room: nothing of the old one stays. */
    reset() {
      dismiss();
      highlight(null);
      last = null;
      bar.hidden = true;
      text.textContent = '';
    },
  };
}

// The renderer for "testgame" (count to 21), used by the browser tests
// only: the e2e harness copies it to games/testgame/renderer.js of a
// temporary web root. It is also the worked example of the renderer
// contract in clients/web/games/README.md.

import { svg, seatMark } from '../kit.js';

const CELL = 26;

export function createRenderer(table) {
  const root = table.element;
  const board = svg('svg', { class: 'count-board', role: 'img', 'aria-labelledby': 'count-title' });
  board.style.cssText = 'width: 100%; max-width: 560px; height: auto; margin-bottom: 8px;';
  const title = svg('title', { id: 'count-title' });
  const info = document.createElement('p');
  info.className = 'count-info';
  const buttons = document.createElement('div');
  buttons.className = 'row count-buttons';
  buttons.setAttribute('role', 'group');
  buttons.setAttribute('aria-label', 'How much to add');
  const adders = [1, 2, 3].map((n) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'btn primary';
    b.textContent = `+${n}`;
    b.dataset.add = String(n);
    b.setAttribute('aria-label', `Add ${n}`);
    b.addEventListener('click', () => add(n));
    buttons.append(b);
    return b;
  });
  const keys = document.createElement('p');
  keys.className = 'help';
  keys.textContent = 'Keys: 1, 2 or 3 add that much when the table has focus.';
  root.append(board, info, buttons, keys);

  let snap = null;
  let lastAdded = null; // {seat, from, to} of the newest move, to highlight it

  async function add(n) {
    try {
      await table.act({ kind: 'add', n });
    } catch {
      // Refused: the frame has shown the server's sentence already.
    }
  }

  function myTurn() {
    return snap && snap.seat >= 0 && snap.view.winner < 0 && snap.view.turn === snap.seat;
  }

  function draw() {
    const { total, target } = snap.view;
    const perRow = Math.min(target, 12);
    const rows = Math.ceil(target / perRow);
    board.replaceChildren(title);
    board.setAttribute('viewBox', `0 0 ${perRow * CELL + 4} ${rows * CELL + 4}`);
    title.textContent = `The count is ${total} of ${target}.`;
    for (let i = 0; i < target; i++) {
      const x = 2 + (i % perRow) * CELL;
      const y = 2 + Math.floor(i / perRow) * CELL;
      const filled = i < total;
      const fresh = lastAdded && i >= lastAdded.from && i < lastAdded.to;
      board.append(svg('rect', {
        x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 5,
        fill: filled ? (fresh ? '#F0E442' : '#2b55c9') : 'none',
        stroke: '#6b7480', 'stroke-width': 1.5,
      }));
      if (fresh && i === lastAdded.to - 1) board.append(seatMark(lastAdded.seat, { x: x + CELL / 2, y: y + CELL / 2, r: 8 }));
    }
  }

  return {
    update(next) {
      snap = next;
      for (const e of next.events) {
        if (e.kind === 'added') lastAdded = { seat: e.seat, from: e.total - e.n, to: e.total };
      }
      draw();
      const v = next.view;
      const parts = [`Total ${v.total} of ${v.target}.`];
      if (Number.isInteger(v.secret)) parts.push(`Your secret number is ${v.secret}.`);
      if (v.hint !== null && v.hint !== undefined) parts.push(`Hint: add ${v.hint}.`);
      info.textContent = parts.join(' ');
      const can = myTurn();
      for (const b of adders) b.disabled = !can;
      buttons.hidden = next.seat < 0 || v.winner >= 0;
      const added = next.events.find((e) => e.kind === 'added');
      if (added) table.announce(`${table.name(added.seat)} added ${added.n}; the count is ${added.total}.`);
    },
    status(s) {
      if (s.view.winner >= 0) return null;
      return { seats: [s.view.turn], text: s.seat === s.view.turn ? 'add 1, 2 or 3' : `the count is ${s.view.total}` };
    },
    hint(s) {
      if (s.seat < 0) return { text: 'The players take turns adding 1, 2 or 3.' };
      if (s.view.turn !== s.seat) return { text: `${table.name(s.view.turn)} adds next; then it is you.` };
      return {
        text: `Add 1, 2 or 3: whoever brings the count to ${s.view.target} wins.`,
        highlight: adders.filter((b) => !b.disabled),
      };
    },
    ending(s) {
      const w = s.view.winner;
      return {
        why: `${table.name(w)} brought the count to ${s.view.target}.`,
        score: 'Added',
        scoreMeaning: 'Added: how much each player added to the count.',
      };
    },
    describe(e) {
      switch (e.kind) {
        case 'added': return `${table.name(e.seat)} added ${e.n}: the count is ${e.total}`;
        case 'won': return `${table.name(e.seat)} reached the target and wins`;
        case 'timeout': return `${table.name(e.seat)} ran out of time`;
        case 'hint': return `Hint: the best move now is ${e.best}`;
        default: return null;
      }
    },
    key(e) {
      if (!['1', '2', '3'].includes(e.key) || !myTurn()) return false;
      add(Number(e.key));
      return true;
    },
    refused() {
      // Nothing to undo: this renderer never moves anything before the
      // server accepts it.
    },
    destroy() {
      root.replaceChildren();
    },
  };
}

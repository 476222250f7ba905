// sand.js: the sand timer, an hourglass whose sand runs from the top bulb
// to the bottom one while the timer runs, with the seconds left beside it.
// Times are local Date.now() values (renderer.js maps the server's game
// clock to them through the state's deadline).

import { svg } from '../kit.js';
import { el } from '../dom.js';

const TOP = 8, NECK = 45, BOTTOM = 82, LEFT = 10, RIGHT = 50, HALF_NECK = 2;
const slope = (RIGHT - LEFT) / 2 - HALF_NECK; // how much each bulb widens over its height
const bulb = NECK - TOP;

/** x on the glass's left edge at height y. */
function leftAt(y) {
  const fromNeck = Math.abs(NECK - y) / bulb;
  return 30 - HALF_NECK - slope * fromNeck;
}

function sandShapes(left) {
  // sand areas grow with the square of their height in a conical bulb
  const topH = bulb * Math.sqrt(Math.max(0, Math.min(1, left)));
  const y0 = NECK - topH;
  const top = `${leftAt(y0).toFixed(1)},${y0.toFixed(1)} ${(60 - leftAt(y0)).toFixed(1)},${y0.toFixed(1)} ${30 + HALF_NECK},${NECK} ${30 - HALF_NECK},${NECK}`;
  const fallen = 1 - Math.max(0, Math.min(1, left));
  const pileH = bulb * (1 - Math.sqrt(1 - fallen));
  const y1 = BOTTOM - pileH;
  const bottom = `${LEFT},${BOTTOM} ${RIGHT},${BOTTOM} ${(60 - leftAt(y1)).toFixed(1)},${y1.toFixed(1)} ${leftAt(y1).toFixed(1)},${y1.toFixed(1)}`;
  return { top, bottom };
}

export function createSand() {
  const topSand = svg('polygon', { class: 'rr-sand-grains' });
  const bottomSand = svg('polygon', { class: 'rr-sand-grains' });
  const stream = svg('line', { x1: 30, y1: NECK, x2: 30, y2: BOTTOM, class: 'rr-sand-stream' });
  const glass = svg('svg', { viewBox: '0 0 60 90', class: 'rr-sand-glass', 'aria-hidden': 'true', focusable: 'false' },
    svg('rect', { x: 4, y: 2, width: 52, height: 6, rx: 2, class: 'rr-sand-wood' }),
    svg('rect', { x: 4, y: 82, width: 52, height: 6, rx: 2, class: 'rr-sand-wood' }),
    bottomSand, topSand, stream,
    svg('path', { d: `M${LEFT},${TOP} L${RIGHT},${TOP} L${30 + HALF_NECK},${NECK} L${RIGHT},${BOTTOM} L${LEFT},${BOTTOM} L${30 - HALF_NECK},${NECK} Z`, class: 'rr-sand-outline' }));
  const time = el('span', { class: 'rr-sand-time' });
  const words = el('span', { class: 'rr-sand-words' });
  const element = el('div', { class: 'rr-sand', role: 'timer', 'data-running': 'false' }, glass,
    el('span', { class: 'rr-sand-text' }, time, words));
  let run = null;
  let timer = null;

  function paint() {
    const now = Date.now();
    const left = run ? (run.endsAt - now) / Math.max(1, run.endsAt - run.startedAt) : 1;
    const { top, bottom } = sandShapes(run ? left : 1);
    topSand.setAttribute('points', top);
    bottomSand.setAttribute('points', bottom);
    stream.style.visibility = run && left > 0 ? 'visible' : 'hidden';
    if (run) {
      const s = Math.max(0, Math.ceil((run.endsAt - now) / 1000));
      time.textContent = `${s}s`;
      element.setAttribute('aria-label', `Sand timer: ${s} seconds left`);
      element.dataset.urgent = String(s <= 10);
    }
    if (run && left <= 0) clearInterval(timer);
  }

  return {
    element,
    /** run: {startedAt, endsAt} (local ms) or null; text: the words beside it. */
    set(next, text) {
      const same = run && next && run.startedAt === next.startedAt && run.endsAt === next.endsAt;
      words.textContent = text;
      if (same) return;
      run = next;
      element.dataset.running = String(!!run);
      clearInterval(timer);
      if (!run) {
        time.textContent = '';
        element.setAttribute('aria-label', `Sand timer: ${text}`);
        element.dataset.urgent = 'false';
      } else {
        timer = setInterval(paint, 200);
      }
      paint();
    },
    stop() {
      clearInterval(timer);
    },
  };
}

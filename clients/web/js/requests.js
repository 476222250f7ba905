// requests.js: a player asking the host for a bot's seat mid-game. The host
// answers from a notice with two buttons that stays until answered (or the
// request goes away); the asker is told it waits, then the answer.

import { h } from './dom.js';
import { toast } from './toast.js';

const open = new Map(); // player id -> the host's notice

function region() {
  return document.getElementById('toasts');
}

/** The host's side: `sit_request {room, seat, from}`. */
export function showSitRequest(m, run) {
  open.get(m.from.id)?.remove();
  const answer = (verb) => async (e) => {
    const reply = await run(verb, { player: m.from.id }, { button: e.currentTarget });
    if (reply) close();
  };
  const el = h('div.toast.toast-info.sit-request', { role: 'alertdialog', 'aria-label': 'Seat request' },
    h('span.toast-text', {}, `${m.from.name} asks to take over seat ${m.seat + 1} from its bot. ` +
      'They will see that seat’s hidden cards or plans and play it to the end.'),
    h('span.sit-request-buttons', {},
      h('button.primary', { type: 'button', onclick: answer('approve') }, 'Let them'),
      h('button', { type: 'button', onclick: answer('deny') }, 'No')));
  const close = () => { el.remove(); open.delete(m.from.id); };
  open.set(m.from.id, el);
  region().append(el);
}

/** `sit_pending` to the asker, `sit_denied` to both. */
export function showSitAnswer(m, me) {
  if (m.type === 'sit_pending') {
    toast(`Asked the host for seat ${m.seat + 1}; you will sit as soon as they agree.`, 'info');
    return;
  }
  open.get(m.player)?.remove();
  open.delete(m.player);
  if (m.player === me?.id) toast(`The host kept seat ${m.seat + 1} for its bot.`, 'error');
}

/** The room changed hands or ended: requests about it are moot. */
export function clearSitRequests() {
  for (const el of open.values()) el.remove();
  open.clear();
}

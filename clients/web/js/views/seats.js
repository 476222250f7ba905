// seats.js: the room lobby before a game. Seats with who is in them, and
// the moves each person may make from here: sit, stand, add a bot (host),
// kick (host), start (host, only once enough seats are filled).

import { h, fill, plural, rebuild } from '../dom.js';
import { storage } from '../storage.js';
import { seatWho } from './seat-line.js';
import { seatStyle } from '../../games/kit.js';

function optionValue(opt, value) {
  if (opt?.type === 'bool') return value ? 'yes' : 'no';
  if (opt?.name === 'seed' && value === 0) return 'random';
  // "0 follows the rules: 8 chips with 2 players, ...": say that, not 0.
  const byRules = opt?.type === 'int' && value === 0 && /^0 follows the rules: (.+?)\.?$/.exec(opt.help || '');
  if (byRules) return `by the rules: ${byRules[1]}`;
  if (opt?.type === 'choice') return opt.choice_labels?.[opt.choices.indexOf(value)] || String(value);
  return String(value);
}

/**
 * Does the room's game play in teams? The room message gives each seat's
 * team then (the team it would play on, if someone sat there now: the
 * server counts the filled seats ahead of it, as they close up at start).
 */
const playsInTeams = (room) => room.seats.some((seat) => Number.isInteger(seat.team));

function teamTag(team) {
  // The team's colour is its first seat's (as on RoboBall's board).
  const style = { border: `2px solid ${seatStyle(team).color}`, color: 'var(--text)' };
  return h('span.tag.team', { style, title: 'The team this seat plays on' }, `Team ${team + 1}`);
}

function hostName(room) {
  return room.seats.find((s) => s.player && s.player.id === room.host)?.player.name || 'the host';
}

/** What a watcher can do: sit in an empty seat, or, with none, ask. */
function watchingWords(room, host) {
  if (room.seats.some((s) => !s.player && !s.bot)) return 'You are watching. Take an empty seat to play.';
  const bots = room.seats.some((s) => s.bot && !s.player);
  const asker = host === 'the host' ? 'the host' : `the host (${host})`;
  return `Every seat is taken, so you are watching. To play, ask ${asker} in the chat for a seat${bots ? ': they can remove a bot to make one' : ''}. Or stay and watch the game.`;
}

export function createSeatsPanel(app) {
  const { store } = app;
  const meta = h('p.meta', { id: 'seats-meta' });
  const list = h('ul.seat-list', { 'aria-labelledby': 'seats-title' });
  const footer = h('div.start-row');
  const note = h('p.seat-note');
  const options = h('dl.options');
  const element = h('section.panel.seats-panel', { 'aria-labelledby': 'seats-title' },
    h('div.panel-head', {}, h('h2#seats-title', {}, 'Players'), meta),
    note,
    list,
    footer,
    h('details.options-box', {}, h('summary', {}, 'Game options'), options));

  function seatActions(seat, ctx) {
    const { mine, host, lobby } = ctx;
    const acts = [];
    const n = seat.seat;
    const label = `seat ${n + 1}`;
    if (lobby && !seat.player && !seat.bot) {
      if (mine !== n) {
        acts.push(h('button.btn.small', {
          type: 'button', dataset: { key: `sit-${n}` }, 'aria-label': `${mine >= 0 ? 'Move here' : 'Sit here'}: ${label}`,
          onclick: (e) => app.run('sit', { seat: n }, { button: e.currentTarget }),
        }, mine >= 0 ? 'Move here' : 'Sit here'));
      }
      const levels = store.game(store.room.game)?.bot_levels || [];
      if (host && levels.length) {
        const preferred = levels.includes(storage.botLevel) ? storage.botLevel : levels[Math.min(1, levels.length - 1)];
        const select = h('select.input.small', {
          'aria-label': `Bot level for ${label}`, dataset: { key: `level-${n}` },
          onchange: (e) => { storage.botLevel = e.currentTarget.value; },
        }, levels.map((l) => h('option', { value: l, selected: l === preferred }, l)));
        select.value = preferred;
        acts.push(h('span.bot-picker', {}, select, h('button.btn.small', {
          type: 'button', dataset: { key: `bot-${n}` }, 'aria-label': `Add bot to ${label}`,
          onclick: (e) => app.run('bot', { seat: n, level: select.value }, { button: e.currentTarget }),
        }, 'Add bot')));
      }
    }
    if (seat.player && seat.player.id === store.me?.id) {
      acts.push(h('button.btn.small', {
        type: 'button', dataset: { key: `stand-${n}` }, 'aria-label': 'Stand up and watch',
        onclick: (e) => app.run('stand', {}, { button: e.currentTarget }),
      }, 'Stand up'));
    } else if (host && lobby && (seat.player || seat.bot)) {
      const who = seat.player ? seat.player.name : `the bot in ${label}`;
      acts.push(h('button.btn.small.danger', {
        type: 'button', dataset: { key: `kick-${n}` }, 'aria-label': seat.player ? `Kick ${who}` : `Remove ${who}`,
        onclick: (e) => app.run('kick', { seat: n }, { button: e.currentTarget }),
      }, seat.player ? 'Kick' : 'Remove'));
    }
    return acts;
  }

  function render() {
    const room = store.room;
    if (!room) return;
    const mine = store.mySeat();
    const host = store.isHost();
    const lobby = room.status === 'lobby';
    const filled = room.seats.filter((s) => s.player || s.bot).length;
    meta.textContent = `${filled} of ${room.max_players} seats filled${room.spectators ? ` · ${plural(room.spectators, 'watcher')}` : ''}`;
    const teams = playsInTeams(room);
    const teamNote = teams && lobby
      ? 'Teams: the first seat plays on team 1, the next on team 2, and so on round. Empty seats close up when the game starts, and the teams must come out equal.'
      : '';
    note.textContent = [mine < 0 ? watchingWords(room, hostName(room)) : '', teamNote].filter(Boolean).join(' ');
    note.hidden = !note.textContent;
    rebuild(element, () => {
      fill(list, room.seats.map((seat) => h('li.seat', {
        dataset: { seat: String(seat.seat), state: seat.player ? 'player' : seat.bot ? 'bot' : 'empty', mine: String(seat.seat === mine) },
      }, h('span.visually-hidden', {}, `Seat ${seat.seat + 1}`), seatWho(seat, store),
      Number.isInteger(seat.team) ? teamTag(seat.team) : null,
      h('div.seat-actions', {}, seatActions(seat, { mine, host, lobby })))));

      if (host) {
        const enough = filled >= room.min_players;
        const hint = enough
          ? `Ready: ${plural(filled, 'player')}. Empty seats close up when the game starts.`
          : `Needs at least ${plural(room.min_players, 'player')}; ${filled} seated. Invite someone or add a bot.`;
        fill(footer,
          h('button.btn.primary.big', {
            type: 'button', id: 'start-button', dataset: { key: 'start' }, disabled: !enough,
            'aria-describedby': 'start-hint',
            onclick: (e) => app.run('start', {}, { button: e.currentTarget }),
          }, 'Start game'),
          h('p.help', { id: 'start-hint' }, hint));
      } else {
        fill(footer, h('p.waiting', {}, h('span.pulse', { 'aria-hidden': 'true' }), `Waiting for ${hostName(room)} to start the game.`));
      }
    });

    const game = store.game(room.game);
    fill(options, Object.entries(room.options).flatMap(([name, value]) => {
      const opt = game?.options.find((o) => o.name === name);
      return [h('dt', {}, opt?.label || name), h('dd', {}, optionValue(opt, value))];
    }), h('dt', {}, 'Private'), h('dd', {}, room.private ? 'yes (not listed)' : 'no (listed)'));
  }

  return { element, render };
}

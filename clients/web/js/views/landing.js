// landing.js: the front page. Join by code, the games with a line on each,
// "How to play", a one-click quick game against bots and a "create room"
// button, the live list of public rooms (the server pushes it while we
// watch), and the games that ended last, each with its replay.

import { h, fill, plural, rebuild } from '../dom.js';
import { codeFrom, isRoomCode, playerPath, ratingsPath, replayPath, roomPath } from '../router.js';
import { storage } from '../storage.js';
import { createCreateDialog, leavingWords } from './create-dialog.js';
import { confirmDialog } from './confirm.js';
import { hasRules, rulesHref } from '../rules.js';
import { rulesDialog } from './rules-dialog.js';
import { toast } from '../toast.js';

const STATUS_TEXT = { lobby: 'Waiting for players', playing: 'Playing', over: 'Finished' };
const RECENT = 8;

/** A finished game's players by name ("Bot 2 (easy)" when two bots share a level). */
function resultNames(players) {
  return (players || []).map((p) => {
    if (p.name) return p.name;
    if (!p.bot) return `Seat ${p.seat + 1}`;
    const twins = players.filter((x) => !x.name && x.bot === p.bot).length;
    return twins > 1 ? `Bot ${p.seat + 1} (${p.bot})` : `Bot (${p.bot})`;
  });
}

/** "5 minutes ago", "yesterday"... */
function ago(ms) {
  const s = Math.max(0, (Date.now() - ms) / 1000);
  if (s < 60) return 'just now';
  if (s < 3600) return plural(Math.floor(s / 60), 'minute') + ' ago';
  if (s < 86400) return plural(Math.floor(s / 3600), 'hour') + ' ago';
  return plural(Math.floor(s / 86400), 'day') + ' ago';
}

export function createLanding(app) {
  const { store } = app;
  const createDialog = createCreateDialog(app);

  const here = h('div.here', { hidden: true });
  // Your own page: your games, ratings, and the code for another device.
  const mine = h('p.mine-link', { hidden: true }, h('a#my-page', { href: '#/' }, 'Your games and ratings'),
    h('span.muted', {}, ' · play as you on another device'));

  const codeInput = h('input.input.code-input', {
    id: 'join-code', type: 'text', autocomplete: 'off', autocapitalize: 'characters',
    spellcheck: 'false', placeholder: 'K7P2X', 'aria-describedby': 'join-code-help',
  });
  const joinButton = h('button.btn.primary', { type: 'submit' }, 'Join');
  const joinError = h('p.field-error', { id: 'join-code-error', role: 'alert' });
  const joinForm = h('form.join-form', {
    novalidate: true,
    onsubmit: async (e) => {
      e.preventDefault();
      const code = codeFrom(codeInput.value);
      codeInput.value = code;
      const problem = codeProblem(code);
      if (problem) {
        showJoinError(problem);
        codeInput.focus();
        return;
      }
      showJoinError('');
      const reply = await app.join(code, {
        button: joinButton,
        where: (sentence, err) => showJoinError(err?.code === 'no_such_room'
          ? `There is no room ${code}: it may have closed, or the code is mistyped. Check it with whoever sent it, or create a room of your own.`
          : sentence),
      });
      if (reply) codeInput.value = '';
    },
  },
  h('label.label', { for: 'join-code' }, 'Room code'),
  h('div.inline-field', {}, codeInput, joinButton),
  h('p.help', { id: 'join-code-help' }, 'Got a code from a friend? Type it here. A link opens the room directly.'),
  joinError);
  /** What is wrong with a code before asking the server, or ''. */
  function codeProblem(code) {
    if (isRoomCode(code)) return '';
    if (!code) return 'Type the room code you were sent (5 letters and digits, like K7P2X), or paste the link.';
    if (/[^A-Z0-9]/.test(code)) return 'A room code is 5 letters and digits, like K7P2X, with nothing else; or paste the whole link.';
    if (code.length !== 5) return `A room code is 5 letters and digits, like K7P2X; “${code}” has ${code.length}.`;
    // Five letters and digits, yet no code: it holds one a code never uses.
    return 'Room codes never use O, 0, I, L or 1, so that none is read as another: check the code you were sent.';
  }

  function showJoinError(text) {
    joinError.textContent = text;
    codeInput.setAttribute('aria-invalid', String(!!text));
  }

  // A pasted link gives its code; typing is upper-cased as it goes. Typing
  // again (moving on) takes the last error away.
  codeInput.addEventListener('input', () => {
    const text = codeInput.value;
    if (joinError.textContent) showJoinError('');
    if (/\/room\//i.test(text)) {
      codeInput.value = codeFrom(text);
      return;
    }
    const pos = codeInput.selectionStart;
    codeInput.value = text.toUpperCase();
    codeInput.setSelectionRange(pos, pos);
  });

  const gameList = h('ul.game-list', { 'aria-busy': 'true' });
  const roomList = h('div.room-list');
  const recentList = h('div.recent-list', { id: 'recent-games' });
  const yourList = h('div.room-list.your-rooms');
  const yourBlock = h('section.block', { 'aria-labelledby': 'your-rooms-title', hidden: true },
    h('h2#your-rooms-title', {}, 'Your rooms'),
    h('p.help', {}, 'Rooms you created or have a seat in that are still open, private ones too: go back to any of them.'),
    yourList);

  const element = h('section.screen.landing', {},
    here,
    h('div.hero', {},
      h('div.hero-text', {},
        h('h1', { tabindex: '-1' }, 'Robot board games, with friends or bots'),
        h('p.lede', {}, 'Create a room, send the link, and play right here in the browser. Nothing to install.'),
        mine),
      h('div.card.join-card', {}, h('h2', {}, 'Join a room'), joinForm)),
    yourBlock,
    h('section.block', { 'aria-labelledby': 'games-title' },
      h('h2#games-title', {}, 'Games'),
      gameList),
    h('section.block', { 'aria-labelledby': 'rooms-title' },
      h('div.block-head', {}, h('h2#rooms-title', {}, 'Open rooms'), h('span.live', {}, h('span.dot', { 'aria-hidden': 'true' }), 'Live')),
      roomList),
    h('section.block', { 'aria-labelledby': 'recent-title' },
      h('h2#recent-title', {}, 'Recent games'),
      recentList));

  function renderHere() {
    const room = store.room;
    here.hidden = !room;
    if (!room) return;
    fill(here,
      h('p', {}, 'You are in room ', h('strong.code', {}, room.code), ` (${room.title}).`),
      h('div.row', {},
        h('a.btn.primary.small', { href: roomPath(room.code) }, 'Back to the room'),
        h('button.btn.small', { type: 'button', onclick: (e) => app.leave(e.currentTarget) }, 'Leave it')));
  }

  function renderGames() {
    const games = store.games;
    gameList.setAttribute('aria-busy', games.length ? 'false' : 'true');
    rebuild(gameList, () => {
      if (!games.length) {
        fill(gameList, h('li.empty', {}, store.conn.status === 'online' ? 'This server has no games installed.' : 'Loading the games…'));
        return;
      }
      fill(gameList, games.map((g) => {
        const players = g.min_players === g.max_players ? `${g.min_players} players` : `${g.min_players}–${g.max_players} players`;
        const bots = g.bot_levels.length ? `bots: ${g.bot_levels.join(', ')}` : 'no bots';
        const button = h('button.btn', {
          type: 'button', dataset: { key: `create-${g.id}` },
          'aria-label': `Create room: ${g.title}`,
          onclick: (e) => createDialog.open(g, e.currentTarget),
        }, 'Create room');
        const opponents = Math.max(2, g.min_players) - 1;
        // A refusal (too many rooms open, say) shows here, under the button clicked.
        const refused = h('p.field-error.game-refusal', { role: 'alert', id: `game-refusal-${g.id}` });
        const quick = g.bot_levels.length ? h('button.btn.primary', {
          type: 'button', dataset: { key: `quick-${g.id}` },
          'aria-label': `Quick game: ${g.title} against ${opponents === 1 ? 'a bot' : `${opponents} bots`}`,
          'aria-describedby': `quick-help-${g.id} game-refusal-${g.id}`,
          onclick: async (e) => {
            const button = e.currentTarget;
            refused.textContent = '';
            // One click would leave the room the player is in: ask first.
            const leaving = leavingWords(store);
            if (leaving && !(await confirmDialog({
              title: `Leave room ${store.room.code}?`, text: leaving, ok: 'Leave it for a quick game', cancel: 'Stay',
            }))) return;
            app.quickStart(g, button, (sentence) => { refused.textContent = sentence; });
          },
        }, 'Quick game') : null;
        const howTo = h('a.how-to', {
          href: rulesHref(g.id), hidden: true, dataset: { key: `rules-${g.id}` },
          'aria-label': `How to play ${g.title}`,
          onclick: (e) => {
            if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey) return; // a new tab: the page
            e.preventDefault();
            rulesDialog().show(g.id, g.title, e.currentTarget);
          },
        }, h('span.rules-mark', { 'aria-hidden': 'true' }, '?'), 'How to play');
        hasRules(g.id).then((yes) => { howTo.hidden = !yes; });
        return h('li.game-card.card', { dataset: { game: g.id } },
          h('h3', {}, g.title),
          h('p.summary', {}, g.summary),
          h('p.meta', {}, `${players} · ${bots}`),
          howTo,
          h('a.leaderboard-link', { href: ratingsPath(g.id), dataset: { key: `ratings-${g.id}` } }, 'Leaderboard'),
          h('div.row.game-actions', {}, quick, button),
          refused,
          quick ? h('p.help.quick-help', { id: `quick-help-${g.id}` },
            `Quick game: a private room with the usual settings and ${opponents === 1 ? 'a bot' : `${opponents} bots`}, started at once.`) : null);
      }));
    });
  }

  // Refusals of joins from the list, by room code: the list is redrawn
  // whenever it changes, and the sentence must outlive that.
  const rowRefusals = new Map();

  /** Joins a listed room; a refusal shows in its row. */
  function joinFromList(code, button) {
    rowRefusals.delete(code);
    button.closest('.room-row')?.querySelector('.room-refusal')?.replaceChildren();
    return app.join(code, {
      button,
      where: (sentence) => {
        rowRefusals.set(code, sentence);
        const row = element.querySelector(`.room-row[data-code="${CSS.escape(code)}"] .room-refusal`);
        if (row) row.textContent = sentence;
        else toast(sentence, 'error'); // the room left the list meanwhile
      },
    });
  }

  function renderRooms() {
    const rooms = store.rooms;
    rebuild(roomList, () => {
      if (!rooms.length) {
        fill(roomList, h('p.empty', {}, 'No open rooms right now. Create one and invite someone!'));
        return;
      }
      fill(roomList, h('ul.rooms', {}, rooms.map((r) => {
        const full = r.players >= r.max_players || r.status !== 'lobby';
        const label = full ? 'Watch' : 'Join';
        return h('li.room-row', { dataset: { code: r.code } },
          h('div.room-what', {},
            h('span.code', {}, r.code),
            h('span.room-title', {}, r.title),
            r.host ? h('span.room-host', {}, `hosted by ${r.host}`) : null),
          h('div.room-facts', {},
            h(`span.status-badge.s-${r.status}`, {}, STATUS_TEXT[r.status] || r.status),
            h('span', {}, `${r.players}/${r.max_players} players`),
            r.spectators ? h('span', {}, plural(r.spectators, 'watcher')) : null,
            // The host chose the seed: the deal is known in advance to whoever knows it.
            r.seeded ? h('span.seeded-badge', { title: 'The host chose this game’s seed, so its deal can be known in advance' }, 'seeded') : null),
          h('button.btn.small', {
            type: 'button', dataset: { key: `join-${r.code}` },
            'aria-label': `${label} room ${r.code}, ${r.title}`,
            onclick: (e) => joinFromList(r.code, e.currentTarget),
          }, label),
          h('p.field-error.room-refusal', { role: 'alert' }, rowRefusals.get(r.code) || ''));
      })));
    });
  }

  /** The games that ended last (public ones, and our own private ones). */
  let recent = null;
  let loading = 0;
  async function loadRecent() {
    const token = storage.token;
    const ask = (auth) => fetch(`/api/results?limit=${RECENT}`, auth ? { headers: { Authorization: `Bearer ${auth}` } } : {});
    const mine = ++loading;
    try {
      let res = await ask(token);
      if (res.status === 401) res = await ask(null); // a token the server does not know (yet)
      if (!res.ok) throw new Error(String(res.status));
      const body = await res.json();
      if (mine === loading) { recent = body.results || []; renderRecent(); }
    } catch {
      if (mine === loading && recent === null) fill(recentList, h('p.empty', {}, 'The recent games could not be loaded.'));
    }
  }

  function renderRecent() {
    rebuild(recentList, () => {
      if (!recent.length) {
        fill(recentList, h('p.empty', {}, 'No game has ended here yet. When one does, you can watch it again move by move.'));
        return;
      }
      fill(recentList, h('ul.rooms.recent-games', {}, recent.map((r) => {
        const names = resultNames(r.players);
        const title = store.game(r.game)?.title || r.game;
        const winners = r.result?.winners || [];
        const outcome = winners.length
          ? `${winners.map((w) => names[w] ?? `Seat ${w + 1}`).join(' and ')} won`
          : 'A draw';
        return h('li.room-row.ended-row', { dataset: { game: String(r.id) } },
          h('div.room-what', {},
            h('span.room-title', {}, title),
            h('span.room-host', {}, names.join(' vs '))),
          h('div.room-facts', {},
            h('span', {}, outcome),
            h('span', {}, ago(r.finished_at)),
            r.private ? h('span.seeded-badge', { title: 'A private game: only its players see it' }, 'private') : null),
          r.id ? h('a.btn.small', {
            href: replayPath(r.id), dataset: { key: `replay-${r.id}` },
            'aria-label': `Watch the replay of ${title}: ${names.join(' vs ')}, ${outcome}`,
          }, 'Watch replay') : null);
      })));
    });
  }

  /** How the room is the player's, in words. */
  function yourPlace(r) {
    if (r.in) return 'you are in it';
    return r.status === 'playing' ? 'you made it; it plays on without you' : 'you made it';
  }

  function renderYours() {
    const here = store.room?.code;
    const rooms = store.mine.filter((r) => r.code !== here);
    yourBlock.hidden = !rooms.length;
    rebuild(yourList, () => fill(yourList, rooms.length ? h('ul.rooms', {}, rooms.map((r) => h('li.room-row', { dataset: { code: r.code } },
      h('div.room-what', {},
        h('span.code', {}, r.code),
        h('span.room-title', {}, r.title),
        r.private ? h('span.room-host', {}, 'private') : null),
      h('div.room-facts', {},
        h(`span.status-badge.s-${r.status}`, {}, STATUS_TEXT[r.status] || r.status),
        h('span', {}, `${r.players}/${r.max_players} players`),
        h('span', {}, yourPlace(r))),
      h('button.btn.small.primary', {
        type: 'button', dataset: { key: `back-${r.code}` },
        'aria-label': `Back to room ${r.code}, ${r.title}`,
        onclick: (e) => joinFromList(r.code, e.currentTarget),
      }, 'Back to the room'),
      h('p.field-error.room-refusal', { role: 'alert' }, rowRefusals.get(r.code) || '')))) : null));
  }

  function renderMine() {
    mine.hidden = !store.me;
    if (store.me) mine.querySelector('a').href = playerPath(store.me.id);
  }

  store.subscribe((what) => {
    if (what.has('me')) { renderMine(); loadRecent(); }
    if (what.has('games') && recent) renderRecent();
    if (what.has('room')) renderHere();
    if (what.has('games') || what.has('conn')) renderGames();
    if (what.has('rooms')) renderRooms();
    if (what.has('rooms') || what.has('room')) renderYours();
  });
  renderMine();
  renderHere();
  renderGames();
  renderRooms();
  renderYours();
  fill(recentList, h('p.empty', {}, 'Loading the recent games…'));

  // Moving on (another button on this page, or coming back to it later):
  // an old error about the code box goes.
  element.addEventListener('click', (e) => {
    if (joinError.textContent && !joinForm.contains(e.target)) showJoinError('');
  });

  return {
    element,
    shown() {
      showJoinError('');
      loadRecent();
    },
  };
}


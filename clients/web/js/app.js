// app.js: the entry point. It wires the connection to the store, keeps the
// address bar and the room we are in in step (share links, reloads,
// rematches), and swaps the screens.

import { Connection } from './connection.js';
import { store } from './store.js';
import { storage } from './storage.js';
import { navigate, parseRoute, playerPath, roomPath, setPublicUrl } from './router.js';
import { toast } from './toast.js';
import { clearSitRequests, showSitAnswer, showSitRequest } from './requests.js';
import { createActions } from './actions.js';
import { createHeader } from './views/header.js';
import { createNameScreen } from './views/name.js';
import { createLanding } from './views/landing.js';
import { createRoomScreen } from './views/room.js';
import { createReplayScreen } from './views/replay.js';
import { createPlayerScreen } from './views/player.js';
import { createRatingsScreen } from './views/ratings.js';
import { confirmDialog } from './views/confirm.js';
import { attention } from './attention.js';

const wsUrl = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
// A link code waiting to be said in the next hello (app.link), and who
// waits for its answer.
let pendingLink = null;
let linkAnswer = null;
const conn = new Connection(wsUrl, () => ({ name: storage.name, token: storage.token, link: pendingLink }));
const capitalise = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const actions = createActions(conn, (message) => capitalise(store.named(message)));
const main = document.getElementById('main');

// What the views share: the store, the ability to send, and the router.
const app = {
  store,
  conn,
  run: actions.run,
  // While we ask to move to another room (join, create), the `room` of the
  // new one is our own doing, not a rematch to follow.
  joining: null,
  /**
   * Joins a room by code and shows it; the route follows the answer.
   * `where(sentence)` shows a refusal next to what was clicked.
   */
  async join(code, { button, as, where } = {}) {
    app.joining = code;
    const reply = await actions.run('join', as ? { room: code, as } : { room: code }, { button, where });
    if (app.joining === code) app.joining = null;
    if (!reply) {
      if (parseRoute().name === 'room' && parseRoute().code === code) navigate('#/', { replace: true });
      return null;
    }
    navigate(roomPath(reply.code), { replace: parseRoute().code === reply.code });
    return reply;
  },
  /** Creates a room (leaving any other) and shows it; `where` as for join. */
  async create(fields, button, where) {
    app.joining = 'new';
    const reply = await actions.run('create', fields, { button, where });
    if (app.joining === 'new') app.joining = null;
    if (reply) navigate(roomPath(reply.code));
    return reply;
  },
  async leave(button) {
    // Leaving mid-game cannot be undone: the seat goes to a bot (or stays
    // empty) and the others play on. Ask first.
    if (store.room?.status === 'playing' && store.mySeat() >= 0) {
      const botOn = store.room.options?.bot_takeover !== false && store.game(store.room.game)?.bot_levels?.length;
      const sure = await confirmDialog({
        title: 'Leave the game?',
        text: `The game goes on without you: ${botOn ? 'a bot plays your seat' : 'your seat stays empty'}. To watch the rest instead, stay and use “Stand up”.`,
        ok: 'Leave the game',
        danger: true,
      });
      if (!sure) return null;
    }
    // The `left` reply does the rest (see the message handler below).
    return actions.run('leave', {}, { button });
  },
  /**
   * One click to a game: a private room of `game` with its default
   * options, bots in the seats the game needs, started at once. Works for
   * any game the server lists with bots. `where` shows a refusal.
   */
  async quickStart(game, button, where) {
    if (button?.getAttribute('aria-busy') === 'true') return null;
    const levels = game.bot_levels || [];
    if (!levels.length) return null;
    const level = levels.includes(storage.botLevel) ? storage.botLevel : levels[0];
    button?.setAttribute('aria-busy', 'true');
    try {
      const room = await app.create({ game: game.id, options: {}, private: true }, null, where);
      if (!room) return null;
      const needed = Math.max(2, game.min_players) - 1;
      for (let seat = 1; seat <= needed; seat++) {
        if (!(await actions.run('bot', { seat, level }))) return null;
      }
      return await actions.run('start');
    } finally {
      button?.removeAttribute('aria-busy');
    }
  },
  /**
   * Makes this browser the player of a link code shown on another device:
   * resolves to null once it is, or to the server's sentence why not.
   */
  async link(code) {
    if (storage.token && store.me) {
      const sure = await confirmDialog({
        title: 'Play as someone else here?',
        text: `This browser plays as ${store.me.name} now. With the code it plays as the code's player instead, and forgets ${store.me.name}: to come back as ${store.me.name} later, show a code on a device where you still are.`,
        ok: 'Use the code',
      });
      if (!sure) return 'Nothing changed.';
    }
    return new Promise((resolve) => {
      linkAnswer?.('Another code was tried instead.');
      linkAnswer = resolve;
      pendingLink = code;
      conn.restart();
    });
  },
  rename(name) {
    storage.name = name;
    if (store.me) store.me = { ...store.me, name };
    store.changed('me');
    conn.restart(); // hello again: the new name replaces the old one
  },
};

const header = createHeader(app);
const screens = {
  name: createNameScreen(app, (name) => {
    storage.name = name;
    conn.start();
    show();
  }),
  landing: createLanding(app),
  room: createRoomScreen(app),
  replay: createReplayScreen(app),
  player: createPlayerScreen(app),
  ratings: createRatingsScreen(app),
};

let current = null;
/** Shows the screen the route and our identity call for. */
function show() {
  const route = parseRoute();
  let next;
  if (!storage.name) next = 'name';
  else next = route.name;
  if (next === 'name') screens.name.setInvite(route.name === 'room' ? route.code : null);
  if (next === 'room') screens.room.setCode(route.code);
  if (next === 'replay') screens.replay.setId(route.id);
  if (next === 'player') screens.player.setId(route.id);
  if (next === 'ratings') screens.ratings.setGame(route.game);
  if (current !== next) {
    if (current) screens[current].hidden?.();
    current = next;
    main.replaceChildren(screens[next].element);
    screens[next].shown?.();
    // A new screen: move focus to its heading so screen readers announce it
    // (but not on first load, where the page itself is announced).
    if (document.readyState === 'complete') screens[next].element.querySelector('h1')?.focus({ preventScroll: false });
    window.scrollTo(0, 0);
  }
  attention.setTitle(route.name === 'room' ? `Room ${route.code} · Botpit`
    : route.name === 'replay' ? `Replay of game ${route.id} · Botpit` : 'Botpit');
}

/** After a hello or a new route: be in the room the address names. */
function followRoute() {
  if (conn.status !== 'online') return;
  const route = parseRoute();
  if (route.name === 'room' && store.room?.code !== route.code && app.joining !== route.code) {
    app.join(route.code);
  }
}

conn.addEventListener('status', (e) => {
  store.conn = e.detail;
  store.changed('conn');
  if (e.detail.status === 'replaced') {
    toast('Botpit was opened in another tab or window with your name; this one is paused.', 'info');
  }
});

conn.addEventListener('welcome', (e) => {
  const w = e.detail;
  storage.token = w.token;
  store.me = w.you;
  if (pendingLink) { // this browser is now the code's player
    pendingLink = null;
    storage.name = w.you.name;
    linkAnswer?.(null);
    linkAnswer = null;
    toast(`This browser now plays as ${w.you.name}, with their games and ratings.`, 'ok');
    navigate(playerPath(w.you.id), { replace: parseRoute().name === 'player' });
    show();
  }
  setPublicUrl(w.server.public_url);
  if (!w.room && store.room) store.leaveRoom(); // our room went away while we were gone
  store.changed('me');
  actions.run('games');
  actions.run('rooms', { watch: true });
  const route = parseRoute();
  if (route.name === 'landing' && w.room && !storage.stayedHome) {
    navigate(roomPath(w.room), { replace: true }); // a reload resumes the room
  }
  followRoute();
});

conn.addEventListener('link-refused', (e) => {
  pendingLink = null;
  const text = e.detail.message || 'That code did not work.';
  linkAnswer?.(text.charAt(0).toUpperCase() + text.slice(1));
  linkAnswer = null;
  if (storage.name) conn.restart(); // back as we were
});

conn.addEventListener('hello-refused', (e) => {
  screens.name.setError(e.detail.message);
  storage.name = '';
  show();
});

conn.addEventListener('message', (e) => {
  const m = e.detail;
  const before = store.room?.code;
  store.apply(m);
  if (m.type === 'error' && m.code !== undefined) {
    // A refusal shown where the player clicked needs no notice as well.
    if (!actions.shownInPlace(m.id)) toast(capitalise(store.named(m.message)), 'error');
  } else if (m.type === 'sit_request') {
    showSitRequest(m, actions.run);
  } else if (m.type === 'sit_pending' || m.type === 'sit_denied') {
    showSitAnswer(m, store.me);
  } else if (m.type === 'left') {
    clearSitRequests();
    if (m.reason === 'kicked') toast(`The host removed you from room ${m.room}.`, 'error');
    else if (m.reason === 'closed') toast(`Room ${m.room} has closed.`, 'info');
    if (parseRoute().name === 'room' && parseRoute().code === m.room) navigate('#/', { replace: true });
    actions.run('rooms', { watch: true });
  } else if (m.type === 'room' && before && before !== m.code && !app.joining) {
    // A rematch: the server moved everyone to a new room. Follow it.
    toast(`New round: room ${m.code}.`, 'ok');
    navigate(roomPath(m.code), { replace: true });
  }
});

window.addEventListener('hashchange', () => {
  // Going home on purpose means: don't pull me back into my room on reload.
  storage.stayedHome = parseRoute().name === 'landing';
  show();
  followRoute();
});

header.mount();
show();
if (storage.name) conn.start();

// For the browser tests and the curious: a read-only peek at the state.
Object.defineProperty(window, 'botpit', { value: Object.freeze({ store, conn }) });

// connection.js: the one WebSocket to the server. It says hello (with the
// stored token, so the server restores our player, seat and room), matches
// replies to requests by id, pings to measure the clock and to notice a
// dead link, and reconnects with backoff after any drop, except when the
// server says another tab took over (4001): two tabs fighting over one
// player forever helps nobody, so that one waits for the player.
//
// A server of several nodes may answer `moved {room, url}`: the room is
// held by the node at url. The link then goes there, says hello with the
// same token, and sends the request that was moved (a join) again; its
// promise resolves with that answer, as if nothing had happened. The page
// stays on the main address, and after a drop the link goes back to it
// (the room may have moved again meanwhile).

import { clock } from './clock.js';

const PING_EVERY_MS = 15000;
const PING_TIMEOUT_MS = 10000;
const REQUEST_TIMEOUT_MS = 15000;
const BACKOFF_MS = [400, 1000, 2000, 4000, 8000];
const BACKOFF_MAX_MS = 12000;
// Moves followed in a row without settling in a room: past that a node
// sends us in circles, and we wait as after a drop.
const MOVES_MAX = 5;
export const CLOSE_REPLACED = 4001;

/** The WebSocket address of a node's base address (moved.url). */
export function nodeSocketUrl(url) {
  const u = new URL(url);
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  u.pathname = `${u.pathname.replace(/\/+$/, '')}/ws`;
  u.search = '';
  u.hash = '';
  return u.toString();
}

/** A refusal from the server: code and the sentence meant for the player. */
export class ServerError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/** The request never got an answer because the link went away. */
export class OfflineError extends Error {
  constructor(message = 'You are offline right now; try again once the connection is back.') {
    super(message);
    this.code = 'offline';
  }
}

export class Connection extends EventTarget {
  /**
   * @param {string} url  the ws:// or wss:// address of /ws
   * @param {() => {name: string, token?: string}} identity  read at each hello
   */
  constructor(url, identity) {
    super();
    this.url = url;
    this.nodeUrl = null; // the node a `moved` sent us to, until the link drops
    this.moves = 0;
    this.afterMove = null; // {type, fields, p}: the request to send again there
    this.identity = identity;
    this.status = 'idle'; // idle | connecting | online | reconnecting | replaced
    this.attempt = 0;
    this.retryAt = 0;
    this.ws = null;
    this.nextId = 1;
    this.pending = new Map(); // id -> {resolve, reject, timer, type}
    this.everWelcomed = false;
    this.retryTimer = null;
    this.pingTimer = null;
    window.addEventListener('online', () => this.hurry());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') this.hurry();
    });
  }

  start() {
    if (this.ws || this.status === 'online') return;
    this.open();
  }

  /** Drops the link and says hello again at once (after a rename, "use here"). */
  restart() {
    this.teardown();
    this.attempt = 0;
    this.open({ deliberate: true });
  }

  /** While waiting to retry, retry now (the network came back, a click). */
  hurry() {
    if (this.status === 'reconnecting' && !this.ws) {
      clearTimeout(this.retryTimer);
      this.open();
    }
  }

  /** deliberate: we closed the link ourselves, so nothing was "lost". */
  open({ deliberate = false } = {}) {
    clearTimeout(this.retryTimer);
    this.setStatus(!deliberate && (this.everWelcomed || this.attempt > 0) ? 'reconnecting' : 'connecting');
    let ws;
    try {
      ws = new WebSocket(this.nodeUrl ?? this.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      const { name, token, link } = this.identity();
      const id = this.nextId++;
      this.helloId = id;
      // A link code (from another device) names the player instead of a
      // token; the player's own name comes back in the welcome.
      this.helloLink = !!link;
      if (link) ws.send(JSON.stringify({ type: 'hello', id, link }));
      else ws.send(JSON.stringify(token ? { type: 'hello', id, name, token } : { type: 'hello', id, name }));
    };
    ws.onmessage = (e) => this.receive(ws, e.data);
    ws.onclose = (e) => this.closed(ws, e.code, e.reason);
    ws.onerror = () => {}; // a close always follows; that is where we act
  }

  receive(ws, data) {
    if (ws !== this.ws) return;
    let m;
    try {
      m = JSON.parse(data);
    } catch {
      return;
    }
    const receivedAt = Date.now();
    if (m.type === 'welcome' && m.id === this.helloId) {
      this.everWelcomed = true;
      this.attempt = 0;
      clock.sampleWelcome(m.server.time, receivedAt);
      this.setStatus('online');
      this.startPinging();
      this.emit('welcome', m);
      this.resendMoved();
      return;
    }
    if (m.type === 'moved') {
      this.follow(m);
      return;
    }
    if (m.type === 'error' && m.id === this.helloId && this.status !== 'online') {
      if (this.helloLink) {
        // A used, expired or mistyped code: the app says so and goes on as
        // before (or waits for a name).
        this.teardown();
        this.setStatus('idle');
        this.emit('link-refused', m);
      } else if (m.code === 'bad_name') {
        // A stored name the server no longer likes: the same hello would
        // only fail again, so the player has to choose another.
        this.teardown();
        this.setStatus('idle');
        this.emit('hello-refused', m);
      } else {
        // Anything else (a busy server) may pass on a later try.
        this.teardown();
        this.scheduleRetry();
      }
      return;
    }
    // Everything goes to the store first, then the promise of whoever asked
    // resolves: by then the store already holds what the reply changed.
    this.emit('message', { ...m, receivedAt });
    const p = m.id !== undefined ? this.pending.get(m.id) : undefined;
    if (p) {
      this.pending.delete(m.id);
      clearTimeout(p.timer);
      if (m.type === 'error') p.reject(new ServerError(m.code, m.message));
      else p.resolve(m);
      this.moves = 0;
    }
  }

  closed(ws, code, reason) {
    if (ws !== this.ws) return;
    this.ws = null;
    this.nodeUrl = null; // after a drop, through the main address again
    this.moves = 0;
    this.failMoved();
    this.stopPinging();
    this.failPending();
    if (code === CLOSE_REPLACED) {
      this.setStatus('replaced', { reason });
      return;
    }
    this.emit('dropped', { code, reason });
    this.scheduleRetry();
  }

  scheduleRetry() {
    const base = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    // Jitter, so a restarted server is not hit by every client at once.
    const delay = Math.min(BACKOFF_MAX_MS, base * (1 + Math.random() * 0.3));
    this.attempt += 1;
    this.retryAt = Date.now() + delay;
    this.setStatus('reconnecting');
    this.retryTimer = setTimeout(() => this.open(), delay);
  }

  /** Closes the socket without the close handler's retry logic. */
  teardown() {
    clearTimeout(this.retryTimer);
    this.stopPinging();
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onopen = ws.onmessage = ws.onclose = null;
      try { ws.close(1000, 'bye'); } catch { /* already closed */ }
    }
    this.failPending();
  }

  failPending() {
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(new OfflineError('The connection dropped before the server answered; try again once it is back.'));
    }
    this.pending.clear();
  }

  startPinging() {
    this.stopPinging();
    const ping = () => {
      const sentAt = Date.now();
      this.request('ping', {}, PING_TIMEOUT_MS)
        .then((pong) => clock.samplePong(pong.time, sentAt, Date.now()))
        .catch((err) => {
          // No pong: the link is dead even if the socket does not know yet.
          if (err.code === 'timeout' && this.ws) {
            const ws = this.ws;
            this.closed(ws, 4000, 'no answer to ping');
            ws.onclose = null;
            try { ws.close(); } catch { /* gone */ }
          }
        });
    };
    ping();
    this.pingTimer = setInterval(ping, PING_EVERY_MS);
  }

  stopPinging() {
    clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  /** Sends a message and resolves with the reply that echoes its id. */
  request(type, fields = {}, timeoutMs = REQUEST_TIMEOUT_MS) {
    if (this.status !== 'online' || !this.ws) return Promise.reject(new OfflineError());
    return new Promise((resolve, reject) => this.send(type, fields, { resolve, reject }, timeoutMs));
  }

  send(type, fields, p, timeoutMs = REQUEST_TIMEOUT_MS) {
    const id = this.nextId++;
    const timer = setTimeout(() => {
      this.pending.delete(id);
      const err = new Error('The server did not answer in time.');
      err.code = 'timeout';
      p.reject(err);
    }, timeoutMs);
    this.pending.set(id, { ...p, timer, type, fields });
    this.ws.send(JSON.stringify({ type, id, ...fields }));
  }

  /**
   * `moved`: the room is held by another node. Goes there with the same
   * token; a request it answered is sent again once that node welcomes us.
   */
  follow(m) {
    const p = m.id !== undefined ? this.pending.get(m.id) : undefined;
    if (p) {
      this.pending.delete(m.id);
      clearTimeout(p.timer);
    }
    let url;
    try {
      url = nodeSocketUrl(m.url);
    } catch {
      url = null;
    }
    if (!url || ++this.moves > MOVES_MAX) {
      p?.reject(new OfflineError('The server keeps sending us elsewhere; try again in a moment.'));
      this.teardown();
      this.moves = 0;
      this.nodeUrl = null;
      this.scheduleRetry();
      return;
    }
    this.emit('moved', { room: m.room, url: m.url });
    this.failMoved();
    this.afterMove = p ? { type: p.type, fields: p.fields, p } : null;
    this.teardown();
    this.nodeUrl = url;
    this.open({ deliberate: true });
  }

  /** After the welcome of the node we moved to: the moved request again. */
  resendMoved() {
    const again = this.afterMove;
    this.afterMove = null;
    if (again) this.send(again.type, again.fields, again.p);
    else this.moves = 0;
  }

  failMoved() {
    const again = this.afterMove;
    this.afterMove = null;
    again?.p.reject(new OfflineError('The connection dropped before the server answered; try again once it is back.'));
  }

  setStatus(status, detail = {}) {
    this.status = status;
    this.emit('status', { status, attempt: this.attempt, retryAt: this.retryAt, ...detail });
  }

  emit(name, detail) {
    this.dispatchEvent(new CustomEvent(name, { detail }));
  }
}

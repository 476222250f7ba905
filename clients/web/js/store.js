// store.js: everything the page knows, in one place, changed only by
// server messages (apply) and a few local facts (connection status). Views
// subscribe and redraw what they show; nothing else holds game state.

import { storage } from './storage.js';

const MAX_CHAT = 200;
const MAX_LOG = 300;

function initialRoomState() {
  return {
    room: null,      // the last `room` message of the room we are in
    state: null,     // the last `state`, with receivedAt
    over: null,      // the `over` result once the game has ended
    overReplay: null, // the finished game's id (the `over` message's replay), for its replay
    overRating: null, // what it did to the ratings (`over`'s rating block)
    chat: [],        // {from, text, at}, oldest first
    log: [],         // {seq, event, at}: every event of this room, for the log
    pastNames: [],   // by seat: the last player seen there during the game
  };
}

export const store = {
  conn: { status: 'idle', attempt: 0, retryAt: 0 },
  me: null,          // {id, name}
  games: [],         // the `games` list
  rooms: [],         // the public rooms
  // The player's own rooms, the private ones too (a quick game left to a
  // bot): the `rooms` message's `mine`, each a row like those of `rooms`
  // plus `private`, `in` (we are in it) and `made` (we created it).
  mine: [],
  ...initialRoomState(),
  listeners: new Set(),
  chatKeys: new Set(),

  subscribe(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  },

  /** Tells every view what changed: a set of names like 'room', 'chat'. */
  changed(...what) {
    const set = new Set(what);
    for (const fn of [...this.listeners]) fn(set, this);
  },

  game(id) {
    return this.games.find((g) => g.id === id) || null;
  },

  /** My seat in the current room, or -1. */
  mySeat() {
    const seat = this.room?.seats.find((s) => s.player && s.player.id === this.me?.id);
    return seat ? seat.seat : -1;
  },

  isHost() {
    return !!this.room && !!this.me && this.room.host === this.me.id;
  },

  /**
   * Engine sentences name seats "Seat N" (1-based): put the names in. Their
   * apostrophes become the page's own (’), as in every sentence it writes.
   */
  named(text) {
    return String(text).replace(/\bSeat ([1-9][0-9]?)\b/g, (all, n) =>
      (this.room?.seats[n - 1] ? this.seatName(n - 1) : all)).replace(/([\p{L})])'(\p{L})/gu, '$1’$2');
  },

  /**
   * A seat's display name: the player's, or the bot's level. A player who
   * left during the game keeps their name: "Ada (bot)" while a bot plays
   * on for them, "Ada" once the seat is empty.
   */
  seatName(seatNo) {
    const seat = this.room?.seats[seatNo];
    if (!seat) return `Seat ${seatNo + 1}`;
    if (seat.player) return seat.player.name;
    const past = this.room.status !== 'lobby' ? this.pastNames[seatNo] : null;
    if (past) return seat.bot ? `${past} (bot)` : past;
    if (seat.bot) {
      // Two bots of one level are told apart by their seat number.
      const twins = this.room.seats.filter((s) => !s.player && s.bot === seat.bot).length;
      return twins > 1 ? `Bot ${seatNo + 1} (${seat.bot})` : `Bot (${seat.bot})`;
    }
    return `Seat ${seatNo + 1}`;
  },

  /** Remembers who sits where once the game is on (seats are fixed then). */
  rememberNames() {
    const room = this.room;
    if (!room || room.status === 'lobby') { this.pastNames = []; return; }
    let changed = false;
    for (const seat of room.seats) {
      if (seat.player && this.pastNames[seat.seat] !== seat.player.name) {
        this.pastNames[seat.seat] = seat.player.name;
        changed = true;
      }
    }
    if (changed) storage.setSeatNames(room.code, this.pastNames);
  },

  leaveRoom() {
    Object.assign(this, initialRoomState());
    this.chatKeys = new Set();
    this.changed('room', 'state', 'over', 'chat', 'log');
  },

  /** One server message in. */
  apply(m) {
    switch (m.type) {
      case 'games':
        this.games = m.games;
        this.changed('games');
        break;
      case 'rooms':
        this.rooms = m.rooms;
        this.mine = Array.isArray(m.mine) ? m.mine : [];
        this.changed('rooms');
        break;
      case 'room': {
        const moved = this.room && this.room.code !== m.code;
        if (moved || !this.room) {
          // A new room (a join, or a rematch): nothing of the old one stays.
          Object.assign(this, initialRoomState());
          this.chatKeys = new Set();
          this.log = storage.log(m.code);
          this.pastNames = storage.seatNames(m.code);
        }
        const { type, id, receivedAt, ...room } = m;
        this.room = room;
        if (room.status === 'lobby') {
          this.state = null; this.over = null; this.overReplay = null; this.overRating = null; this.log = [];
        }
        this.rememberNames();
        this.changed('room', 'state', 'over', 'chat', 'log');
        break;
      }
      case 'state': {
        if (!this.room || m.room !== this.room.code) break;
        // A reply can overtake a broadcast made before it; never go back.
        if (this.state && m.seq < this.state.seq && m.seat === this.state.seat) break;
        const { type, id, ...state } = m;
        this.state = state;
        for (const event of m.events) this.log.push({ seq: m.seq, event, at: m.receivedAt });
        if (this.log.length > MAX_LOG) this.log.splice(0, this.log.length - MAX_LOG);
        if (m.events.length) storage.setLog(m.room, this.log);
        this.changed('state', 'log');
        break;
      }
      case 'over':
        if (!this.room || m.room !== this.room.code) break;
        this.over = m.result;
        this.overReplay = Number.isInteger(m.replay) ? m.replay : null;
        this.overRating = m.rating || null;
        this.changed('over');
        break;
      case 'chat': {
        if (!this.room || m.room !== this.room.code) break;
        // After a reconnection the server sends the recent chat again.
        const key = `${m.at}|${m.from.id}|${m.text}`;
        if (this.chatKeys.has(key)) break;
        this.chatKeys.add(key);
        this.chat.push({ from: m.from, text: m.text, at: m.at });
        this.chat.sort((a, b) => a.at - b.at);
        if (this.chat.length > MAX_CHAT) this.chat.splice(0, this.chat.length - MAX_CHAT);
        this.changed('chat');
        break;
      }
      case 'left':
        if (this.room && m.room === this.room.code) this.leaveRoom();
        break;
      default:
        break;
    }
  },
};

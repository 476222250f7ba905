// Per-game drivers for tests that must play any game: each knows a room's
// options for a quick game, bots to seat beside the two players (`bots`,
// optional), and one legal action for a seat, from its view alone (or null
// when the seat has nothing to do).
export const drivers = {
  testgame: {
    options: { target: 30 },
    act(view, seat) {
      return view.winner < 0 && view.turn === seat ? { kind: 'add', n: 1 } : null;
    },
  },
  boxing: {
    options: { turn_limit: 6 },
    act(view, seat) {
      const me = view.robots[seat];
      if (view.phase === 'layout' && !me.layout_in) {
        return { kind: 'layout', grid: ['abc', 'def', 'ghi'], lasers: 'abcd', booster: 'e' };
      }
      if (view.phase === 'orders' && !me.orders_in && !me.out) {
        return { kind: 'orders', path: [], booster: 'none', fire: null, target: null };
      }
      return null;
    },
  },
  manoover: {
    options: { match_to: 0 },
    act(view, seat) {
      if (view.phase !== 'control' || view.turn !== seat || !view.legal) return null;
      const walker = view.legal.robots.find((r) => r.step);
      return walker ? { kind: 'step', robot: walker.number } : { kind: 'pass' };
    },
  },
  ricochet: {
    // The players never bid: the bot finds the solution, wins the one chip
    // needed, and the game ends. Seed 3 deals a puzzle whose game takes 17
    // inputs, so a test that stops after 8 stops mid-demonstration; with a
    // random deal a short puzzle could end the game first.
    options: { timer_s: 2, demo_s: 5, idle_min_s: 0, idle_s: 1, pause_s: 1, chips_to_win: 1, bot_think_pct: 0, seed: 3 },
    bots: [{ seat: 2, level: 'hard' }],
    act() {
      return null;
    },
  },
};

/** The newest state a client holds (taking every queued one). */
export async function newestState(client, known) {
  let state = known;
  while (client.queue.some((m) => m.type === 'state')) {
    const s = await client.next('state');
    if (!state || s.seq >= state.seq) state = s;
  }
  return state;
}

/**
 * Waits until every client has seen the room's last input: takes each one's
 * queued states through `drain(client, known)` (which returns the newest)
 * until all stand at one seq. Returns those states.
 */
export async function caughtUp(clients, states, drain, timeoutMs = 20000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    states = clients.map((c, i) => drain(c, states[i]));
    if (states.every((s) => s && s.seq === states[0].seq)) return states;
    if (Date.now() > deadline) throw new Error(`clients stuck at seqs ${states.map((s) => s?.seq)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Whether a state shows the game ended. */
export const isOver = (s) => s.view.winner >= 0 || s.view.phase === 'over';

/**
 * The send loop of every test player: takes each client's queued states
 * into `states` (`drain(client, known)` returns the newest, or a promise
 * of it), returns them once `done(states)` holds, and otherwise sends the
 * action `next(states)` picks ({ i, action }: client i acts; null: nobody
 * now), handing its reply to `onReply(states, i, reply)`, straight on to
 * the next round. With nothing to send it waits `pauseMs` and fails after
 * `timeoutMs` with `stuck(states)`. `paceMs` keeps a client's actions that
 * far apart (the server takes 20 messages a second per connection).
 */
export async function sendLoop(clients, states, {
  drain, done, next, onReply = () => {}, timeoutMs = 30000, pauseMs = 10, replyTimeoutMs = 5000, paceMs = 0,
  stuck = (ss) => `no progress at seqs ${JSON.stringify(ss.map((s) => s?.seq))}`,
}) {
  const deadline = Date.now() + timeoutMs;
  const lastSent = new Map();
  for (;;) {
    for (let i = 0; i < clients.length; i++) states[i] = await drain(clients[i], states[i]);
    if (done(states)) return states;
    const move = next(states);
    if (move) {
      const wait = (lastSent.get(move.i) ?? -Infinity) + paceMs - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      lastSent.set(move.i, Date.now());
      onReply(states, move.i, await clients[move.i].request('act', { action: move.action }, replyTimeoutMs));
      continue;
    }
    if (Date.now() > deadline) throw new Error(stuck(states));
    await new Promise((r) => setTimeout(r, pauseMs));
  }
}

/** The newest seq among states, and whether every one stands at it. */
export const newestSeq = (states) => Math.max(...states.map((s) => s.seq));
export const settled = (states) => states.every((s) => s.seq === states[0].seq);

/** A reply that is a state becomes client i's. */
export function takeState(states, i, reply) {
  if (reply.type === 'state') states[i] = reply;
}

/**
 * Plays with every client's driver until the room's seq reaches `inputs` (or
 * the game ends), then until every client has seen the last input. A client
 * acts only on a state as new as anyone's, never on a stale one. Returns each
 * client's newest state.
 */
export async function playInputs(clients, driver, inputs, timeoutMs = 30000, known = null) {
  const states = known ? [...known] : await Promise.all(clients.map((c) => c.next('state')));
  const ending = (ss) => newestSeq(ss) >= inputs || ss.some(isOver);
  return sendLoop(clients, states, {
    drain: newestState,
    done: (ss) => ending(ss) && settled(ss),
    next: (ss) => {
      if (ending(ss)) return null;
      const i = ss.findIndex((s) => s.seq === newestSeq(ss) && driver.act(s.view, s.seat));
      return i < 0 ? null : { i, action: driver.act(ss[i].view, ss[i].seat) };
    },
    onReply: takeState,
    timeoutMs,
  });
}

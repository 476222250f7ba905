// Playing RoboRally (race or RoboBall) from test clients: the seats a test
// drives act once per (turn, need) on their newest state, every state is
// checked on the way, and a bot's input that closed a phase first is no
// failure. Shared by roborally.test.mjs and roboball.test.mjs.
import assert from 'node:assert/strict';
import { sendLoop } from './drivers.mjs';
import { player } from './harness.mjs';

/**
 * `inspect(state)` checks a state; `actionFor(view)` is what a test player
 * does (null: nothing asked); `checkAction(action)` checks one before it
 * goes. Returns { drainStates, send, play }.
 */
export function rallyPlayer({ inspect, actionFor, checkAction }) {
  /** Takes every queued state, checks it, and returns the newest. */
  function drainStates(client, known) {
    let newest = known;
    for (;;) {
      const i = client.queue.findIndex((m) => m.type === 'state');
      if (i < 0) return newest;
      const s = client.queue.splice(i, 1)[0];
      inspect(s);
      if (!newest || s.seq >= newest.seq) newest = s;
    }
  }

  /** Takes client i's reply to an action: a newer state becomes states[i]. */
  function taken(states, i, reply) {
    if (reply.type === 'state') {
      inspect(reply);
      states[i] = !states[i] || reply.seq >= states[i].seq ? reply : states[i];
    } else {
      assert.equal(reply.type, 'error');
      // A bot's input may have closed the phase first (a deadline, the turn).
      assert.match(reply.code, /illegal|not_your_turn/, reply.message);
    }
  }

  /** Sends an action for client i; its reply becomes states[i] if newer. */
  async function send(client, states, i, action) {
    checkAction(action);
    const reply = await client.request('act', { action });
    taken(states, i, reply);
    return reply;
  }

  /**
   * Plays the clients' seats until `stop(states)` says so or every player
   * has seen the game end (one client's last state may arrive a moment
   * after the other's). Each seat acts once per (turn, need).
   */
  async function play(clients, stop, timeoutMs = 120000) {
    const acted = new Set();
    return sendLoop(clients, clients.map(() => null), {
      drain: drainStates,
      done: (ss) => ss.every(Boolean) && (ss.every((s) => s.view.phase === 'over') || stop(ss)),
      next: (ss) => {
        for (let i = 0; i < ss.length; i++) {
          const action = ss[i] && actionFor(ss[i].view);
          const key = ss[i] && `${i}:${ss[i].view.turn}:${ss[i].view.need}`;
          if (!action || acted.has(key)) continue;
          acted.add(key);
          checkAction(action);
          return { i, action };
        }
        return null;
      },
      onReply: taken,
      timeoutMs,
      pauseMs: 5,
      stuck: (ss) => `no end in sight: ${JSON.stringify(ss.map((s) => s?.seq))}`,
    });
  }

  return { drainStates, send, play };
}

/**
 * A started RoboRally room with these options: Ada (the host, seat 0), Bob
 * (seat 1), a hard bot (seat 2) and a normal one (seat 3).
 */
export async function openRally(server, options) {
  const ada = await player(server, 'Ada');
  const room = await ada.ok('create', { game: 'roborally', options });
  const bob = await player(server, 'Bob');
  await bob.ok('join', { room: room.code });
  await ada.ok('bot', { seat: 2, level: 'hard' });
  await ada.ok('bot', { seat: 3, level: 'normal' });
  await ada.ok('start');
  return { ada, bob, room };
}

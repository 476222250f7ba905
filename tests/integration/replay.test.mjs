// Replays through the real server (PROTOCOL.md, Replays): hostile and
// malformed requests. Each gets a clear error, changes nothing (an open
// replay stays where it was) and the server stays up. The replays of
// every game, checked step by step against what was sent live, are the
// replay-<game>.test.mjs suites (lib/replays.mjs).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { httpGet, player, startServer } from './lib/harness.mjs';

// ---- hostile and malformed input: a clear error, nothing changed, the server up ----

/** A finished private testgame of Ada and Bob; its id and room code. */
async function privateGame(server) {
  const ada = await player(server, 'Ada');
  const bob = await player(server, 'Bob');
  const room = await ada.ok('create', { game: 'testgame', private: true, options: { target: 6 } });
  await bob.ok('join', { room: room.code });
  await ada.ok('start');
  // They add 1 in turn until the count is reached (the state that ends it
  // says who won).
  for (let turn = 0; ; turn = 1 - turn) {
    const state = await [ada, bob][turn].ok('act', { action: { kind: 'add', n: 1 } });
    if (state.view.winner >= 0) break;
  }
  const over = await ada.next('over');
  return { ada, bob, id: over.replay, code: room.code };
}

test('a private game\'s replay is its players\' only: an outsider gets what an unknown id gets', async () => {
  const server = await startServer();
  try {
    const { ada, bob, id, code } = await privateGame(server);
    const carl = await player(server, 'Carl');
    const refused = await carl.request('replay', { game: id });
    assert.equal(refused.type, 'error');
    assert.equal(refused.code, 'no_such_replay');
    const unknown = await carl.request('replay', { game: id + 1000 });
    assert.equal(unknown.code, 'no_such_replay');
    assert.equal(refused.message.replace(String(id), 'N'), unknown.message.replace(String(id + 1000), 'N'),
      'an outsider cannot tell a private game from none');
    const byRoom = await carl.request('replay', { room: code });
    assert.equal(byRoom.code, 'no_such_replay', 'not by its room code either');
    const step = await carl.request('replay_step', { by: 1 });
    assert.equal(step.code, 'no_replay', 'nothing was opened');
    const listed = JSON.parse((await httpGet(server, '/api/results')).text).results;
    assert.ok(!listed.some((r) => r.id === id), 'nor is it listed');
    for (const p of [ada, bob]) {
      const r = await p.ok('replay', { game: id });
      assert.equal(r.private, true);
      assert.ok(r.inputs >= 6);
    }
    const mine = await ada.ok('replay', { room: code });
    assert.equal(mine.game, id, 'a player may name it by the room it was played in');
  } finally {
    assert.equal((await server.stop()).code, 0);
  }
});

test('a room still in play, or not yet started, has no replay: a clear error', async () => {
  const server = await startServer();
  try {
    const ada = await player(server, 'Ada');
    const room = await ada.ok('create', { game: 'testgame' });
    const waiting = await ada.request('replay', { room: room.code });
    assert.equal(waiting.code, 'wrong_status');
    assert.match(waiting.message, /has not played a game yet/);
    await ada.ok('bot', { seat: 1, level: 'normal' });
    await ada.ok('start');
    const playing = await ada.request('replay', { room: room.code.toLowerCase() });
    assert.equal(playing.code, 'wrong_status');
    assert.match(playing.message, /still being played/);
    const nowhere = await ada.request('replay', { room: 'ZZZZZ' });
    assert.equal(nowhere.code, 'no_such_room');
    const state = await ada.ok('act', { action: { kind: 'add', n: 1 } });
    assert.equal(state.type, 'state', 'the game goes on');
  } finally {
    assert.equal((await server.stop()).code, 0);
  }
});

test('steps past either end stop there, a huge step is refused or bounded, garbage gets clear errors, and nothing changes', async () => {
  const server = await startServer();
  try {
    const { ada, id } = await privateGame(server);
    const none = await ada.request('replay_step', { to: 3 });
    assert.equal(none.code, 'no_replay');
    assert.match(none.message, /open one first/);
    const opened = await ada.ok('replay', { game: id, to: 2, seat: 0 });
    assert.equal(opened.frame.seq, 2, 'opened where asked');
    const n = opened.inputs;

    const end = await ada.ok('replay_step', { to: n + 1000 });
    assert.equal(end.seq, n, 'past the end is the end');
    const far = await ada.ok('replay_step', { by: 2147483647 });
    assert.equal(far.seq, n);
    const start = await ada.ok('replay_step', { by: -2147483647 });
    assert.equal(start.seq, 0, 'before the start is the start');
    assert.deepEqual(start.inputs, []);

    const cases = [
      [{ type: 'replay_step', by: 1e12 }, 'bad_message'],
      [{ type: 'replay_step', to: -1 }, 'bad_message'],
      [{ type: 'replay_step', by: 1.5 }, 'bad_message'],
      [{ type: 'replay_step', to: 'end' }, 'bad_message'],
      [{ type: 'replay_step' }, 'bad_message'],
      [{ type: 'replay_step', to: 1, by: 1 }, 'bad_message'],
      [{ type: 'replay_step', seat: 7 }, 'bad_seat'],
      [{ type: 'replay_step', seat: 'everyone' }, 'bad_message'],
      [{ type: 'replay', game: 0 }, 'bad_message'],
      [{ type: 'replay', game: -4 }, 'bad_message'],
      [{ type: 'replay', game: 'one' }, 'bad_message'],
      [{ type: 'replay', game: 99999999999 }, 'bad_message'],
      [{ type: 'replay' }, 'bad_message'],
      [{ type: 'replay', game: id, room: 'K7P2X' }, 'bad_message'],
      [{ type: 'replay', game: id, seat: 9 }, 'bad_seat'],
      [{ type: 'replay', game: id + 555 }, 'no_such_replay'],
    ];
    let k = 900;
    for (const [message, code] of cases) {
      ada.sendRaw(JSON.stringify({ ...message, id: ++k }));
      const reply = await ada.next((m) => m.id === k);
      assert.equal(reply.type, 'error', JSON.stringify(message));
      assert.equal(reply.code, code, `${JSON.stringify(message)}: ${reply.message}`);
      assert.ok(reply.message.length > 10);
    }
    ada.sendRaw('{"type":"replay_step","by":');
    assert.equal((await ada.next('error')).code, 'bad_json');

    // The replay is where it was (the start, seat 0's view), and works on.
    const after = await ada.ok('replay_step', { by: 1 });
    assert.equal(after.from, 0, 'no refusal moved the replay');
    assert.equal(after.seq, 1);
    assert.equal(after.seat, 0, 'nor changed whose view it shows');
    assert.equal(after.inputs.length, 1);
    const health = await httpGet(server, '/healthz');
    assert.equal(health.status, 200, 'the server is up');
  } finally {
    assert.equal((await server.stop()).code, 0);
  }
});

test('replays open at once from one address are bounded, and a closed connection frees its replay', async () => {
  const server = await startServer(['--replays-per-addr', '2', '--replays-per-min', '1000']);
  try {
    const { ada, bob, id } = await privateGame(server);
    await ada.ok('replay', { game: id });
    await bob.ok('replay', { game: id });
    const again = await ada.ok('replay', { game: id, to: 3 });
    assert.equal(again.frame.seq, 3, 'opening again on one connection replaces its own');
    const carl = await player(server, 'Carl');
    const refused = await carl.request('replay', { game: id });
    assert.equal(refused.code, 'quota_exceeded');
    assert.equal(refused.quota, 'replays_per_addr');
    const metrics = (await httpGet(server, '/metrics')).text;
    assert.match(metrics, /botpit_replays_open 2/);
    await bob.close();
    await new Promise((r) => setTimeout(r, 100));
    const dave = await player(server, 'Dave');
    const ok = await dave.request('replay', { game: id });
    assert.equal(ok.code, 'no_such_replay', 'a free slot again (Dave did not play this private game)');
  } finally {
    assert.equal((await server.stop()).code, 0);
  }
});

// A rolling upgrade: every node in turn is stopped (SIGTERM) and started
// again while games against bots play on all of them. A stopping node hands
// its rooms to the live ones before it exits; its players get moved and
// follow it with their token; every game finishes, no acknowledged input
// is lost, and each node exits cleanly.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { schemaFailures } from '../integration/lib/harness.mjs';
import { Client, hello, sleep, startCluster, wsOf } from './lib/cluster.mjs';

const GAMES = 6;
const TARGET = 300;

let cl;
before(async () => { cl = await startCluster(3, { ttl: 2, args: ['--bot-pace-ms', '15'] }); });
after(async () => { await cl.stop(); });

/**
 * One player against a bot, on whichever node holds the room: acts on its
 * turns, follows moved, and after a drop comes back through any live node
 * (as through the main address). Resolves with the game's last state.
 */
async function play(name, token, code, first, log) {
  let c = first;
  let acked = 0;
  let target = null;
  for (;;) {
    let m;
    try {
      m = await c.next((x) => ['state', 'moved', 'over'].includes(x.type), 60000);
    } catch (e) {
      if (!c.closeInfo) throw e;
      m = { type: 'dropped' };
    }
    if (m.type === 'over') return { acked, result: m.result };
    if (m.type === 'state') {
      assert.ok(m.seq >= acked, `${name}: seq ${m.seq} after ${acked} acknowledged`);
      acked = m.seq;
      if (m.view.winner < 0 && m.view.turn === m.seat && !c.queue.some((x) => x.type === 'state')) {
        c.send({ type: 'act', id: `${name}-${m.seq}`, action: { kind: 'add', n: 1 } });
      }
      continue;
    }
    // moved, or the link dropped: connect again and say hello.
    target = m.type === 'moved' ? wsOf(m.url) : null;
    if (m.type === 'moved') log.moved++;
    c.drop();
    for (let tries = 0; ; tries++) {
      const live = cl.nodes.filter((n) => n.alive());
      const url = target ?? live[tries % live.length].wsUrl;
      target = null;
      try {
        c = await Client.connect({ wsUrl: url });
        const w = await c.request('hello', { name, token }, 10000);
        if (w.type === 'welcome' && w.room === code) {
          const next = await c.next((x) => x.type === 'room' || x.type === 'moved', 10000);
          if (next.type === 'room') break;
          target = wsOf(next.url);
        }
        c.drop();
      } catch { /* that node is going or gone: another */ }
      if (tries > 200) throw new Error(`${name} could not get back to room ${code}`);
      await sleep(100);
    }
  }
}

test(`a rolling restart of every node while ${GAMES} games against bots play: every game finishes`, { timeout: 240000 }, async () => {
  const log = { moved: 0 };
  const games = [];
  for (let i = 0; i < GAMES; i++) {
    const node = cl.nodes[i % 3];
    const c = await hello(node, `Pat${i}`);
    const room = await c.ok('create', { game: 'testgame', options: { target: TARGET } });
    await c.ok('bot', { seat: 1 });
    await c.ok('start');
    games.push(play(`Pat${i}`, c.token, room.code, c, log));
  }
  await sleep(500);
  for (const node of cl.nodes) {
    const { code } = await node.stop('SIGTERM');
    assert.equal(code, 0, `${node.id} exits cleanly after handing its rooms over`);
    await node.start();
    await sleep(1200); // the others see it alive again
  }
  const ends = await Promise.all(games);
  for (const end of ends) {
    assert.ok(end.result.winners.length === 1, 'the game finished with a winner');
    assert.ok(end.acked >= TARGET / 2, `the game ran to its end (${end.acked} inputs)`);
  }
  assert.ok(log.moved >= GAMES, `players followed moved (${log.moved} times)`);
  console.log(`rolling restart of 3 nodes: ${GAMES} games finished, players followed moved ${log.moved} times`);
});

test('every message matched its schema', () => {
  assert.deepEqual(schemaFailures, []);
});

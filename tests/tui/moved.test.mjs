// botpit-tui across nodes (distributed mode): started against node 2 with
// --join of a room node 1 holds, it follows moved to node 1 with the same
// token and sits down there; when node 1 stops (a rolling upgrade) and
// hands the room to node 2, it follows it there too.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { hello, startCluster } from '../cluster/lib/cluster.mjs';
import { Tui, configOf } from './lib/tui.mjs';

describe('botpit-tui follows moved', () => {
  let cl;
  let tui;
  let ada;
  after(async () => {
    tui?.stop();
    ada?.close();
    if (cl) for (const r of await cl.stop()) assert.equal(r.code, 0, 'each node exits cleanly');
  });

  test('a join through node 2 of a room on node 1: moved, the same token there, seated', async () => {
    cl = await startCluster(2, { ttl: 2 });
    const [n1, n2] = cl.nodes;
    ada = await hello(n1, 'Ada');
    const { code } = await ada.ok('create', { game: 'testgame' });
    tui = Tui.start([n2.wsUrl, '--name', 'Bea', '--join', code], { label: 'moved' });
    const screen = await tui.waitFor(new RegExp(`Room ${code}`), { timeout: 20000 });
    tui.save('1-moved-and-seated');
    assert.match(screen, /Bea/);
    const room = await ada.next((m) => m.type === 'room' && m.seats[1].player, 10000);
    assert.equal(room.seats[1].player.name, 'Bea', 'Bea sits in node 1\'s room');
    // The token is kept for the address given (node 2, the main address
    // here), not for the node it was sent to: one identity everywhere.
    const servers = configOf(tui.home).servers;
    assert.deepEqual(Object.keys(servers), [n2.wsUrl]);
    assert.match(servers[n2.wsUrl].token, /^[0-9a-f]{32}$/);

    // Node 1 stops: its room goes to node 2, and the terminal follows.
    const before = room.seats[1].player.id;
    const { code: exit } = await n1.stop('SIGTERM');
    assert.equal(exit, 0);
    let own = null;
    for (let i = 0; i < 50 && own !== `${n2.id} 2`; i++) {
      own = await cl.redis.command('GET', `botpit:own:{${code}}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(own, `${n2.id} 2`, 'node 2 holds the room now');
    const after2 = await tui.waitFor(new RegExp(`Room ${code}[\\s\\S]*online|online[\\s\\S]*Room ${code}`), { timeout: 20000 });
    tui.save('2-followed-the-handover');
    assert.match(after2, /Bea/);
    const c = await hello(n2, 'Cy');
    const r = await c.ok('join', { room: code, as: 'spectator' });
    assert.equal(r.seats[1].player.id, before, 'Bea is still in her seat, on node 2');
    assert.equal(r.seats[1].connected, true, 'and connected there');
    c.close();

    // Upgrade after upgrade: the room goes back and forth, and the terminal
    // keeps following (moves stop counting once it is in its room again).
    await n1.start();
    let holder = n2;
    let other = n1;
    for (let round = 0; round < 5; round++) {
      const epoch = Number(own.split(' ')[1]);
      assert.equal((await holder.stop('SIGTERM')).code, 0);
      for (let i = 0; i < 50 && own !== `${other.id} ${epoch + 1}`; i++) {
        own = await cl.redis.command('GET', `botpit:own:{${code}}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal(own, `${other.id} ${epoch + 1}`, `round ${round}: the room went to ${other.id}`);
      const spy = await hello(other, `Spy${round}`);
      let seated = false;
      for (let i = 0; i < 100 && !seated; i++) {
        const seen = await spy.ok('join', { room: code, as: 'spectator' });
        seated = seen.seats[1].connected === true;
        if (!seated) {
          await spy.ok('leave');
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      spy.close();
      assert.ok(seated, `round ${round}: Bea followed the room to ${other.id}`);
      await holder.start();
      [holder, other] = [other, holder];
    }
    assert.doesNotMatch(tui.screen(), /keeps sending us elsewhere/);
    tui.save('3-after-five-more-upgrades');
  });
});

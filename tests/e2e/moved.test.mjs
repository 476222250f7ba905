// The browser across nodes (distributed mode): a page opened on node 2 (the
// main address here) follows a share link to a room node 1 holds: node 2
// answers moved, the page's link goes to node 1 with the same token, joins
// there and shows the room, while the address bar stays on node 2. When
// node 1 stops (a rolling upgrade) the room is handed to node 2 and the
// page follows it there too, without the player doing anything.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { hello, startCluster } from '../cluster/lib/cluster.mjs';
import {
  launchBrowser, makeWebRoot, openPage, skipReason, storySteps,
} from './lib/e2e.mjs';

const skip = skipReason() || false;

describe('a page follows moved', { skip }, () => {
  let cl;
  let webRoot;
  let browser;
  let page;
  let ada;
  let code;
  const step = storySteps(test);

  before(async () => {
    webRoot = makeWebRoot();
    cl = await startCluster(2, { ttl: 2, args: ['--web-root', webRoot] });
    browser = await launchBrowser();
    page = await openPage(browser);
  });

  after(async () => {
    ada?.close();
    await browser?.close();
    assert.deepEqual(page?.problems ?? [], [], 'no script errors in the page');
    const results = await cl.stop();
    rmSync(webRoot, { recursive: true, force: true });
    for (const r of results) assert.equal(r.code, 0, 'each node exits cleanly');
  });

  step('a share link on node 2 to a room of node 1: the page moves there and joins', async () => {
    const [n1, n2] = cl.nodes;
    ada = await hello(n1, 'Ada');
    code = (await ada.ok('create', { game: 'testgame' })).code;
    const sockets = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await page.goto(`${n2.url}/#/room/${code}`);
    await page.getByLabel('Your name', { exact: true }).fill('Bea');
    await page.getByRole('button', { name: 'Let’s play' }).click();
    await page.locator('#room-code', { hasText: code }).waitFor({ timeout: 15000 });
    await page.locator('#conn[data-status="online"]').waitFor();
    const room = await page.evaluate(() => window.botpit.store.room);
    assert.deepEqual(room.seats.slice(0, 2).map((s) => s.player?.name), ['Ada', 'Bea'], 'Bea sits beside Ada');
    assert.deepEqual(sockets, [n2.wsUrl, n1.wsUrl], 'first the main address, then the node that holds the room');
    assert.ok(page.url().startsWith(n2.url), 'the address bar stays on the main address');
    const seat = await ada.next((m) => m.type === 'room' && m.seats[1].player);
    assert.equal(seat.seats[1].player.name, 'Bea');
  });

  step('node 1 stops: the room is handed to node 2 and the page follows it', async () => {
    const [n1, n2] = cl.nodes;
    const before = await page.evaluate(() => window.botpit.store.me.id);
    const { code: exit } = await n1.stop('SIGTERM');
    assert.equal(exit, 0);
    // Back in the room, on node 2, as the same player.
    await page.waitForFunction((c) => window.botpit.store.conn?.status === 'online' && window.botpit.store.room?.code === c, code, { timeout: 15000 });
    await page.locator('#room-code', { hasText: code }).waitFor();
    assert.equal(await page.evaluate(() => window.botpit.store.me.id), before, 'the same identity');
    const seats = await page.evaluate(() => window.botpit.store.room.seats.map((s) => s.player?.name ?? null));
    assert.equal(seats[1], 'Bea');
    const own = await cl.redis.command('GET', `botpit:own:{${code}}`);
    assert.equal(own, `${n2.id} 2`, 'node 2 holds the room now');
    ada.close();
    ada = null;
  });
});

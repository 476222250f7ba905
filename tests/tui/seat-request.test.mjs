// A seat request in botpit-tui: a spectator asks for a bot's seat mid-game;
// the host, in the terminal, is asked and answers with a key (y lets them
// take it, n keeps the bot), and each side hears the answer.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { player } from '../integration/lib/harness.mjs';
import { closeTui, openTui } from './lib/tui.mjs';

describe('a seat request answered in botpit-tui', () => {
  let server;
  let tui;
  let code;

  before(async () => {
    ({ server, tui } = await openTui('seat-request', { width: 110, height: 34 }));
    code = await tui.gameWithBot('create boxing layout_s=120');
    await tui.waitFor('Lay out your robot');
  });

  after(() => closeTui({ server, tui }));

  test('n keeps the bot in its seat, and the asker is told', async () => {
    const tom = await player(server, 'Tom');
    await tom.ok('join', { room: code });
    assert.equal((await tom.request('sit', { seat: 1 })).type, 'sit_pending');
    await tui.waitFor(/Tom asks to take over seat 2 from its bot/);
    tui.save('1-asked');
    tui.keys('n');
    const denied = await tom.next('sit_denied');
    assert.equal(denied.seat, 1);
    await tom.close();
  });

  test('y lets the player take over the bot\'s seat', async () => {
    const sam = await player(server, 'Sam');
    await sam.ok('join', { room: code });
    assert.equal((await sam.request('sit', { seat: 1 })).type, 'sit_pending');
    await tui.waitFor(/Sam asks to take over seat 2 from its bot/);
    tui.keys('y');
    await sam.next((m) => m.type === 'room' && m.seats[1].player?.name === 'Sam');
    const state = await sam.next((m) => m.type === 'state' && m.seat === 1);
    assert.ok(state.view, 'Sam plays seat 2 now, with its view');
    await tui.waitFor(/2 Sam/);
    tui.save('2-approved');
    await sam.close();
  });
});

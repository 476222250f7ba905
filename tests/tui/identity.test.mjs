// An identity carried into botpit-tui at 80x24 (issue 29): Ada, who has
// played in a browser, shows a code; `:link CODE` makes the terminal Ada
// (her token kept in its config), `:history` lists her games with their
// ids (Enter opens the chosen one's replay, q closes it), `:ratings` shows the
// leaderboard, `:link` alone shows a code that carries her on again; used,
// unknown and mistyped codes are refused in plain words.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client, player, startServer } from '../integration/lib/harness.mjs';
import { Tui, configOf } from './lib/tui.mjs';

/** A game of Count to 5 between two WebSocket players: the second wins. */
async function playTestgame(first, second) {
  const room = await first.ok('create', { game: 'testgame', options: { target: 5 } });
  await second.ok('join', { room: room.code });
  await first.ok('bot', { seat: 2, level: 'normal' });
  await first.ok('start');
  await first.ok('act', { action: { kind: 'add', n: 3 } });
  await second.ok('act', { action: { kind: 'add', n: 2 } });
  await Promise.all([first.next('over'), second.next('over')]);
  for (const c of [first, second]) await c.ok('leave');
  for (const c of [first, second]) c.drain();
}

describe('carrying an identity into botpit-tui', () => {
  let server;
  let ada;
  let bob;
  let tui;
  let shown;

  before(async () => {
    server = await startServer();
    ada = await player(server, 'Ada');
    bob = await player(server, 'Bob');
    await playTestgame(bob, ada); // Ada wins
    await playTestgame(ada, bob); // Bob wins
    shown = (await ada.ok('link_code')).code;
    tui = Tui.start([server.wsUrl, '--name', 'Zed'], { width: 80, height: 24, label: 'identity' });
    await tui.waitFor('Games on this server');
  });

  after(async () => {
    tui?.stop();
    await bob?.close();
    await server?.stop();
  });

  test(':link CODE makes the terminal Ada, keeps her token, and pauses the browser', async () => {
    tui.command(`link ${shown.toLowerCase()}`);
    await tui.waitFor('This terminal now plays as Ada');
    assert.match(tui.screen(), /Ada/);
    const closed = await ada.closed;
    assert.equal(closed.code, 4001, 'the browser that showed the code steps aside');
    const servers = configOf(tui.home).servers;
    assert.equal(Object.values(servers)[0].token, ada.token, 'her token is kept for the next run');
    tui.save('1-linked');
  });

  test(':history lists her games with their ids; Enter hands the chosen one to the replay', async () => {
    tui.command('history');
    const screen = await tui.waitFor('Your games, Ada');
    assert.doesNotMatch(screen, /Asking for your games/, 'the answer takes the place of the question');
    assert.match(screen, /Count to 21: played 2, won 1, rating \d{4} \(provisional\)/);
    const ids = [...screen.matchAll(/#(\d+)\s+Count to 21/g)].map((m) => Number(m[1]));
    assert.equal(ids.length, 2, 'both games');
    assert.ok(ids[0] > ids[1], 'newest first');
    assert.match(screen, /> #\d+\s+Count to 21 .* Bob wins\s+\d{4} -> \d{4} \(/, 'the newest chosen, with her rating\'s move');
    assert.match(screen, /Ada wins\s+1500 -> \d{4} \(\+\d+\)/);
    for (const line of screen.split('\n')) assert.ok([...line].length <= 80, `fits 80 columns: ${line}`);
    tui.save('2-history');
    tui.keys('Down', 'Enter');
    const replay = await tui.waitFor(new RegExp(`Replay of game ${ids[1]}, Count to 21: start \\(\\d+ inputs\\)`));
    assert.ok(!replay.includes('Your games, Ada'), 'the replay takes the history\'s place');
    tui.save('3-replay-hand-off');
    tui.keys('q');
    await tui.waitFor((s) => !s.includes(`Replay of game ${ids[1]}`) && !s.includes('Your games, Ada'));
  });

  test(':ratings GAME shows the leaderboard with her marked', async () => {
    tui.command('ratings testgame');
    const screen = await tui.waitFor('Count to 21: leaderboard');
    assert.match(screen, /1\s+(Ada|Bob)\s+\d{4} provisional\s+2/);
    assert.match(screen, /Ada\s+\d{4} provisional\s+2\s+\(you\)/);
    assert.match(screen, /Bots play at fixed ratings: easy 1150, normal 1400\./);
    tui.save('4-ratings');
    tui.keys('Escape');
    await tui.waitFor((s) => !s.includes('leaderboard'));
  });

  test('hostile codes: a mistyped, an unknown and a used one are refused; the terminal stays Ada', async () => {
    tui.command('link K7P2');
    await tui.waitFor('A code is 8 letters and digits, like K7P2-X9QM');
    tui.command('link AAAA-AAAA');
    await tui.waitFor('There is no code "AAAA');
    await tui.waitFor('online');
    tui.command(`link ${shown}`);
    await tui.waitFor('That code has already been used');
    await tui.waitFor('online');
    tui.command('history');
    await tui.waitFor('Your games, Ada', { message: 'still Ada after the refusals' });
    tui.keys('Escape');
    tui.save('5-refused');
  });

  test(':link alone shows a code that carries her on to another device', async () => {
    tui.command('link');
    const screen = await tui.waitFor(/Your code: [A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}/);
    const code = screen.match(/Your code: ([A-Z0-9]{4}-[A-Z0-9]{4})/)[1];
    tui.save('6-code');
    const browser = await Client.connect(server);
    const welcome = await browser.ok('hello', { link: code });
    assert.equal(welcome.you.name, 'Ada');
    assert.equal(welcome.token, ada.token);
    await tui.waitFor('You connected again from somewhere else');
    await browser.close();
  });
});

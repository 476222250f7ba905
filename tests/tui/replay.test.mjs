// A finished game's replay in botpit-tui at 80x24: `:replay ID` opens it
// with the game's own renderer; Right and Left step, ] and [ jump by turns,
// End and Home go to the end and the start, Space plays, v changes whose
// eyes, Tab shows the log's sentences, ? lists the keys, q closes it; a
// game nobody may watch is refused on the status line.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { player, startServer } from '../integration/lib/harness.mjs';
import { Tui } from './lib/tui.mjs';

/** A public boxing game two bots play to its end; its id. */
async function finishedGame(server) {
  const host = await player(server, 'Host');
  await host.ok('create', { game: 'boxing', options: { turn_limit: 4, order_s: 5, layout_s: 5, seed: 4 } });
  await host.ok('stand');
  await host.ok('bot', { seat: 0, level: 'easy' });
  await host.ok('bot', { seat: 1, level: 'normal' });
  await host.ok('start');
  const over = await host.next('over', 60000);
  await host.close();
  return over.replay;
}

describe('a replay in botpit-tui', () => {
  let server;
  let tui;
  let id;
  let inputs;

  before(async () => {
    server = await startServer(['--bot-pace-ms', '50']);
    id = await finishedGame(server);
    tui = Tui.start([server.wsUrl, '--name', 'Tess'], { width: 80, height: 24, label: 'replay' });
    await tui.waitFor(/Games on this server/);
  });

  after(async () => {
    tui?.stop();
    await server?.stop();
  });

  test(':replay ID opens the game at its start, with the keys on the footer', async () => {
    tui.command(`replay ${id}`);
    const screen = await tui.waitFor(new RegExp(`Replay of game ${id}, Robot boxing: start \\((\\d+) inputs\\)`));
    inputs = Number(screen.match(/start \((\d+) inputs\)/)[1]);
    assert.ok(inputs >= 6, `every input kept (${inputs})`);
    assert.match(screen, /Layout · seen by everyone/);
    assert.match(screen, /\n Bot \(easy\) and Bot \(normal\) to play: /, 'both players by name (it said "Bot (easy) and others")');
    assert.match(screen, /Right step\s+Left back\s+Space play/, 'the keys on the footer');
    tui.save('1-open');
  });

  test('Right and Left step one input, ] and [ jump by turns', async () => {
    tui.keys('Right');
    await tui.waitFor(`input 1/${inputs}`);
    tui.keys('Right');
    await tui.waitFor(`input 2/${inputs}`);
    tui.keys('Left');
    await tui.waitFor(`input 1/${inputs}`);
    tui.keys(']');
    let screen = await tui.waitFor(/input \d+\/\d+ · Turn 1 /);
    tui.keys(']');
    screen = await tui.waitFor(/input \d+\/\d+ · Turn 2 /);
    assert.match(screen, /seen by everyone/);
    tui.keys('[');
    await tui.waitFor(/input \d+\/\d+ · Turn 1 /);
    // keys faster than the frames: each counts from where the last one goes
    tui.keys(']', ']');
    await tui.waitFor(/input \d+\/\d+ · Turn 3 /);
    tui.keys('[', '[');
    await tui.waitFor(/input \d+\/\d+ · Turn 1 /);
    tui.save('2-turn');
  });

  test('every secret shows: both layouts from turn 1 on', async () => {
    const screen = tui.screen();
    assert.equal((screen.match(/\[[a-i]\]/g) ?? []).length, 2, 'both boosters (the layouts) are drawn');
  });

  test('Tab shows the log, as the game wrote it, up to the input shown', async () => {
    tui.keys('Tab');
    const screen = await tui.waitFor('Game log (Tab closes)');
    assert.match(screen, /Bot \(easy\) has laid out their robot\./);
    assert.match(screen, /Turn 1: write your orders\./);
    assert.doesNotMatch(screen, /Turn 2: write your orders\./, 'nothing after the input shown');
    tui.save('3-log');
    tui.keys('Tab');
    await tui.waitFor((s) => !s.includes('Game log (Tab closes)'));
  });

  test('v shows it through other eyes; End, Home and Space go to the end, the start, and play', async () => {
    tui.keys('v');
    await tui.waitFor('seen by a spectator');
    tui.keys('v');
    await tui.waitFor('seen by Bot (easy)');
    tui.keys('v', 'v');
    await tui.waitFor('seen by everyone');
    tui.keys('End');
    await tui.waitFor(/The end: /);
    tui.save('4-end');
    tui.keys('Home');
    await tui.waitFor(`start (${inputs} inputs)`);
    tui.keys('+', '+', '+', 'Space');
    await tui.waitFor('playing 8x');
    await tui.waitFor(/The end: /, { timeout: 15000 });
    await tui.waitFor((s) => !s.includes('playing 8x'));
  });

  test('? lists the replay\'s keys; q closes it and the lobby is back', async () => {
    tui.keys('?');
    const help = await tui.waitFor('Keys and commands');
    for (const key of ['step', 'back', 'next turn', 'prev turn', 'seen by', 'go to input', 'close']) assert.match(help, new RegExp(key));
    tui.keys('Escape');
    await tui.waitFor((s) => !s.includes('Keys and commands'));
    tui.keys('q');
    await tui.waitFor('Games on this server');
  });

  test('a game that does not exist, or a bad word, is refused on the status line', async () => {
    tui.command('replay 999999');
    await tui.waitFor(/There is no finished game 999999 that you may watch/);
    await tui.waitFor('Games on this server');
    tui.command('replay soon');
    await tui.waitFor(/use: replay ID/);
    tui.command(`replay ${id}`);
    await tui.waitFor(`start (${inputs} inputs)`);
    tui.command('replay step 0');
    await tui.waitFor(/replay step N: how many inputs/);
    tui.command('replay seen 9');
    await tui.waitFor('This game has seats 1 to 2.');
    tui.command('replay close');
    await tui.waitFor('Games on this server');
  });
});

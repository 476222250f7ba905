// The snags a QA pass found in a newcomer's first hour at 80x24 (issue 27,
// the terminal's items 8, 9, 12, 14, 15, 16 and 17): a status line that
// goes when its moment has, footers that offer only what works now, no
// countdown before Ricochet's sand runs, :create's refusals in the form by
// the option's label, room codes and full rooms said in sentences with what
// to do, whole words in the create form and Robot Wars' panel, the keys
// that answer boxing's f and t, q at the table, Ricochet's turn bar for
// the one who shows, the others and a watcher, and MANOOVER's dice and log
// in words (Tab closing the log). Each test fails without its fix; every
// screen it checks is saved among the artifacts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { player, startServer } from '../integration/lib/harness.mjs';
import { Tui } from './lib/tui.mjs';

const SIZE = { width: 80, height: 24 };

// capture-pane ends each row with a line feed: the last item is ''
const rows = (screen) => screen.split('\n');
/** The footer: the last row. */
const footer = (screen) => rows(screen).at(-2) ?? '';
/** The turn bar: the row under the header. */
const turnBar = (screen) => rows(screen)[1] ?? '';
/** The status line and the row above it (a long sentence takes both). */
const statusRows = (screen) => rows(screen).slice(-4, -2).join('\n');
/** Text wrapped over rows, read as one line. */
const flat = (text) => text.replace(/[\s│]+/g, ' ').trim();
/** Columns x0 to x1 of every row (a panel beside a board, the room's left side). */
const cols = (screen, x0, x1 = 1000) => rows(screen).map((r) => [...r].slice(x0, x1).join('')).join('\n');

describe('the first hour at 80x24, after the QA pass', () => {
  let server;
  let tui;

  before(async () => {
    server = await startServer();
    tui = Tui.start([server.wsUrl, '--name', 'Ada'], { ...SIZE, label: 'first-hour' });
    await tui.waitFor(/Games on this server/);
  });

  after(async () => {
    tui?.stop();
    await server?.stop();
  });

  const leaveGame = async () => {
    tui.keys('L');
    await tui.waitFor('Leave the game in progress?');
    tui.keys('y');
    await tui.waitFor('Games on this server');
  };

  test('a room code that is not one, or names no room, is said in sentences, whole', async () => {
    tui.command('join O0IL1');
    let screen = await tui.waitFor('is not a room code');
    assert.match(flat(statusRows(screen)), /! "O0IL1" is not a room code\. Codes are 5 letters and digits, such as K7P2X, and never use O, 0, I, L or 1\. Type join CODE, or paste the room's link\./);
    assert.doesNotMatch(screen, /…/, 'nothing cut');
    tui.save('1-bad-code');
    tui.command('join K7P2X');
    screen = await tui.waitFor('There is no room');
    assert.match(flat(statusRows(screen)), /! There is no room "K7P2X"\. Check the code; rooms close when all have left\./);
    tui.save('1b-no-such-room');
  });

  test(':create with a number out of range opens the form with it, by its label', async () => {
    tui.command('create ricochet silver=on timer_s=9999');
    let screen = await tui.waitFor('Create a room');
    assert.match(screen, /Silver robot\s+on\s+changed/, 'what came before it');
    assert.match(screen, /> Sand timer \(seconds\)\s+9999/, 'what was typed, on its row, selected');
    assert.match(flat(screen), /! Sand timer \(seconds\) is 2 to 600, not 9999\. Change it here, then Enter creates the room\./);
    assert.doesNotMatch(screen, /timer_s is|…/);
    assert.match(footer(screen), /^ Left\/Right change\s+Enter create/, 'both keys change a value, not only Left');
    tui.save('2-create-out-of-range');
    tui.keys('Enter');
    screen = await tui.waitFor('it is 600 now');
    assert.match(flat(screen), /! Sand timer \(seconds\) is 2 to 600: it is 600 now\. Enter again creates the room\./);
    assert.doesNotMatch(screen, /…/);
    tui.save('3-create-clamped');
    tui.keys('Escape');
    await tui.waitFor('Games on this server');
  });

  test(':create with a game this server does not have lists the games, whole', async () => {
    tui.command('create chess');
    const screen = await tui.waitFor('There is no game');
    assert.match(flat(screen), /! There is no game "chess" here; the games are ricochet, manoover, boxing, robotwars, roborally and \w+\. Left\/Right on the first row chooses one\./);
    assert.doesNotMatch(screen, /…/, 'nothing cut');
    tui.save('4a-create-no-such-game');
    tui.keys('Escape');
    await tui.waitFor('Games on this server');
  });

  test(':create with an unknown option points at the labels; the choices read whole', async () => {
    tui.command('create ricochet sand=30');
    let screen = await tui.waitFor('has no option');
    assert.match(flat(screen), /! Ricochet Robots has no option "sand"\. Its options are the rows below, by their labels; each row's help gives the NAME=VALUE to type\./);
    assert.match(screen, /Board sides\s+Sides A and B \(the original game\)/, 'a choice in whole words');
    assert.doesNotMatch(screen, /…/);
    tui.save('4-create-unknown-option');
    for (let i = 0; i < 8; i++) tui.keys('Down');
    screen = await tui.waitFor('> Board sides');
    assert.match(flat(screen), /Sides A and B \(the original game\)\. Which sides of the four board pieces/);
    assert.match(flat(screen), /on the command line: sides=AB\)/, 'the help names the option for :create');
    assert.doesNotMatch(screen, /…/);
    tui.save('5-create-choice-selected');
    tui.keys('Escape');
    await tui.waitFor('Games on this server');
  });

  test('a full room says so and what to do; t on a bot\'s seat says whose it is', async () => {
    const host = await player(server, 'Quinn');
    try {
      const { code } = await host.ok('create', { game: 'manoover' });
      await host.ok('bot', { seat: 1 });
      tui.command(`join ${code}`);
      let screen = await tui.waitFor('you watch.');
      assert.match(flat(statusRows(screen)), new RegExp(`Every seat in room ${code} is taken: you watch\\. Ask the host to free a seat\\.`));
      assert.match(flat(cols(screen, 0, 49)), /Every seat is taken, so you are watching\. To play, ask the host to free a seat \(k removes a bot\); then t takes it\./, 'the room\'s help says it too');
      assert.doesNotMatch(footer(screen), /take seat/, 'no seat to take: not offered');
      tui.save('6-full-room');
      tui.keys('Down', 't');
      screen = await tui.waitFor('Seat 2 is taken by');
      assert.match(flat(statusRows(screen)), /! Seat 2 is taken by Bot \(normal\); ask the host to remove the bot first\./);
      tui.save('7-bot-seat');
      tui.keys('L');
      await tui.waitFor('Games on this server');
    } finally {
      host.close();
    }
  });

  test('Ricochet: no countdown before the sand, and t offered only when it starts it', async () => {
    await tui.gameWithBot('create ricochet idle_min_s=4 idle_s=600 bot_think_pct=400 seed=7');
    let screen = await tui.waitFor('Round 1: bidding');
    assert.doesNotMatch(turnBar(screen), /\d:\d\d/, 'the deadline is when the sand starts by itself: no one\'s limit');
    assert.doesNotMatch(footer(screen), /start timer/, 't would be refused for 4 s');
    tui.save('8-ricochet-no-countdown');
    // a bot that sees no route starts the sand itself as soon as it may
    screen = await tui.waitFor((s) => /t start timer/.test(footer(s)) || /Sand timer/.test(s), { timeout: 10000 });
    if (!/Sand timer/.test(screen)) {
      tui.save('9-ricochet-t-offered');
      tui.keys('t');
    }
    screen = await tui.waitFor('Sand timer');
    assert.match(turnBar(screen), /\d:\d\d/, 'the sand counts down');
    assert.doesNotMatch(footer(screen), /start timer/, 'the sand runs: t does nothing now');
    tui.save('10-ricochet-sand');
    await leaveGame();
  });

  test('Robot Wars: a refusal of the set-up goes when the battle starts; the panel reads whole', async () => {
    await tui.gameWithBot('create robotwars seed=3 setup_s=120 turn_s=120');
    await tui.waitFor('Your discs');
    tui.keys('s', 's', 's', 's', 's', 's');
    let screen = await tui.waitFor(/! All \d discs are placed: take one off first\./);
    assert.match(flat(cols(screen, 42)), /Battle 1: Ada v Bot \(normal\); allocating discs/, 'the browser\'s words, whole');
    tui.save('11-robotwars-refused');
    tui.keys('Enter');
    screen = await tui.waitFor(/Turn 1 of 15/, { timeout: 15000 });
    assert.doesNotMatch(statusRows(screen), /discs are placed/, 'the set-up\'s refusal went with the set-up');
    assert.match(flat(cols(screen, 42)), /Battle 1: Ada v Bot \(normal\); now/);
    assert.match(flat(cols(screen, 42)), /Battle 2: Ada v Bot \(normal\); to come/);
    assert.doesNotMatch(screen, /…|Round 1 of/);
    tui.save('12-robotwars-battle');
    await leaveGame();
  });

  test('Robot Wars: a long weapon\'s line and whose turn go on two rows rather than being cut; the log in words', async () => {
    await tui.gameWithBot('create robotwars seed=1 setup_s=120');
    const panel = cols(await tui.waitFor('Your discs'), 42);
    assert.match(panel, /●1 Ada\s+S4 P1 M2/, 'a space between the mark and the name');
    assert.match(flat(panel), /Spinning disc 3, turns 0, placing discs/);
    assert.doesNotMatch(panel, /…/, 'nothing cut');
    tui.save('12b-robotwars-long-weapon');
    tui.keys('s', 's', 's', 's', 'p', 'p', 'm'); // the 7 discs of seed 1
    await tui.waitFor('7 won, 0 to place');
    tui.keys('Enter');
    let screen = await tui.waitFor(/(You|Bot \(normal\)) to move/, { timeout: 15000 });
    if (/You to move/.test(screen)) tui.keys('e');
    screen = await tui.waitFor(/Bot \(normal\) to move/, { timeout: 15000 });
    assert.match(flat(cols(screen, 42)), /Bot \(normal\) to move: \d+ moves?, \d+ turns? left/, 'whose turn, whole');
    tui.save('12c-robotwars-bot-to-move');
    await tui.waitFor(/You to move/, { timeout: 30000 });
    tui.keys('Left');
    tui.command('log');
    screen = await tui.waitFor(/Ada turns left to face (north|east|south|west)\./);
    assert.doesNotMatch(screen, /now facing [NESW]\b/, 'ways in words in the log, as in the browser');
    assert.match(flat(screen), /Order of play: (Ada and Bot \(normal\)|Bot \(normal\) and Ada)\./, 'who starts, in the log');
    assert.match(flat(screen), /Ada ends the turn\./, 'the e pressed above, in the log');
    tui.save('12d-robotwars-log');
    tui.keys('Tab');
    await leaveGame();
  });

  test('boxing: after f or t the footer shows the keys that answer it, a wrong key at f speaks of lasers; q says Q quits; a shot in words', async () => {
    await tui.gameWithBot('create boxing seed=3 order_s=120 layout_s=120');
    await tui.waitFor('Lay out your robot');
    tui.command('layout gha ibc fed acdf');
    await tui.waitFor('Your orders for turn 1', { timeout: 15000 });
    tui.keys('f');
    let screen = await tui.waitFor('Which laser?');
    assert.match(footer(screen), /a-i the laser to fire\s+- hold fire\s+Esc never mind/);
    tui.save('13-boxing-f');
    // a key that is no laser's letter is answered about lasers, not slots
    tui.keys('t');
    screen = await tui.waitFor('Pick a laser by its letter, a to i, or - to hold fire.');
    assert.doesNotMatch(flat(statusRows(screen)), /A slot is/);
    tui.keys('f');
    await tui.waitFor('Which laser?');
    tui.keys('a');
    screen = await tui.waitFor('Which enemy slot?');
    assert.match(footer(screen), /a-i the enemy slot to hit/);
    tui.save('14-boxing-target');
    tui.keys('Escape');
    await tui.waitFor((s) => /arrows step/.test(footer(s)));
    tui.keys('t');
    screen = await tui.waitFor((s) => /enemy slot to hit/.test(footer(s)));
    assert.match(footer(screen), /a-i the enemy slot to hit\s+Esc never mind/, 't alone asks for the slot too');
    tui.save('14b-boxing-t');
    tui.keys('Escape');
    await tui.waitFor((s) => /arrows step/.test(footer(s)));
    tui.keys('q');
    screen = await tui.waitFor('(capital) quits');
    assert.match(flat(statusRows(screen)), /At the table Q \(capital\) quits; q is left to the games\. \? lists the keys\./,
      'q quits in the lobby and the room: at the table it says what does');
    tui.save('14c-boxing-q');
    tui.keys('f', 'a', 'a');
    await tui.waitFor(/Fire laser a \(NE\), reach \d+, at slot a/);
    tui.keys('Enter');
    screen = await tui.waitFor(/fired laser a/, { timeout: 20000 });
    assert.match(flat(cols(screen, 32)),
      /Ada fired laser a \(north-east\) at Bot \(normal\)'s a: (hit, a destroyed|hit, but a was already destroyed|missed, out of reach|missed, outside the laser's cone)/,
      'the shot in the browser\'s words, whole');
    assert.doesNotMatch(screen, /…/);
    tui.save('14d-boxing-shot');
    await leaveGame();
  });

  test('Ricochet: the turn bar reads whole for a watcher and in a demonstration; the round over is a sentence', async () => {
    const code = await tui.gameWithBot('create ricochet seed=7 chips_to_win=2 timer_s=10 demo_s=30 pause_s=30 bot_think_pct=0');
    await tui.waitFor('Round 1: bidding');
    const zoe = Tui.start([server.wsUrl, '--name', 'Zoe', '--spectate', code], { ...SIZE, label: 'first-hour-watcher' });
    try {
      let seen = await zoe.waitFor('Round 1: bidding');
      // the bot (bot_think_pct=0) may have bid and started the sand already
      assert.match(turnBar(seen), /^ Waiting for Ada and Bot \(normal\): (looking for a solution to bid\s*|bidding before the sand runs out\s+\d:\d\d\s*)$/,
        'a watcher\'s turn bar, whole');
      zoe.save('16a-ricochet-watcher-bidding');
      tui.keys('1');
      await tui.waitFor(':bid 1');
      tui.keys('Enter');
      seen = await zoe.waitFor((z) => /Sand timer/.test(z) && /Ada\s+1/.test(z));
      assert.match(turnBar(seen), /^ Waiting for Ada and Bot \(normal\): bidding before the sand runs out\s+\d:\d\d\s*$/);
      zoe.save('16b-ricochet-watcher-sand');
    } finally {
      zoe.stop();
    }
    let screen = await tui.waitFor('You show your solution', { timeout: 15000 });
    assert.match(turnBar(screen), /^ Your turn: show your 1-move solution: pick a robot, arrows move it\s+\d:\d\d\s*$/);
    tui.save('16-ricochet-our-demonstration');
    tui.keys('x');
    await tui.waitFor('again to give up');
    tui.keys('x');
    screen = await tui.waitFor(/Waiting for Bot \(normal\)/, { timeout: 15000 });
    assert.match(turnBar(screen), /^ Waiting for Bot \(normal\): showing a solution in \d+ moves\s+\d:\d\d\s*$/,
      'whose turn and what, without the keys that are not ours, and nothing cut');
    tui.save('17-ricochet-bot-demonstration');
    screen = await tui.waitFor((s) => /round is over/.test(turnBar(s)), { timeout: 30000 });
    assert.match(turnBar(screen), /^ The round is over: p shows the best solution\./);
    tui.save('18-ricochet-round-over');
    await leaveGame();
  });

  test('MANOOVER: the dice left are said as counted, and the log names robots one way', async () => {
    await tui.gameWithBot('create manoover seed=11 match_to=0');
    let screen = await tui.waitFor(/Your turn: 3 dice to use: step or turn the robots they name/, { timeout: 20000 });
    const dice = () => [...tui.screen().matchAll(/^.*?\s(\d) \d dic?e?: (step, )?turn/gm)].map((m) => m[1]);
    let robot = dice()[0];
    tui.keys(robot, 'Enter');
    screen = await tui.waitFor(/Your turn: 2 dice to use/);
    robot = dice()[0];
    tui.keys(robot, 'Enter');
    screen = await tui.waitFor(/Your turn: 1 die to use/);
    assert.match(turnBar(screen), /^ Your turn: 1 die to use: step or turn the robot it names\s*$/);
    tui.save('19-manoover-one-die');
    tui.command('log');
    screen = await tui.waitFor('Chat and log');
    assert.match(flat(screen), new RegExp(`Robot red ${robot} steps (north|south)(-east|-west)?[,.]`), 'the log says "Robot red N steps south", not "red N steps S"');
    assert.doesNotMatch(screen, /(^|│)(red|blue) \d steps/m);
    tui.save('20-manoover-log');
    tui.keys('Tab');
    screen = await tui.waitFor((s) => !/Chat and log/.test(s));
    assert.match(turnBar(screen), /Your turn: 1 die to use/, 'Tab closed the log as it says, and took no robot');
    tui.keys('p');
    await tui.waitFor('Press p again');
    tui.keys('p');
    screen = await tui.waitFor((s) => /Waiting for Bot/.test(turnBar(s)), { timeout: 15000 });
    assert.match(turnBar(screen), /^ Waiting for Bot \(normal\): [123] dic?e? to use\s*$/, 'the bot\'s dice, not our keys');
    tui.save('21-manoover-bot-turn');
    await leaveGame();
  });

  test('MANOOVER without colours: the score table shows the marks the robots wear', async () => {
    const mono = Tui.start([server.wsUrl, '--name', 'Nia', '--no-color'], { ...SIZE, label: 'first-hour-mono' });
    try {
      await mono.waitFor(/Games on this server/);
      await mono.gameWithBot('create manoover');
      const screen = await mono.waitFor(/In goal\s+on board/, { timeout: 15000 });
      assert.match(screen, /red\s+\d+\s+\d+\s+\d+\/21\s+● Nia/, 'our circle beside our name');
      assert.match(screen, /blue\s+\d+\s+\d+\s+\d+\/21\s+■ Bot \(normal\)/, 'the bot\'s square beside its name');
      mono.save('15-manoover-mono-marks');
    } finally {
      mono.stop();
    }
  });
});

// RoboBall (RoboRally in mode "roboball") in botpit-tui: us and three bots
// in two teams. The ball, the homes and the teams are on screen; the
// extraction vote is given with v and taken back; a bad declaration is
// refused with its reason; a program with hitch declarations (keys and a
// word command) is locked in, and the register phase, hitch steps included,
// is told in the log.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { closeTui, openTui } from './lib/tui.mjs';

/** The chat and log pane's text as one line (the pane wraps its lines). */
function logOf(screen) {
  return screen.split('\n').map((l) => l.match(/│([^│]*)│\s*$/)?.[1].trim()).filter(Boolean).join(' ');
}

/** Waits for the log to say something. */
const logSays = (re) => (s) => re.test(logOf(s));

describe('RoboBall in botpit-tui', () => {
  let server;
  let tui;

  before(async () => {
    ({ server, tui } = await openTui('roboball', { width: 132, height: 44 }));
  });

  after(() => closeTui({ server, tui }));

  test('two teams of two: the ball, the homes and the teams are on screen', async () => {
    tui.command('create roborally mode=roboball teams=2 course=risky_exchange seed=5 program_s=120');
    await tui.waitFor(/Room ([A-Z2-9]{5})/);
    for (const seat of [2, 3, 4]) {
      tui.command(`bot ${seat} easy`);
      await tui.waitFor((s) => (s.match(/Bot (\d )?\(easy\)/g) ?? []).length >= seat - 1);
    }
    tui.command('start');
    const screen = await tui.waitFor('Hand (keys 1-9)');
    assert.match(screen, /RoboBall on Risky Exchange, turn 1 of 30/);
    assert.match(screen, /●[↑→↓←]/, 'the ball and its facing');
    assert.match(screen, /Ball at [A-L]\d+ facing/);
    assert.match(screen, /T1 home [A-L]\d+: Ada and Bot 3 \(easy\)/, 'our team and its home');
    assert.match(screen, /T2 home [A-L]\d+: Bot 2 \(easy\) and Bot 4 \(easy\)/);
    assert.match(screen, /Your turn: program your robot: cards 1-9, h\/u R hitch/);
    tui.save('1-program');
  });

  test('v votes the ball inaccessible and v again takes the vote back', async () => {
    tui.keys('v');
    let screen = await tui.waitFor('Extraction votes 1 of 4: Ada');
    assert.match(logOf(await tui.waitFor(logSays(/Ada votes the ball inaccessible/))), /extraction when every seat votes/,
      'the log tells the vote');
    assert.match(screen, /v takes your vote back/);
    tui.save('2-voted');
    tui.keys('v');
    screen = await tui.waitFor(logSays(/Ada takes back the extraction vote\./));
    assert.match(screen, /Extraction votes: none of 4/);
    tui.command('extract no');
    await tui.waitFor('! You have no vote to take back.');
    tui.save('3-vote-taken-back');
  });

  test('a bad declaration is refused with its reason; a program with hitches is locked in and runs', async () => {
    tui.command('hitch 7');
    await tui.waitFor("! '7' is not a register.");
    tui.save('4-refused');
    tui.keys('h', '1');
    await tui.waitFor('Register 1: hitch to the ball at its end.');
    tui.command('hitches h - - - u');
    await tui.waitFor('Declarations set.');
    let screen = tui.screen();
    assert.match(screen, /1 --\s+hitch/, 'the declaration beside register 1');
    assert.match(screen, /5 --\s+unhitch/);
    tui.keys('1', '2', '3', '4', '5');
    await tui.waitFor(/\(\d+\) in register 5\./);
    tui.save('5-declared');
    tui.keys('Enter');
    screen = await tui.waitFor(/RoboBall on Risky Exchange, turn 2 of 30|re-enters: an arrow key/, { timeout: 30000 });
    if (/re-enters: an arrow key/.test(screen)) {
      tui.keys('Right');
      screen = await tui.waitFor('RoboBall on Risky Exchange, turn 2 of 30', { timeout: 20000 });
    }
    const log = logOf(screen);
    assert.match(log, /Register 5: /, 'the log tells the registers as they ran');
    assert.match(log, /hitch declarations: .*(hitches to the ball|cannot hitch: )/, 'and the hitch steps, with why a hitch failed');
    assert.match(log, /Turn 2: cards dealt\./);
    tui.save('6-registers-ran');
  });
});

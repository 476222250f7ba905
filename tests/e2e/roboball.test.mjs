// RoboBall (RoboRally's mode "roboball") in the browser client, in three
// parts:
// 1. the log's words and the playback's frames for every frame action and
//    event of the protocol (node only, from the examples of the design);
// 2. the renderer in real Chromium on views shaped as the protocol says:
//    homes, the ball, hitch lines and team rings drawn; hitches declared by
//    clicks and keys go out with `program`; the extraction vote and its
//    take-back; a turn with ball frames played back; the result's words;
// 3. a real game against the real server: Ada (desktop) and three bots, two
//    teams of two, until a goal or the turn limit, with screenshots at phone
//    and desktop sizes.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { endStory, arrive, launchBrowser, openPage, shootBoth, skipReason, startWebServer, storySteps } from './lib/e2e.mjs';
import { addBot, rallyActs, shootAt, viewOf } from './lib/games.mjs';
import { describeEvent } from '../../clients/web/games/roborally/words.js';
import { buildTimeline, piecesOf } from '../../clients/web/games/roborally/playback.js';

const skip = skipReason() || false;
const names = ['Ada', 'Bot 2', 'Bot 3', 'Bot 4'];
const name = (s) => names[s];

// ---- views and events shaped as protocol/drafts/roboball.md says ----

function robot(seat, at, facing, extra = {}) {
  return {
    seat, status: 'active', at, facing, virtual: false, damage: 0, lives: null, flags: 0, archive: at,
    power_down_next: false, options: [], coat: 0, hand: 9, programmed: false,
    registers: [null, null, null, null, null], locked: 0, last_cards: [null, null, null, null, null],
    team: seat % 2, hitched: false, ...extra,
  };
}

function ballView({ turn = 3, ball = {}, robots = {}, votes = [], phase = 'program', need = 'program', result } = {}) {
  const mine = robot(0, [4, 6], 'N', {
    cards: [790, 80, 430, 670, 500, 100, 560, 840, 330], program: [null, null, null, null, null],
    hitches: [null, null, null, null, null], announce: false, beam: 'damage',
  });
  const list = [mine, robot(1, [9, 13], 'W'), robot(2, [3, 13], 'E'), robot(3, [7, 2], 'S')];
  for (const [seat, extra] of Object.entries(robots)) Object.assign(list[seat], extra);
  return {
    mode: 'roboball', course: 'risky_exchange', options: false, phase, turn, deadline: null, timer: 'turn',
    you: 0, flags: 0, options_left: 8, waiting: phase === 'program' ? [0, 1, 2, 3] : [], need,
    teams: [[0, 2], [1, 3]], max_turns: 30, homes: [[2, 14], [9, 14]],
    ball: { at: [4, 7], facing: 'E', pogo: false, hitched: [], extraction: { active: false, register: null, revealed: [], cards: 0 }, ...ball },
    votes, robots: list, ...(result ? { result } : {}),
  };
}

// A register phase with every new frame action of the design.
const TURN_EVENTS = [
  { kind: 'programs', turn: 3, power_down: [] },
  { kind: 'reveal', turn: 3, register: 1, cards: [{ seat: 0, card: 790, type: 'move3' }] },
  { kind: 'card', turn: 3, register: 1, seat: 0, card: 790, type: 'move3', frames: [
    [{ do: 'move', seat: 0, from: [4, 6], to: [4, 5], dir: 'N' }, { do: 'move', piece: 'ball', from: [4, 7], to: [4, 6], dir: 'N', dragged: true }],
    [{ do: 'blocked', piece: 'ball', at: [4, 6], dir: 'N', why: 'wall' }]] },
  { kind: 'board', turn: 3, register: 1, step: 'gears', frames: [[{ do: 'turn', piece: 'ball', from: 'N', to: 'E' }]] },
  { kind: 'board', turn: 3, register: 1, step: 'pushers', frames: [[{ do: 'pogo', at: [4, 6], up: true }]] },
  { kind: 'board', turn: 3, register: 1, step: 'bonk', frames: [[{ do: 'bonk', seat: 2, at: [4, 6], amount: 1, absorbed: 0, total: 5 }]] },
  { kind: 'board', turn: 3, register: 1, step: 'hitches', frames: [[
    { do: 'unhitch', seat: 2, why: 'declared' }, { do: 'hitch', seat: 0, team: 0 }, { do: 'hitch_failed', seat: 1, why: 'team' }]] },
  { kind: 'board', turn: 3, register: 1, step: 'belts', frames: [[{ do: 'move', seat: 3, from: [7, 2], to: [7, 3], dir: 'S', dragged: true }]] },
  { kind: 'board', turn: 3, register: 1, step: 'checkpoints', frames: [[{ do: 'goal', team: 0, at: [2, 14] }]] },
];
const OTHER_EVENTS = [
  { kind: 'voted', seat: 1, turn: 3, vote: true },
  { kind: 'voted', seat: 1, turn: 3, vote: false },
  { kind: 'extraction', turn: 4, facing: 'E', cards: 5 },
  { kind: 'reveal', turn: 4, register: 1, cards: [{ seat: 0, card: 790, type: 'move3' }, { piece: 'ball', card: 330, type: 'move1' }] },
  { kind: 'card', turn: 4, register: 1, seat: null, piece: 'ball', card: 330, type: 'move1', frames: [[{ do: 'balk', piece: 'ball', at: [0, 6], dir: 'W' }]] },
  { kind: 'over', winners: [0, 2], reason: 'goal', summary: 'Team 1 (Seat 1, Seat 3) brings the ball home on turn 9' },
];

describe('RoboBall words and playback, from the design’s frames', () => {
  test('every new frame action and event reads as a sentence naming who and what', () => {
    const said = [...TURN_EVENTS, ...OTHER_EVENTS].map((e) => describeEvent(e, name));
    for (const [i, s] of said.entries()) assert.ok(typeof s === 'string' && s.length > 10 && !/undefined|null|NaN/.test(s), `event ${i}: ${s}`);
    const all = said.join('\n');
    for (const phrase of [
      'the ball is dragged north', 'the ball is stopped by a wall', 'the ball now faces east',
      'the ball bounces up into pogo mode', 'the ball bonks Bot 3 for 1 damage', 'Bot 3 unhitches',
      'Ada hitches the ball for Team 1', 'Bot 2 cannot hitch: its team holds the ball already',
      'the ball drags Bot 4 south', "the ball is on Team 1's home: goal!", 'Bot 2 votes that the ball is inaccessible',
      'Bot 2 takes back the vote', 'it extracts itself this turn with 5 face-down cards, facing east',
      'Register 1: Ada Move 3 (790) and the ball Move 1 (330)', 'The ball runs Move 1 (330): the ball balks: going west would drop it',
      'Team 1 (Ada, Bot 3) brings the ball home on turn 9',
    ]) assert.ok(all.includes(phrase), `the log says “${phrase}”:\n${all}`);
    // A robot the ball drags is not "pushed" by the card's robot.
    assert.doesNotMatch(said[2], /pushing/);
  });

  test('the playback moves the ball, hitches and unhitches, lifts it in pogo mode and ends on the view', () => {
    const before = ballView({ robots: { 2: { hitched: true } }, ball: { hitched: [2] } });
    const now = ballView({ turn: 4, ball: { at: [4, 6], facing: 'E', pogo: true, hitched: [0] }, robots: { 0: { at: [4, 5], hitched: true }, 2: { damage: 5 } } });
    const frames = buildTimeline(piecesOf(before), TURN_EVENTS, name, piecesOf(now));
    const find = (text) => frames.find((f) => f.caption.includes(text));
    const dragged = frames.find((f) => f.ball.at[1] === 6 && f.robots[0].at[1] === 5);
    assert.ok(dragged, 'a frame shows Ada one square north with the ball dragged behind her');
    assert.equal(find('gears turn').ball.facing, 'E', 'gears turn the ball’s facing');
    assert.equal(find('pushers push').ball.pogo, true, 'the ball goes up into pogo mode');
    const bonk = find('pogo bonk');
    assert.equal(bonk.robots[2].damage, 5, 'the bonk deals its damage');
    assert.deepEqual(bonk.marks, [{ at: [4, 6], kind: 'bump' }]);
    const hitch = find('hitch declarations');
    assert.deepEqual(hitch.ball.hitched, [0], 'Bot 3 unhitched, Ada hitched');
    assert.equal(hitch.robots[0].hitched, true);
    assert.equal(hitch.robots[2].hitched, false);
    assert.deepEqual(hitch.marks, [{ at: [9, 13], kind: 'bump' }], 'the failed hitch is marked on Bot 2');
    assert.deepEqual(find('homes and archive markers').marks, [{ at: [2, 14], kind: 'goal' }], 'the goal is marked on the home');
    assert.equal(frames.at(-1).caption, 'Now');
    assert.deepEqual(frames.at(-1).ball, piecesOf(now).ball, 'the playback ends on the view’s ball');
    assert.deepEqual(frames[0].ball.at, [4, 7], 'and starts from the view before');
  });

  test('an extraction card moves the ball and says so in the caption', () => {
    const before = ballView({ ball: { at: [1, 6], facing: 'W', extraction: { active: true, register: null, revealed: [], cards: 5 } } });
    const events = [
      { kind: 'reveal', turn: 4, register: 1, cards: [{ piece: 'ball', card: 500, type: 'move1' }] },
      { kind: 'card', turn: 4, register: 1, seat: null, piece: 'ball', card: 500, type: 'move1', frames: [[{ do: 'move', piece: 'ball', from: [1, 6], to: [0, 6], dir: 'W' }]] },
    ];
    const frames = buildTimeline(piecesOf(before), events, name, piecesOf(before));
    assert.equal(frames[0].caption, 'Register 1: the ball Move 1 (500)');
    assert.match(frames[1].caption, /the ball runs Move 1 \(500\)/);
    assert.deepEqual(frames[1].ball.at, [0, 6]);
    assert.equal(frames[1].ball.extracting, true);
  });
});

// ---- the renderer in Chromium, on the design's views ----

/**
 * Mounts the RoboRally renderer on a page of the web root (the rules page:
 * it has the site's stylesheet) with a table that records what it sends.
 */
async function mountRenderer(page, url) {
  await page.goto(`${url}rules/roborally/`);
  await page.evaluate(async (seatNames) => {
    const { createRenderer } = await import('/games/roborally/renderer.js');
    const { seatBadge } = await import('/games/kit.js');
    const element = document.createElement('div');
    element.id = 'table-slot';
    element.tabIndex = -1;
    document.querySelector('main').replaceChildren(element);
    window.sent = [];
    window.said = [];
    const table = {
      element, name: (s) => seatNames[s], badge: seatBadge, reducedMotion: true,
      act: async (a) => { window.sent.push(a); return {}; },
      announce: (t) => window.said.push(t),
    };
    const renderer = createRenderer(table);
    element.addEventListener('keydown', (e) => { if (renderer.key(e)) e.preventDefault(); });
    window.renderer = renderer;
  }, names);
}

const show = (page, snap) => page.evaluate((s) => window.renderer.update(s), snap);
const sent = (page) => page.evaluate(() => window.sent);

describe('RoboBall in the renderer, on the design’s views', { skip }, () => {
  let server;
  let browser;
  let page;
  const step = storySteps(test);

  before(async () => {
    server = await startWebServer();
    browser = await launchBrowser();
    page = await openPage(browser);
  });

  after(() => endStory(server, browser, [page]));

  step('the rules page explains RoboBall, with its diagrams drawn by the table’s code', async () => {
    await page.goto(`${server.url}rules/roborally/`);
    const section = page.locator('#rules-roborally-roboball');
    await section.locator('h2', { hasText: 'RoboBall' }).waitFor();
    for (const d of ['hitch', 'pogo']) await section.locator(`figure[data-diagram="${d}"] svg.rally-floor`).waitFor();
    assert.equal(await section.locator('figure[data-diagram="hitch"] .rally-home').count(), 2, 'both homes');
    assert.equal(await section.locator('figure[data-diagram="hitch"] .rally-hitch-line').count(), 1, 'the hitch');
    assert.equal(await section.locator('figure[data-diagram="pogo"] .rally-ball[data-pogo="true"]').count(), 1, 'the ball up in pogo mode');
    assert.equal(await page.locator('.rules-toc a[href="#rules-roborally-roboball"]').count(), 1, 'listed on the page’s contents');
    await shootAt(page, 'roboball-rules', '#rules-roborally-roboball figure[data-diagram="hitch"]');
    await mountRenderer(page, server.url);
  });

  step('the board shows the homes in team colours, the ball, and a team ring round every robot; no flags', async () => {
    await show(page, { seat: 0, view: ballView(), events: [] });
    await page.locator('.rally-floor').waitFor();
    assert.equal(await page.locator('.rally-flag').count(), 0, 'RoboBall has no flags to touch');
    assert.deepEqual(await page.locator('.rally-home title').allTextContents(), ["Team 1's home", "Team 2's home"]);
    assert.deepEqual(await page.locator('.rally-home').evaluateAll((n) => n.map((x) => x.getAttribute('fill'))), ['#E69F00', '#56B4E9']);
    assert.match(await page.locator('.rally-ball title').textContent(), /^The ball: column 5, row 8, facing east$/);
    assert.equal(await page.locator('.rally-team-ring').evaluateAll((n) => n.filter((x) => x.style.display !== 'none').length), 4);
    assert.equal(await page.locator('.rally-robot[data-seat="2"] .rally-team-ring').getAttribute('stroke'), '#E69F00', 'seat 3 plays for team 1');
    assert.match(await page.locator('.rally-course-title').textContent(), /RoboBall on Risky Exchange · 2 teams/);
    const teams = await page.locator('.rally-team').allTextContents();
    assert.deepEqual(teams, ['Team 1 (orange) Ada and Bot 3 · home at column 3, row 15', 'Team 2 (sky-blue) Bot 2 and Bot 4 · home at column 10, row 15']);
    assert.match(await page.locator('.rally-ball-where').textContent(), /At column 5, row 8, facing east\. Nobody is hitched to it\./);
    assert.equal(await page.locator('.rally-robot-item[data-seat="1"] .rally-team-tag').textContent(), 'Team 2');
    await shootAt(page, 'roboball-design-program', '.rally');
  });

  step('hitches are declared per register by clicks and by keys and go out with the program', async () => {
    for (let k = 1; k <= 5; k++) await page.locator(`.rally-hand li:nth-child(${k}) .rally-card`).click();
    await page.locator('.rally-hitch[data-register="2"]').click();
    await page.locator('.rally-hitch[data-register="2"][data-hitch="hitch"]').waitFor();
    await page.locator('.rally-program-title').click();
    await page.keyboard.press('e');
    await page.keyboard.press('e');
    await page.locator('.rally-hitch[data-register="3"][data-hitch="unhitch"]').waitFor();
    await page.keyboard.press('t');
    await page.keyboard.press('t');
    await page.keyboard.press('t');
    await page.locator('.rally-hitch[data-register="5"][data-hitch="none"]').waitFor();
    assert.equal(await page.locator('.rally-hitch[data-register="2"]').getAttribute('aria-label'), 'End of register 2: hitch the ball (key W changes it)');
    await page.keyboard.press('Enter');
    const program = (await sent(page)).at(-1);
    assert.deepEqual(program, {
      kind: 'program', turn: 3, registers: [790, 80, 430, 670, 500], submit: true, power_down: false,
      hitches: [null, 'hitch', 'unhitch', null, null],
    });
  });

  step('a locked register keeps its declaration: its toggle cannot change', async () => {
    const view = ballView({ turn: 5, robots: { 0: { damage: 6, locked: 2, registers: [null, null, null, 720, 500], program: [null, null, null, 720, 500], hitches: [null, null, null, 'hitch', null], cards: [100, 560, 840, 330, 790, 80, 430] } } });
    await show(page, { seat: 0, view, events: [] });
    await page.locator('.rally-hitch[data-register="4"][data-locked="true"][data-hitch="hitch"]:disabled').waitFor();
    await page.locator('.rally-program-title').click();
    await page.keyboard.press('r');
    assert.equal(await page.locator('.rally-hitch[data-register="4"]').getAttribute('data-hitch'), 'hitch');
  });

  step('the extraction vote is cast by the button and taken back by V; the votes are shown', async () => {
    await show(page, { seat: 0, view: ballView({ turn: 6 }), events: [] });
    await page.getByRole('button', { name: 'Vote that the ball is inaccessible' }).click();
    assert.deepEqual((await sent(page)).at(-1), { kind: 'extract', turn: 6, vote: true });
    await show(page, { seat: 0, view: ballView({ turn: 6, votes: [0, 3] }), events: [{ kind: 'voted', seat: 0, turn: 6, vote: true }] });
    assert.match(await page.locator('.rally-votes').textContent(), /Ada and Bot 4 \(2 of 4\)/);
    await page.locator('.rally-program-title').click();
    await page.keyboard.press('v');
    assert.deepEqual((await sent(page)).at(-1), { kind: 'extract', turn: 6, vote: false });
    assert.equal(await page.getByRole('button', { name: 'Take back my vote that the ball is inaccessible' }).count(), 1);
  });

  step('a ball extracting itself is ringed on the board and its cards are told in the panel', async () => {
    const extraction = { active: true, register: 2, revealed: [330, 500], cards: 5 };
    await show(page, { seat: 0, view: ballView({ turn: 7, ball: { extraction } }), events: [{ kind: 'extraction', turn: 7, facing: 'E', cards: 5 }] });
    await page.locator('.rally-ball[data-extracting="true"] .rally-ball-extract').waitFor();
    assert.match(await page.locator('.rally-ball title').textContent(), /, extracting itself$/);
    assert.match(await page.locator('.rally-ball-where').textContent(), /Extracting itself: 5 face-down cards, revealed so far 330, 500\./);
    assert.ok((await page.evaluate(() => window.said)).includes('The ball extracts itself this turn.'));
  });

  step('a turn with ball frames plays back: dragged, hitched, pogo, bonk and goal marks; then the view', async () => {
    const before = ballView({ turn: 3, robots: { 2: { hitched: true } }, ball: { hitched: [2] } });
    await show(page, { seat: 0, view: before, events: [] });
    const now = ballView({ turn: 4, ball: { at: [4, 6], facing: 'E', pogo: true, hitched: [0] }, robots: { 0: { at: [4, 5], hitched: true }, 2: { at: [4, 6], damage: 5 } } });
    await show(page, { seat: 0, view: now, events: TURN_EVENTS });
    await page.locator('.rally-player:not([hidden])').waitFor();
    await page.getByRole('button', { name: 'First step of the turn' }).click();
    await page.getByRole('button', { name: 'Step forward' }).click();
    await page.locator('.rally-caption', { hasText: 'Ada plays Move 3' }).waitFor();
    assert.equal(await page.locator('.rally-hitch-line').count(), 1, 'Bot 3 is hitched before the hitches step');
    assert.equal(await page.locator('.rally-robot[data-seat="2"][data-hitched="true"]').count(), 1);
    for (let k = 0; k < 4; k++) await page.getByRole('button', { name: 'Step forward' }).click();
    await page.locator('.rally-caption', { hasText: 'pogo bonk' }).waitFor();
    assert.equal(await page.locator('.rally-ball[data-pogo="true"]').count(), 1, 'the ball hovers in pogo mode');
    assert.equal(await page.locator('.rally-mark-bump').count(), 1, 'the bonk is marked');
    await shootAt(page, 'roboball-design-pogo', '.rally');
    await page.getByRole('button', { name: 'Step forward' }).click();
    await page.locator('.rally-caption', { hasText: 'hitch declarations' }).waitFor();
    assert.equal(await page.locator('.rally-robot[data-seat="0"][data-hitched="true"]').count(), 1, 'Ada is hitched');
    await page.getByRole('button', { name: 'Last step (now)' }).click();
    await page.getByRole('button', { name: 'Step back' }).click();
    await page.locator('.rally-caption', { hasText: 'homes and archive markers' }).waitFor();
    assert.equal(await page.locator('.rally-mark-goal').count(), 1, 'the goal is marked on the home');
    await page.getByRole('button', { name: 'Last step (now)' }).click();
    assert.match(await page.locator('.rally-ball title').textContent(), /column 5, row 7, facing east, in pogo mode/);
    assert.match(await page.locator('.rally-ball-where').textContent(), /In pogo mode, bonking Bot 3 below it after the lasers\. Hitched to Ada of Team 1\./);
    assert.ok((await page.evaluate(() => window.said)).includes("Goal: the ball is on Team 1's home."));
    await shootAt(page, 'roboball-design-hitched', '.rally');
  });

  step('the result says which team brought the ball home, or that the turn limit made it a draw', async () => {
    const result = { winners: [0, 2], reason: 'goal', turns: 9, scores: [1, 0, 1, 0], flags: 0, lives: [null, null, null, null], teams: [[0, 2], [1, 3]], team: 0 };
    const over = ballView({ turn: 9, phase: 'over', need: null, result });
    const goal = await page.evaluate((s) => window.renderer.ending(s), { seat: 0, view: over, over: result, events: [] });
    assert.deepEqual(goal, {
      why: 'Team 1, Ada and Bot 3, brought the ball home on turn 9, which wins the game', score: 'Goal',
      scoreMeaning: 'Goal: 1 for every robot of the team that brought the ball home, 0 for the others',
    });
    const limit = { ...result, winners: [], reason: 'turn_limit', turns: 30, scores: [0, 0, 0, 0], team: null };
    const draw = await page.evaluate((s) => window.renderer.ending(s), { seat: 0, view: ballView({ turn: 30, phase: 'over', need: null, result: limit }), over: limit, events: [] });
    assert.equal(draw.why, 'No team brought the ball home within the turn limit of 30 turns, so the game is a draw');
  });
});

// ---- a real game: Ada and three bots, two teams of two ----

/** Programs by clicks: the first free cards, hitch declarations by clicks and keys, then lock in. */
async function programWithHitches(page, view, turnNumber) {
  const me = view.robots[view.you];
  const free = 5 - me.locked;
  for (let k = 0; k < free; k++) await page.locator(`.rally-hand li:nth-child(${k + 1}) .rally-card`).click();
  // Declare a hitch at the end of every unlocked register: one by clicks, the rest by keys.
  for (let i = 0; i < free; i++) {
    const toggle = page.locator(`.rally-hitch[data-register="${i + 1}"]`);
    if (await toggle.getAttribute('data-hitch') === 'hitch') continue;
    if ((i + turnNumber) % 2) await toggle.click();
    else {
      await page.locator('.rally-program-title').click();
      await page.keyboard.press('qwert'[i]);
    }
    await page.locator(`.rally-hitch[data-register="${i + 1}"][data-hitch="hitch"]`).waitFor();
  }
  await page.locator('.rally-submit:not([disabled])').click();
}

/** Does what Ada must do now; false when nothing. */
function adaActs(page, turnNumber) {
  return rallyActs(page, (view) => programWithHitches(page, view, turnNumber));
}

/** Whether the server offers RoboRally's mode "roboball" (the engine's game list). */
async function offersRoboball(page) {
  return page.evaluate(() => {
    const game = window.botpit.store.game('roborally');
    const mode = game?.options.find((o) => o.name === 'mode');
    return !!mode?.choices?.includes('roboball');
  });
}

describe('RoboBall against the real server: Ada and three bots, two teams, to a goal or the turn limit', { skip }, () => {
  let server;
  let browser;
  let ada;
  const programs = [];
  const story = storySteps(test);
  // Until the engine offers the mode (issue 15 lands it), the story is
  // skipped with that reason, step by step.
  let missing = null;
  const step = (title, fn) => story(title, async (t) => {
    if (missing) { t.skip(missing); return; }
    await fn(t);
  });

  before(async () => {
    server = await startWebServer(['--bot-pace-ms', '50']);
    browser = await launchBrowser();
    ada = await openPage(browser);
    ada.on('websocket', (ws) => ws.on('framesent', ({ payload }) => {
      try {
        const m = JSON.parse(String(payload));
        if (m.type === 'act') programs.push(m.action);
      } catch { /* not JSON: the frame check says so */ }
    }));
  });

  after(() => endStory(server, browser, [ada]));

  step('Ada creates a RoboBall room with two teams; the seats show their teams; three bots sit; it starts', async (t) => {
    await arrive(ada, server.url, 'Ada');
    if (!(await offersRoboball(ada))) {
      missing = 'the server’s RoboRally does not offer mode "roboball" yet';
      t.skip(missing);
      return;
    }
    await ada.getByRole('button', { name: 'Create room: RoboRally' }).click();
    const dialog = ada.getByRole('dialog');
    await dialog.locator('[data-option="mode"] select').selectOption('roboball');
    await dialog.locator('[data-option="teams"] input').fill('2');
    await dialog.locator('[data-option="max_turns"] input').fill('12');
    await shootBoth(ada, 'roboball-create');
    await dialog.getByRole('button', { name: 'Create room' }).click();
    await ada.locator('#room-code').waitFor();
    await addBot(ada, 1, 'normal');
    await addBot(ada, 2, 'hard');
    await addBot(ada, 3, 'normal');
    const tags = await ada.locator('.seat .tag.team').allTextContents();
    assert.deepEqual(tags.slice(0, 4), ['Team 1', 'Team 2', 'Team 1', 'Team 2'], 'seat i plays on team i % 2');
    await shootAt(ada, 'roboball-seats', '.seats-panel');
    await ada.getByRole('button', { name: 'Start game' }).click();
    await ada.locator('.rally-floor').waitFor();
    await ada.locator('.rally-hand .rally-card').nth(4).waitFor();
    const view = await viewOf(ada);
    assert.equal(view.mode, 'roboball');
    assert.deepEqual(view.teams, [[0, 2], [1, 3]]);
    assert.equal(await ada.locator('.rally-home').count(), 2, 'two homes on the board');
    assert.equal(await ada.locator('.rally-flag').count(), 0, 'no flags');
    const [x, y] = view.ball.at;
    assert.match(await ada.locator('.rally-ball title').textContent(), new RegExp(`^The ball: column ${x + 1}, row ${y + 1}`));
    await ada.locator('#turn-text', { hasText: 'program your registers and hitches' }).waitFor();
    await shootAt(ada, 'roboball-program', '.rally');
  });

  step('Ada votes the ball inaccessible and takes it back; the server shows her vote and then none', async () => {
    await ada.getByRole('button', { name: 'Vote that the ball is inaccessible' }).click();
    await ada.waitForFunction(() => window.botpit.store.state?.view?.votes?.includes(0));
    await ada.locator('.rally-votes', { hasText: 'Ada' }).waitFor();
    await ada.locator('.rally-program-title').click();
    await ada.keyboard.press('v');
    await ada.waitForFunction(() => !window.botpit.store.state?.view?.votes?.includes(0));
    const words = await ada.locator('.event-log li').allTextContents();
    assert.ok(words.some((w) => w.includes('Ada votes that the ball is inaccessible')), words.join('\n'));
    assert.ok(words.some((w) => w.includes('Ada takes back the vote')), words.join('\n'));
  });

  step('Ada programs with hitch declarations; the turn runs and plays back step by step', async () => {
    await adaActs(ada, 1);
    const sentProgram = programs.filter((a) => a.kind === 'program' && a.submit).at(-1);
    assert.deepEqual(sentProgram.hitches, ['hitch', 'hitch', 'hitch', 'hitch', 'hitch']);
    await ada.locator('.rally-player:not([hidden])').waitFor();
    await ada.getByRole('button', { name: 'First step of the turn' }).click();
    await ada.locator('.rally-caption', { hasText: 'Register 1' }).waitFor();
    await ada.getByRole('button', { name: 'Step forward' }).click();
    await ada.getByRole('button', { name: 'Step forward' }).click();
    await shootAt(ada, 'roboball-playback', '.rally');
    await ada.getByRole('button', { name: 'Last step (now)' }).click();
  });

  step('they play on to a goal or the turn limit; the result says which', async (t) => {
    const deadline = Date.now() + 200000;
    let turn = 2;
    for (;;) {
      const view = await viewOf(ada);
      if (view?.phase === 'over') break;
      assert.ok(Date.now() < deadline, 'the game ends in time');
      if (await adaActs(ada, turn)) turn += 1;
      else await ada.waitForTimeout(100);
    }
    await ada.locator('.result').waitFor();
    const view = await viewOf(ada);
    const why = await ada.locator('.result-why').textContent();
    t.diagnostic(`the game ended by ${view.result.reason} on turn ${view.result.turns}: ${why}`);
    if (view.result.reason === 'goal') {
      assert.deepEqual(view.result.winners, view.teams[view.result.team]);
      assert.match(why, new RegExp(`Team ${view.result.team + 1}, .+, brought the ball home on turn ${view.result.turns}, which wins the game`));
    } else {
      assert.equal(view.result.reason, 'turn_limit');
      assert.deepEqual(view.result.winners, []);
      assert.match(why, /No team brought the ball home within the turn limit of 12 turns, so the game is a draw/);
    }
    // Once over every robot's declarations are shown, Ada's among them.
    const adaHitches = view.robots[0].hitches.map((h, i) => (h ? `${i + 1} ${h}` : null)).filter(Boolean);
    if (adaHitches.length) {
      assert.equal(await ada.locator('.rally-robot-item[data-seat="0"] .rally-hitches-line').textContent(), `Hitch declarations: ${adaHitches.join(', ')}`);
    }
    assert.ok(Array.isArray(view.robots[1].hitches), 'after the game every robot’s hitches are in the view');
    const words = await ada.locator('.event-log li').allTextContents();
    for (const w of words) assert.doesNotMatch(w, /undefined|null|NaN|\[object/, `a log line reads badly: ${w}`);
    await shootAt(ada, 'roboball-over', '.result');
    // The last turn played back to a step where a robot drags the ball, if one did.
    await ada.getByRole('button', { name: 'First step of the turn' }).click();
    for (let k = 0; k < 80 && !(await ada.locator('.rally-hitch-line').count()); k++) {
      if (await ada.getByRole('button', { name: 'Step forward' }).isDisabled()) break;
      await ada.getByRole('button', { name: 'Step forward' }).click();
    }
    if (await ada.locator('.rally-hitch-line').count()) await shootAt(ada, 'roboball-hitch', '.rally');
  });
});

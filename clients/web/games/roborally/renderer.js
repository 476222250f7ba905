// RoboRally's table (renderer contract: games/README.md). The course is
// drawn from courses.json, which the server's build writes from
// data/roborally/ (one source for the engine and this board). Beside it:
// your hand and registers while programming, the clean-up choices
// (re-entry facing, staying powered down), and every robot's damage,
// lives, flags and revealed cards. Each turn's register phases play back on
// the board and can be stepped through. In RoboBall (view.mode "roboball")
// the board shows homes, the ball and its hitches; the program gains a
// hitch declaration per register, and a panel tells where the ball is, who
// plays on which team, and holds the extraction vote.
//
// Squares are named as the board labels them ("H2"). After the registers
// run, the countdown waits until the playback has ended (the server allows
// for it); then the board shows your own robot: on a phone a window of the
// board centred on it, with your cards right below.

import { button, el } from '../dom.js';
import { seatStyle } from '../kit.js';
import { OPTION_NAMES, OPTION_TEXTS, cardIcon, cardKind } from './cards.js';
import { C, DIR_WORDS, VIRTUAL_WORDS, createFloor, squareName, teamStyle } from './floor.js';
import { buildTimeline, createPlayer, piecesOf } from './playback.js';
import { createProgrammer } from './program.js';
import { ballTitle, describeEvent, list, teamName } from './words.js';

let coursesPromise = null;

/** The course file, fetched once per page. */
function loadCourses() {
  coursesPromise ??= fetch(new URL('./courses.json', import.meta.url)).then((r) => {
    if (!r.ok) throw new Error(`courses.json: ${r.status}`);
    return r.json();
  });
  return coursesPromise;
}

const STATUS_WORDS = { active: 'running', powered_down: 'powered down', destroyed: 'destroyed', out: 'out of lives' };
const ARROWS = { N: '↑', E: '→', S: '↓', W: '←' };

const isBall = (view) => view?.mode === 'roboball';
const at = squareName;

export function createRenderer(table) {
  let snap = null;
  let prevView = null;
  let course = null;
  let floor = null;
  let gone = false;
  let mounting = false;

  const name = (seat) => table.name(seat);
  const sheet = el('link', { rel: 'stylesheet', href: new URL('./renderer.css', import.meta.url).href });
  const boardBox = el('div', { class: 'rally-board' }, el('p', { class: 'help' }, 'Loading the course…'));
  const courseTitle = el('h3', { class: 'rally-course-title' });
  const player = createPlayer({
    show: (frame, animate) => drawFrame(frame, animate),
    reducedMotion: () => table.reducedMotion,
    playing: (until) => {
      // The countdown waits for the playback (older frames lack holdClock),
      // and a moment more should a busy page run late: it ends by null.
      table.holdClock?.(until === null ? null : until + 1000);
      if (until === null) afterPlayback();
    },
  });
  const programmer = createProgrammer({
    send: (a) => table.act(a), announce: table.announce, explain: (text, anchor) => table.explain(text, anchor), touch: () => table.touch,
  });
  const side = el('div', { class: 'rally-side' });
  const robotsList = el('ul', { class: 'rally-robots-list', 'aria-label': 'Robots' });
  const help = el('details', { class: 'rally-help' },
    el('summary', {}, 'How to play, in short'),
    el('p', {}, 'Touch the flags in order; the first robot on the last flag wins. Each turn, put five of your cards in registers 1 to 5 and lock them in. The registers then run one by one: robots move in card priority order (highest first), then belts, pushers, gears and lasers act, and robots on flags touch them.'),
    el('p', {}, 'Pits and the board’s edge destroy a robot, and so do 10 damage; it comes back on its archive marker. From 5 damage your last registers lock. Press ? for the full rules.'));
  const ballHelp = [
    el('p', {}, 'RoboBall: bring the ball to your team’s home (the flag in your team’s colour) and have it end a register there. Push it by driving into it, or hitch it: below each register, choose Hitch and if your robot then touches the ball it follows you one square behind. Unhitch to let go.'),
    el('p', {}, 'A ball pushed towards a pit or the edge bounces up (pogo mode) and bonks the robot under it. If nobody can reach the ball, everyone votes “inaccessible” and it moves itself for a turn. Robots have endless lives. Press ? for the full rules.'),
    el('p', {}, 'A team’s robots start together on its home, and robots sharing a square are virtual: robots and lasers pass through them, so teammates do not push or shoot each other there. A virtual robot becomes real at the end of a register in which it stands alone. Your robot is drawn on top of the others on its square.'),
  ];
  const ballPanel = el('section', { class: 'rally-ball-panel', 'aria-labelledby': 'rally-ball-title' });
  const boardCol = el('div', { class: 'rally-board-col' }, courseTitle, boardBox, player.element);
  const root = el('div', { class: 'rally', style: 'visibility: hidden' }, sheet,
    el('div', { class: 'rally-main' },
      boardCol,
      el('div', { class: 'rally-side-col' }, side, ballPanel, robotsList)),
    help);
  let styled = false;
  const reveal = () => { root.style.visibility = ''; styled = true; maybeShowOwn(); };
  sheet.addEventListener('load', reveal);
  sheet.addEventListener('error', reveal);
  table.element.append(root);

  const mySeat = () => (snap && snap.seat >= 0 ? snap.seat : -1);
  const me = () => snap?.view.robots.find((r) => r.seat === mySeat()) || null;
  const rings = (view) => isBall(view) && (view.teams || []).some((t) => t.length > 1);

  // ---- the board ----

  function boardLabel(robots, ball) {
    const parts = robots.filter((r) => r.at && r.status !== 'destroyed').map((r) => `${name(r.seat)} at ${at(r.at)}, facing ${DIR_WORDS[r.facing]}`);
    if (ball?.at) parts.push(`the ball at ${at(ball.at)}${ball.pogo ? ' in pogo mode' : ''}`);
    return `${course.name}: ${parts.join('; ')}`;
  }

  function drawFrame(frame, animate) {
    if (!floor) return;
    floor.draw({
      robots: frame.robots, ball: frame.ball, beams: frame.beams, marks: frame.marks, name,
      animate: animate && !table.reducedMotion, rings: rings(snap?.view), mine: mySeat(),
    });
    floor.setLabel(boardLabel(frame.robots, frame.ball));
  }

  function drawLive(view) {
    const marks = [];
    const mine = me();
    if (view.need === 'reenter' && mine) marks.push({ at: mine.archive, kind: 'focus' });
    drawFrame({ ...piecesOf(view), beams: [], marks }, false);
  }

  async function mountCourse(id) {
    let data;
    try {
      data = await loadCourses();
    } catch (e) {
      boardBox.replaceChildren(el('p', { class: 'help' }, `The course could not be loaded (${e.message}).`));
      return;
    }
    if (gone) return;
    course = data.courses.find((c) => c.id === id);
    if (!course) {
      boardBox.replaceChildren(el('p', { class: 'help' }, `Unknown course ${id}.`));
      return;
    }
    const ball = isBall(snap?.view);
    floor = createFloor(course, { label: course.name, flags: !ball });
    if (ball) floor.setHomes(snap.view.homes || []);
    floor.element.style.cssText = `width: 100%; height: auto; max-width: ${course.width * C + 20}px`;
    boardBox.replaceChildren(floor.element);
    courseTitle.textContent = ball ? ballTitle(course.name, snap.view.teams) : `${course.name} · ${course.flags.length} flags`;
    if (ball) help.replaceChildren(help.firstChild, ...ballHelp);
    if (snap) drawLive(snap.view);
    maybeShowOwn();
  }

  // ---- your robot and your cards in view ----

  let shownTurn = null; // the turn whose programming last brought them into view

  /** You are to program now and the playback is over. */
  function programmingNow(view) {
    const mine = me();
    return !!mine && view?.need === 'program' && !mine.programmed && !player.playing();
  }

  /**
   * While you program, a phone shows a window of the board (renderer.css)
   * so that your cards fit below it; the board is whole otherwise.
   */
  function markProgramming() {
    root.dataset.programming = String(programmingNow(snap?.view));
  }

  const inView = (node, top) => {
    if (!node) return true;
    const r = node.getBoundingClientRect();
    return r.top >= top - 1 && r.bottom <= window.innerHeight + 1;
  };

  /**
   * Once a turn, when you start programming: the board's window centred on
   * your robot, and the page scrolled (only if needed) so that the board,
   * your robot and your cards are on screen under the sticky bars.
   */
  function maybeShowOwn() {
    const view = snap?.view;
    const mine = me();
    if (!styled || !floor || !mine?.at || !programmingNow(view) || shownTurn === view.turn) return;
    shownTurn = view.turn;
    const { fx, fy } = floor.whereIs(mine.at);
    const drawing = floor.element;
    boardBox.scrollTop = Math.max(0, fy * drawing.clientHeight - boardBox.clientHeight / 2);
    boardBox.scrollLeft = Math.max(0, fx * drawing.clientWidth - boardBox.clientWidth / 2);
    bringIntoView();
    // The hint above the table changes a moment later (the frame redraws
    // it), which can push the board down again: look once more then.
    clearTimeout(lookAgain);
    lookAgain = setTimeout(bringIntoView, 150);
  }

  let lookAgain = null;

  /** Scrolls the page, if need be, so that your robot and your whole hand are on screen. */
  function bringIntoView() {
    if (gone || !floor || !programmingNow(snap?.view)) return;
    const top = parseFloat(getComputedStyle(boardCol).scrollMarginTop) || 0;
    const robot = floor.element.querySelector('.rally-robot[data-mine="true"]');
    const cards = side.querySelectorAll('.rally-hand .rally-card');
    if (!inView(robot, top) || !inView(cards[0], top) || !inView(cards[cards.length - 1], top)) {
      boardCol.scrollIntoView({ block: 'start' });
    }
  }

  /** The playback stopped (at its end, or the player took the controls). */
  function afterPlayback() {
    markProgramming();
    maybeShowOwn();
    table.hintChanged?.();
  }

  // ---- the side column ----

  function choosePanel(view, mine) {
    if (view.need === 'reenter') {
      const down = el('input', { type: 'checkbox', id: 'rally-reenter-down' });
      const facing = (d) => button(`${ARROWS[d]} ${DIR_WORDS[d]}`, {
        class: 'rally-facing', 'data-facing': d, 'aria-label': `Re-enter facing ${DIR_WORDS[d]}`,
        onclick: () => table.act({ kind: 'reenter', turn: view.turn, facing: d, power_down: down.checked }).catch(() => {}),
      });
      return el('section', { class: 'rally-choose' },
        el('h3', {}, 'Your robot re-enters'),
        el('p', {}, `It comes back on its archive marker (${at(mine.archive)}, outlined on the board) with 2 damage. Which way should it face?`),
        el('div', { class: 'rally-facings' }, facing('N'), facing('E'), facing('S'), facing('W')),
        el('label', { class: 'rally-check', for: 'rally-reenter-down' }, down, ' Re-enter powered down (repairs the damage; no cards next turn)'),
        el('p', { class: 'help' }, `${table.touch ? '' : 'Arrow keys choose too. '}Without an answer in time it faces the way it did when destroyed.`));
    }
    const stay = (yes) => button(yes ? 'Stay powered down' : 'Power up', {
      class: yes ? '' : 'primary', onclick: () => table.act({ kind: 'stay_down', turn: view.turn, stay: yes }).catch(() => {}),
    });
    return el('section', { class: 'rally-choose' },
      el('h3', {}, 'Powered down'),
      el('p', {}, `Your robot took ${mine.damage} damage while powered down. Stay down another turn to repair it all?`),
      el('div', { class: 'rally-facings' }, stay(false), stay(true)));
  }

  function waitingPanel(view, mine) {
    let text;
    if (view.phase === 'over') text = `The ${isBall(view) ? 'game' : 'race'} is over. Every hand and program is revealed in the list below.`;
    else if (!mine && view.replay) text = 'A replay: every hand and program is shown below.';
    else if (!mine) text = 'You are watching. Programs stay secret until their registers run.';
    else if (mine.status === 'out') text = 'Your robot is out of lives. Watch the others finish the race.';
    else if (mine.status === 'destroyed' && isBall(view)) text = 'Your robot is destroyed: it re-enters at clean-up (lives are endless in RoboBall).';
    else if (mine.status === 'destroyed') text = 'Your robot is destroyed: it re-enters at clean-up.';
    else if (mine.status === 'powered_down') text = 'Your robot is powered down this turn: no cards, no program. It can still be pushed and shot.';
    else if (view.phase === 'choose') text = 'Clean-up: waiting for the others’ choices.';
    else text = 'Waiting.';
    const others = view.waiting.filter((s) => s !== mySeat());
    return el('section', { class: 'rally-wait' }, el('p', {}, text),
      others.length && view.phase !== 'over' ? el('p', { class: 'help' }, `Waiting for ${list(others.map(name))}.`) : null);
  }

  function renderSide(view) {
    const mine = me();
    let content;
    // What the player is asked comes first: a re-entry or power-down
    // question must show even while a program locked in earlier stands.
    if (view.need === 'program' && mine) {
      programmer.update(view, mine, snap.deadline?.endsAt ?? null);
      content = programmer.element;
    } else if (view.need === 'reenter' || view.need === 'stay_down') {
      content = choosePanel(view, mine);
    } else if (mine && view.phase === 'program' && mine.programmed) {
      programmer.update(view, mine, snap.deadline?.endsAt ?? null);
      content = programmer.element;
    } else {
      content = waitingPanel(view, mine);
    }
    const current = side.firstChild;
    if (current === content) return;
    if (current && content.classList.contains('rally-choose') && current.classList.contains('rally-choose') &&
        current.querySelector('h3').textContent === content.querySelector('h3').textContent) return;
    const hadFocus = side.contains(document.activeElement);
    side.replaceChildren(content);
    if (hadFocus) content.querySelector('button, input')?.focus({ preventScroll: true });
  }

  // ---- RoboBall: the ball, the teams, the extraction vote ----

  function teamLine(view, t) {
    const style = teamStyle(t);
    const home = view.homes?.[t];
    const seats = view.teams[t];
    return el('li', { class: 'rally-team', 'data-team': t, style: `--team: ${style.color}` },
      el('span', { class: 'rally-team-swatch', 'aria-hidden': 'true' }),
      el('strong', {}, `${teamName(t)} (${style.colorName})`), ' ',
      `${list(seats.map(name))}${home ? ` · home at ${at(home)}` : ''}`);
  }

  function ballWords(view) {
    const b = view.ball;
    if (!b?.at) return 'The ball is not on the board.';
    const bits = [`At ${at(b.at)}${b.facing ? `, facing ${DIR_WORDS[b.facing]}` : ''}.`];
    if (b.pogo) {
      const under = view.robots.find((r) => r.at && r.at[0] === b.at[0] && r.at[1] === b.at[1] && r.status !== 'destroyed');
      bits.push(under ? `In pogo mode, bonking ${name(under.seat)} below it after the lasers.` : 'In pogo mode: it drops back when nobody is below it.');
    }
    const teamOf = (s) => view.robots.find((r) => r.seat === s)?.team ?? s;
    if (b.hitched?.length) bits.push(`Hitched to ${list(b.hitched.map((s) => `${name(s)} of ${teamName(teamOf(s))}`))}.`);
    else if (!b.pogo) bits.push('Nobody is hitched to it.');
    const x = b.extraction;
    if (x?.active) bits.push(`Extracting itself: ${x.cards} face-down card${x.cards === 1 ? '' : 's'}${x.revealed.length ? `, revealed so far ${x.revealed.join(', ')}` : ''}.`);
    return bits.join(' ');
  }

  function voteAction(vote) {
    const view = snap?.view;
    if (!view) return;
    table.act({ kind: 'extract', turn: view.turn, vote }).catch(() => {});
  }

  function canVote(view) {
    return isBall(view) && mySeat() >= 0 && view.phase === 'program';
  }

  let ballPanelDrawn = '';

  function renderBallPanel(view) {
    ballPanel.hidden = !isBall(view);
    if (!isBall(view)) return;
    // Rebuilt only when what it shows changed: a state that changes nothing
    // here (a bot's program) must not replace the vote button mid-click.
    const key = JSON.stringify([view.ball, view.votes, view.teams, view.homes, view.turn, view.max_turns, view.phase,
      mySeat(), view.robots.map((r) => [r.at, r.team, r.status, name(r.seat)])]);
    if (key === ballPanelDrawn) return;
    ballPanelDrawn = key;
    const votes = view.votes || [];
    const seats = view.robots.length;
    const voted = votes.includes(mySeat());
    const parts = [
      el('h3', { id: 'rally-ball-title' }, `The ball · turn ${view.turn} of ${view.max_turns}`),
      el('p', { class: 'rally-ball-where' }, ballWords(view)),
      el('ul', { class: 'rally-teams', 'aria-label': 'Teams and homes' }, ...view.teams.map((_, t) => teamLine(view, t))),
      el('p', { class: 'rally-votes' }, votes.length
        ? `Votes that the ball is inaccessible: ${list(votes.map(name))} (${votes.length} of ${seats}). With every seat’s vote it moves itself next turn.`
        : 'No votes that the ball is inaccessible. If nobody can reach it, all vote and it moves itself for a turn.'),
    ];
    if (canVote(view)) {
      const key = table.touch ? '' : ' (V)';
      parts.push(button(voted ? `Take back my vote${key}` : `Vote: ball inaccessible${key}`, {
        class: 'small rally-vote', 'data-voted': String(voted),
        'aria-label': voted ? 'Take back my vote that the ball is inaccessible' : 'Vote that the ball is inaccessible',
        onclick: () => voteAction(!voted),
      }));
    }
    const hadFocus = ballPanel.contains(document.activeElement) && document.activeElement.classList.contains('rally-vote');
    ballPanel.replaceChildren(...parts);
    if (hadFocus) ballPanel.querySelector('.rally-vote')?.focus({ preventScroll: true });
  }

  function pips(r) {
    const box = el('span', { class: 'rally-pips', 'aria-label': `${r.damage} damage of 10` });
    for (let i = 1; i <= 10; i++) box.append(el('span', { class: 'rally-pip', 'data-on': String(i <= r.damage), 'data-lock': String(i >= 5 && i <= 9) }));
    return box;
  }

  function cardsLine(label, cards) {
    if (!cards || cards.every((c) => c === null)) return null;
    return el('span', { class: 'rally-cards-line' }, `${label} `,
      ...cards.map((c) => (c === null ? el('span', { class: 'rally-mini-card rally-mini-empty' }, '·')
        : el('span', { class: 'rally-mini-card', title: String(c) }, cardIcon(cardKind(c)), String(c)))));
  }

  /** "Hitches: 2 hitch, 5 unhitch" once the game is over (every robot's declarations are shown then). */
  function hitchesLine(hitches) {
    if (!hitches || hitches.every((h) => h === null)) return null;
    const said = hitches.map((h, i) => (h ? `${i + 1} ${h}` : null)).filter(Boolean);
    return el('span', { class: 'rally-cards-line rally-hitches-line' }, `Hitch declarations: ${said.join(', ')}`);
  }

  function renderRobots(view) {
    robotsList.replaceChildren(...view.robots.map((r) => {
      const s = seatStyle(r.seat);
      const state = view.phase === 'program' && r.status === 'active' ? (r.programmed ? 'program in ✓' : 'programming…') : STATUS_WORDS[r.status];
      const extras = [];
      if (r.hitched) extras.push('hitched to the ball');
      if (r.virtual) extras.push(VIRTUAL_WORDS);
      if (r.power_down_next) extras.push('powers down next turn');
      if (r.coat) extras.push(`coat ${r.coat}`);
      const ball = isBall(view);
      const team = ball && r.team !== null && r.team !== undefined
        ? el('span', { class: 'rally-team-tag', style: `--team: ${teamStyle(r.team).color}` }, teamName(r.team)) : null;
      return el('li', { class: 'rally-robot-item', 'data-seat': r.seat, 'data-mine': String(r.seat === mySeat()), 'data-team': ball ? String(r.team) : null, style: `--seat: ${s.color}` },
        el('div', { class: 'rally-robot-head' }, table.badge(r.seat, 20), el('strong', {}, name(r.seat)), team, el('span', { class: 'rally-robot-state' }, state)),
        el('div', { class: 'rally-robot-stats' },
          ball ? null : el('span', { title: 'Flags touched' }, `⚑ ${r.flags}/${view.flags}`),
          el('span', { title: ball ? 'Lives: endless in RoboBall' : 'Lives left' }, `♥ ${r.lives ?? '∞'}`),
          el('span', { title: 'Damage' }, `⚡ ${r.damage}`), pips(r),
          el('span', { title: 'Cards in hand' }, `${r.hand} cards`)),
        extras.length ? el('div', { class: 'help' }, extras.join(' · ')) : null,
        r.options.length ? el('div', { class: 'rally-options' }, ...r.options.map((o) => el('span', { class: 'rally-option', title: OPTION_TEXTS[o] }, OPTION_NAMES[o]))) : null,
        cardsLine('Registers:', r.program && (view.phase === 'over' || view.replay) ? r.program : r.registers),
        // A replay's view holds every hand all along.
        view.replay && view.phase !== 'over' && r.cards ? cardsLine('Hand:', r.cards) : null,
        ball && (view.phase === 'over' || view.replay) ? hitchesLine(r.hitches) : null,
        view.phase !== 'over' ? cardsLine('Last turn:', r.last_cards) : null);
    }));
  }

  // ---- the contract ----

  return {
    update(next) {
      const before = prevView;
      snap = next;
      prevView = next.view;
      if (!mounting) {
        mounting = true;
        mountCourse(next.view.course);
      }
      const view = next.view;
      renderSide(view);
      renderBallPanel(view);
      renderRobots(view);
      const ran = next.events.some((e) => e.kind === 'reveal' || e.kind === 'reentry' || e.kind === 'cleanup');
      if (ran && before) {
        const frames = buildTimeline(piecesOf(before), next.events, name, piecesOf(view));
        player.load(frames);
        const acts = next.events.filter((e) => e.kind === 'card' || e.kind === 'board').flatMap((e) => e.frames.flat());
        for (const f of acts.filter((a) => a.do === 'flag')) table.announce(`${name(f.seat)} touches flag ${f.flag}.`);
        for (const g of acts.filter((a) => a.do === 'goal')) table.announce(`Goal: the ball is on ${teamName(g.team)}'s home.`);
      } else {
        player.setNow(piecesOf(view));
      }
      if (next.events.some((e) => e.kind === 'extraction')) table.announce('The ball extracts itself this turn.');
      if (!player.busy()) drawLive(view);
      markProgramming();
      maybeShowOwn();
    },
    status(s) {
      const v = s.view;
      if (v.phase === 'over') return null;
      const hitch = isBall(v) ? ' and hitches' : '';
      // The countdown says how long; which timer runs is no news to a newcomer.
      const text = v.phase === 'program' ? `program your registers${hitch}` : 'choose how your robot comes back';
      return { seats: v.waiting, text };
    },
    describe(e) {
      return describeEvent(e, name);
    },
    hint(s) {
      const v = s.view;
      const mine = v.robots.find((r) => r.seat === s.seat);
      const flag = mine && mine.flags < v.flags && course ? course.flags[mine.flags] : null;
      let where = flag && !isBall(v) ? `: flag ${mine.flags + 1} is at ${at(flag)}` : '';
      if (isBall(v) && mine && v.ball?.at) {
        const home = v.homes?.[mine.team];
        where = `: the ball is at ${at(v.ball.at)}${home ? `, your home at ${at(home)}` : ''}`;
      }
      if (v.need === 'program') {
        const t = programmer.hintTargets();
        if (player.playing() && !t.submitted) return { text: 'The last turn is playing back on the board. Your time to program starts when it ends; you may pick cards already.', highlight: t.next };
        // A touch screen has no keys to speak of: its hints say tap.
        const touch = table.touch;
        if (t.full && isBall(v)) {
          return {
            text: touch ? 'Your program is full: under each register tap Hitch or Unhitch if you want, then tap Lock in program.'
              : 'Your program is full: under each register choose Hitch or Unhitch (keys Q W E R T) if you want, then lock it in (Enter).',
            highlight: t.next,
          };
        }
        if (t.full) {
          return {
            text: touch ? 'Your program is full: tap Lock in program, or tap a register to change it.'
              : 'Your program is full: lock it in (Enter), or click a register to change it.',
            highlight: t.next,
          };
        }
        return {
          text: `${touch ? 'Tap cards' : 'Click cards (or press 1–9)'} to fill your registers 1 to 5 in the order they should run${where}.`,
          highlight: t.next,
        };
      }
      if (v.need === 'reenter') return { text: 'Your robot comes back on its archive marker, outlined on the board: pick the way it faces.', highlight: [...side.querySelectorAll('.rally-facing')] };
      if (v.need === 'stay_down') return { text: 'Staying powered down repairs all damage but skips a turn.', highlight: [...side.querySelectorAll('button')] };
      if (!mine) return { text: 'The players program in secret; then the registers run one by one. Use the buttons under the board to replay a turn.', highlight: [] };
      if (v.phase === 'program' && mine.programmed) return { text: 'Program locked in. When everyone is done the registers run and the board plays the turn back.', highlight: [] };
      return null;
    },
    ending(s) {
      const r = s.over || s.view.result;
      if (!r) return null;
      const winners = list(r.winners.map(name));
      if (r.reason === 'goal' || r.reason === 'turn_limit') {
        const team = r.team ?? s.view.robots.find((x) => x.seat === r.winners[0])?.team;
        const why = r.reason === 'goal'
          ? `${teamName(team)}, ${winners}, brought the ball home on turn ${r.turns ?? s.view.turn}, which wins the game`
          : `No team brought the ball home within the turn limit of ${s.view.max_turns} turns, so the game is a draw`;
        return { why, score: 'Goal', scoreMeaning: 'Goal: 1 for every robot of the team that brought the ball home, 0 for the others' };
      }
      const why = r.reason === 'finish'
        ? `${winners} touched the last flag (flag ${r.flags}) on turn ${r.turns}, which ends the race`
        : `Every robot lost its last life; ${winners} touched the most flags`;
      return { why, score: 'Flags', scoreMeaning: `Flags: how many of the ${r.flags} flags each robot touched, in order` };
    },
    key(e) {
      const t = e.target;
      const control = t && t.closest && t.closest('button, input, select, a, summary');
      if (control && (e.key === 'Enter' || e.key === ' ')) return false;
      if (player.key(e)) return true;
      const view = snap?.view;
      if ((e.key === 'v' || e.key === 'V') && canVote(view)) {
        voteAction(!(view.votes || []).includes(mySeat()));
        return true;
      }
      if (view?.need === 'program') return programmer.key(e);
      if (view?.need === 'reenter') {
        const d = { ArrowUp: 'N', ArrowRight: 'E', ArrowDown: 'S', ArrowLeft: 'W' }[e.key];
        if (!d) return false;
        table.act({ kind: 'reenter', turn: view.turn, facing: d }).catch(() => {});
        return true;
      }
      return false;
    },
    refused() {
      // The frame showed the reason; the next state redraws from the truth.
    },
    destroy() {
      gone = true;
      clearTimeout(lookAgain);
      player.destroy();
      programmer.destroy();
      table.element.replaceChildren();
    },
  };
}

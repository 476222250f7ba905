// Ricochet Robots' table (renderer contract: games/README.md). The board
// with the revealed chip; beside it the task of the moment: the bid pad
// while bids are open (and the sand timer), the robot and arrow controls
// for the demonstrator, the round's result with the optimal solution
// between rounds; then the bids in demonstration order and the chips won.
// Slides are played along the server's paths; at the end of a round the
// optimal solution is replayed on the board (again on demand).
//
// Keys in the table: digits, Backspace and Enter bid; during your
// demonstration R G B Y (S) pick a robot and the arrow keys move it.

import { createBoard } from './board.js';
import { button, el } from '../dom.js';
import { COLORS, DIRS, DIR_WORDS, KEY_DIRS, ROBOTS, activeWords, capitalise, cellsOf, chipWords, plural, slide, xyOf } from './model.js';
import { bidsList, createBidPad, createDemoControls, scoreboard } from './panel.js';
import { createSand } from './sand.js';
import { attemptWords, endWords, eventWords, optimalWords, outcomeWords, resultWords } from './words.js';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const FAIL_PAUSE_MS = 700;   // a failed demonstration stays on the board this long
const REPLAY_PAUSE_MS = 350; // between the optimal solution's moves
const STILL_PAUSE_MS = 800;  // the same, when each move is shown without motion

function fmt(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export function createRenderer(table) {
  let snap = null;
  let selected = null;     // the robot the demonstrator picked
  let sending = false;
  let gone = false;
  let mode = '';           // what the task section shows now
  let clockTimer = null;   // refreshes countdown words once a second
  const queue = [];        // board animations: {steps} | {wait} | {replay}
  let running = false;
  let generation = 0;      // bumped to abandon what is queued or playing

  // Two bots of one level share a name: add the seat number their marks show.
  const name = (seat) => {
    const own = table.name(seat);
    const n = snap?.view.seats ?? 0;
    for (let s = 0; s < n; s++) if (s !== seat && table.name(s) === own) return `${own} #${seat + 1}`;
    return own;
  };

  const board = createBoard({ onRobot: pickRobot, onArrow: move });
  const sand = createSand();
  const bidPad = createBidPad({ onBid: bid });
  const demo = createDemoControls({ onRobot: pickRobot, onDir: move, onGiveUp: giveUp });
  const startTimer = button('Start the sand timer', { class: 'rr-start-timer' });
  startTimer.addEventListener('click', () => send({ kind: 'start_timer' }));
  const startHelp = el('p', { class: 'help rr-start-help' });

  const title = el('h3', { class: 'rr-title', id: 'rr-title' });
  const goalText = el('p', { class: 'rr-goal-text' });
  const head = el('div', { class: 'rr-head' }, el('div', { class: 'rr-head-text' }, title, goalText), sand.element);
  const counter = el('p', { class: 'rr-counter', 'aria-live': 'off' });
  const boardWrap = el('div', { class: 'rr-board-wrap' }, board.element, counter);
  const task = el('section', { class: 'rr-task', 'aria-labelledby': 'rr-task-title' });
  const bidsBox = el('section', { class: 'rr-bids-box', 'aria-labelledby': 'rr-bids-title' });
  const scoreBox = el('section', { class: 'rr-score-box', 'aria-labelledby': 'rr-score-title' });
  const lastBox = el('section', { class: 'rr-last', 'aria-labelledby': 'rr-last-title' });
  const side = el('div', { class: 'rr-side' }, task, bidsBox, scoreBox, lastBox);
  // Hidden until its stylesheet is in, so nothing jumps on the first paint.
  const sheet = el('link', { rel: 'stylesheet', href: new URL('./renderer.css', import.meta.url).href });
  const root = el('div', { class: 'rr', style: 'visibility: hidden' }, sheet, head, el('div', { class: 'rr-main' }, boardWrap, side));
  const reveal = () => { root.style.visibility = ''; };
  sheet.addEventListener('load', reveal);
  sheet.addEventListener('error', reveal);
  table.element.append(root);

  const view = () => snap?.view;
  const seated = () => snap && snap.seat >= 0;
  const myDemo = () => !!snap && snap.view.phase === 'demonstration' && snap.view.demonstrator === snap.seat;
  const robotsInPlay = () => ROBOTS.filter((c) => view()?.robots[c]);

  /** The local time (Date.now()) of a game-clock time, through the deadline. */
  function localAt(t) {
    const v = view();
    if (!v || v.deadline === null || !snap.deadline?.endsAt || t === null) return null;
    return snap.deadline.endsAt - (v.deadline - t);
  }

  // ---- actions ----

  async function send(action) {
    if (sending) return null;
    sending = true;
    try {
      return await table.act(action);
    } catch {
      return null; // the frame has shown the server's sentence
    } finally {
      sending = false;
    }
  }

  function bid(moves) {
    send({ kind: 'bid', moves });
  }

  function giveUp() {
    if (myDemo()) send({ kind: 'give_up' });
  }

  function movesOf(color) {
    const v = view();
    const cells = cellsOf(v.robots);
    return DIRS.map((dir) => ({ dir, path: slide(v.board, cells, color, dir) }));
  }

  /** Picks a robot to move. Picking the one already picked keeps it (a
   *  second tap is not a silent "let go"): Esc, or another robot, changes it. */
  function pickRobot(color) {
    if (!myDemo() || !view().robots[color]) return;
    const again = selected === color;
    selected = color;
    const can = movesOf(color).filter((m) => m.path.length).map((m) => DIR_WORDS[m.dir]);
    const moves = can.length ? `It can move ${can.join(', ')}.` : 'It cannot move from here: pick another robot.';
    table.announce(`${capitalise(color)} robot ${again ? 'is still selected' : 'selected'}. ${moves}`);
    renderTask();
    drawBoard();
  }

  function letGo() {
    if (!selected) return;
    table.announce(`${capitalise(selected)} robot let go.`);
    selected = null;
    renderTask();
    drawBoard();
  }

  /** Has `robot` moved along both axes in this demonstration (its turn,
   *  for the ricochet rule) once it also moves `dir`? As the server counts. */
  function turnsWith(robot, dir) {
    const axis = (d) => (d === 'N' || d === 'S' ? 'NS' : 'EW');
    const axes = new Set((view().demo_moves || []).filter((m) => m.robot === robot).map((m) => axis(m.dir)));
    axes.add(axis(dir));
    return axes.size > 1;
  }

  const robotAnchor = (color) => board.element.querySelector(`.rr-robot[data-robot="${color}"]`);

  function move(dir) {
    if (!myDemo()) return;
    if (!selected) {
      table.explain(table.touch ? 'Pick a robot first: tap it.' : 'Pick a robot first: click it, or press its letter.', board.element.querySelector('.rr-robots'));
      return;
    }
    const v = view();
    const path = slide(v.board, cellsOf(v.robots), selected, dir);
    if (!path.length) {
      table.explain(`The ${selected} robot cannot move ${DIR_WORDS[dir]} from there: something is right in its way.`, robotAnchor(selected));
      return;
    }
    const active = v.active === 'any' || v.active === selected;
    if (v.ricochet_rule && active && path[path.length - 1] === v.target.cell && !turnsWith(selected, dir)) {
      table.explain(`Not yet: the ${selected} robot would stop on the target without having turned. The ricochet rule wants it to change direction at least once on its way.`, robotAnchor(selected));
      return;
    }
    send({ kind: 'move', robot: selected, dir });
  }

  // ---- the board ----

  function boardTitle(v) {
    const where = robotsInPlay().map((c) => {
      const [x, y] = xyOf(v.robots[c].cell);
      return `${c} (${COLORS[c].letter}) at column ${x + 1}, row ${y + 1}`;
    });
    const goal = v.target ? `The chip is ${chipWords(v.target)}, at column ${v.target.x + 1}, row ${v.target.y + 1}. ` : '';
    return `The board, north up. ${goal}Robots: ${where.join('; ')}.`;
  }

  function scene() {
    const v = view();
    const inRound = v.phase === 'bidding' || v.phase === 'demonstration';
    const cells = cellsOf(v.robots);
    const mine = myDemo();
    let markers = null;
    if (v.phase === 'demonstration') {
      const start = cellsOf(v.start);
      markers = Object.fromEntries(Object.entries(start).filter(([c, cell]) => cells[c] !== cell));
    }
    return {
      board: v.board,
      title: boardTitle(v),
      target: inRound ? v.target : null,
      chip: inRound ? v.target : v.last_round?.target ?? null,
      chipDim: !inRound,
      markers,
      robots: cells,
      interactive: mine,
      selected: mine ? selected : null,
      moves: mine && selected ? movesOf(selected) : null,
      caption: null,
    };
  }

  function drawBoard() {
    if (!snap || running) return;
    board.draw(scene());
    boardWrap.dataset.replaying = 'false';
  }

  async function runQueue() {
    if (running) return;
    running = true;
    while (queue.length && !gone) {
      const item = queue.shift();
      const gen = generation;
      if (item.wait) await sleep(item.wait);
      else if (item.steps) await board.play(item.steps);
      else if (item.replay) await playReplay(item.replay, () => gen !== generation || gone);
    }
    running = false;
    if (!gone) {
      drawBoard();
      renderLast();
    }
  }

  /** The optimal solution of a finished round, from its start, on the
   *  board; stops early once `abandoned()` says so. */
  async function playReplay(record, abandoned) {
    const opt = record.optimal;
    if (opt?.status !== 'solved') return;
    const still = table.reducedMotion || document.hidden;
    let cells = cellsOf(record.start);
    const steps = opt.steps.map((s, i) => {
      cells = { ...cells, [s.robot]: s.to };
      const trail = { robot: s.robot, from: s.from, to: s.to, n: i + 1 };
      return still ? { cells, trail } : { robot: s.robot, from: s.from, path: s.path, trail };
    });
    boardWrap.dataset.replaying = 'true';
    renderLast();
    board.draw({
      ...scene(), robots: cellsOf(record.start), target: record.target, chip: record.target, chipDim: false,
      markers: null, interactive: false, selected: null, moves: null, caption: `Best solution: ${plural(opt.moves, 'move')}`,
    });
    await sleep(still ? STILL_PAUSE_MS : 600);
    if (!abandoned()) {
      await board.play(steps, {
        pause: still ? STILL_PAUSE_MS : REPLAY_PAUSE_MS,
        onStep: (i) => board.caption(`Best solution: move ${i + 1} of ${opt.moves}`),
      });
    }
    if (!abandoned()) await sleep(1200);
    boardWrap.dataset.replaying = 'false';
  }

  function replay(record) {
    if (running || !record) return;
    queue.push({ replay: record });
    runQueue();
  }

  /** Queues the slides and resets the events show. */
  function animate(events) {
    const still = table.reducedMotion || document.hidden;
    let steps = [];
    const flush = () => {
      if (steps.length && !still) queue.push({ steps });
      steps = [];
    };
    for (const e of events) {
      if (e.kind === 'reveal') {
        // A new chip: whatever the last round still shows gives way.
        generation++;
        board.stop();
        queue.length = 0;
        steps = [];
      } else if (e.kind === 'move') {
        steps.push({ robot: e.robot, from: e.from, path: e.path });
      } else if (e.kind === 'demo_end' && !e.success) {
        flush();
        if (!still) queue.push({ wait: FAIL_PAUSE_MS }, { steps: [{ cells: cellsOf(e.robots) }] });
      } else if ((e.kind === 'round_end' || e.kind === 'optimal') && !still && seated()) {
        // Players see the best route played for them; a spectator, who
        // may have just come in, gets the Replay button instead.
        flush();
        const record = view().last_round;
        if (record?.optimal?.status === 'solved') queue.push({ wait: 900 }, { replay: record });
      }
    }
    flush();
    if (queue.length) runQueue();
  }

  // ---- the panel ----

  function taskMode(v) {
    if (v.phase === 'bidding') return seated() ? 'bid' : 'watch-bid';
    if (v.phase === 'demonstration') return myDemo() ? 'demo' : 'watch-demo';
    return v.phase === 'round_over' ? 'round' : 'over';
  }

  function setTask(heading, ...content) {
    task.replaceChildren(el('h3', { id: 'rr-task-title' }, heading), ...content.filter(Boolean));
  }

  function renderTask() {
    const v = view();
    const next = taskMode(v);
    const changed = next !== mode;
    mode = next;
    if (next === 'bid') {
      const mine = v.bids.find((b) => b.seat === snap.seat)?.moves || 0;
      bidPad.set({ enabled: true, mine, running: v.timer !== null });
      if (changed) setTask('Your bid', bidPad.element, startTimer, startHelp);
      renderStartTimer();
    } else if (next === 'watch-bid') {
      setTask('Bids are open', el('p', {}, 'The players are looking for the shortest route.'));
    } else if (next === 'demo') {
      const colors = robotsInPlay();
      if (selected && !v.robots[selected]) selected = null;
      const movable = Object.fromEntries((selected ? movesOf(selected) : []).map((m) => [m.dir, m.path.length > 0]));
      demo.set({ colors, selected, movable, touch: table.touch });
      if (changed) setTask('Your demonstration', demo.element);
    } else if (next === 'watch-demo') {
      setTask(`${name(v.demonstrator)} is demonstrating`,
        el('p', {}, `${name(v.demonstrator)} bid ${plural(v.bid_to_beat, 'move')}; every move shows on the board.`));
    } else if (next === 'round') {
      setTask('The result', ...recordCard(v.last_round, true));
    } else {
      setTask('Game over', el('p', { class: 'rr-over' }, resultWords(v.result, name)));
    }
    if (next !== 'bid') bidPad.set({ enabled: false, mine: 0 });
  }

  function renderStartTimer() {
    const v = view();
    const running = v.timer !== null;
    const anyBid = v.bids.length > 0;
    startTimer.hidden = running || anyBid;
    startHelp.hidden = startTimer.hidden;
    if (startTimer.hidden) return;
    const allowed = localAt(v.start_timer_at);
    const wait = allowed === null ? 0 : allowed - Date.now();
    startTimer.disabled = wait > 0;
    const auto = localAt(v.auto_timer_at);
    const autoIn = auto === null ? '' : ` It starts by itself in ${fmt(auto - Date.now())}.`;
    startHelp.textContent = wait > 0
      ? `Nobody has bid. Anyone may start the sand timer in ${fmt(wait)}.${autoIn}`
      : `Nobody has bid: anyone may start the sand timer now.${autoIn}`;
  }

  function recordCard(record, big) {
    const opt = record.optimal;
    const replayBtn = button(big ? 'Replay the best solution' : 'Replay', { class: `rr-replay${big ? '' : ' small'}` });
    replayBtn.disabled = opt?.status !== 'solved' || running || view().phase === 'demonstration';
    replayBtn.addEventListener('click', () => replay(view().last_round));
    const attempts = record.attempts.map((a) => el('li', { 'data-success': String(a.success) }, `${attemptWords(a, name)}.`));
    const next = view().phase === 'round_over' ? nextChipWords() : '';
    return [
      el('p', { class: 'rr-outcome' }, `${outcomeWords(record, name)}.`),
      attempts.length ? el('ul', { class: 'rr-attempts' }, attempts) : null,
      el('p', { class: 'rr-optimal', 'data-status': opt?.status || 'pending' }, optimalWords(opt, record, name)),
      el('div', { class: 'rr-replay-row' }, replayBtn),
      next ? el('p', { class: 'help rr-next' }, next) : null,
    ];
  }

  function nextChipWords() {
    const v = view();
    if (v.waiting_for_solver) return 'The next chip comes once the solver has answered.';
    const at = localAt(v.next_round_at);
    if (at === null) return '';
    return v.final_round ? `The game ends in ${fmt(at - Date.now())}.` : `Next chip in ${fmt(at - Date.now())}.`;
  }

  function renderLast() {
    const v = view();
    if (!v) return;
    const record = v.last_round;
    lastBox.hidden = !record || v.phase === 'round_over';
    if (lastBox.hidden) {
      if (mode === 'round') {
        const btn = task.querySelector('.rr-replay');
        if (btn) btn.disabled = record?.optimal?.status !== 'solved' || running;
      }
      return;
    }
    lastBox.replaceChildren(el('h3', { id: 'rr-last-title' }, `Last round (${record.round})`), ...recordCard(record, false).filter(Boolean));
  }

  function renderHead() {
    const v = view();
    if (v.phase === 'bidding' || v.phase === 'demonstration') {
      title.replaceChildren(`Round ${v.round}: `, el('span', { class: 'rr-chip-name' }, chipWords(v.target)));
      goalText.textContent = `Bring ${activeWords(v.active)} to ${chipWords(v.target)}${v.ricochet_rule ? ', turning at least once on the way' : ''}.`;
    } else if (v.phase === 'round_over') {
      title.textContent = `Round ${v.last_round.round} is over`;
      goalText.textContent = v.chips_to_win
        ? `${plural(v.chips_to_win, 'chip')} ${v.chips_to_win === 1 ? 'wins' : 'win'} the game.`
        : 'The game goes on until every chip is won.';
    } else {
      title.textContent = 'Game over';
      goalText.textContent = resultWords(v.result, name);
    }
    if (v.phase === 'bidding' && v.timer) {
      sand.set({ startedAt: localAt(v.timer.started), endsAt: localAt(v.timer.ends) }, 'left to bid');
    } else if (v.phase === 'bidding') {
      sand.set(null, 'starts with the first bid');
    } else if (v.phase === 'demonstration') {
      const demoMs = (table.game.options?.demo_s ?? 60) * 1000;
      sand.set({ startedAt: localAt(v.demo_deadline - demoMs), endsAt: localAt(v.demo_deadline) }, 'to demonstrate');
    } else {
      sand.set(null, '');
    }
    sand.element.hidden = v.phase !== 'bidding' && v.phase !== 'demonstration';
  }

  function renderCounter() {
    const v = view();
    counter.hidden = v.phase !== 'demonstration';
    if (counter.hidden) return;
    counter.replaceChildren(el('span', { class: 'rr-counter-label' }, `${name(v.demonstrator)}: moves `),
      el('strong', { class: 'rr-counter-made' }, String(v.moves_made)),
      el('span', { class: 'rr-counter-of' }, ` / ${v.bid_to_beat}`));
    counter.dataset.last = String(v.moves_made === v.bid_to_beat - 1);
  }

  function renderLists() {
    const v = view();
    const opts = { name, badge: table.badge, you: snap.seat };
    bidsBox.hidden = !(v.phase === 'bidding' || v.phase === 'demonstration');
    bidsBox.replaceChildren(el('h3', { id: 'rr-bids-title' }, v.phase === 'demonstration' ? 'Demonstrations' : 'Bids'), bidsList(v, opts));
    // A replay knows what the players did not yet: the round's optimum.
    if (v.replay && v.optimal) bidsBox.append(el('p', { class: 'rr-optimal rr-replay-optimal', 'data-status': v.optimal.status }, `Replay: ${optimalWords(v.optimal, null, name)}`));
    const goal = v.chips_to_win ? ` (${v.chips_to_win} to win)` : ` (${plural(v.chips_left, 'chip')} left)`;
    scoreBox.replaceChildren(el('h3', { id: 'rr-score-title' }, `Chips${goal}`), scoreboard(v, opts));
  }

  /** Words for a screen reader: what just happened on the table. */
  function announceEvents(events) {
    const lines = [];
    for (const e of events) {
      if (['reveal', 'timer_out', 'demo_start', 'demo_end', 'round_end', 'optimal'].includes(e.kind)) {
        lines.push(eventWords(e, name));
      } else if (e.kind === 'move') {
        lines.push(`${e.robot} ${({ N: 'north', E: 'east', S: 'south', W: 'west' })[e.dir]}, ${e.moves_made} of ${e.bid}`);
      } else if (e.kind === 'bid' && e.seat !== snap.seat) {
        lines.push(eventWords(e, name));
      }
    }
    if (lines.length) table.announce(`${lines.join('. ')}.`);
  }

  function tickClock() {
    clearInterval(clockTimer);
    const v = view();
    const counting = (v.phase === 'bidding' && !v.timer && !v.bids.length && seated()) || v.phase === 'round_over';
    if (!counting) return;
    clockTimer = setInterval(() => {
      if (gone || !snap) return;
      if (mode === 'bid') renderStartTimer();
      if (mode === 'round') {
        const line = task.querySelector('.rr-next');
        if (line) line.textContent = nextChipWords();
      }
    }, 1000);
  }

  return {
    update(next) {
      const before = snap?.view;
      snap = next;
      const v = next.view;
      if (before?.round !== v.round || v.phase !== 'demonstration' || before?.demonstrator !== v.demonstrator) {
        if (!myDemo()) selected = null;
      }
      root.dataset.phase = v.phase;
      root.dataset.role = seated() ? 'player' : 'spectator';
      renderHead();
      renderTask();
      renderCounter();
      renderLists();
      renderLast();
      tickClock();
      if (next.events.length) {
        announceEvents(next.events);
        animate(next.events);
      }
      drawBoard();
      // Your demonstration starts: the whole board in view (on a phone, its
      // top was under the sticky bar; on a desktop, its bottom row cut).
      const wasMine = before?.phase === 'demonstration' && before.demonstrator === next.seat;
      if (myDemo() && !wasMine) table.reveal?.(boardWrap);
    },

    status(s) {
      const v = s.view;
      if (v.phase === 'bidding') {
        const bidders = new Set(v.bids.map((b) => b.seat));
        const seats = [...Array(v.seats).keys()].filter((x) => !bidders.has(x));
        // Before the sand runs, the deadline is when it starts by itself,
        // no limit on anyone: the bid box says when, in words.
        const countdown = v.timer !== null;
        // A player who has bid may still lower it: still their move.
        const mine = v.bids.find((b) => b.seat === s.seat);
        if (mine) {
          const others = seats.length ? '' : 'everyone has bid; ';
          return { seats: [s.seat, ...seats], text: `${others}you bid ${mine.moves}; bid lower if you find a shorter route`, countdown };
        }
        if (!seats.length) return { seats, text: 'Everyone has bid: bids may still go down until the sand runs out', countdown };
        return { seats, text: seats.includes(s.seat) ? 'find the shortest route and bid' : 'looking for a route', countdown };
      }
      if (v.phase === 'demonstration') {
        return { seats: [v.demonstrator], text: v.demonstrator === s.seat ? `show your ${plural(v.bid_to_beat, 'move')}` : `demonstrating ${plural(v.bid_to_beat, 'move')}` };
      }
      if (v.phase === 'round_over') return { seats: [], text: v.final_round ? 'The last round is over' : 'The round is over: the next chip comes in a moment' };
      return null;
    },

    describe(e) {
      return eventWords(e, name);
    },

    /** First-game hints: what to do now, and where (games/README.md). */
    hint(s) {
      const v = s.view;
      const q = (sel) => [...root.querySelectorAll(sel)];
      const goal = chipWords(v.target);
      if (v.phase === 'bidding') {
        if (s.seat < 0) return { text: 'The players look for the shortest route; the lowest bid will show it on the board.' };
        const mine = v.bids.find((b) => b.seat === s.seat);
        const who = v.active === 'any' ? 'any robot' : `the ${v.active} robot (${COLORS[v.active].letter})`;
        const robots = v.active === 'any' ? q('.rr-robot') : q(`.rr-robot[data-robot="${v.active}"]`);
        if (!mine) {
          return {
            text: `Find a way to bring ${who} to ${goal} (ringed), count every move, then bid that number.`,
            highlight: [...robots, ...q('.rr-goal'), ...q('.rr-bid-input, .rr-bid-send')],
          };
        }
        return {
          text: `You bid ${mine.moves}. Found a shorter route? Bid lower until the sand runs out; the lowest bid shows first.`,
          highlight: q('.rr-bid-input'),
        };
      }
      if (v.phase === 'demonstration') {
        if (v.demonstrator !== s.seat) {
          return { text: `${name(v.demonstrator)} shows their ${plural(v.bid_to_beat, 'move')}. If it fails, the robots go back and the next lowest bid tries.` };
        }
        const left = v.bid_to_beat - v.moves_made;
        if (!selected) {
          return {
            text: `Show your route, ${plural(left, 'move')} left: ${table.touch ? 'tap a robot' : 'click a robot (or press its letter)'} to move it.`,
            highlight: q('.rr-robot[role="button"], .rr-robot-btn'),
          };
        }
        return {
          text: `${table.touch ? 'Tap an arrow' : 'Click an arrow (or press an arrow key)'}: the ${selected} robot slides until something stops it. ${plural(left, 'move')} left.`,
          highlight: q('.rr-arrow, .rr-dir-btn:not(:disabled)'),
        };
      }
      if (v.phase === 'round_over') {
        return { text: 'Round over: the best possible route is shown on the board. The next chip comes in a moment.', highlight: q('.rr-task .rr-replay:not(:disabled)') };
      }
      return null;
    },

    /** The result screen's words: why the game ended, what the score is. */
    ending(s) {
      return {
        why: endWords(s.view, name),
        score: 'Chips',
        scoreMeaning: 'Chips: one for each round a player won by showing their route within their bid.',
      };
    },

    key(e) {
      const t = e.target;
      if (t && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName))) return false;
      if (mode === 'bid') return bidPad.key(e);
      if (mode !== 'demo' || e.ctrlKey || e.metaKey || e.altKey) return false;
      const color = robotsInPlay().find((c) => COLORS[c].letter.toLowerCase() === e.key.toLowerCase());
      if (color) {
        pickRobot(color);
        if (selected) board.focusRobot(color);
        return true;
      }
      if (KEY_DIRS[e.key]) {
        move(KEY_DIRS[e.key]);
        return true;
      }
      if (e.key === 'Escape' && selected) {
        letGo();
        return true;
      }
      return false;
    },

    refused() {
      drawBoard();
    },

    destroy() {
      gone = true;
      generation++;
      queue.length = 0;
      board.stop();
      sand.stop();
      clearInterval(clockTimer);
      table.element.replaceChildren();
    },
  };
}

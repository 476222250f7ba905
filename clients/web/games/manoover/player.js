// player.js: plays the server's events back on the board, one robot at a
// time: a turn of an arrow, a step with the robots it pushes gliding along,
// a robot fading into a goal or over the edge. Slow enough to follow a
// chain reaction; the caption under the board says what is happening.
// Batches that arrive while one plays wait their turn; if several pile up,
// only the newest is played (the log has every line).

const TURN_MS = 380;
const STEP_MS = 460;
const PAUSE_MS = 240;
const FADE_MS = 320;

export function createPlayer({ board, words, onCaption, onPlaying }) {
  const queue = [];
  let playing = false;
  let stopped = 0; // bumped to abandon the batch being played
  let wake = null; // ends the current pause early, when stopped

  function sleep(ms) {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => { clearTimeout(timer); resolve(); };
    });
  }

  function abandon() {
    queue.length = 0;
    stopped++;
    wake?.();
  }

  async function playBatch({ events, before, after }, token) {
    board.setChoices({});
    board.show(before.robots);
    const wait = async (ms) => { await sleep(ms); return token === stopped; };
    for (const e of events) {
      if (token !== stopped) return;
      const text = words(e, after);
      switch (e.kind) {
        case 'phase':
          if (e.phase !== 'automatic') break;
          onCaption(text);
          if (!(await wait(PAUSE_MS * 2))) return;
          break;
        case 'turned':
          onCaption(text);
          board.turn(e.robot, e.dir, { ms: TURN_MS });
          if (!(await wait(TURN_MS + PAUSE_MS))) return;
          board.calm();
          break;
        case 'step':
          onCaption(text);
          board.move(e.robot, e.to, { ms: STEP_MS });
          for (const p of e.pushes) board.move(p.robot, p.to, { ms: STEP_MS, role: 'pushed' });
          if (!(await wait(STEP_MS + PAUSE_MS))) return;
          board.calm();
          break;
        case 'scored':
        case 'off_board':
          onCaption(text);
          board.remove(e.robot, { ms: FADE_MS });
          if (!(await wait(FADE_MS + PAUSE_MS))) return;
          break;
        default:
          break;
      }
    }
  }

  async function run() {
    if (playing) return;
    playing = true;
    onPlaying(true);
    while (queue.length) {
      const batch = queue.splice(0).pop();
      await playBatch(batch, stopped);
    }
    playing = false;
    onPlaying(false);
  }

  return {
    get playing() { return playing; },
    /** Plays `events`, which took the board from view `before` to view `after`. */
    enqueue(events, before, after) {
      queue.push({ events, before, after });
      run();
    },
    /** Drops what is queued and ends the batch being played at its next beat. */
    stop: abandon,
    /** The player's "Skip": the board settles on the newest view at once. */
    skip: abandon,
  };
}

// player.js: plays a battle's events back on the war zone, beat by beat:
// steps, pushes (the pushed robot slides first), house-robot throws (a
// longer flight), turns, attacks (the target shakes), penalty areas
// flashing, dice rolling into the tray, the pit opening, a robot
// immobilised. Batches that arrive while one plays wait; if several pile
// up, only the newest is played (the log has every line).

const STEP_MS = 320;
const TURN_MS = 260;
const THROW_MS = 620;
const PAUSE_MS = 140;
const ROLL_MS = 420;

export function createPlayer({ arena, dice, onCaption, onPlaying, words }) {
  const queue = [];
  let playing = false;
  let stopped = 0;
  let wake = null;

  function sleep(ms) {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => { clearTimeout(timer); resolve(); };
    });
  }

  async function playBatch({ events, before }, token) {
    arena.draw(before);
    arena.choices(null);
    const wait = async (ms) => { await sleep(ms); return token === stopped; };
    for (const e of events) {
      if (token !== stopped) return;
      const text = words(e);
      let ms = 0;
      switch (e.kind) {
        case 'step': arena.move(e.seat, e.to, STEP_MS); ms = STEP_MS; break;
        case 'push': arena.move(e.target, e.to, STEP_MS, 'pushed'); ms = STEP_MS; break;
        case 'blocked': arena.flash(e.at, 'blocked'); ms = STEP_MS; break;
        case 'turned': arena.face(e.seat, e.facing, TURN_MS); ms = TURN_MS; break;
        case 'attack': arena.hit(e.target); ms = STEP_MS; break;
        case 'penalty': arena.flash(e.cell, 'penalty'); ms = STEP_MS; break;
        case 'house_throw': arena.move(e.seat, e.to, THROW_MS, 'thrown'); ms = THROW_MS; break;
        case 'damage_roll':
        case 'tie_break':
        case 'order_roll':
        case 'order':
          dice.add(e);
          ms = ROLL_MS;
          break;
        case 'battle_over': if (e.how !== 'turn_limit') { arena.immobilise(e.eliminated); ms = STEP_MS; } break;
        case 'pit_open': arena.openPit(); ms = STEP_MS; break;
        default: break;
      }
      if (!ms) continue;
      if (text) onCaption(text);
      if (!(await wait(ms + PAUSE_MS))) return;
      arena.calm();
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
    /** Plays `events`, which took the war zone from view `before` on. */
    enqueue(events, before) {
      queue.push({ events, before });
      run();
    },
    /** Drops what is queued and ends the batch being played at its next beat. */
    stop() {
      queue.length = 0;
      stopped++;
      wake?.();
    },
  };
}

// The replay of a robotwars game equals, step by step, what was sent live, and
// shows every secret (lib/replays.mjs).
import { replayTest } from './lib/replays.mjs';

replayTest('robotwars');

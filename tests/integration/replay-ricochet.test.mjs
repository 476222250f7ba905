// The replay of a ricochet game equals, step by step, what was sent live, and
// shows every secret (lib/replays.mjs).
import { replayTest } from './lib/replays.mjs';

replayTest('ricochet');

// Prints how often an idle server wakes up over a minute (or S seconds):
// after a visit (a player made a room and left; the room closed), with
// nothing connected. A benchmark that prints figures, not a test.
//   node tests/bench/idle_wakeups.mjs [BINARY] [S]
import { startServer } from '../integration/lib/harness.mjs';
import { idleWakeups, visitAndLeave } from '../integration/lib/wakeups.mjs';

const binary = process.argv[2] || 'build/tests/support/botpit-test';
const seconds = Number(process.argv[3] || 60);

const server = await startServer(['--grace', '1'], { binary });
await visitAndLeave(server);
const { wakeups, perRead } = await idleWakeups(server, seconds);
console.log(JSON.stringify({ seconds, wakeups, per_second: wakeups / seconds,
  metrics_read_cost: perRead }));
await server.stop();

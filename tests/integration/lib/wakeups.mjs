// How often an idle server wakes: the botpit_loop_wakeups_total counter
// (an event loop iteration each) over a window, less what reading /metrics
// itself costs.
import { metric } from './faults.mjs';
import { player, sleep } from './harness.mjs';

/**
 * Wake-ups of `server` during `seconds` of doing nothing: an upper bound,
 * since a read is taken to cost the least that three reads in a row did.
 */
export async function idleWakeups(server, seconds) {
  const reads = [];
  for (let i = 0; i < 4; i++) reads.push(await metric(server, 'botpit_loop_wakeups_total'));
  const perRead = Math.min(...reads.slice(1).map((r, i) => r - reads[i]));
  await sleep(seconds * 1000);
  const after = await metric(server, 'botpit_loop_wakeups_total');
  return { wakeups: after - reads[3] - perRead, perRead };
}

/**
 * What a server has been through before it is idle: a player came, made a
 * room and went; the room closed after its grace (start the server with
 * --grace 1) and the player is only remembered.
 */
export async function visitAndLeave(server) {
  const ada = await player(server, 'Ada');
  await ada.ok('create', { game: 'testgame' });
  await ada.close();
  await sleep(2500);
}

// How often an idle server wakes: the botpit_loop_wakeups_total counter
// (an event loop iteration each) over a window, less what reading /metrics
// itself costs.
import { metric } from './faults.mjs';
import { player, sleep } from './harness.mjs';

/** Wake-ups of `server` during `seconds` of doing nothing. */
export async function idleWakeups(server, seconds) {
  const a = await metric(server, 'botpit_loop_wakeups_total');
  const b = await metric(server, 'botpit_loop_wakeups_total');
  const perRead = b - a;
  await sleep(seconds * 1000);
  const c = await metric(server, 'botpit_loop_wakeups_total');
  return { wakeups: c - b - perRead, perRead };
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

// clock.js: the server's clock as seen from here. Deadlines come as
// `remaining_ms` when the server made the message; what is left now is
// that minus the time since it left the server (about half a round trip,
// measured by ping) and the time since we received it. The offset between
// the clocks (from welcome.server.time and pong.time) is kept too, for
// anything that only has a server time.

let offsetMs = 0;          // server clock minus local clock
let bestRtt = Infinity;    // the sample with the smallest round trip wins
let oneWayMs = 0;

export const clock = {
  /** A ping answered: sentAt/receivedAt are local Date.now() values. */
  samplePong(serverTime, sentAt, receivedAt) {
    const rtt = Math.max(0, receivedAt - sentAt);
    // A slow sample says little about the offset; keep the best of them,
    // but let it age so a changed network path is picked up.
    bestRtt = Math.min(bestRtt * 1.2, 60000);
    if (rtt <= bestRtt) {
      bestRtt = rtt;
      oneWayMs = rtt / 2;
      offsetMs = serverTime + rtt / 2 - receivedAt;
    }
  },
  /** welcome.server.time: a first guess before any ping came back. */
  sampleWelcome(serverTime, receivedAt) {
    if (bestRtt === Infinity) offsetMs = serverTime - receivedAt;
  },
  get offsetMs() { return offsetMs; },
  get oneWayMs() { return oneWayMs; },
  serverNow() { return Date.now() + offsetMs; },
  /** The local Date.now() at which a state's deadline runs out. */
  deadlineEnd(deadline, receivedAt) {
    if (!deadline) return null;
    if (Number.isFinite(deadline.remaining_ms)) return receivedAt + deadline.remaining_ms - oneWayMs;
    return deadline.at - offsetMs;
  },
};

/** "1:05", "0:09": what a countdown shows for ms milliseconds. */
export function formatCountdown(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, '0')}`;
}

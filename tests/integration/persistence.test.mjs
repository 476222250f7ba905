// Nothing lost: kill -9 the real server mid-game, start it again on the same
// database, and every room is back with byte-identical views and plays on.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { drivers, isOver, playInputs } from './lib/drivers.mjs';
import { Client, httpGet, player, schemaFailures, serverBinary, startServer, tempDir } from './lib/harness.mjs';
import { spawnSync } from 'node:child_process';

// The kill comes once every client has seen the same last input, so the
// room must be at that input after the restart, no later: the kill must fall
// where nothing else is due. Ricochet's bot demonstrates a move every 20 ms,
// so its room stops once the bot has bid, while the 2 s sand timer runs.
// Which input that is depends on the deal, and the deal comes from the
// server's own randomness (never the seed), so it is found from the view.
const QUIET = { ricochet: (view) => view.phase === 'bidding' && view.bids.length > 0 };

/** Plays 8 inputs, or for a game in QUIET until the room is still. */
async function playToKillPoint(clients, driver, game) {
  const quiet = QUIET[game];
  if (!quiet) return playInputs(clients, driver, 8);
  let states = null;
  for (let n = 1; n < 50; n++) {
    states = await playInputs(clients, driver, n, 30000, states);
    if (states.every((s) => quiet(s.view))) return states;
  }
  throw new Error(`${game}: the room never came to rest`);
}

async function reconnect(server, old, name) {
  const c = await Client.connect(server);
  await c.hello(name, old.token);
  return c;
}

for (const [game, driver] of Object.entries(drivers)) {
  test(`${game}: a room killed with -9 mid-game comes back identical and plays to its end`, async () => {
    const db = join(tempDir(), 'botpit.db');
    const args = ['--db', db, '--bot-pace-ms', '20'];
    let server = await startServer(args);
    const ada = await player(server, 'Ada');
    const room = await ada.ok('create', { game, options: driver.options });
    const bob = await player(server, 'Bob');
    await bob.ok('join', { room: room.code });
    for (const bot of driver.bots ?? []) await ada.ok('bot', bot);
    await ada.ok('start');
    const before = await playToKillPoint([ada, bob], driver, game);
    assert.ok(before[0].seq >= 1, 'the game took inputs');
    assert.equal(before[0].seq, before[1].seq, 'both saw the same last input');
    assert.ok(!isOver(before[0]), 'the game is still on when the server is killed');

    await server.stop('SIGKILL');
    server = await startServer(args);
    const ada2 = await reconnect(server, ada, 'Ada');
    const bob2 = await reconnect(server, bob, 'Bob');
    const [sa, sb] = [await ada2.next('state'), await bob2.next('state')];
    assert.equal(sa.room, room.code, 'the room is back under its code');
    assert.equal(sa.seq, before[0].seq, 'every input is there');
    assert.equal(JSON.stringify(sa.view), JSON.stringify(before[0].view), "Ada's view is byte-identical");
    assert.equal(JSON.stringify(sb.view), JSON.stringify(before[1].view), "Bob's view is byte-identical");

    const after = await playInputs([ada2, bob2], driver, Infinity, 60000, [sa, sb]);
    assert.ok(after[0].seq > sa.seq, 'the game played on');
    const over = await ada2.next('over');
    assert.ok(Array.isArray(over.result.winners));
    const results = JSON.parse((await httpGet(server, `/api/results?game=${game}`)).text).results;
    assert.equal(results[0].room, room.code, 'the result is in the history');
    const mine = JSON.parse((await httpGet(server, `/api/results?player=${ada.id}`)).text).results;
    assert.equal(mine[0].room, room.code, "and in Ada's own history");
    assert.ok(Number.isInteger(results[0].id) && results[0].id > 0, 'a finished game has an id');
    assert.equal(mine[0].id, results[0].id, 'the same game, the same id');
    await ada2.close();
    await bob2.close();
    assert.equal((await server.stop()).code, 0);
  });
}

test('a server restarted after games have ended starts, and their results are still there', async () => {
  const db = join(tempDir(), 'botpit.db');
  let server = await startServer(['--db', db]);
  const ada = await player(server, 'Ada');
  const room = await ada.ok('create', { game: 'testgame', options: { target: 5 } });
  const bob = await player(server, 'Bob');
  await bob.ok('join', { room: room.code });
  await ada.ok('start');
  await playInputs([ada, bob], drivers.testgame, Infinity);
  await ada.next('over');
  assert.equal((await server.stop()).code, 0);
  server = await startServer(['--db', db]);
  const mine = JSON.parse((await httpGet(server, `/api/results?player=${ada.id}`)).text).results;
  assert.equal(mine[0]?.room, room.code, "Ada's finished game is in her history after the restart");
  assert.ok(Number.isInteger(mine[0].id) && mine[0].id > 0, 'each result row has its id');
  const ada2 = await reconnect(server, ada, 'Ada');
  const room2 = await ada2.ok('create', { game: 'testgame', options: { target: 5 } });
  const bob2 = await reconnect(server, bob, 'Bob');
  await bob2.ok('join', { room: room2.code });
  await ada2.ok('start');
  await playInputs([ada2, bob2], drivers.testgame, Infinity);
  await ada2.next('over');
  const both = JSON.parse((await httpGet(server, `/api/results?player=${ada.id}`)).text).results;
  assert.deepEqual(both.map((r) => r.room), [room2.code, room.code]);
  assert.ok(both[0].id > both[1].id, 'a later game has a larger id, also after a restart');
  await ada2.close();
  await bob2.close();
  assert.equal((await server.stop()).code, 0);
});

test('a room whose log no longer replays is kept aside, reported, and the rest come back', async () => {
  const db = join(tempDir(), 'botpit.db');
  let server = await startServer(['--db', db]);
  const ada = await player(server, 'Ada');
  const bad = await ada.ok('create', { game: 'testgame' });
  const bob = await player(server, 'Bob');
  await bob.ok('join', { room: bad.code });
  await ada.ok('start');
  await ada.ok('act', { action: { kind: 'add', n: 1 } });
  const carl = await player(server, 'Carl');
  const good = await carl.ok('create', { game: 'testgame' });
  await server.stop('SIGKILL');
  // An action the engine refuses on replay: the log no longer makes sense.
  execFileSync('sqlite3', [db, `UPDATE inputs SET action = '{"kind":"add","n":9}' WHERE room = '${bad.code}'`]);
  server = await startServer(['--db', db]);
  const metrics = await httpGet(server, '/metrics');
  assert.match(metrics.text, /^botpit_rooms_broken 1$/m);
  await server.said(new RegExp(`room ${bad.code} cannot be restored`));
  const c = await player(server, 'Dee');
  assert.equal((await c.request('join', { room: bad.code })).code, 'no_such_room');
  assert.equal((await c.ok('join', { room: good.code })).code, good.code, 'the sound room is back');
  const kept = execFileSync('sqlite3', [db, `SELECT broken IS NOT NULL FROM rooms WHERE code = '${bad.code}'`]).toString().trim();
  assert.equal(kept, '1', 'the broken room is still in the database');
  await c.close();
  await server.stop();
});

test('a game stored under another rules revision is kept aside, said once, and counted', async () => {
  const db = join(tempDir(), 'botpit.db');
  let server = await startServer(['--db', db]);
  const ada = await player(server, 'Ada');
  const room = await ada.ok('create', { game: 'testgame' });
  const bob = await player(server, 'Bob');
  await bob.ok('join', { room: room.code });
  await ada.ok('start');
  await ada.ok('act', { action: { kind: 'add', n: 1 } });
  await server.stop('SIGKILL');
  const stored = execFileSync('sqlite3', [db, `SELECT rules FROM rooms WHERE code = '${room.code}'`]).toString().trim();
  assert.equal(stored, '1', 'the room was stored with its game\'s rules revision');
  // As if the game had been stored by a server whose testgame played revision 7.
  execFileSync('sqlite3', [db, `UPDATE rooms SET rules = 7 WHERE code = '${room.code}'`]);
  server = await startServer(['--db', db]);
  await server.said(new RegExp(`room ${room.code} cannot be restored exactly and is kept aside: it was played under revision 7 of the rules of testgame, and this server plays revision 1`));
  const metrics = (await httpGet(server, '/metrics')).text;
  assert.match(metrics, /^botpit_rooms_broken 1$/m);
  assert.match(metrics, /^botpit_rooms_other_rules 1$/m);
  const again = await Client.connect(server);
  assert.equal((await again.hello('Ada', ada.token)).room, null, 'Ada is in no room replayed under other rules');
  await again.close();
  await server.stop();
  server = await startServer(['--db', db]);
  assert.match((await httpGet(server, '/metrics')).text, /^botpit_rooms_broken 1$/m);
  await server.stop();
  // Read once it has stopped: all it logged is in.
  assert.doesNotMatch(server.stderr(), /revision 7/, 'said once: a room kept aside is not tried again');
});

test('a room whose log skips an input is kept aside, reported, never half-restored or deleted', async () => {
  const db = join(tempDir(), 'botpit.db');
  let server = await startServer(['--db', db]);
  const ada = await player(server, 'Ada');
  const room = await ada.ok('create', { game: 'testgame' });
  const bob = await player(server, 'Bob');
  await bob.ok('join', { room: room.code });
  await ada.ok('start');
  await ada.ok('act', { action: { kind: 'add', n: 1 } });
  await bob.ok('act', { action: { kind: 'add', n: 1 } });
  await ada.ok('act', { action: { kind: 'add', n: 1 } });
  await bob.ok('act', { action: { kind: 'add', n: 1 } });
  await server.stop('SIGKILL');
  // Inputs 2 and 3 vanish: 1 (Ada's) and 4 (Bob's) alone still replay,
  // turn after turn, to a game nobody played.
  execFileSync('sqlite3', [db, `DELETE FROM inputs WHERE room = '${room.code}' AND seq IN (2, 3)`]);
  server = await startServer(['--db', db]);
  await server.said(new RegExp(`room ${room.code} cannot be restored exactly .*input 2 is missing`));
  assert.match((await httpGet(server, '/metrics')).text, /^botpit_rooms_broken 1$/m);
  const again = await Client.connect(server);
  const welcome = await again.hello('Ada', ada.token);
  assert.equal(welcome.room, null, 'Ada is in no half-restored room');
  const kept = execFileSync('sqlite3', [db, `SELECT count(*), broken IS NOT NULL FROM inputs, rooms WHERE code = '${room.code}' AND room = code`]).toString().trim();
  assert.equal(kept, '2|1', 'the room and what is left of its log are still in the database');
  await again.close();
  await server.stop();
});

test('a token hashed by an older server (the same SHA-256) still finds its player', async () => {
  const db = join(tempDir(), 'botpit.db');
  let server = await startServer(['--db', db]);
  await server.stop();
  const token = '00112233445566778899aabbccddeeff';
  const digest = createHash('sha256').update(Buffer.from(token, 'hex')).digest('hex');
  execFileSync('sqlite3', [db, `INSERT INTO players (id, name, token_hash) VALUES ('pOLDTOKEN01', 'Old', X'${digest}')`]);
  server = await startServer(['--db', db]);
  const c = await Client.connect(server);
  const welcome = await c.hello('Old', token);
  assert.equal(welcome.you.id, 'pOLDTOKEN01');
  await c.close();
  await server.stop();
});

function startFails(db) {
  const r = spawnSync(serverBinary(), ['--port', '0', '--bind', '127.0.0.1', '--db', db], { timeout: 10000 });
  return { status: r.status, signal: r.signal, stderr: r.stderr.toString() };
}

test('a corrupt database file gives a clear start-up error, not a crash', () => {
  const db = join(tempDir(), 'botpit.db');
  writeFileSync(db, 'this is not a database, but it is long enough to look like a header '.repeat(100));
  const r = startFails(db);
  assert.equal(r.signal, null, 'no crash');
  assert.equal(r.status, 1);
  assert.match(r.stderr, /botpit: .*database .*botpit\.db/);
  assert.match(r.stderr, /not a database|damaged/);
});

test('a database that cannot be created gives a clear start-up error', () => {
  const r = startFails(join(tempDir(), 'no', 'such', 'folder', 'botpit.db'));
  assert.equal(r.signal, null);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /cannot open the database/);
});

test('every message matched its schema', () => {
  assert.deepEqual(schemaFailures, []);
});

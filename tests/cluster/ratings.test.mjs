// What a finished game leaves behind, in distributed mode, read from any
// node: its result id, the rating change it made (Glicko-2, stored in the
// same Redis step as the result), the history lines of its players; a
// second game on another node starts from the ratings the first left;
// `botpit ratings --rebuild --redis URL` gives the same table again. A
// link code shown by one node is taken on another, once. A room played
// under another rules revision is kept aside by the node that claims it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { schemaFailures } from '../integration/lib/harness.mjs';
import { serverProblem } from '../integration/lib/schemas.mjs';
import {
  Client, hello, httpGet, joinFollowing, metric, runBotpit, sleep, startCluster,
} from './lib/cluster.mjs';

let cl;
before(async () => { cl = await startCluster(3, { args: ['--link-ttl', '2'] }); });
after(async () => {
  const results = await cl.stop();
  for (const r of results) assert.equal(r.code, 0, 'each node still running exits cleanly');
});

const getJson = async (node, path, headers) => {
  const r = await httpGet(node, path, headers);
  return { status: r.status, body: JSON.parse(r.text) };
};

/**
 * A started testgame of host (seat 0) and guest (seat 1), both holding the
 * room: host adds a, guest adds b, so the guest reaches the target and
 * wins. Both leave after `over`; returns the host's `over`.
 */
async function duel(host, guest, a, b) {
  await host.ok('start');
  await host.ok('act', { action: { kind: 'add', n: a } });
  await guest.ok('act', { action: { kind: 'add', n: b } });
  const [over] = await Promise.all([host.next('over'), guest.next('over')]);
  for (const c of [host, guest]) await c.ok('leave');
  return over;
}

const seatOf = (over, id) => over.rating.seats.find((s) => s.id === id);

let ada; let bob; let games;

test('a game ended on node 1 has a result id, a rating change and a history line on every node; the next, on node 2, starts from them', async () => {
  const [n1, n2, n3] = cl.nodes;
  // Game 1 on node 1: Bob comes through node 2 and is sent there.
  const a1 = await hello(n1, 'Ada');
  const room1 = await a1.ok('create', { game: 'testgame', options: { target: 5 } });
  const { client: b1 } = await joinFollowing(await hello(n2, 'Bob'), room1.code);
  await a1.next((m) => m.type === 'room' && m.seats[1].player);
  const over1 = await duel(a1, b1, 2, 3);
  ada = { id: a1.id, token: a1.token };
  bob = { id: b1.id, token: b1.token };
  assert.equal(over1.rating.rated, true, 'a game of two people is rated');
  assert.equal(seatOf(over1, ada.id).before, 1500);
  assert.ok(seatOf(over1, bob.id).after > 1500 && seatOf(over1, ada.id).after < 1500, 'the winner gains, the loser loses');
  await Promise.all([a1.close(), b1.close()]);

  // Game 2 on node 2: its players' standings were written by node 1.
  const b2 = await hello(n2, 'Bob', bob.token);
  const room2 = await b2.ok('create', { game: 'testgame', options: { target: 5 } });
  const a2 = await hello(n2, 'Ada', ada.token);
  await a2.ok('join', { room: room2.code });
  await b2.next((m) => m.type === 'room' && m.seats[1].player);
  const over2 = await duel(b2, a2, 2, 3);
  for (const id of [ada.id, bob.id]) {
    assert.equal(seatOf(over2, id).before, seatOf(over1, id).after, 'game 2 starts where game 1 left the rating');
  }
  await Promise.all([a2.close(), b2.close()]);
  games = [{ room: room1.code, over: over1 }, { room: room2.code, over: over2 }];

  // Node 3 never held either game.
  const results = (await getJson(n3, '/api/results?game=testgame')).body.results;
  assert.deepEqual(results.map((r) => r.room), [room2.code, room1.code], 'both results, newest first');
  const [r2, r1] = results;
  assert.ok(Number.isInteger(r1.id) && r1.id > 0, 'a result has its id');
  assert.ok(Number.isInteger(r2.id) && r2.id !== r1.id, 'ids are unique across nodes');
  assert.deepEqual(r1.rating, over1.rating, 'the rating change node 1 announced, as stored');
  assert.deepEqual(r2.rating, over2.rating, 'and node 2\'s');
  games[0].id = r1.id;
  games[1].id = r2.id;

  const board = await getJson(n3, '/api/ratings?game=testgame');
  assert.equal(board.status, 200);
  assert.equal(serverProblem({ type: 'ratings', ...board.body }), null, '/api/ratings is a ratings body');
  assert.deepEqual(board.body.players.map((p) => p.id).sort(), [ada.id, bob.id].sort());
  for (const p of board.body.players) {
    assert.equal(p.rating, seatOf(over2, p.id).after, `${p.name}'s rating is the one game 2 left`);
    assert.equal(p.rd, seatOf(over2, p.id).rd);
    assert.equal(p.rated, 2);
    assert.equal(p.provisional, true);
  }
  for (const node of cl.nodes) {
    assert.deepEqual((await getJson(node, '/api/ratings?game=testgame')).body, board.body, `${node.id}'s leaderboard is the same`);
  }
  const watcher = await hello(n3, 'Cy');
  const ws = await watcher.ok('ratings', { game: 'testgame' });
  assert.deepEqual({ ...ws, type: undefined, id: undefined }, { ...board.body, type: undefined, id: undefined }, 'the ratings verb says the same');

  const history = await getJson(n3, `/api/history?player=${ada.id}`);
  assert.equal(history.status, 200);
  assert.equal(serverProblem({ type: 'history', ...history.body }), null, '/api/history is a history body');
  assert.deepEqual(history.body.player, { id: ada.id, name: 'Ada' });
  const row = history.body.games.find((g) => g.game === 'testgame');
  assert.deepEqual([row.played, row.won, row.rated], [2, 1, 2]);
  assert.equal(row.rating, seatOf(over2, ada.id).after);
  assert.deepEqual(history.body.recent.map((r) => r.id), [r2.id, r1.id], 'her last games, newest first, with their ids');
  assert.deepEqual(history.body.recent.map((r) => r.rating), [over2.rating, over1.rating], 'each with what it did to the ratings');
  for (const node of cl.nodes) {
    assert.deepEqual((await getJson(node, `/api/history?player=${ada.id}`)).body, history.body, `${node.id}'s history is the same`);
  }
  const wsHistory = await watcher.ok('history', { player: ada.id });
  assert.deepEqual({ ...wsHistory, type: undefined, id: undefined }, { ...history.body, type: undefined, id: undefined }, 'the history verb says the same');
  const own = await getJson(n1, `/api/history?player=${bob.id}`, { Authorization: `Bearer ${bob.token}` });
  assert.deepEqual(own.body.games.find((g) => g.game === 'testgame').won, 1, 'Bob\'s own history');
  const nobody = await getJson(n2, '/api/history?player=pnobody0000');
  assert.deepEqual([nobody.status, nobody.body.code], [404, 'no_such_player']);
  const noGame = await getJson(n2, '/api/ratings?game=chess');
  assert.deepEqual([noGame.status, noGame.body.code], [404, 'no_such_game']);
  await watcher.close();
});

test('botpit ratings --rebuild --redis URL gives the same table, and puts a spoilt one right', async () => {
  const [, , n3] = cl.nodes;
  const board = (await getJson(n3, '/api/ratings?game=testgame')).body;
  const history = (await getJson(n3, `/api/history?player=${ada.id}`)).body;
  const same = runBotpit(['ratings', '--rebuild', '--redis', cl.redis.url]);
  assert.equal(same.code, 0, same.stderr);
  assert.match(same.stdout, /from 2 results: 2 standings, 4 rating changes; the same table as before/);
  // Spoilt by hand: a standing and a rating change.
  await cl.redis.command('HSET', `botpit:standing:testgame:${ada.id}`, 'rating', '3000', 'rd', '1');
  const key = String(games[0].id).padStart(12, '0');
  await cl.redis.command('HDEL', `botpit:rchanges:${key}`, bob.id);
  const spoilt = runBotpit(['ratings', '--rebuild', '--redis', cl.redis.url]);
  assert.equal(spoilt.code, 0, spoilt.stderr);
  assert.match(spoilt.stdout, /from 2 results: 2 standings, 4 rating changes; 1 standings and \d+ changes differ from the table before/);
  const again = runBotpit(['ratings', '--rebuild', '--redis', cl.redis.url]);
  assert.match(again.stdout, /the same table as before/);
  console.log(`rebuild: ${same.stdout.trim()} / spoilt: ${spoilt.stdout.trim()} / then: ${again.stdout.trim()}`);
  assert.deepEqual((await getJson(n3, '/api/ratings?game=testgame')).body, board, 'the same leaderboard');
  assert.deepEqual((await getJson(n3, `/api/history?player=${ada.id}`)).body, history, 'the same history, every change');
});

test('a game that ends after a player\'s standing moved on elsewhere is rated from it as it is, not as read at its start', { timeout: 60000 }, async () => {
  const [n1, , n3] = cl.nodes;
  const a = await hello(n1, 'Ada', ada.token);
  const room = await a.ok('create', { game: 'testgame', options: { target: 5 } });
  const b = await hello(n1, 'Bob', bob.token);
  await b.ok('join', { room: room.code });
  await a.ok('start'); // node 1 reads Ada's and Bob's standings now
  await a.ok('act', { action: { kind: 'add', n: 2 } });
  const board = (await getJson(n3, '/api/ratings?game=testgame')).body;
  // Ada's standing moves on meanwhile, as when another node stores a game
  // of hers (a new version, a new rating).
  const key = `botpit:standing:testgame:${ada.id}`;
  await cl.redis.command('HSET', key, 'rating', '1700', 'rd', '100');
  await cl.redis.command('HINCRBY', key, 'v', '1');
  const staleBefore = await metric(n1, 'botpit_redis_stale_ratings_total');
  // Bob's winning move: refused (its ratings came from the standing as read
  // at the start), then made again once node 1 has read it again.
  let reply;
  let refused = 0;
  for (let i = 0; i < 50; i++) {
    reply = await b.request('act', { action: { kind: 'add', n: 3 } });
    if (reply.type !== 'error') break;
    assert.equal(reply.code, 'unavailable', `${reply.code}: ${reply.message}`);
    refused++;
    await sleep(100);
  }
  assert.equal(reply.type, 'state', 'the move is made once the standings are read again');
  console.log(`the winning move was refused ${refused} time(s) before it was made again`);
  assert.ok(refused >= 1, 'the first try was refused: its ratings came from a standing that moved on');
  assert.equal(await metric(n1, 'botpit_redis_stale_ratings_total'), staleBefore + 1, 'counted');
  const over = await b.next('over', 10000);
  assert.equal(seatOf(over, ada.id).before, 1700, 'Ada is rated from her standing as it is now');
  assert.equal(seatOf(over, bob.id).before, board.players.find((p) => p.id === bob.id).rating, 'Bob from his');
  const results = (await getJson(n3, '/api/results?game=testgame')).body.results;
  assert.equal(results[0].room, room.code);
  assert.deepEqual(results[0].rating, over.rating, 'stored once, as announced');
  assert.equal(results.filter((r) => r.room === room.code).length, 1, 'one result for the game');
  // The rating written by hand is no result's: a rebuild puts it right.
  const rebuilt = runBotpit(['ratings', '--rebuild', '--redis', cl.redis.url]);
  assert.match(rebuilt.stdout, /from 3 results: 2 standings, 6 rating changes; 2 standings and \d+ changes differ/);
  assert.match(runBotpit(['ratings', '--rebuild', '--redis', cl.redis.url]).stdout, /the same table as before/);
  for (const c of [a, b]) { c.drain(); await c.ok('leave'); await c.close(); }
});

test('a link code shown on node 1 is taken on node 3, once; used, expired and unknown codes are refused everywhere', async () => {
  const [n1, n2, n3] = cl.nodes;
  const a = await hello(n1, 'Ada', ada.token);
  const shown = await a.ok('link_code');
  assert.equal(shown.expires_in_ms, 2000);
  const p = await Client.connect(n3);
  const welcome = await p.ok('hello', { link: shown.code.toLowerCase().replace('-', '') });
  assert.equal(welcome.you.id, ada.id, 'the same player on another node');
  assert.equal(welcome.token, ada.token, 'with her token');
  assert.equal((await p.ok('history', {})).games[0].played, 3, 'her history came along');
  const thief = await Client.connect(n2);
  const used = await thief.request('hello', { link: shown.code });
  assert.equal(used.code, 'bad_link');
  assert.match(used.message, /already been used/);
  const later = await p.ok('link_code');
  await sleep(2100);
  const expired = await thief.request('hello', { link: later.code });
  assert.equal(expired.code, 'bad_link');
  assert.match(expired.message, /expired/);
  const unknown = await thief.request('hello', { link: 'AAAA-AAAA' });
  assert.equal(unknown.code, 'bad_link');
  assert.match(unknown.message, /no code/);
  assert.equal((await thief.ok('hello', { name: 'Thief' })).you.name, 'Thief', 'the connection is still usable');
  await Promise.all([a.close(), p.close(), thief.close()]);
});

test('a room stored under another rules revision is kept aside by the node that claims it, and counted', { timeout: 60000 }, async () => {
  const [n1, n2, n3] = cl.nodes;
  const a = await hello(n1, 'Ada', ada.token);
  const room = await a.ok('create', { game: 'testgame' });
  const b = await hello(n1, 'Bob', bob.token);
  await b.ok('join', { room: room.code });
  await a.ok('start');
  await a.ok('act', { action: { kind: 'add', n: 1 } });
  const rowKey = `botpit:room:{${room.code}}`;
  const row = JSON.parse(await cl.redis.command('HGET', rowKey, 'row'));
  assert.equal(row.rules, 1, 'the room is stored with its game\'s rules revision');
  // As if a node whose testgame plays revision 7 had stored it.
  await cl.redis.command('HSET', rowKey, 'row', JSON.stringify({ ...row, rules: 7 }));
  await n1.stop('SIGKILL');
  let kept = 0;
  for (let i = 0; i < 100 && kept === 0; i++) {
    await sleep(200);
    kept = (await metric(n2, 'botpit_rooms_other_rules')) + (await metric(n3, 'botpit_rooms_other_rules'));
  }
  assert.equal(kept, 1, 'the claiming node kept it aside for its rules revision');
  const said = n2.stderr() + n3.stderr();
  assert.match(said, new RegExp(`room ${room.code} cannot be restored exactly and is kept aside: it was played under revision 7 of the rules of testgame, and this server plays revision 1`));
  const back = await hello(n3, 'Ada', ada.token);
  assert.equal(back.welcome.room, null, 'Ada is in no room replayed under other rules');
  await back.close();
});

test('every message matched its schema', () => {
  assert.deepEqual(schemaFailures, []);
});

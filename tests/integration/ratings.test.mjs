// Ratings, history and identity codes (issue 29) on the real server: a
// scripted set of games between three people and bots gives the leaderboard
// an independent Glicko-2 computes from the same results; `botpit ratings
// --rebuild` gives the same table again; a player's history follows the
// privacy of results; a link code carries an identity once, and hostile
// input gets clear refusals.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { Client, httpGet, player, serverBinary, sleep, startServer, tempDir } from './lib/harness.mjs';
import { serverProblem } from './lib/schemas.mjs';

// --- Glicko-2 as Glickman's "Example of the Glicko-2 system" describes it,
// written again here so that the server's arithmetic is checked, not copied.
const SCALE = 173.7178;
const TAU = 0.5;
const BOTS = { easy: 1150, normal: 1400, hard: 1650 };

function rate(me, games) {
  const mu = (me.r - 1500) / SCALE, phi = me.rd / SCALE, sigma = me.vol;
  const g = (p) => 1 / Math.sqrt(1 + (3 * p * p) / (Math.PI * Math.PI));
  let vInv = 0, sum = 0;
  for (const { opp, score } of games) {
    const muJ = (opp.r - 1500) / SCALE, phiJ = opp.rd / SCALE;
    const e = 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));
    vInv += g(phiJ) ** 2 * e * (1 - e);
    sum += g(phiJ) * (score - e);
  }
  const v = 1 / vInv, delta = v * sum, a = Math.log(sigma * sigma);
  const f = (x) => (Math.exp(x) * (delta ** 2 - phi ** 2 - v - Math.exp(x))) / (2 * (phi ** 2 + v + Math.exp(x)) ** 2) - (x - a) / (TAU * TAU);
  let A = a, B;
  if (delta ** 2 > phi ** 2 + v) B = Math.log(delta ** 2 - phi ** 2 - v);
  else { let k = 1; while (f(a - k * TAU) < 0) k++; B = a - k * TAU; }
  let fA = f(A), fB = f(B);
  while (Math.abs(B - A) > 0.000001) {
    const C = A + ((A - B) * fA) / (fB - fA), fC = f(C);
    if (fC * fB <= 0) { A = B; fA = fB; } else fA /= 2;
    B = C; fB = fC;
  }
  const vol = Math.exp(A / 2);
  const phiStar = Math.sqrt(phi * phi + vol * vol);
  const phiNew = 1 / Math.sqrt(1 / phiStar ** 2 + 1 / v);
  return { r: 1500 + SCALE * (mu + phiNew ** 2 * sum), rd: SCALE * phiNew, vol };
}

/** What the rules say one finished game does to `table` (id -> rating). */
function expectGame(table, seats, scores, winner, seeded) {
  const place = scores.map((s, i) => (i === winner ? 0 : 1 + scores.filter((t, j) => j !== winner && t > s).length));
  const humans = seats.filter((s) => s.id);
  const before = seats.map((s) => (s.id ? table.get(s.id)?.r !== undefined ? table.get(s.id) : { r: 1500, rd: 350, vol: 0.06, rated: 0 } : { r: BOTS[s.bot], rd: 100, vol: 0.06 }));
  if (humans.length < 2 || seeded) return;
  seats.forEach((s, i) => {
    if (!s.id) return;
    const games = seats.flatMap((o, j) => (j === i ? [] : [{ opp: before[j], score: place[i] < place[j] ? 1 : place[i] === place[j] ? 0.5 : 0 }]));
    table.set(s.id, { ...rate(before[i], games), rated: (before[i].rated ?? 0) + 1, before: before[i].r });
  });
}

/**
 * One game of testgame: the humans (the first hosts) in seats 0.., then
 * bots; the humans add `adds` in turn, so the last of them reaches the
 * target and wins before any bot moves. Returns the `over` the host got.
 */
async function play(humans, bots, adds, { seed = 0, isPrivate = false } = {}) {
  const [host, ...rest] = humans;
  const options = { target: Math.max(5, adds.reduce((a, b) => a + b)) };
  if (seed) options.seed = seed;
  const room = await host.ok('create', { game: 'testgame', options, private: isPrivate });
  for (const c of rest) await c.ok('join', { room: room.code });
  for (const [k, level] of bots.entries()) await host.ok('bot', { seat: humans.length + k, level });
  await host.ok('start');
  let overs;
  if (humans.length === 1) { // alone with bots: it plays on until someone wins
    options.target = 5;
    overs = [await finish(humans)];
  } else {
    for (const [i, c] of humans.entries()) await c.ok('act', { action: { kind: 'add', n: adds[i] } });
    overs = await Promise.all(humans.map((c) => c.next('over')));
  }
  for (const c of humans) await c.ok('leave');
  for (const c of humans) c.drain();
  return { over: overs[0], room: room.code };
}

/**
 * Plays a started testgame to its end: whoever's turn it is among
 * `clients` adds 1 (bots play their own seats). Returns the first client's
 * `over`.
 */
async function finish(clients) {
  const overs = await Promise.all(clients.map(async (c) => {
    for (;;) {
      const m = await c.next((x) => x.type === 'state' || x.type === 'over', 20000);
      if (m.type === 'over') return m;
      if (m.view.winner < 0 && m.view.turn === m.seat) c.send({ type: 'act', action: { kind: 'add', n: 1 } });
    }
  }));
  return overs[0];
}

const getJson = async (server, path, headers) => {
  const r = await httpGet(server, path, headers);
  return { status: r.status, body: JSON.parse(r.text) };
};

test('the leaderboard after a scripted set of games is what Glicko-2 makes of their places, and a rebuild gives the same table', async () => {
  const db = join(tempDir(), 'botpit.db');
  let server = await startServer(['--db', db]);
  const [ada, bob, cy] = [await player(server, 'Ada'), await player(server, 'Bob'), await player(server, 'Cy')];
  const expected = new Map();
  const script = [
    // [humans, bots, adds, flags]: the last human wins
    [[ada, bob], ['normal'], [3, 2]],
    [[bob, ada], ['easy'], [2, 3]],
    [[ada, bob, cy], ['normal'], [1, 1, 3]],
    [[cy, ada], [], [3, 3]],
    [[ada, bob], ['normal'], [3, 2]],
    [[bob, ada], ['normal'], [3, 2]],
    [[ada, bob], [], [2, 3]],
    [[ada, bob], ['easy'], [2, 3]],
    [[ada], ['normal'], [3], { alone: true, note: 'alone with a bot: not rated' }],
    [[bob, ada], ['easy'], [3, 3], { seed: 77, note: 'seeded: not rated' }],
  ];
  const won = new Map();
  for (const [humans, bots, adds, flags = {}] of script) {
    const { over } = await play(humans, bots, adds, flags);
    const seats = [...humans.map((c) => ({ id: c.id })), ...bots.map((bot) => ({ bot }))];
    const scores = over.result.scores;
    const winner = over.result.winners[0];
    if (!flags.alone) {
      assert.equal(winner, humans.length - 1, 'the last human reached the target');
      assert.deepEqual(scores, [...adds, ...bots.map(() => 0)]);
    }
    if (seats[winner].id) won.set(seats[winner].id, (won.get(seats[winner].id) ?? 0) + 1);
    expectGame(expected, seats, scores, winner, !!flags.seed);
    // The result screen's line: each rated player's rating before and after.
    const rated = humans.length >= 2 && !flags.seed;
    assert.equal(over.rating.rated, rated, flags.note ?? 'a game of two people is rated');
    if (!rated) assert.equal(over.rating.why, flags.seed ? 'seeded' : 'one_human');
    for (const s of over.rating.seats) {
      if (s.bot) { assert.equal(s.rating, BOTS[s.bot], 'a bot shows its fixed rating'); continue; }
      const e = expected.get(s.id);
      assert.ok(Math.abs(s.after - e.r) <= 0.5 + 1e-6, `after: ${s.after} against ${e.r}`);
      assert.ok(Math.abs(s.before - e.before) <= 0.5 + 1e-6, `before: ${s.before} against ${e.before}`);
    }
    assert.equal(over.rating.seats.filter((s) => s.bot).length, bots.length, 'every bot is shown');
  }

  const board = await getJson(server, '/api/ratings?game=testgame');
  assert.equal(board.status, 200);
  const want = [...expected.entries()]
    .map(([id, e]) => ({ id, ...e }))
    .sort((a, b) => (b.rated >= 5) - (a.rated >= 5) || b.r - a.r);
  assert.deepEqual(board.body.players.map((p) => p.id), want.map((e) => e.id), 'established first, each by rating');
  for (const [i, p] of board.body.players.entries()) {
    const e = want[i];
    assert.ok(Math.abs(p.rating - e.r) <= 0.5 + 1e-6, `${p.name}: ${p.rating} against ${e.r}`);
    assert.ok(Math.abs(p.rd - e.rd) <= 0.5 + 1e-6, `${p.name}'s RD: ${p.rd} against ${e.rd}`);
    assert.equal(p.rated, e.rated);
    assert.equal(p.provisional, e.rated < 5);
    assert.equal(p.rank, i + 1);
  }
  assert.equal(serverProblem({ type: 'ratings', ...board.body }), null, '/api/ratings is a ratings message\'s body');
  assert.equal(board.body.players.find((p) => p.id === cy.id).provisional, true, 'Cy played two rated games: provisional');
  assert.equal(board.body.players.find((p) => p.id === ada.id).provisional, false);
  assert.deepEqual(board.body.bots, [{ level: 'easy', rating: 1150 }, { level: 'normal', rating: 1400 }]);
  // The same over the WebSocket.
  const ws = await ada.ok('ratings', { game: 'testgame' });
  assert.deepEqual({ ...ws, type: undefined, id: undefined }, { ...board.body, type: undefined, id: undefined });
  console.log(`leaderboard: ${board.body.players.map((p) => `${p.rank}. ${p.name} ${p.rating} (RD ${p.rd}, ${p.rated} rated${p.provisional ? ', provisional' : ''})`).join('; ')}`);

  // Ada's history: every game she played, the unrated ones too.
  const history = (await getJson(server, `/api/history?player=${ada.id}`, { Authorization: `Bearer ${ada.token}` })).body;
  assert.equal(serverProblem({ type: 'history', ...history }), null, '/api/history is a history message\'s body');
  const row = history.games.find((g) => g.game === 'testgame');
  assert.equal(row.played, 10);
  assert.equal(row.won, won.get(ada.id), 'every game she won, rated or not');
  assert.equal(row.rated, 8);
  assert.equal(row.rating, board.body.players.find((p) => p.id === ada.id).rating);
  assert.equal(history.recent.length, 10);
  assert.ok(history.recent.every((r, i) => i === 0 || r.id < history.recent[i - 1].id), 'newest first');

  // The rebuild: the table is thrown away (here spoilt first) and computed
  // again from the results, to the same values.
  const before = { board: board.body, history };
  await Promise.all([ada, bob, cy].map((c) => c.close()));
  assert.equal((await server.stop()).code, 0);
  execFileSync('sqlite3', [db, "UPDATE standings SET rating = 3000, rd = 1; DELETE FROM rating_changes WHERE result % 2 = 0;"]);
  const spoilt = execFileSync(serverBinary(), ['ratings', '--rebuild', '--db', db], { encoding: 'utf8' });
  assert.match(spoilt, /from 10 results: 3 standings, 17 rating changes; 3 standings and \d+ changes differ from the table before/);
  const again = execFileSync(serverBinary(), ['ratings', '--rebuild', '--db', db], { encoding: 'utf8' });
  assert.match(again, /from 10 results: 3 standings, 17 rating changes; the same table as before/);
  console.log(`rebuild: ${spoilt.trim()} / then: ${again.trim()}`);
  server = await startServer(['--db', db]);
  const ada2 = await Client.connect(server);
  await ada2.hello('Ada', ada.token);
  assert.deepEqual((await getJson(server, '/api/ratings?game=testgame')).body, before.board, 'the same leaderboard');
  assert.deepEqual((await getJson(server, `/api/history?player=${ada.id}`, { Authorization: `Bearer ${ada.token}` })).body, before.history, 'the same history, every change');
  await ada2.close();
  assert.equal((await server.stop()).code, 0);
});

test('a player who leaves mid-game is not rated for it; the others are, against the bot that finished the seat', async () => {
  const server = await startServer(['--bot-pace-ms', '20']);
  const [ada, bob, cy] = [await player(server, 'Ada'), await player(server, 'Bob'), await player(server, 'Cy')];
  const room = await ada.ok('create', { game: 'testgame', options: { target: 5 } });
  await bob.ok('join', { room: room.code });
  await cy.ok('join', { room: room.code });
  await ada.ok('start');
  await ada.ok('act', { action: { kind: 'add', n: 1 } });
  await bob.ok('leave'); // a bot takes Bob's seat and plays it
  const over = await finish([ada, cy]);
  const seats = over.rating.seats;
  assert.equal(over.rating.rated, true);
  assert.ok(!seats.some((s) => s.id === bob.id), 'Bob is not rated');
  assert.deepEqual(seats.find((s) => s.seat === 1), { seat: 1, bot: 'normal', rating: 1400 }, 'his seat counts as its bot');
  assert.ok(seats.some((s) => s.id === ada.id) && seats.some((s) => s.id === cy.id));
  const bobs = (await bob.ok('history', {})).games;
  assert.deepEqual(bobs, [], 'the game is not in his record');
  await Promise.all([ada, bob, cy].map((c) => c.close()));
  assert.equal((await server.stop()).code, 0);
});

test('a player away at the end, whose seat a bot finished, is rated by how the seat finished', async () => {
  const server = await startServer(['--bot-pace-ms', '20', '--grace', '1']);
  const [ada, bob, cy] = [await player(server, 'Ada'), await player(server, 'Bob'), await player(server, 'Cy')];
  const room = await ada.ok('create', { game: 'testgame', options: { target: 9 } });
  await bob.ok('join', { room: room.code });
  await cy.ok('join', { room: room.code });
  await ada.ok('start');
  await ada.ok('act', { action: { kind: 'add', n: 1 } });
  await bob.drop(); // away: after the grace a bot plays his seat, which stays his
  const over = await finish([ada, cy]);
  const his = over.rating.seats.find((s) => s.seat === 1);
  assert.equal(his.id, bob.id, 'Bob is rated for his seat');
  const bob2 = await Client.connect(server);
  await bob2.hello('Bob', bob.token);
  const record = (await bob2.ok('history', {})).games[0];
  assert.equal(record.played, 1);
  assert.equal(record.won, over.result.winners.includes(1) ? 1 : 0);
  assert.equal(record.rated, 1);
  await Promise.all([ada, bob2, cy].map((c) => c.close()));
  assert.equal((await server.stop()).code, 0);
});

test('a private game shows in its players\' histories and records only; outsiders see the public ones', async () => {
  const server = await startServer();
  const [ada, bob, eve] = [await player(server, 'Ada'), await player(server, 'Bob'), await player(server, 'Eve')];
  const hidden = await play([ada, bob], [], [2, 3], { isPrivate: true });
  const open = await play([bob, ada], [], [3, 2]);
  const asEve = await eve.ok('history', { player: ada.id });
  assert.deepEqual(asEve.recent.map((r) => r.room), [open.room], 'Eve sees the public game only');
  assert.deepEqual(asEve.games.map((g) => [g.played, g.won]), [[1, 1]], 'and counts only it');
  assert.equal(asEve.games[0].rated, 2, 'the rating counts both (as the leaderboard does)');
  const anon = await getJson(server, `/api/history?player=${ada.id}`);
  assert.deepEqual(anon.body.recent.map((r) => r.room), [open.room], 'nor does anyone without a token');
  const asBob = await bob.ok('history', { player: ada.id });
  assert.deepEqual(asBob.recent.map((r) => r.room), [open.room, hidden.room], 'Bob played both');
  const own = await ada.ok('history', {});
  assert.deepEqual(own.games.map((g) => [g.played, g.won]), [[2, 1]], 'her own record counts both');
  assert.equal(own.player.name, 'Ada');
  assert.ok(own.recent.every((r) => r.rating && r.rating.rated), 'each row says what it did to the ratings');
  await Promise.all([ada, bob, eve].map((c) => c.close()));
  assert.equal((await server.stop()).code, 0);
});

test('hostile input: ratings of an unknown game, bad limits, an unknown player, a forged token', async () => {
  const server = await startServer();
  const ada = await player(server, 'Ada');
  for (const [path, status, code] of [
    ['/api/ratings?game=chess', 404, 'no_such_game'],
    ['/api/ratings', 400, 'bad_message'],
    ['/api/ratings?game=testgame&limit=0', 400, 'bad_message'],
    ['/api/ratings?game=testgame&limit=201', 400, 'bad_message'],
    ['/api/ratings?game=%27%3B%20DROP%20TABLE%20standings', 404, 'no_such_game'],
    ['/api/history?player=pnobody', 404, 'no_such_player'],
    ['/api/history', 400, 'bad_message'],
    [`/api/history?player=${ada.id}&limit=51`, 400, 'bad_message'],
  ]) {
    const r = await getJson(server, path);
    assert.equal(r.status, status, path);
    assert.equal(r.body.code, code, path);
    assert.ok(r.body.message.length > 10, `${path}: ${r.body.message}`);
  }
  const forged = await getJson(server, `/api/history?player=${ada.id}`, { Authorization: `Bearer ${'0'.repeat(32)}` });
  assert.equal(forged.status, 401);
  let n = 0;
  const raw = async (m) => {
    const id = `raw${++n}`;
    ada.sendRaw(JSON.stringify({ ...m, id }));
    return ada.next((x) => x.id === id);
  };
  for (const [m, code] of [
    [{ type: 'ratings', game: 'chess' }, 'no_such_game'],
    [{ type: 'ratings', game: 'testgame', limit: 0 }, 'bad_message'],
    [{ type: 'ratings', game: 'testgame', limit: 1e12 }, 'bad_message'],
    [{ type: 'ratings' }, 'bad_message'],
    [{ type: 'history', player: 'pnobody' }, 'no_such_player'],
    [{ type: 'history', limit: -1 }, 'bad_message'],
    [{ type: 'history', player: { id: 1 } }, 'bad_message'],
  ]) {
    const r = await raw(m);
    assert.equal(r.code, code, JSON.stringify(m));
  }
  const empty = await ada.ok('ratings', { game: 'testgame' });
  assert.deepEqual(empty.players, [], 'a game nobody has played lists nobody');
  assert.equal((await ada.ok('history', {})).player.id, ada.id, 'a newcomer has a history (empty)');
  await ada.close();
  assert.equal((await server.stop()).code, 0);
});

test('a link code carries an identity to another device once; used, expired and unknown codes are refused', async () => {
  const server = await startServer(['--link-ttl', '2']);
  const ada = await player(server, 'Ada');
  await play([ada, await player(server, 'Bob')], [], [2, 3]);
  const shown = await ada.ok('link_code');
  assert.match(shown.code, /^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
  assert.equal(shown.expires_in_ms, 2000);

  const phone = await Client.connect(server);
  const welcome = await phone.ok('hello', { link: shown.code.toLowerCase().replace('-', '') });
  assert.equal(welcome.you.id, ada.id, 'the same player');
  assert.equal(welcome.you.name, 'Ada', 'under her own name');
  assert.equal(welcome.token, ada.token, 'with her token');
  const closed = await ada.closed;
  assert.equal(closed.code, 4001, 'one identity, one connection: the first device steps aside');
  assert.equal((await phone.ok('history', {})).games[0].played, 1, 'her history came along');

  const thief = await Client.connect(server);
  const used = await thief.request('hello', { link: shown.code });
  assert.equal(used.code, 'bad_link');
  assert.match(used.message, /already been used/);

  const second = await phone.ok('link_code');
  const third = await phone.ok('link_code');
  const replaced = await thief.request('hello', { link: second.code });
  assert.equal(replaced.code, 'bad_link', 'a new code replaces the last one');
  await sleep(2100);
  const expired = await thief.request('hello', { link: third.code });
  assert.equal(expired.code, 'bad_link');
  assert.match(expired.message, /expired/);
  const both = await thief.request('hello', { link: third.code, token: ada.token });
  assert.equal(both.code, 'bad_message');
  const unknown = await thief.request('hello', { link: 'AAAA-AAAA' });
  assert.equal(unknown.code, 'bad_link');
  assert.match(unknown.message, /no code/);
  assert.equal((await thief.ok('hello', { name: 'Thief' })).you.name, 'Thief', 'the connection is still usable');
  await Promise.all([phone.close(), thief.close()]);
  assert.equal((await server.stop()).code, 0);
});

test('guessing link codes fast is rate-limited like guessing room codes', async () => {
  const server = await startServer([], { quotas: true });
  let limited = null;
  let tries = 0;
  for (; tries < 20 && !limited; tries++) {
    const c = await Client.connect(server);
    const r = await c.request('hello', { link: `AAAA-AA${'ABCDEFGHJKMNPQRSTUVWXYZ'[tries]}${'23456789ABCDEFGHJKMNPQRSTUVWXYZ'[tries]}` });
    if (r.code === 'rate_limited') limited = r;
    else assert.equal(r.code, 'bad_link');
    await c.close();
  }
  assert.ok(limited, 'refused before 20 guesses');
  assert.equal(limited.quota, 'joins_per_min');
  assert.ok(limited.retry_after_ms > 0);
  assert.ok(tries <= 7, `a wrong code costs ten join attempts of sixty a minute: refused at guess ${tries}`);
  assert.equal((await server.stop()).code, 0);
});

// Random games of every engine in the registry (protocol-play, a C program
// beside this file) checked against protocol/schema/games/<id>/: every view
// of every audience, every event, every action (the bots' and the server's)
// and every result. An engine without a schema folder fails, a field added
// to a view without its schema fails, and so does a game whose section in
// PROTOCOL.md forgets one of its options, events or actions.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, test } from 'node:test';
import {
  GAME_PARTS, folderProblems, gameFolders, gameProblem, schemaRoot,
} from '../integration/lib/schemas.mjs';
import { jsonExamples, sectionOf } from '../integration/lib/docs.mjs';

const play = process.env.BOTPIT_PROTOCOL_PLAY;

/** What the corpus holds, per engine. */
const engines = new Map();
function engineRecord(id) {
  if (!engines.has(id)) {
    engines.set(id, {
      descriptors: null, games: [], ends: [], problems: [],
      views: { seat: 0, spectator: 0, replay: 0 }, results: 0,
      events: new Map(), actions: new Map(), serverActions: new Map(),
      samples: {}, // the first view (of a seat and of the spectator), event and result
    });
  }
  return engines.get(id);
}

const count = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);

function checkLine(line) {
  const o = JSON.parse(line);
  const e = engineRecord(o.engine);
  const fail = (problem) => {
    if (e.problems.length < 20) e.problems.push(`game ${o.game} ${o.kind}${o.seat !== undefined ? ` of seat ${o.seat}` : ''}: ${problem}`);
  };
  switch (o.kind) {
    case 'engine': e.descriptors = o; break;
    case 'game': e.games.push(o); break;
    case 'end': e.ends.push(o); break;
    case 'view': {
      // Seat -3 is a replay's audience (GAME_SEAT_REPLAY): nobody's view,
      // every secret in it, and it says so.
      const replay = o.seat === -3;
      const audience = replay ? 'replay' : o.seat < 0 ? 'spectator' : 'seat';
      e.views[audience]++;
      e.samples[`${audience}View`] ??= o.data;
      const problem = gameProblem(o.engine, 'view', o.data);
      if (problem) fail(problem);
      if ('you' in o.data && (o.data.you ?? -1) !== (replay ? -1 : o.seat)) fail(`you is ${o.data.you}`);
      if ((o.data.replay === true) !== replay) fail(`replay is ${o.data.replay}`);
      break;
    }
    case 'event': {
      count(e.events, o.data.kind);
      e.samples.event ??= o.data;
      const problem = gameProblem(o.engine, 'event', o.data);
      if (problem) fail(problem);
      break;
    }
    case 'action': {
      count(o.seat >= 0 ? e.actions : e.serverActions, o.data.kind);
      // Seats send what a client may send; the server (-2) what only it may.
      const problem = o.seat >= 0 ? gameProblem(o.engine, 'player', o.data)
        : gameProblem(o.engine, 'action', o.data) ?? (gameProblem(o.engine, 'player', o.data) ? null : 'a player action from the server');
      if (problem) fail(problem);
      break;
    }
    case 'result': {
      e.results++;
      e.samples.result ??= o.data;
      const problem = gameProblem(o.engine, 'result', o.data);
      if (problem) fail(problem);
      break;
    }
    default: fail(`unknown line kind ${o.kind}`);
  }
}

let dir;
before(async () => {
  assert.ok(play, 'BOTPIT_PROTOCOL_PLAY names the protocol-play program (meson test sets it)');
  dir = mkdtempSync(join(tmpdir(), 'botpit-protocol-'));
  const out = join(dir, 'play.jsonl');
  const stderr = [];
  const code = await new Promise((resolve, reject) => {
    const proc = spawn(play, [out], { stdio: ['ignore', 'ignore', 'pipe'] });
    proc.stderr.on('data', (d) => stderr.push(d));
    proc.on('error', reject);
    proc.on('exit', resolve);
  });
  assert.equal(code, 0, `protocol-play failed:\n${Buffer.concat(stderr)}`);
  for await (const line of createInterface({ input: createReadStream(out) })) checkLine(line);
});
after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

/** The kinds a schema lists in properties.kind.enum (see games/README.md). */
function kindsOf(game, file, pointer = []) {
  let s = JSON.parse(readFileSync(join(schemaRoot, 'games', game, `${file}.json`), 'utf8'));
  for (const key of pointer) s = s?.[key];
  return s?.properties?.kind?.enum;
}

test('every schema folder holds action, view, event and result with their own $id', () => {
  assert.deepEqual(folderProblems, []);
  for (const game of gameFolders()) {
    for (const part of GAME_PARTS) assert.ok(existsSync(join(schemaRoot, 'games', game, `${part}.json`)), `${game}/${part}.json`);
  }
});

test('protocol-play covered the registry', () => {
  assert.ok(engines.size >= 4, `engines played: ${[...engines.keys()]}`);
});

// The suites below are one per schema folder (describe runs before the
// corpus exists); this test ties the folders to the registry.
test('every engine in the registry has a schema folder', () => {
  const missing = [...engines.keys()].filter((id) => !gameFolders().includes(id));
  assert.deepEqual(missing, [], `add protocol/schema/games/<id>/ (see games/README.md) for: ${missing.join(', ')}`);
});

for (const id of gameFolders()) {
  describe(id, () => {
    const record = () => engines.get(id);

    test('is in the registry and was played to the end', () => {
      const e = record();
      assert.ok(e, `protocol-play never played ${id}: is it in the registry?`);
      assert.ok(e.games.some((g) => g.created), 'some game was created');
      const uncreated = e.games.filter((g) => !g.created).map((g) => `${JSON.stringify(g.options)}: ${g.error.message}`);
      assert.ok(uncreated.length < e.games.length / 2, `most option sets make a game; refused: ${uncreated.join('; ')}`);
      assert.ok(e.results >= 1, 'at least one game ended with a result');
      assert.ok(e.views.seat > 0 && e.views.spectator > 0 && e.views.replay > 0, 'seat, spectator and replay views were checked');
      assert.deepEqual(e.ends.filter((x) => x.refused).map((x) => `game ${x.game}: ${x.refused} refused`), [],
        'the bots only ever made legal moves');
      assert.deepEqual(e.ends.filter((x) => x.stalled).map((x) => `game ${x.game}`), [], 'no game stalled');
    });

    test('every view, event, action and result matches the schemas', (t) => {
      if (!record()) { t.skip('not played'); return; }
      assert.deepEqual(record().problems, []);
    });

    test('a field the schemas do not know fails them', (t) => {
      const e = record();
      if (!e) { t.skip('not played'); return; }
      for (const [sample, part] of [['seatView', 'view'], ['spectatorView', 'view'], ['replayView', 'view'], ['event', 'event'], ['result', 'result']]) {
        assert.ok(e.samples[sample], `a ${sample} was played`);
        assert.notEqual(gameProblem(id, part, { ...e.samples[sample], surprise: 1 }), null, `${sample} with a new field`);
      }
    });

    // Every event kind must happen; not every action kind (a ricochet bot
    // never gives up, for one): those are checked when the examples and the
    // integration tests send them.
    test('every event kind the schema lists happens in play', (t) => {
      const e = record();
      if (!e) { t.skip('not played'); return; }
      const events = kindsOf(id, 'event');
      const actions = kindsOf(id, 'action', ['$defs', 'player']);
      assert.ok(events, `games/${id}/event.json lists its kinds in properties.kind.enum`);
      assert.ok(actions, `games/${id}/action.json lists the players' kinds in $defs.player.properties.kind.enum`);
      assert.deepEqual(events.filter((k) => !e.events.has(k)), [], 'event kinds never seen');
      assert.ok(e.actions.size > 0, 'the bots acted');
      assert.deepEqual([...e.events.keys()].filter((k) => !events.includes(k)), [], 'events of unlisted kinds');
    });

    test('PROTOCOL.md has its section, naming every option, event and action', (t) => {
      const e = record();
      if (!e) { t.skip('not played'); return; }
      const section = sectionOf(id);
      assert.ok(section, `PROTOCOL.md has a heading naming ${id}`);
      const named = (word) => section.includes(`\`${word}\``) || section.includes(`"${word}"`);
      const options = e.descriptors.options.map((d) => d.name);
      const kinds = [...kindsOf(id, 'event'), ...kindsOf(id, 'action', ['$defs', 'player']), ...e.serverActions.keys()];
      assert.deepEqual(options.filter((w) => !named(w)), [], 'options not described');
      assert.deepEqual([...new Set(kinds)].filter((w) => !named(w)), [], 'event and action kinds not described');
    });

    test('the option table in its section matches the games message (type, default, range)', (t) => {
      const e = record();
      if (!e) { t.skip('not played'); return; }
      const section = sectionOf(id);
      assert.ok(section, `PROTOCOL.md has a heading naming ${id}`);
      const rows = new Map(section.split('\n').filter((l) => /^\| `[a-z_0-9]+` \|/.test(l))
        .map((l) => l.split('|').slice(1, -1).map((c) => c.trim()))
        .filter((cells) => ['int', 'bool', 'choice'].includes(cells[1])) // not the view's tables
        .map((cells) => [cells[0].replaceAll('`', ''), cells]));
      for (const d of e.descriptors.options) {
        const row = rows.get(d.name);
        assert.ok(row, `a table row for option ${d.name}`);
        const range = { int: `${d.min} to ${d.max}`, bool: '', choice: d.choices?.map((c) => `\`${JSON.stringify(c)}\``).join(', ') }[d.type];
        assert.deepEqual(row.slice(1, 4), [d.type, d.type === 'choice' ? `\`${JSON.stringify(d.default)}\`` : String(d.default), range],
          `option ${d.name}: type, default, range`);
      }
    });

    test('every choice is offered in words (choice_labels), unless it is a number', (t) => {
      const e = record();
      if (!e) { t.skip('not played'); return; }
      for (const d of e.descriptors.options.filter((o) => o.type === 'choice')) {
        if (d.choices.every((c) => /^[0-9]+$/.test(c)) && !d.choice_labels) continue;
        assert.ok(Array.isArray(d.choice_labels), `option ${d.name} has choice_labels`);
        assert.equal(d.choice_labels.length, d.choices.length, `option ${d.name}: one label per choice`);
        d.choice_labels.forEach((label, i) => {
          assert.ok(typeof label === 'string' && label.trim(), `option ${d.name}: label ${i} says something`);
          assert.notEqual(label, d.choices[i], `option ${d.name}: "${label}" is a word, not the wire name`);
        });
        assert.equal(new Set(d.choice_labels).size, d.choices.length, `option ${d.name}: labels tell the choices apart`);
      }
    });

    test('the examples in its section match the schemas', (t) => {
      const section = sectionOf(id);
      if (!section) { t.skip('no section'); return; }
      for (const [tag, part] of [['action', 'player'], ['event', 'event'], ['result', 'result']]) {
        const found = jsonExamples(section, tag);
        assert.ok(found.length, `a \`\`\`json ${tag} block in the ${id} section`);
        for (const example of found) assert.equal(gameProblem(id, part, example), null, JSON.stringify(example).slice(0, 200));
      }
      const events = kindsOf(id, 'event');
      const shown = new Set(jsonExamples(section, 'event').map((e) => e.kind));
      assert.deepEqual(events.filter((k) => !shown.has(k)), [], 'event kinds without an example');
    });
  });
}

// The secrecy rules the boxing view schema states: before the end a
// spectator sees no robot's layout, a seat its own robot's only.
test('boxing: a view that shows a secret to the wrong audience fails its schema', () => {
  const e = engines.get('boxing');
  assert.ok(e?.samples.seatView && e.samples.spectatorView, 'boxing views were played');
  const seat = structuredClone(e.samples.seatView);
  assert.equal(seat.phase === 'over', false);
  const own = seat.robots.find((r) => r.seat === seat.you);
  const other = seat.robots.find((r) => r.seat !== seat.you);
  assert.equal(gameProblem('boxing', 'view', seat), null);
  Object.assign(other, { layout: own.layout, working: own.working, orders: own.orders });
  assert.notEqual(gameProblem('boxing', 'view', seat), null, 'a seat seeing another robot\'s secrets');
  const spectator = structuredClone(e.samples.spectatorView);
  Object.assign(spectator.robots[0], { layout: null, working: null, orders: null });
  assert.notEqual(gameProblem('boxing', 'view', spectator), null, 'a spectator seeing a robot\'s secret fields');
});

// A replay's view shows every secret from the start and says so
// (`replay: true`); the same view without the mark is a spectator's that
// shows secrets, which the schemas refuse.
test('boxing: a replay shows every robot\'s secrets, and only a replay may', () => {
  const e = engines.get('boxing');
  const all = e?.samples.replayView;
  assert.ok(all, 'a boxing replay view was played');
  assert.equal(all.phase === 'over', false);
  assert.ok(all.robots.every((r) => 'layout' in r && 'orders' in r), 'every robot with its secrets');
  assert.equal(gameProblem('boxing', 'view', all), null);
  const { replay, ...spectator } = all;
  assert.equal(replay, true);
  assert.notEqual(gameProblem('boxing', 'view', spectator), null, 'a spectator seeing every robot\'s secrets');
});

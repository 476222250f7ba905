// Every schema of protocol/schema/ in one Ajv (draft 2020-12): the messages
// (server/, client/), the engine contract (games/game.json) and each game's
// folder (games/<id>/: action, view, event and result), found by listing
// the folder, so a game added later is checked as soon as its folder lands.
//
// A `state` or `over` does not name its game: a MessageChecker learns each
// room's game from the `room` messages (and a `create` it saw sent), and
// checks the view, events and result against that game's schemas. An
// action sent in an `act` is checked once the server accepted it (the reply
// echoing its id is a `state`): tests send malformed actions on purpose.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv/dist/2020.js';

const here = dirname(fileURLToPath(import.meta.url));
export const schemaRoot = join(here, '..', '..', '..', 'protocol', 'schema');
const gamesRoot = join(schemaRoot, 'games');

/** The files a game's folder must hold, and what each describes. */
export const GAME_PARTS = ['action', 'view', 'event', 'result'];

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

/** Folders of protocol/schema/games/, each a game id. */
export function gameFolders() {
  return readdirSync(gamesRoot).filter((f) => statSync(join(gamesRoot, f)).isDirectory()).sort();
}

function describe(errors) {
  return errors.map((e) => `${e.instancePath || '/'} ${e.message}${e.params?.additionalProperty ? ` (${e.params.additionalProperty})` : ''}`).join('; ');
}

const ajv = new Ajv({ allErrors: true, strict: false });
const messageSchemas = { server: new Map(), client: new Map() };
for (const kind of ['server', 'client']) {
  for (const f of readdirSync(join(schemaRoot, kind)).filter((n) => n.endsWith('.json'))) {
    const schema = readJson(join(schemaRoot, kind, f));
    ajv.addSchema(schema);
    messageSchemas[kind].set(f.replace(/\.json$/, ''), schema.$id);
  }
}
ajv.addSchema(readJson(join(gamesRoot, 'game.json')));

/** Problems with the game folders themselves (missing files, wrong $id). */
export const folderProblems = [];
const gameSchemaIds = new Map();
for (const game of gameFolders()) {
  const ids = {};
  for (const part of GAME_PARTS) {
    const path = join(gamesRoot, game, `${part}.json`);
    if (!existsSync(path)) {
      folderProblems.push(`protocol/schema/games/${game}/${part}.json is missing`);
      continue;
    }
    const schema = readJson(path);
    const want = `https://botpit.invalid/schema/games/${game}/${part}.json`;
    if (schema.$id !== want) folderProblems.push(`games/${game}/${part}.json: $id must be ${want}`);
    ajv.addSchema(schema);
    ids[part] = schema.$id;
  }
  if (ids.action) ids.player = `${ids.action}#/$defs/player`;
  gameSchemaIds.set(game, ids);
}

const compiled = new Map();
function validatorFor(id) {
  if (!compiled.has(id)) compiled.set(id, ajv.getSchema(id));
  return compiled.get(id);
}

function check(id, data, what) {
  const validate = id && validatorFor(id);
  if (!validate) return `no schema for ${what}`;
  return validate(data) ? null : describe(validate.errors);
}

/** The games that have a schema folder. */
export const gameIds = [...gameSchemaIds.keys()];

/**
 * Checks one part of a game (view, event, result, action: any action the
 * game accepts, player: what a client may send) against the game's folder.
 * Returns null, or a sentence saying what is wrong.
 */
export function gameProblem(game, part, data) {
  const ids = gameSchemaIds.get(game);
  if (!ids) return `no schema folder for game ${JSON.stringify(game)} (protocol/schema/games/${game}/)`;
  return check(ids[part], data, `games/${game}/${part}`);
}

/** A server message against protocol/schema/server/<type>.json. */
export function serverProblem(message) {
  return check(messageSchemas.server.get(message?.type), message, `server message type ${JSON.stringify(message?.type)}`);
}

/**
 * A client message against protocol/schema/client/<type>.json. With
 * looseAction, an act's action need only be an object with a kind (tests
 * send malformed actions on purpose; accepted ones are checked later).
 */
export function clientProblem(message, { looseAction = false } = {}) {
  if (looseAction && message?.type === 'act') {
    const { action, ...rest } = message;
    const envelope = check(messageSchemas.client.get('act'), { ...rest, action: { kind: 'x' } }, 'act');
    if (envelope) return envelope;
    return action && typeof action === 'object' && !Array.isArray(action) ? null : '/action must be an object';
  }
  return check(messageSchemas.client.get(message?.type), message, `client message type ${JSON.stringify(message?.type)}`);
}

/** Whether view.you (when the game's view has it) names the state's seat. */
function youProblem(state) {
  const view = state.view;
  if (!view || typeof view !== 'object' || !('you' in view)) return null;
  const you = view.you === null ? -1 : view.you;
  return you === state.seat ? null : `/view/you is ${JSON.stringify(view.you)} in the state of seat ${state.seat}`;
}

/** Room codes to games, shared by every checker of this process. */
const knownRooms = new Map();

/**
 * Checks the messages of one connection: every server message against its
 * schema, and the game parts of states, overs and accepted actions against
 * the room's game.
 */
export class MessageChecker {
  constructor() {
    this.rooms = new Map();
    this.pendingActs = new Map();
    this.pendingCreates = new Map();
  }

  gameOf(room) {
    return this.rooms.get(room) ?? knownRooms.get(room);
  }

  learn(room, game) {
    this.rooms.set(room, game);
    knownRooms.set(room, game);
  }

  /**
   * Notes a message the client sends: an act's action is checked against
   * its game once the reply echoing its id shows it accepted, and a
   * create's game is the room's. Anything may be sent (tests send
   * malformed messages on purpose; the browser's fallback screen sends
   * actions as typed): what the server accepts is what must be right.
   */
  track(message) {
    if (message?.id === undefined) return;
    if (message.type === 'act') this.pendingActs.set(JSON.stringify(message.id), message.action);
    if (message.type === 'create') this.pendingCreates.set(JSON.stringify(message.id), message.game);
  }

  /** Problems with a message a test means to be valid ([] if none); tracks it too. */
  sent(message) {
    this.track(message);
    const problem = clientProblem(message, { looseAction: true });
    return problem ? [`${message?.type}: ${problem}`] : [];
  }

  /** Problems with a message the server sent ([] if none). */
  received(m) {
    const problems = [];
    const envelope = serverProblem(m);
    if (envelope) problems.push(envelope);
    if (m?.type === 'room' && typeof m.code === 'string' && typeof m.game === 'string') this.learn(m.code, m.game);
    if (m?.type === 'state' || m?.type === 'over') problems.push(...this.gameParts(m));
    if (m?.type === 'replay' || m?.type === 'replay_frame') problems.push(...this.replayParts(m));
    if (m?.id !== undefined) problems.push(...this.reply(m));
    return problems;
  }

  gameParts(m) {
    const game = this.gameOf(m.room);
    if (!game) return [`${m.type} for room ${m.room}, but no room message said which game it plays`];
    const problems = [];
    const add = (where, problem) => { if (problem) problems.push(`${where} (${game}): ${problem}`); };
    if (m.type === 'over') {
      add('result', gameProblem(game, 'result', m.result));
      return problems;
    }
    add(`view of seat ${m.seat}`, gameProblem(game, 'view', m.view) ?? youProblem(m));
    (Array.isArray(m.events) ? m.events : []).forEach((e, i) => add(`events[${i}]`, gameProblem(game, 'event', e)));
    return problems;
  }

  /**
   * A replay's game parts: the header names its engine (and carries the
   * result and the first frame); each frame's view is that audience's
   * (seat "all": a replay's view, with replay: true) and each input's
   * events the game's.
   */
  replayParts(m) {
    if (m.type === 'replay' && typeof m.engine === 'string') this.replayEngine = m.engine;
    const game = this.replayEngine;
    if (!game) return [`${m.type}, but no replay message said which game it shows`];
    const frame = m.type === 'replay' ? m.frame : m;
    const problems = [];
    const add = (where, problem) => { if (problem) problems.push(`replay ${where} (${game}): ${problem}`); };
    if (m.type === 'replay') add('result', gameProblem(game, 'result', m.result));
    if (!frame || typeof frame !== 'object') return problems;
    const all = frame.seat === 'all';
    add(`view of seat ${frame.seat}`, gameProblem(game, 'view', frame.view)
      ?? (all ? (frame.view?.replay === true ? null : 'a view of "all" without replay: true')
        : frame.view?.replay !== undefined ? 'a seat\'s view marked replay' : youProblem(frame)));
    (Array.isArray(frame.inputs) ? frame.inputs : []).forEach((input, i) => (Array.isArray(input.events) ? input.events : [])
      .forEach((e, k) => add(`inputs[${i}].events[${k}]`, gameProblem(game, 'event', e))));
    return problems;
  }

  reply(m) {
    const key = JSON.stringify(m.id);
    const created = this.pendingCreates.get(key);
    if (created !== undefined) {
      this.pendingCreates.delete(key);
      if (m.type === 'room') this.learn(m.code, created);
    }
    if (!this.pendingActs.has(key)) return [];
    const action = this.pendingActs.get(key);
    this.pendingActs.delete(key);
    if (m.type !== 'state') return [];
    const game = this.gameOf(m.room);
    const problem = game ? gameProblem(game, 'player', action) : `act accepted in room ${m.room} of unknown game`;
    return problem ? [`accepted action ${JSON.stringify(action).slice(0, 200)} (${game}): ${problem}`] : [];
  }
}

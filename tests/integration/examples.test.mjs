// The "By hand" examples of PROTOCOL.md, sent as written to a real server:
// each game's ```json session block (hello, create with options, a bot in
// seat 1, start, one legal act), line by line, each answered as the page
// says and never refused. Every game the server offers (but the test-only
// one) must have such a block.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Client, serverForFile } from './lib/harness.mjs';
import { codeBlocks, protocolMd, sectionOf } from './lib/docs.mjs';
import { clientProblem } from './lib/schemas.mjs';

const sessions = codeBlocks(protocolMd, 'json session');

const file = serverForFile();

test('every game the server offers has a session in its section of PROTOCOL.md', async () => {
  const c = await Client.connect(file.server);
  await c.hello('Reader');
  const { games } = await c.ok('games');
  await c.close();
  for (const { id } of games.filter((g) => g.id !== 'testgame')) {
    const section = sectionOf(id);
    assert.ok(section, `PROTOCOL.md has a section for ${id}`);
    assert.equal(codeBlocks(section, 'json session').length, 1, `the ${id} section has one session block`);
  }
});

/** What each step of a session must be answered with. */
const expectations = {
  hello: (reply) => assert.equal(reply.type, 'welcome'),
  create: (reply, sent) => {
    assert.equal(reply.type, 'room');
    assert.equal(reply.game, sent.game);
    assert.equal(reply.status, 'lobby');
  },
  bot: (reply, sent) => {
    assert.equal(reply.type, 'room');
    assert.equal(reply.seats[sent.seat].bot, sent.level);
  },
  start: (reply) => {
    assert.equal(reply.type, 'room');
    assert.equal(reply.status, 'playing');
  },
  act: (reply) => {
    assert.equal(reply.type, 'state', 'the action is accepted');
    assert.ok(reply.events.length > 0, 'the action shows in the events');
  },
};

for (const lines of sessions) {
  const messages = lines.map((line) => JSON.parse(line));
  const game = messages.find((m) => m.type === 'create')?.game;
  describe(`the ${game} session`, () => {
    test('is hello, create, bot, start and act, each valid with its own id', () => {
      assert.deepEqual(messages.map((m) => m.type), ['hello', 'create', 'bot', 'start', 'act']);
      assert.equal(new Set(messages.map((m) => m.id)).size, messages.length);
      for (const m of messages) assert.equal(clientProblem(m), null, JSON.stringify(m));
    });

    test('sent as written, is answered as the page says', async () => {
      const c = await Client.connect(file.server);
      for (const [i, line] of lines.entries()) {
        const sent = messages[i];
        c.checker.sent(sent); // so the accepted action is checked against its game
        c.sendRaw(line);
        const reply = await c.next((m) => m.id === sent.id, 10000);
        assert.notEqual(reply.type, 'error', `${sent.type} refused: ${reply.code} ${reply.message}`);
        expectations[sent.type](reply, sent);
        if (sent.type === 'start') await c.next('state');
      }
      const errors = c.queue.filter((m) => m.type === 'error');
      assert.deepEqual(errors, [], 'no error came');
      await c.close();
    });
  });
}

// The host's powers over spectators in botpit-tui at 80x24 (issue 27):
// :mute NAME, :unmute NAME and :remove NAME, listed in the ? help, and what
// a name nobody has, a player who is not the host, and removing yourself get.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { player, startServer } from '../integration/lib/harness.mjs';
import { Tui, sleep } from './lib/tui.mjs';

describe('the host mutes and removes spectators in botpit-tui', () => {
  let server;
  let tui;
  let code;
  let sam;

  before(async () => {
    server = await startServer();
    tui = Tui.start([server.wsUrl, '--name', 'Ada'], { width: 80, height: 24, label: 'moderation' });
    await tui.waitFor('Games on this server');
    tui.command('create testgame');
    code = (await tui.waitFor(/Room ([A-Z2-9]{5})/)).match(/Room ([A-Z2-9]{5})/)[1];
    sam = await player(server, 'Sam');
    await sam.ok('join', { room: code, as: 'spectator' });
  });

  after(async () => {
    await sam?.close();
    tui?.stop();
    await server?.stop();
  });

  test('the ? help lists the three commands, whole at 80 columns', async () => {
    tui.keys('?');
    await tui.waitFor('Keys and commands');
    for (let i = 0; i < 20 && !/remove NAME.*\n.*\n/.test(tui.screen()); i++) {
      tui.keys('Down', 'Down', 'Down');
      await sleep(50);
    }
    const help = await tui.waitFor('remove NAME');
    assert.match(help, /mute NAME\s+stop someone's chat here \(host\)/);
    assert.match(help, /unmute NAME\s+let them chat again \(host\)/);
    assert.match(help, /remove NAME\s+send someone out for good \(host\)/);
    tui.save('1-help');
    tui.keys('x'); // any key but the arrows closes it (Escape would merge with the next key)
    await tui.waitFor((s) => !s.includes('Keys and commands'));
  });

  test(':mute stops a spectator\'s chat, :unmute lets it through again', async () => {
    tui.command('mute sam');
    await tui.waitFor('Sam is muted: their chat is not sent.');
    assert.equal((await sam.request('chat', { text: 'spam' })).code, 'muted');
    tui.command('unmute Sam');
    await tui.waitFor('Sam may chat again.');
    await sam.ok('chat', { text: 'thanks' });
    await tui.waitFor('Sam: thanks');
    tui.save('2-unmuted');
  });

  test('bad input: a name nobody has, removing yourself, a player who is not the host', async () => {
    tui.command('mute Nobody');
    await tui.waitFor('Nobody called Nobody is in this room. Watching: Sam.');
    tui.command('remove Ada');
    await tui.waitFor('You cannot remove yourself; leave instead.', { message: 'the server\'s answer is shown' });
    tui.command('mute');
    await tui.waitFor('! Who? Use: mute NAME.');
    const bob = await player(server, 'Bob');
    await bob.ok('join', { room: code });
    const other = Tui.start([server.wsUrl, '--name', 'Cy', '--spectate', code], { width: 80, height: 24, label: 'moderation-cy' });
    try {
      await other.waitFor(`Room ${code}`);
      other.command('mute Bob');
      await other.waitFor(`Only the host of room ${code} can do that.`);
      other.command('remove Sam');
      await other.waitFor('Only the host of this room can mute or remove someone.');
      other.save('3-not-host');
    } finally {
      other.stop();
      await bob.close();
    }
  });

  test('two people of the same name: the ids to type instead are given', async () => {
    const twin = await player(server, 'Sam', { localAddress: '127.0.0.2' }); // muting mutes an address
    await twin.ok('join', { room: code, as: 'spectator' });
    tui.command('mute Sam');
    const screen = await tui.waitFor('2 are called Sam; use an id instead: ');
    assert.match(screen, new RegExp(`${sam.id}, ${twin.id}\\.|${twin.id}, ${sam.id}\\.`));
    tui.command(`mute ${twin.id}`);
    await tui.waitFor('Sam is muted: their chat is not sent.');
    assert.equal((await twin.request('chat', { text: 'me?' })).code, 'muted');
    await sam.ok('chat', { text: 'not me' });
    await twin.ok('leave');
    await twin.close();
  });

  test(':remove sends a spectator out for good', async () => {
    tui.command('remove Sam');
    await tui.waitFor('Sam has been removed from the room.');
    const left = await sam.next('left');
    assert.equal(left.reason, 'kicked');
    assert.equal((await sam.request('join', { room: code, as: 'spectator' })).code, 'kicked');
    tui.save('4-removed');
  });
});

// The host's watchers (issue 27): who is watching shows beside the chat for
// the host only, before and during the game, with a button to mute each
// spectator (and let them chat again) and one to remove them, after asking.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { player } from '../integration/lib/harness.mjs';
import { arrive, endStory, openTable, skipReason, storySteps } from './lib/e2e.mjs';

const skip = skipReason() || false;

describe('the host mutes and removes spectators', { skip }, () => {
  let server;
  let browser;
  let ada;
  let bob;
  let sam;
  let code;
  const step = storySteps(test);

  before(async () => {
    ({ server, browser, desktop: ada, phone: bob } = await openTable());
  });

  after(async () => {
    await sam?.close();
    await endStory(server, browser, [ada, bob]);
  });

  step('a spectator arrives: the host sees them, a player does not', async () => {
    await arrive(ada, server.url, 'Ada');
    await ada.getByRole('button', { name: 'Create room: Count to 21' }).click();
    await ada.getByRole('dialog').getByRole('button', { name: 'Create room' }).click();
    code = await ada.locator('#room-code').textContent();
    await arrive(bob, `${server.url}#/room/${code}`, 'Bob');
    await ada.locator('.seat[data-seat="1"]', { hasText: 'Bob' }).waitFor();
    sam = await player(server, 'Sam');
    await sam.ok('join', { room: code, as: 'spectator' });
    const panel = ada.getByRole('region', { name: 'Watching (1)' });
    await panel.getByText('Sam').waitFor();
    assert.equal(await bob.locator('.watchers-panel').isHidden(), true, 'only the host is shown the watchers');
  });

  step('Mute stops their chat; Unmute lets them talk again', async () => {
    const panel = ada.getByRole('region', { name: 'Watching (1)' });
    await panel.getByRole('button', { name: 'Mute Sam' }).click();
    await panel.getByRole('button', { name: 'Unmute Sam' }).waitFor();
    await panel.getByText('muted', { exact: true }).waitFor();
    const refused = await sam.request('chat', { text: 'spam' });
    assert.equal(refused.code, 'muted');
    await panel.getByRole('button', { name: 'Unmute Sam' }).click();
    await panel.getByRole('button', { name: 'Mute Sam' }).waitFor();
    await sam.ok('chat', { text: 'hello from the stands' });
    await ada.locator('.chat-log', { hasText: 'hello from the stands' }).waitFor();
    assert.equal(await ada.locator('.chat-log', { hasText: 'spam' }).count(), 0, 'the muted line reached nobody');
  });

  step('during the game the panel is beside the table; Remove asks, then removes', async () => {
    await ada.getByRole('button', { name: 'Start game' }).click();
    await ada.locator('#turn-text').waitFor();
    const panel = ada.getByRole('region', { name: 'Watching (1)' });
    await panel.getByRole('button', { name: 'Remove Sam' }).click();
    const ask = ada.getByRole('dialog', { name: 'Remove Sam?' });
    await ask.getByRole('button', { name: 'Keep' }).click();
    await ask.waitFor({ state: 'detached' });
    assert.equal(await panel.getByText('Sam').count(), 1, 'kept');
    await panel.getByRole('button', { name: 'Remove Sam' }).click();
    await ada.getByRole('dialog', { name: 'Remove Sam?' }).getByRole('button', { name: 'Remove' }).click();
    const left = await sam.next('left');
    assert.equal(left.reason, 'kicked');
    await ada.locator('.watchers-panel').waitFor({ state: 'hidden' });
    assert.equal((await sam.request('join', { room: code, as: 'spectator' })).code, 'kicked');
  });
});

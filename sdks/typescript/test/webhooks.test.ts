// Webhooks: one created is listed.
import assert from 'node:assert/strict';
import { lookup } from 'node:dns/promises';
import { test } from 'node:test';
import { SmartLinks, ValidationError } from '../src/index.js';
import { collect } from './helpers.js';

const client = new SmartLinks();
const URL_OF_HOOK = 'https://example.com/hook';

async function resolves(host: string): Promise<boolean> {
  return lookup(host).then(
    () => true,
    () => false,
  );
}

test('a webhook created with https://example.com/hook is listed', async (t) => {
  if (!(await resolves('example.com'))) {
    // The service refuses an endpoint whose host does not resolve (it checks the address is
    // public); a machine without DNS cannot make this one. What the SDK does with the refusal
    // is still checked.
    const error = await client.webhooks.create({ url: URL_OF_HOOK, events: ['conversion.created'] }).then(
      () => assert.fail('the service accepted a URL this machine cannot resolve'),
      (caught: unknown) => caught,
    );
    assert.ok(error instanceof ValidationError);
    assert.equal(error.error, 'url cannot be called: its host name does not resolve.');
    assert.equal(error.field, 'url');
    assert.deepEqual(
      (await collect(client.webhooks.list())).filter((hook) => hook.url === URL_OF_HOOK),
      [],
    );
    t.skip('example.com does not resolve on this machine, so the service refuses the endpoint');
    return;
  }
  // An event that cannot happen (a conversion of a link without conversion tracking), so no
  // delivery is ever attempted to the address.
  const quiet = await client.links.create({ name: 'Webhook scope', url: 'https://example.com/quiet' });
  const created = await client.webhooks.create({ url: URL_OF_HOOK, events: ['conversion.created'], linkIds: [quiet.id] });
  try {
    const listed = await collect(client.webhooks.list());
    const hook = listed.find((candidate) => candidate.id === created.id);
    assert.ok(hook, 'the new endpoint is listed');
    assert.equal(hook.url, URL_OF_HOOK);
  } finally {
    await client.webhooks.delete(created.id);
    await client.links.delete(quiet.id);
  }
});

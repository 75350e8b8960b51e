// Webhooks: one created is listed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SmartLinks } from '../src/index.js';
import { collect } from './helpers.js';

const client = new SmartLinks();
// The dev server's local https receiver (tests/sdks/run.sh), which the service may call.
const hookUrl = process.env.SDK_TEST_WEBHOOK_URL ?? assert.fail('SDK_TEST_WEBHOOK_URL is not set');

test('a webhook created is listed with its url and events', async () => {
  const created = await client.webhooks.create({ url: hookUrl, events: ['link.created'] });
  try {
    const listed = await collect(client.webhooks.list());
    const hook = listed.find((candidate) => candidate.id === created.id);
    assert.ok(hook, 'the new endpoint is listed');
    assert.equal(hook.url, hookUrl);
    assert.deepEqual(hook.events, ['link.created']);
  } finally {
    await client.webhooks.delete(created.id);
  }
});

// A 429 on the workspace whose plan allows the key 3 requests a minute: without retries it is
// thrown with the wait it asked for; with retries the client waits that long and succeeds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RateLimitError, SmartLinks } from '../src/index.js';
import { collect, env } from './helpers.js';

test('a 429 is thrown as RateLimitError with retryAfter, and a client with retries waits it out and succeeds', async () => {
  const workspaceId = env('SDK_TEST_LIMITED_WORKSPACE_ID');
  const impatient = new SmartLinks({ workspaceId, maxRetries: 0 });
  let refused: RateLimitError | undefined;
  let refusedAt = 0;
  // The 4th call of a minute is refused; a few more allow for a minute that ends among them.
  for (let call = 1; call <= 7 && !refused; call++) {
    try {
      await collect(impatient.tags.list());
    } catch (error) {
      assert.ok(error instanceof RateLimitError, `call ${call} threw ${String(error)}`);
      refused = error;
      refusedAt = Date.now();
    }
  }
  assert.ok(refused, 'the 4th call of a minute is refused');
  assert.equal(refused.status, 429);
  assert.equal(refused.code, 'rate_limited');
  assert.ok(refused.retryAfter !== null && refused.retryAfter >= 1 && refused.retryAfter <= 60);
  assert.equal(
    refused.error,
    `Rate limit exceeded: 3 requests per minute for this key. Retry after ${refused.retryAfter} s.`,
  );
  assert.equal(refused.headers.get('Retry-After'), String(refused.retryAfter));

  const patient = new SmartLinks({ workspaceId });
  const tags = await collect(patient.tags.list());
  assert.ok(Array.isArray(tags));
  const waited = Date.now() - refusedAt;
  assert.ok(waited >= (refused.retryAfter - 1) * 1000, `waited ${waited} ms for a Retry-After of ${refused.retryAfter} s`);
});

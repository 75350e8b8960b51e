// A create whose first answer is lost (the proxy answers 503 after the service did the work) is
// retried with the same Idempotency-Key, and the service makes one link.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SmartLinks } from '../src/index.js';
import { collect, env, unique } from './helpers.js';

test('a create retried after a lost answer makes exactly one link', async () => {
  const proxy = env('SDK_TEST_LOST_ANSWER_URL');
  const keys: string[] = [];
  const recording: typeof fetch = (input, init) => {
    keys.push(new Headers(init?.headers).get('Idempotency-Key') ?? '');
    return fetch(input, init);
  };
  const client = new SmartLinks({ baseUrl: proxy, fetch: recording });
  const name = unique('Lost answer');

  const created = await client.links.create({ name, url: 'https://example.com/lost' });
  assert.equal(created.message, `Link "${name}" created.`);

  assert.equal(keys.length, 2, 'the lost answer was retried once');
  assert.match(keys[0] ?? '', /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.equal(keys[1], keys[0], 'the retry reused the key');
  const seen = (await (await fetch(`${proxy}/__attempts?key=${keys[0]}`)).json()) as { attempts: number };
  assert.equal(seen.attempts, 2);

  const links = await collect(new SmartLinks().links.list({ search: name }));
  assert.deepEqual(
    links.map((link) => link.id),
    [created.id],
  );
});

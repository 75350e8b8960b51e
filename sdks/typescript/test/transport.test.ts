// Offline: what every request carries, and how failures are retried and thrown.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  AuthenticationError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitError,
  ServerError,
  SmartLinks,
  SmartLinksConnectionError,
  SmartLinksError,
  UnprocessableError,
  ValidationError,
} from '../src/index.js';
import { CLIENT_NAME, createTransport } from '../src/transport.js';
import { VERSION } from '../src/version.js';
import { STUB_OPTIONS, json, stubFetch } from './stub.js';

const CREATED = { message: 'Link "A" created.', id: 'a'.repeat(24), slug: 'a', fullLink: 'https://sl.test/a' };

/** A transport on `fetch` whose waits are recorded instead of slept. */
function transportOn(fetch: typeof globalThis.fetch, overrides: { maxRetries?: number; maxRetryWaitMs?: number; timeoutMs?: number } = {}) {
  const waits: number[] = [];
  const send = createTransport({
    apiKey: STUB_OPTIONS.apiKey,
    workspaceId: STUB_OPTIONS.workspaceId,
    timeoutMs: overrides.timeoutMs ?? 1000,
    maxRetries: overrides.maxRetries ?? 2,
    maxRetryWaitMs: overrides.maxRetryWaitMs ?? 60_000,
    fetch,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  return { send, waits };
}

test('a read carries the key, the client name and workspaceId in its query, and no Idempotency-Key', async () => {
  const { fetch, sent } = stubFetch(() => json(200, { tags: [] }));
  const client = new SmartLinks({ ...STUB_OPTIONS, fetch });
  for await (const tag of client.tags.list()) assert.fail(`no tag expected, got ${tag.id}`);
  const [request] = sent;
  assert.equal(request?.method, 'GET');
  assert.equal(request?.url.pathname, '/apiv1/tags');
  assert.equal(request?.url.searchParams.get('workspaceId'), STUB_OPTIONS.workspaceId);
  assert.equal(request?.headers.get('X-Api-Key'), STUB_OPTIONS.apiKey);
  assert.equal(request?.headers.get('User-Agent'), `smartlinks-typescript/${VERSION}`);
  assert.equal(request?.headers.get('X-SmartLinks-Client'), CLIENT_NAME);
  assert.equal(request?.headers.get('Idempotency-Key'), null);
});

test('a write carries workspaceId at the top of its JSON body and a UUID v4 Idempotency-Key', async () => {
  const { fetch, sent } = stubFetch(() => json(200, CREATED));
  const client = new SmartLinks({ ...STUB_OPTIONS, fetch });
  await client.links.create({ name: 'A', url: 'https://example.com/a' });
  const [request] = sent;
  assert.equal(request?.method, 'POST');
  assert.deepEqual(request?.body, { name: 'A', url: 'https://example.com/a', workspaceId: STUB_OPTIONS.workspaceId });
  assert.equal(request?.headers.get('Content-Type'), 'application/json');
  assert.match(request?.headers.get('Idempotency-Key') ?? '', /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

test('update and delete send the id in the body as linkId', async () => {
  const { fetch, sent } = stubFetch(() => json(200, { message: 'ok' }));
  const client = new SmartLinks({ ...STUB_OPTIONS, fetch });
  await client.links.update('b'.repeat(24), { name: 'B' });
  await client.links.delete('c'.repeat(24));
  assert.deepEqual(sent[0]?.body, { name: 'B', linkId: 'b'.repeat(24), workspaceId: STUB_OPTIONS.workspaceId });
  assert.equal(sent[0]?.method, 'PUT');
  assert.deepEqual(sent[1]?.body, { linkId: 'c'.repeat(24), workspaceId: STUB_OPTIONS.workspaceId });
  assert.equal(sent[1]?.method, 'DELETE');
});

test('an Idempotency-Key the caller gives is the one sent', async () => {
  const { fetch, sent } = stubFetch(() => json(200, CREATED));
  const client = new SmartLinks({ ...STUB_OPTIONS, fetch });
  await client.links.create({ name: 'A', url: 'https://example.com/a' }, { idempotencyKey: 'order-42' });
  assert.equal(sent[0]?.headers.get('Idempotency-Key'), 'order-42');
});

test('each call makes its own Idempotency-Key', async () => {
  const { fetch, sent } = stubFetch(() => json(200, CREATED));
  const client = new SmartLinks({ ...STUB_OPTIONS, fetch });
  await client.links.create({ name: 'A', url: 'https://example.com/a' });
  await client.links.create({ name: 'A', url: 'https://example.com/a' });
  assert.notEqual(sent[0]?.headers.get('Idempotency-Key'), sent[1]?.headers.get('Idempotency-Key'));
});

test('a 503 is retried with the same Idempotency-Key after a back-off', async () => {
  const { fetch, sent } = stubFetch((_, index) => (index < 2 ? json(503, { error: 'Busy.' }) : json(200, CREATED)));
  const { send, waits } = transportOn(fetch);
  const answer = await send('https://api.test/apiv1/link/create', { method: 'POST', body: '{"name":"A"}' });
  assert.equal(answer.status, 200);
  assert.equal(sent.length, 3);
  const keys = new Set(sent.map((request) => request.headers.get('Idempotency-Key')));
  assert.equal(keys.size, 1);
  assert.equal(waits.length, 2);
  assert.ok(waits[0]! >= 250 && waits[0]! <= 500, `first back-off ${waits[0]} ms`);
  assert.ok(waits[1]! >= 500 && waits[1]! <= 1000, `second back-off ${waits[1]} ms`);
});

test('a 429 is retried after its Retry-After', async () => {
  const { fetch, sent } = stubFetch((_, index) =>
    index === 0 ? json(429, { error: 'Slow down.' }, { 'Retry-After': '7' }) : json(200, { tags: [] }),
  );
  const { send, waits } = transportOn(fetch);
  assert.equal((await send('https://api.test/apiv1/tags')).status, 200);
  assert.equal(sent.length, 2);
  assert.deepEqual(waits, [7000]);
});

test('a wait longer than maxRetryWaitMs is not waited: the 429 is thrown with its retryAfter', async () => {
  const { fetch, sent } = stubFetch(() =>
    json(429, { error: 'Rate limit exceeded: 3 requests per minute for this key. Retry after 40 s.' }, { 'Retry-After': '40' }),
  );
  const client = new SmartLinks({ ...STUB_OPTIONS, fetch, maxRetryWaitMs: 1000 });
  const error = await client.links.get('a'.repeat(24)).catch((caught: unknown) => caught);
  assert.ok(error instanceof RateLimitError);
  assert.equal(error.retryAfter, 40);
  assert.equal(error.message, 'Rate limit exceeded: 3 requests per minute for this key. Retry after 40 s.');
  assert.equal(sent.length, 1);
});

test('statuses that a retry cannot cure are not retried', async () => {
  const { fetch, sent } = stubFetch(() => json(409, { error: 'This slug is already taken.', field: 'slug' }));
  const { send } = transportOn(fetch);
  assert.equal((await send('https://api.test/apiv1/link/create', { method: 'POST', body: '{}' })).status, 409);
  assert.equal(sent.length, 1);
});

test('no answer after every retry throws SmartLinksConnectionError', async () => {
  let calls = 0;
  const refusing: typeof fetch = async () => {
    calls++;
    throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') });
  };
  const { send, waits } = transportOn(refusing);
  const error = await send('https://api.test/apiv1/tags').catch((caught: unknown) => caught);
  assert.ok(error instanceof SmartLinksConnectionError);
  assert.equal(error.status, null);
  assert.equal(error.code, 'connection');
  assert.equal(error.message, 'No answer from https://api.test (fetch failed: connect ECONNREFUSED 127.0.0.1:9) after 3 attempts.');
  assert.equal(calls, 3);
  assert.equal(waits.length, 2);
});

test('an attempt that outlasts timeoutMs is abandoned and counts as no answer', async () => {
  const hanging: typeof fetch = (_, init) =>
    new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
  const { send } = transportOn(hanging, { timeoutMs: 20, maxRetries: 0 });
  const error = await send('https://api.test/apiv1/tags').catch((caught: unknown) => caught);
  assert.ok(error instanceof SmartLinksConnectionError);
  assert.equal(error.message, 'No answer from https://api.test (no answer within 20 ms) after 1 attempt.');
});

test('each status is thrown as its class, with the sentence as the message', async () => {
  const classes: [number, typeof SmartLinksError, string][] = [
    [400, ValidationError, 'validation'],
    [401, AuthenticationError, 'authentication'],
    [403, ForbiddenError, 'forbidden'],
    [404, NotFoundError, 'not_found'],
    [409, ConflictError, 'conflict'],
    [422, UnprocessableError, 'unprocessable'],
    [429, RateLimitError, 'rate_limited'],
    [502, ServerError, 'server'],
    [418, SmartLinksError, 'unknown'],
  ];
  for (const [status, Class, code] of classes) {
    const { fetch } = stubFetch(() => json(status, { error: `Status ${status}.` }));
    const client = new SmartLinks({ ...STUB_OPTIONS, fetch, maxRetries: 0 });
    const error = await client.links.get('a'.repeat(24)).catch((caught: unknown) => caught);
    assert.ok(error instanceof Class, `${status} is a ${Class.name}`);
    assert.equal(error.constructor, Class);
    assert.equal(error.status, status);
    assert.equal(error.code, code);
    assert.equal(error.message, `Status ${status}.`);
  }
});

test('a 500 is a ServerError with a fixed sentence and its requestId', async () => {
  const { fetch } = stubFetch(() => json(500, { error: 'Internal server error.', requestId: 'Jm5ZxhHAoAMEbqA=' }));
  const client = new SmartLinks({ ...STUB_OPTIONS, fetch, maxRetries: 0 });
  const error = await client.links.get('a'.repeat(24)).catch((caught: unknown) => caught);
  assert.ok(error instanceof ServerError);
  assert.equal(error.requestId, 'Jm5ZxhHAoAMEbqA=');
  assert.equal(
    error.message,
    'Internal server error (request id Jm5ZxhHAoAMEbqA=); the service logged it, retry later or quote the id when reporting it.',
  );
});

test('a plan quota is a ForbiddenError carrying licenseLimitReached, resource, limit and current', async () => {
  const body = {
    error: 'The workspace plan allows at most 1000 links.',
    licenseLimitReached: true,
    resource: 'links',
    limit: 1000,
    current: 1000,
  };
  const { fetch } = stubFetch(() => json(403, body));
  const client = new SmartLinks({ ...STUB_OPTIONS, fetch });
  const error = await client.links.create({ name: 'A', url: 'https://example.com' }).catch((caught: unknown) => caught);
  assert.ok(error instanceof ForbiddenError);
  assert.equal(error.licenseLimitReached, true);
  assert.equal(error.licenseExpired, false);
  assert.equal(error.resource, 'links');
  assert.equal(error.limit, 1000);
  assert.equal(error.current, 1000);
});

test('a webhook create answered 503 is not sent again: the service may have made it already', async () => {
  const { fetch, sent } = stubFetch(() => json(503, { error: 'Busy.' }));
  const { send } = transportOn(fetch);
  const answer = await send('https://api.test/apiv1/webhook/create', { method: 'POST', body: '{"url":"https://x.test"}' });
  assert.equal(answer.status, 503);
  assert.equal(sent.length, 1);
});

test('a webhook create refused with 429 is sent again: the service did nothing', async () => {
  const { fetch, sent } = stubFetch((_, index) =>
    index === 0 ? json(429, { error: 'Slow down.' }, { 'Retry-After': '1' }) : json(200, { id: 'w' }),
  );
  const { send } = transportOn(fetch);
  const answer = await send('https://api.test/apiv1/webhook/create', { method: 'POST', body: '{"url":"https://x.test"}' });
  assert.equal(answer.status, 200);
  assert.equal(sent.length, 2);
});

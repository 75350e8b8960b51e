// Offline: the waits a retry takes (Retry-After, RateLimit, back-off).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import { REPLAYABLE_WRITES, backoffSeconds, parseRateLimit, parseRetryAfter, retryWaitSeconds } from '../src/retry.js';

const NOW = Date.parse('2026-01-02T03:04:05Z');

test('Retry-After in seconds is read as seconds', () => {
  assert.equal(parseRetryAfter('12', NOW), 12);
  assert.equal(parseRetryAfter(' 0 ', NOW), 0);
});

test('Retry-After as an HTTP date is read as the seconds until then, or 0 when past', () => {
  assert.equal(parseRetryAfter('Fri, 02 Jan 2026 03:04:35 GMT', NOW), 30);
  assert.equal(parseRetryAfter('Fri, 02 Jan 2026 03:00:00 GMT', NOW), 0);
});

test('a missing or unreadable Retry-After is none', () => {
  assert.equal(parseRetryAfter(null, NOW), null);
  assert.equal(parseRetryAfter('soon', NOW), null);
  assert.equal(parseRetryAfter('-3', NOW), null);
});

test('RateLimit gives the reset of the policy that has no request left', () => {
  assert.equal(parseRateLimit('"key";r=0;t=48, "workspace";r=2999;t=48'), 48);
  assert.equal(parseRateLimit('"key";r=12;t=48, "workspace";r=0;t=7'), 7);
  assert.equal(parseRateLimit('"key";r=0;t=5, "bulk";r=0;t=20'), 20);
});

test('RateLimit with requests left everywhere, or absent, or unreadable, gives no wait', () => {
  assert.equal(parseRateLimit('"key";r=599;t=48, "workspace";r=2999;t=48'), null);
  assert.equal(parseRateLimit(null), null);
  assert.equal(parseRateLimit('nonsense'), null);
});

test('back-off doubles from half a second, with jitter, and never passes 8 s', () => {
  assert.equal(backoffSeconds(0, () => 0), 0.25);
  assert.equal(backoffSeconds(0, () => 1), 0.5);
  assert.equal(backoffSeconds(1, () => 1), 1);
  assert.equal(backoffSeconds(3, () => 1), 4);
  assert.equal(backoffSeconds(4, () => 1), 8);
  assert.equal(backoffSeconds(10, () => 1), 8);
  assert.equal(backoffSeconds(10, () => 0), 4);
});

test('the wait is Retry-After first, then the RateLimit reset, then back-off', () => {
  const both = new Headers({ 'Retry-After': '3', RateLimit: '"key";r=0;t=40' });
  assert.equal(retryWaitSeconds(both, 0, NOW), 3);
  const rateLimitOnly = new Headers({ RateLimit: '"key";r=0;t=40' });
  assert.equal(retryWaitSeconds(rateLimitOnly, 0, NOW), 40);
  assert.equal(retryWaitSeconds(new Headers(), 2, NOW, () => 1), 2);
  assert.equal(retryWaitSeconds(null, 0, NOW, () => 1), 0.5);
});

test('the writes sent again after a fault are exactly those the document gives an Idempotency-Key', () => {
  type Operation = { parameters?: { name?: string }[] };
  const document = JSON.parse(readFileSync(new URL('../../../openapi.sdk.json', import.meta.url), 'utf8')) as {
    paths: Record<string, Record<string, Operation>>;
  };
  const withKey = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => (operation.parameters ?? []).some((parameter) => parameter.name === 'Idempotency-Key'))
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
  assert.deepEqual([...REPLAYABLE_WRITES].sort(), withKey.sort());
});

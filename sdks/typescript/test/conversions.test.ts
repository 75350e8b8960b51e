// A conversion reported for a click, once: the same event id again is a duplicate.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SmartLinks } from '../src/index.js';
import { unique, visit } from './helpers.js';

const client = new SmartLinks();

test('a conversion is reported for a click once, and the same eventId again is a duplicate', async () => {
  const created = await client.links.create({
    name: unique('Converting'),
    url: 'https://example.com/shop',
    conversionTracking: true,
  });
  const answer = await visit(created.slug);
  assert.equal(answer.status, 302);
  const destination = new URL(answer.location ?? '');
  assert.equal(`${destination.origin}${destination.pathname}`, 'https://example.com/shop');
  const clickId = destination.searchParams.get('sl_cid');
  assert.match(clickId ?? '', /^[A-Za-z0-9_-]{42}$/);

  const sale = { clickId: clickId ?? '', event: 'sale', amount: 4200, currency: 'EUR', eventId: unique('order') };
  const first = await client.conversions.report(sale);
  assert.equal(first.duplicate, false);
  assert.equal(first.linkId, created.id);
  assert.equal(first.message, 'Conversion recorded.');

  const again = await client.conversions.report(sale);
  assert.equal(again.duplicate, true);
  assert.equal(again.id, first.id);
  assert.equal(again.message, 'Conversion already recorded.');
});

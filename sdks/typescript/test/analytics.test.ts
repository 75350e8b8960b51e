// Analytics count the visits a short link had.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SmartLinks } from '../src/index.js';
import { poll, unique, visit } from './helpers.js';

const client = new SmartLinks();

test('analytics count the visits a link had', async () => {
  const created = await client.links.create({ name: unique('Visited'), url: 'https://example.com/visited' });
  for (let i = 0; i < 3; i++) {
    const answer = await visit(created.slug);
    assert.equal(answer.status, 302);
    assert.equal(answer.location, 'https://example.com/visited');
  }
  // The dev server folds clicks into the report every second.
  const report = await poll(20, async () => {
    const analytics = await client.links.analytics(created.id);
    return analytics.totals.total >= 3 ? analytics : undefined;
  });
  assert.equal(report.totals.total, 3);
  assert.equal(report.totals.periodTotal, 3);
  assert.equal(report.triggers.link.value, 3);

  const workspace = await client.links.workspaceAnalytics();
  assert.ok(workspace.totals.total >= 3);
});

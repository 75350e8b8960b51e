// The other areas against the dev server: tags, UTM templates, domains, imports and exports.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SmartLinks } from '../src/index.js';
import { collect, unique } from './helpers.js';

const client = new SmartLinks();

test('a tag is created, renamed, listed and deleted', async () => {
  const name = unique('Spring');
  const created = await client.tags.create({ name, color: '#2f855a' });
  assert.equal(created.message, `Tag "${name}" created.`);
  const renamed = unique('Summer');
  await client.tags.update(created.id, { name: renamed, color: null });
  const listed = (await collect(client.tags.list())).find((tag) => tag.id === created.id);
  assert.deepEqual(listed, { id: created.id, name: renamed, color: null, linkCount: 0 });
  const deleted = await client.tags.delete(created.id);
  assert.equal(deleted.message, `Tag "${renamed}" deleted.`);
  assert.equal((await collect(client.tags.list())).some((tag) => tag.id === created.id), false);
});

test('a UTM template is created, listed and deleted', async () => {
  const name = unique('Newsletter');
  const created = await client.utmTemplates.create({ name, source: 'newsletter', medium: 'email' });
  const listed = (await collect(client.utmTemplates.list())).find((template) => template.id === created.id);
  assert.deepEqual(listed, { id: created.id, name, source: 'newsletter', medium: 'email', campaign: null, term: null, content: null });
  await client.utmTemplates.delete(created.id);
  assert.equal((await collect(client.utmTemplates.list())).some((template) => template.id === created.id), false);
});

test('an import of a CSV creates its links, and get reads its results as JSON or CSV', async () => {
  const name = unique('Imported');
  const content = `name,url\n${name},https://example.com/imported\n`;
  const preview = await client.imports.create({ format: 'csv', content, dryRun: true });
  assert.equal(preview.message, 'Dry run: 1 would be created, 0 conflict, 0 cannot be links. Nothing was written.');

  const answer = await client.imports.create({ format: 'csv', content, fileName: 'sdk.csv' });
  assert.equal(answer.message, 'Import finished: 1 created, 0 skipped, 0 failed.');
  assert.ok('import' in answer);
  const status = await client.imports.get(answer.import.id);
  assert.equal(status.import.state, 'finished');
  assert.equal(status.rows[0]?.status, 'created');
  const results = await client.imports.get(answer.import.id, { format: 'csv' });
  assert.match(results, /^line,status,reason,linkId,shortLink\n2,created,,[0-9a-f]{24},https:\/\/sl\.localhost\//);
  assert.equal((await collect(client.links.list({ search: name }))).length, 1);
});

test('the links export yields one page of JSON lines per cursor', async () => {
  const label = unique('Exported');
  await client.links.bulkCreate([1, 2, 3].map((i) => ({ name: `${label} ${i}`, url: `https://example.com/e/${i}` })));
  const pages = await collect(client.exports.links({ format: 'jsonl', limit: 2 }));
  assert.ok(pages.length >= 2, `${pages.length} pages`);
  const names = pages
    .flatMap((page) => page.split('\n').filter((line) => line !== ''))
    .map((line) => (JSON.parse(line) as { name: string }).name);
  assert.deepEqual(names.filter((n) => n.startsWith(label)).sort(), [1, 2, 3].map((i) => `${label} ${i}`));
});

test('the clicks export is CSV with its header', async () => {
  const pages = await collect(client.exports.clicks({}));
  assert.ok(pages.length >= 1);
  assert.match(pages[0] ?? '', /^at,linkId,ruleId,variantId,country,city,device,os,browser,referrer,trigger\n/);
});

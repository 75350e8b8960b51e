// Links against the dev server: create, update, get, list through every page, bulk create,
// and the errors a mistake gets.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NotFoundError, SmartLinks, ValidationError } from '../src/index.js';
import { collect, unique } from './helpers.js';

const client = new SmartLinks();

test('create makes a link with routing rules and an A/B test', async () => {
  const name = unique('Rules and A/B');
  const created = await client.links.create({
    name,
    rules: [
      { targetUrl: 'https://example.com/fr', isDefault: false, country: ['FR'], name: 'France' },
      { targetUrl: 'https://example.com/mobile', isDefault: false, device: ['mobile'] },
      { targetUrl: 'https://example.com/', isDefault: true },
    ],
    abTest: {
      enabled: true,
      variants: [
        { id: 'a', name: 'A', url: 'https://example.com/a', weight: 70 },
        { id: 'b', name: 'B', url: 'https://example.com/b', weight: 30 },
      ],
    },
  });
  assert.equal(created.message, `Link "${name}" created.`);
  assert.match(created.id, /^[0-9a-f]{24}$/);
  assert.equal(created.fullLink, `https://sl.localhost/${created.slug}`);

  const link = await client.links.get(created.id);
  assert.deepEqual(
    link.rules.map((rule) => [rule.targetUrl, rule.isDefault, rule.country ?? null]),
    [
      ['https://example.com/fr', false, ['FR']],
      ['https://example.com/mobile', false, null],
      ['https://example.com/', true, null],
    ],
  );
  assert.equal(link.abTest.enabled, true);
  assert.deepEqual(
    link.abTest.variants.map((variant) => [variant.id, variant.name, variant.url, variant.weight]),
    [
      ['a', 'A', 'https://example.com/a', 70],
      ['b', 'B', 'https://example.com/b', 30],
    ],
  );
});

test('update changes the fields it names and leaves the others', async () => {
  const created = await client.links.create({ name: unique('Before'), url: 'https://example.com/before' });
  const renamed = unique('After');
  const updated = await client.links.update(created.id, { name: renamed, description: 'Changed by the SDK test.' });
  assert.equal(typeof updated.message, 'string');

  const link = await client.links.get(created.id);
  assert.equal(link.name, renamed);
  assert.equal(link.description, 'Changed by the SDK test.');
  assert.equal(link.slug, created.slug);
  assert.equal(link.rules[0]?.targetUrl, 'https://example.com/before');
});

test('get answers the full link record', async () => {
  const name = unique('Record');
  const created = await client.links.create({ name, url: 'https://example.com/record', slug: `sdk-ts-${Date.now()}` });
  const link = await client.links.get(created.id);
  assert.equal(link.id, created.id);
  assert.equal(link.workspaceId, client.workspaceId);
  assert.equal(link.name, name);
  assert.equal(link.slug, created.slug);
  assert.equal(link.fullLink, created.fullLink);
  assert.equal(link.active, true);
  assert.equal(link.clicks, 0);
  assert.equal(link.description, null);
  assert.deepEqual(link.abTest, { enabled: false, variants: [] });
});

test('list goes through every page and yields each link exactly once', async () => {
  const label = unique('Paged');
  const made = await client.links.bulkCreate(
    Array.from({ length: 7 }, (_, i) => ({ name: `${label} ${i}`, url: `https://example.com/paged/${i}` })),
  );
  assert.equal(made.failed.length, 0);

  const first = await client.links.listPage({ search: label, limit: 3 });
  assert.equal(first.links.length, 3);
  assert.equal(first.hasMore, true);
  assert.notEqual(first.nextCursor, null);

  const seen = (await collect(client.links.list({ search: label, limit: 3 }))).map((link) => link.id);
  assert.equal(seen.length, 7, 'every link once, none twice');
  assert.deepEqual(new Set(seen), new Set(made.created.map((link) => link.id)));
});

test('bulkCreate creates the good items and names why the bad one failed', async () => {
  const label = unique('Bulk');
  const outcome = await client.links.bulkCreate([
    { name: `${label} one`, url: 'https://example.com/one' },
    { name: `${label} bad`, url: 'not a url' },
    { name: `${label} three`, url: 'https://example.com/three' },
  ]);
  assert.equal(outcome.message, '2 links created, 1 failed.');
  assert.deepEqual(
    outcome.created.map((link) => link.name),
    [`${label} one`, `${label} three`],
  );
  assert.equal(outcome.failed.length, 1);
  assert.deepEqual(outcome.failed[0]?.input, { name: `${label} bad`, url: 'not a url' });
  assert.equal(outcome.failed[0]?.error, 'url must be an absolute URL such as https://example.com/page or myapp://path.');
});

test('delete removes the link, and getting it then throws NotFoundError', async () => {
  const created = await client.links.create({ name: unique('Doomed'), url: 'https://example.com/doomed' });
  const deleted = await client.links.delete(created.id);
  assert.equal(typeof deleted.message, 'string');
  await assert.rejects(client.links.get(created.id), NotFoundError);
});

test('a link that does not exist throws NotFoundError with the sentence "Link not found."', async () => {
  const error = await client.links.get('0123456789abcdef01234567').then(
    () => assert.fail('a missing link was found'),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof NotFoundError);
  assert.equal(error.status, 404);
  assert.equal(error.code, 'not_found');
  assert.equal(error.error, 'Link not found.');
  assert.equal(error.message, 'Link not found.');
  assert.equal(error.field, null);
});

test('a rule with a city but no country throws ValidationError with its sentence and field', async () => {
  const error = await client.links
    .create({
      name: unique('Invalid'),
      rules: [
        { targetUrl: 'https://example.com/paris', isDefault: false, city: ['Paris'] },
        { targetUrl: 'https://example.com/', isDefault: true },
      ],
    })
    .then(
      () => assert.fail('an invalid link was created'),
      (caught: unknown) => caught,
    );
  assert.ok(error instanceof ValidationError);
  assert.equal(error.status, 400);
  assert.equal(error.code, 'validation');
  assert.equal(error.error, 'rules[0].city requires country on the same rule.');
  assert.equal(error.field, 'rules[0].city');
});

test('qr draws the code as PNG bytes or an SVG document', async () => {
  const created = await client.links.create({ name: unique('QR'), url: 'https://example.com/qr' });
  const png = await client.links.qr(created.id, { format: 'png', size: 128 });
  assert.deepEqual([...png.slice(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10]);
  const svg = new TextDecoder().decode(await client.links.qr(created.id));
  assert.match(svg, /<svg[\s>]/);
});

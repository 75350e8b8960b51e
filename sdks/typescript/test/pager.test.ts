// Offline: the one pager, alone and behind the lists and exports.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SmartLinks } from '../src/index.js';
import { paginate } from '../src/pager.js';
import { STUB_OPTIONS, json, stubFetch } from './stub.js';
import { collect } from './helpers.js';

test('the pager follows each page nextCursor and stops at a page without one', async () => {
  const pages: Record<string, { items: number[]; nextCursor: string | null }> = {
    first: { items: [1, 2], nextCursor: 'c2' },
    c2: { items: [3], nextCursor: 'c3' },
    c3: { items: [4, 5], nextCursor: null },
  };
  const asked: (string | undefined)[] = [];
  const items = await collect(
    paginate(async (cursor) => {
      asked.push(cursor);
      return pages[cursor ?? 'first']!;
    }),
  );
  assert.deepEqual(items, [1, 2, 3, 4, 5]);
  assert.deepEqual(asked, [undefined, 'c2', 'c3']);
});

test('the pager asks for a page only when the iteration reaches it', async () => {
  let fetched = 0;
  const pager = paginate(async (cursor) => {
    fetched++;
    return { items: [cursor ?? 'start'], nextCursor: 'more' };
  });
  assert.deepEqual(await pager.next(), { value: 'start', done: false });
  assert.equal(fetched, 1);
  await pager.return();
  assert.equal(fetched, 1);
});

function link(id: string) {
  return { id };
}

test('links.list sends the same search and limit with each cursor', async () => {
  const { fetch, sent } = stubFetch((request) => {
    const cursor = request.url.searchParams.get('cursor');
    return cursor === null
      ? json(200, { links: [link('1'), link('2')], page: 1, limit: 2, hasMore: true, nextCursor: 'next-2' })
      : json(200, { links: [link('3')], page: 2, limit: 2, hasMore: false, nextCursor: null });
  });
  const client = new SmartLinks({ ...STUB_OPTIONS, fetch });
  const ids = (await collect(client.links.list({ search: 'spring', limit: 2, tagIds: ['t1', 't2'] }))).map((l) => l.id);
  assert.deepEqual(ids, ['1', '2', '3']);
  assert.equal(sent.length, 2);
  for (const request of sent) {
    assert.equal(request.url.searchParams.get('search'), 'spring');
    assert.equal(request.url.searchParams.get('limit'), '2');
    assert.deepEqual(request.url.searchParams.getAll('tagIds'), ['t1', 't2']);
  }
  assert.equal(sent[1]?.url.searchParams.get('cursor'), 'next-2');
});

test('a list without cursors is one page', async () => {
  const { fetch, sent } = stubFetch(() => json(200, { webhooks: [{ id: 'w1' }, { id: 'w2' }] }));
  const client = new SmartLinks({ ...STUB_OPTIONS, fetch });
  assert.deepEqual(
    (await collect(client.webhooks.list())).map((hook) => hook.id),
    ['w1', 'w2'],
  );
  assert.equal(sent.length, 1);
});

test('exports yield one text per page, following X-Next-Cursor', async () => {
  const { fetch, sent } = stubFetch((request) =>
    request.url.searchParams.get('cursor') === null
      ? new Response('{"name":"A"}\n', { headers: { 'Content-Type': 'application/jsonl', 'X-Next-Cursor': 'p2' } })
      : new Response('{"name":"B"}\n', { headers: { 'Content-Type': 'application/jsonl' } }),
  );
  const client = new SmartLinks({ ...STUB_OPTIONS, fetch });
  assert.deepEqual(await collect(client.exports.links({ format: 'jsonl', limit: 1 })), ['{"name":"A"}\n', '{"name":"B"}\n']);
  assert.equal(sent[0]?.url.searchParams.get('format'), 'jsonl');
  assert.equal(sent[1]?.url.searchParams.get('cursor'), 'p2');
});

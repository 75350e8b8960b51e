// Offline, against two real local servers: the API's origin answering a redirect to another
// origin, and that other origin, which must never receive the key.
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { RedirectError, SmartLinks } from '../src/index.js';
import { collect } from './helpers.js';

const KEY = 'slk_redirect_test_0123456789abcdef';
const WORKSPACE = '0123456789abcdef01234567';

/** A server on a free local port, answering with `handler`; its origin and how to stop it. */
async function serve(handler: RequestListener): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

test('a 302 to another origin is not followed: that origin never receives the key', async () => {
  const received: IncomingHttpHeaders[] = [];
  const elsewhere = await serve((request, answer) => {
    received.push(request.headers);
    answer.writeHead(200, { 'Content-Type': 'application/json' }).end('{"tags":[]}');
  });
  const api = await serve((_, answer) => {
    answer.writeHead(302, { Location: `${elsewhere.origin}/collect` }).end();
  });
  try {
    const client = new SmartLinks({ apiKey: KEY, workspaceId: WORKSPACE, baseUrl: api.origin, maxRetries: 0 });
    await collect(client.tags.list()).catch(() => undefined);
    assert.deepEqual(
      received.map((headers) => headers['x-api-key']),
      [],
      'the other origin was sent the request (and its key)',
    );
  } finally {
    await Promise.all([api.close(), elsewhere.close()]);
  }
});

test('a redirect is thrown as RedirectError naming the status and the Location', async () => {
  const api = await serve((_, answer) => {
    answer.writeHead(307, { Location: 'https://elsewhere.example/apiv1/tags' }).end();
  });
  try {
    const client = new SmartLinks({ apiKey: KEY, workspaceId: WORKSPACE, baseUrl: api.origin, maxRetries: 0 });
    const error = await collect(client.tags.list()).catch((caught: unknown) => caught);
    assert.ok(error instanceof RedirectError, `expected a RedirectError, got ${String(error)}`);
    assert.equal(error.code, 'redirect');
    assert.equal(error.status, 307);
    assert.equal(error.location, 'https://elsewhere.example/apiv1/tags');
    assert.equal(
      error.message,
      `The service at ${api.origin} answered 307, a redirect to https://elsewhere.example/apiv1/tags; ` +
        'the SDK does not follow redirects (the API key would go with them): check baseUrl.',
    );
  } finally {
    await api.close();
  }
});

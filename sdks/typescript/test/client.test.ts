// The client's settings: the three SMARTLINKS_* variables, and clear errors when one is missing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_BASE_URL, SmartLinks } from '../src/index.js';
import { collect, env } from './helpers.js';

/** Runs `body` with the variable `name` unset, then puts it back. */
function without<T>(name: string, body: () => T): T {
  const saved = process.env[name];
  delete process.env[name];
  try {
    return body();
  } finally {
    if (saved !== undefined) process.env[name] = saved;
  }
}

test('a client made without arguments reads SMARTLINKS_API_KEY, SMARTLINKS_WORKSPACE_ID and SMARTLINKS_BASE_URL', async () => {
  const client = new SmartLinks();
  assert.equal(client.workspaceId, env('SMARTLINKS_WORKSPACE_ID'));
  assert.equal(client.baseUrl, env('SMARTLINKS_BASE_URL'));
  const domains = await collect(client.domains.list());
  assert.equal(domains[0]?.hostname, env('SDK_TEST_SHORT_HOST'));
  assert.equal(domains[0]?.isDefault, true);
});

test('a client without an API key says to pass apiKey or set SMARTLINKS_API_KEY', () => {
  without('SMARTLINKS_API_KEY', () => {
    assert.throws(() => new SmartLinks({ workspaceId: '0123456789abcdef01234567' }), {
      message: 'SmartLinks needs apiKey: pass { apiKey } or set SMARTLINKS_API_KEY.',
    });
  });
});

test('a client without a workspace says to pass workspaceId or set SMARTLINKS_WORKSPACE_ID', () => {
  without('SMARTLINKS_WORKSPACE_ID', () => {
    assert.throws(() => new SmartLinks({ apiKey: 'slk_test' }), {
      message: 'SmartLinks needs workspaceId: pass { workspaceId } or set SMARTLINKS_WORKSPACE_ID.',
    });
  });
});

test('a client without a base URL calls the hosted service', () => {
  without('SMARTLINKS_BASE_URL', () => {
    const client = new SmartLinks({ apiKey: 'slk_test', workspaceId: '0123456789abcdef01234567' });
    assert.equal(client.baseUrl, DEFAULT_BASE_URL);
  });
});

test('options win over the environment', () => {
  const client = new SmartLinks({ apiKey: 'k', workspaceId: 'w', baseUrl: 'https://links.example.org/' });
  assert.equal(client.workspaceId, 'w');
  assert.equal(client.baseUrl, 'https://links.example.org');
});

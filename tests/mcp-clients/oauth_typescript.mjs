// The TypeScript SDK's OAuth client (the one the MCP Inspector is built on) end to end against
// the dev server: discovery from the 401, registration (dynamic, or a client ID metadata
// document when METADATA_URL is given), authorization (a browser stand-in signs in and
// consents over HTTP), the code exchange, tool calls with the bearer token, a refresh, and
// refusal once the person revokes the app on the connected-apps page.
//
// Usage: node oauth_typescript.mjs BASE_URL EMAIL PASSWORD [METADATA_URL]
// MCP_TS_SDK: the SDK's dist/esm folder (scripts/common.sh ensure_mcp_clients).

const [base, email, password, metadataUrl] = process.argv.slice(2);
const sdk = process.env.MCP_TS_SDK;
const { Client } = await import(`${sdk}/client/index.js`);
const { StreamableHTTPClientTransport } = await import(`${sdk}/client/streamableHttp.js`);
const { UnauthorizedError } = await import(`${sdk}/client/auth.js`);

const mcpUrl = `${base}/apiv1/mcp`;
const REDIRECT = metadataUrl ? 'http://127.0.0.1:43219/callback' : 'http://127.0.0.1:43218/callback';
const label = metadataUrl ? 'metadata document' : 'dynamic registration';

function check(condition, what) {
  if (!condition) {
    console.error(`FAILED: ${what}`);
    process.exit(1);
  }
  console.log(`ok: [${label}] ${what}`);
}

/** What the client sent and got, in order: [method, path, status]. */
const exchanges = [];
async function recordingFetch(input, init) {
  const response = await fetch(input, init);
  const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
  exchanges.push([init?.method ?? 'GET', url.pathname, response.status]);
  return response;
}
const saw = (method, path, status) => exchanges.some(([m, p, s]) => m === method && p === path && s === status);

/** The person's browser: cookies, sign-in, consent, the connected-apps page. */
class Browser {
  cookies = new Map();
  async request(path, { method = 'GET', form } = {}) {
    const headers = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    let body;
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(form).toString();
    }
    const response = await fetch(new URL(path, base), { method, headers, body, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, value] = pair.split('=');
      if (value === '' || attributes.some((a) => a.trim() === 'Max-Age=0')) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: response.status, location: response.headers.get('location'), html: await response.text() };
  }
  field(html, name) {
    const found = html.match(new RegExp(`name="${name}" value="([^"]*)"`));
    if (!found) throw new Error(`no field ${name}: ${html.slice(0, 1500)}`);
    return found[1].replaceAll('&#38;', '&').replaceAll('&amp;', '&');
  }
  async signIn() {
    const form = await this.request('/account/sign-in');
    const answer = await this.request('/account/sign-in', {
      method: 'POST',
      form: { csrf: this.field(form.html, 'csrf'), next: '/account/integrations', email, password },
    });
    check(answer.status === 303, 'the person signed in');
  }
  /** Opens an authorization URL, approves every scope offered; the callback's parameters. */
  async authorize(url) {
    const path = url.pathname + url.search;
    let page = await this.request(path);
    if (page.status === 303 && page.location.startsWith('/account/sign-in')) {
      await this.signIn();
      page = await this.request(path);
    }
    check(page.status === 200, 'the consent page was shown');
    const scopes = [...page.html.matchAll(/name="scope" value="([^"]+)"/g)].map((m) => m[1]);
    const workspace = page.html.match(/<option value="([0-9a-f]{24})" selected/)[1];
    const form = new URLSearchParams([
      ['csrf', this.field(page.html, 'csrf')],
      ['request', this.field(page.html, 'request')],
      ['decision', 'approve'],
      ['workspaceId', workspace],
      ...scopes.map((s) => ['scope', s]),
    ]);
    const answer = await this.request('/oauth/consent', { method: 'POST', form });
    check(answer.status === 303 && answer.location.startsWith(REDIRECT), 'approval went back to the redirect URI');
    return { page: page.html, received: Object.fromEntries(new URL(answer.location).searchParams) };
  }
  async revokeAll() {
    const page = await this.request('/account/connected-apps');
    const grants = [...page.html.matchAll(/name="grant" value="([0-9a-f]{24})"/g)].map((m) => m[1]);
    for (const grant of grants) {
      const answer = await this.request('/account/connected-apps/revoke', {
        method: 'POST',
        form: { csrf: this.field(page.html, 'csrf'), grant },
      });
      check(answer.status === 303, 'a revoke button was pressed');
    }
    return grants.length;
  }
}

/** An OAuthClientProvider keeping everything in memory. */
class Provider {
  constructor() {
    this.saved = {};
    if (metadataUrl) this.clientMetadataUrl = metadataUrl;
  }
  get redirectUrl() { return REDIRECT; }
  state() { return (this.saved.state = crypto.randomUUID()); }
  get clientMetadata() {
    return {
      client_name: 'TypeScript SDK (test)',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    };
  }
  clientInformation() { return this.saved.client; }
  saveClientInformation(info) { this.saved.client = info; }
  tokens() { return this.saved.tokens; }
  saveTokens(tokens) { this.saved.tokens = tokens; }
  redirectToAuthorization(url) { this.saved.authorizationUrl = url; }
  saveCodeVerifier(verifier) { this.saved.verifier = verifier; }
  codeVerifier() { return this.saved.verifier; }
}

const browser = new Browser();
const provider = new Provider();

async function connect() {
  const client = new Client({ name: 'ts-oauth-e2e', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider, fetch: recordingFetch });
  await client.connect(transport);
  return client;
}

let client;
try {
  client = await connect();
  check(false, 'an unauthorized connection needs authorization');
} catch (error) {
  check(error instanceof UnauthorizedError, 'the first connection asked for authorization');
  check(saw('GET', '/.well-known/oauth-protected-resource/apiv1/mcp', 200), 'discovered the resource metadata');
  check(saw('GET', '/.well-known/oauth-authorization-server', 200), 'discovered the authorization server');
  if (metadataUrl) {
    check(!saw('POST', '/oauth/register', 201), 'no registration: the client is its metadata document');
    check(provider.saved.authorizationUrl.searchParams.get('client_id') === metadataUrl, 'client_id is the document URL');
  } else {
    check(saw('POST', '/oauth/register', 201), 'registered by dynamic client registration');
    check(provider.saved.client.client_secret?.startsWith('slcs_'), 'a client_secret_post client got its secret');
  }
  const url = provider.saved.authorizationUrl;
  const { page, received } = await browser.authorize(url);
  if (metadataUrl) check(page.includes('identified by <code>localhost</code>'), 'the consent page names the document host');
  check(received.state === provider.saved.state, 'the state came back');
  check(received.iss === base, 'the issuer came back (RFC 9207)');
  const transport = new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider, fetch: recordingFetch });
  await transport.finishAuth(received.code);
  check(saw('POST', '/oauth/token', 200), 'exchanged the code for tokens');
  client = await connect();
}

const tools = (await client.listTools()).tools.map((t) => t.name);
check(tools.length === 27, `lists every tool (${tools.length})`);
const created = await client.callTool({
  name: 'create_link',
  arguments: { name: `Via OAuth (${label})`, rules: [{ targetUrl: 'https://example.com/', isDefault: true }] },
});
check(!created.isError && created.structuredContent.slug, 'calls a tool with the bearer token');

const before = provider.saved.tokens;
provider.saved.tokens = { ...before, access_token: 'slat_stale' }; // as if it had expired
const listed = await client.callTool({ name: 'list_links', arguments: {} });
check(!listed.isError, 'a call with a dead access token recovers');
check(saw('POST', '/oauth/token', 200) && exchanges.filter(([m, p, s]) => p === '/oauth/token' && s === 200).length === 2,
  'by refreshing');
check(provider.saved.tokens.refresh_token !== before.refresh_token, 'the refresh token was rotated');

const revoked = await browser.revokeAll();
check(revoked === 1, 'the person revoked the app on the connected-apps page');
const mark = exchanges.length;
let refused = false;
try {
  await client.callTool({ name: 'list_links', arguments: {} });
} catch {
  refused = true;
}
check(refused, 'after revocation the call is refused');
check(exchanges.slice(mark).some(([m, p, s]) => p === '/apiv1/mcp' && s === 401), 'with 401 from the MCP endpoint');
check(exchanges.slice(mark).some(([m, p, s]) => p === '/oauth/token' && s === 400), 'and the refresh token no longer works');
await client.close();
console.log(`typescript sdk OAuth client (${label}): round trip passed`);

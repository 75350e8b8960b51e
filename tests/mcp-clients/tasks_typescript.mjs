// The official TypeScript SDK client with @modelcontextprotocol/ext-tasks driving MCP tasks on
// the dev server: a bulk of 500 links and an import run as tasks to completion, and a bulk
// cancelled. The 2026-07-28 framing is given as ext-tasks asks (rawDispatch and
// v2RequestFraming): each request is POSTed with the key and the mirrored headers.
// Usage: node tasks_typescript.mjs URL API_KEY WORKSPACE_ID (MCP_NODE_MODULES: the node_modules
// holding @modelcontextprotocol/client and ext-tasks).

const [url, key, workspace] = process.argv.slice(2);
const modules = process.env.MCP_NODE_MODULES;
const { Client, StreamableHTTPClientTransport } = await import(`${modules}/@modelcontextprotocol/client/dist/index.mjs`);
const { createTaskSessionFromClient, resultFromTaskOutcome } = await import(
  `${modules}/@modelcontextprotocol/ext-tasks/dist/client/index.js`
);

function check(condition, what) {
  if (!condition) {
    console.error(`FAILED: ${what}`);
    process.exit(1);
  }
  console.log(`ok: ${what}`);
}

const VERSION = '2026-07-28';
const clientInfo = { name: 'ts-tasks-e2e', version: '1.0.0' };
const clientCapabilities = { extensions: { 'io.modelcontextprotocol/tasks': {} } };

let nextId = 1;

/** POSTs one request (ext-tasks hands method and params; the id and version are ours), with
 * the headers the revision mirrors; answers the JSON-RPC response. */
async function rawDispatch(message) {
  const request = { jsonrpc: '2.0', id: `tasks-${nextId++}`, ...message };
  const params = request.params ?? {};
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'x-api-key': key,
    'mcp-protocol-version': VERSION,
    'mcp-method': request.method,
  };
  const name = params.name ?? params.taskId;
  if (typeof name === 'string') headers['mcp-name'] = name;
  if (process.env.TASKS_DEBUG) console.error('>>', JSON.stringify(request).slice(0, 400));
  const answer = await fetch(url, { method: 'POST', headers, body: JSON.stringify(request) });
  const body = await answer.json();
  if (process.env.TASKS_DEBUG) console.error('<<', JSON.stringify(body).slice(0, 600));
  return body;
}

const client = new Client(clientInfo, { capabilities: {}, versionNegotiation: { mode: { pin: VERSION } } });
await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { 'X-Api-Key': key } } }));
const session = createTaskSessionFromClient(client, {
  endpointId: 'smartlinks-dev',
  rawDispatch,
  v2RequestFraming: { protocolVersion: VERSION, clientInfo, clientCapabilities },
});

const links = (count, prefix) =>
  Array.from({ length: count }, (_, i) => ({
    name: `${prefix} ${i}`,
    rules: [{ targetUrl: `https://example.com/${prefix}/${i}`, isDefault: true }],
  }));

try {
  const bulk = await session.callTool('bulk_create_links', { workspaceId: workspace, links: links(500, 'ts-task') });
  check(bulk.kind === 'task', `bulk_create_links of 500 links answered a task (${bulk.kind})`);
  const { outcome } = await bulk.settle();
  const result = resultFromTaskOutcome(outcome);
  check(result.structuredContent?.message === '500 links created, 0 failed.' && result.structuredContent.created.length === 500, `the bulk task completed: ${JSON.stringify(result.structuredContent?.message)}`);

  const rows = Array.from({ length: 150 }, (_, i) => `https://example.com/ts-import/${i},TS import ${i}`).join('\n');
  const content = `url,name\n${rows}\n`;
  const imported = await session.callTool('import_links', { workspaceId: workspace, format: 'csv', content });
  check(imported.kind === 'task', 'import_links answered a task');
  const importResult = resultFromTaskOutcome((await imported.settle()).outcome);
  check(
    importResult.structuredContent?.message === 'Import finished: 150 created, 0 skipped, 0 failed.',
    `the import task completed: ${JSON.stringify(importResult.structuredContent?.message)}`,
  );

  const stopped = await session.callTool('bulk_create_links', { workspaceId: workspace, links: links(600, 'ts-cancel') });
  check(stopped.kind === 'task', 'a second bulk answered a task');
  await stopped.cancel();
  const snapshot = await session.task(stopped.handle.taskId).snapshot();
  check(snapshot.status === 'cancelled', `tasks/get says the cancelled bulk is cancelled (${snapshot.status})`);
  const cancelled = await stopped.settle();
  check(cancelled.outcome.status === 'cancelled', `the cancelled bulk settles as cancelled (${cancelled.outcome.status})`);
} finally {
  await session.close();
  await client.close();
}

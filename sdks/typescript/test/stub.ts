// A stand-in for the network in the offline tests: answers from a script, and remembers each
// request it was sent.
export interface Sent {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

export type Script = (sent: Sent, index: number) => Response | Promise<Response>;

/** A fetch that answers with `script` and records what it was sent in `sent`. */
export function stubFetch(script: Script): { fetch: typeof fetch; sent: Sent[] } {
  const sent: Sent[] = [];
  const fetchStub: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const text = await request.text();
    const entry: Sent = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: text === '' ? undefined : JSON.parse(text),
    };
    sent.push(entry);
    return script(entry, sent.length - 1);
  };
  return { fetch: fetchStub, sent };
}

/** A JSON answer. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export const STUB_OPTIONS = {
  apiKey: 'slk_stub',
  workspaceId: '0123456789abcdef01234567',
  baseUrl: 'https://api.test',
} as const;

// What the scenario tests share: the variables tests/sdks/run.sh sets, a visitor of short
// links, unique names, and polling.
import { request } from 'node:http';
import { randomUUID } from 'node:crypto';

/** A variable tests/sdks/run.sh sets (the scenario cannot run without it). */
export function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the scenarios through tests/sdks/run.sh typescript`);
  return value;
}

/** A name no other test (nor an earlier run) uses, to search for. */
export function unique(label: string): string {
  return `${label} ${randomUUID().slice(0, 8)}`;
}

/** A desktop Chrome, so the visit counts as a person's. */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** Visits a short link as a browser would on the short domain, without following the redirect. */
export function visit(slug: string): Promise<{ status: number; location: string | null }> {
  const base = new URL(env('SMARTLINKS_BASE_URL'));
  return new Promise((resolve, reject) => {
    const visitor = request(
      {
        host: base.hostname,
        port: base.port,
        path: `/${slug}`,
        headers: { Host: env('SDK_TEST_SHORT_HOST'), 'User-Agent': BROWSER_USER_AGENT, Accept: 'text/html' },
      },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, location: answer.headers.location ?? null }));
      },
    );
    visitor.on('error', reject);
    visitor.end();
  });
}

/** `check()` again every 250 ms until it returns a value, for at most `seconds`. */
export async function poll<T>(seconds: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`nothing came within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Every item an async iterator yields. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

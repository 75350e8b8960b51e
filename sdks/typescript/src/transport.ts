// The fetch every call goes through (the generated client is given it as its `fetch`): it adds
// what every request carries (the key, the workspace, who is calling, an Idempotency-Key on
// writes), bounds each attempt by a timeout, and retries what a retry may cure.
import { RedirectError, SmartLinksConnectionError } from './errors.js';
import { RETRYABLE_STATUSES, replayable, retryWaitSeconds } from './retry.js';
import { VERSION } from './version.js';

/** What the transport needs to know (resolved from the client's options). */
export interface TransportSettings {
  apiKey: string;
  workspaceId: string;
  timeoutMs: number;
  maxRetries: number;
  maxRetryWaitMs: number;
  fetch: typeof fetch;
  /** How to wait between attempts (tests replace it). */
  sleep?: (ms: number) => Promise<void>;
}

/** Sent by every request: `smartlinks-typescript/<version>`. */
export const CLIENT_NAME = `smartlinks-typescript/${VERSION}`;

const WRITES: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 204, 205, 304]);

const sleepFor = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A random UUID v4 (crypto.randomUUID where the platform has it). */
export function uuid4(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Browsers refuse to let a page set User-Agent; there X-SmartLinks-Client alone says who calls. */
function inBrowser(): boolean {
  return 'document' in globalThis;
}

/**
 * The request body with `workspaceId` added at its top level (writes carry it in the JSON
 * body). A body that is not a JSON object is sent unchanged: the service names what is wrong.
 */
function withWorkspace(body: string | null, workspaceId: string): string | null {
  if (body === null || body.trim() === '') return JSON.stringify({ workspaceId });
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      return JSON.stringify({ ...parsed, workspaceId });
    }
  } catch {
    // not JSON: leave it to the service's 400
  }
  return body;
}

/**
 * A redirect the attempt got, never followed (the key would go with it): a 3xx, or the opaque
 * answer a browser gives for one.
 */
function redirected(response: Response): boolean {
  return response.type === 'opaqueredirect' || (response.status >= 300 && response.status <= 399 && response.status !== 304);
}

/**
 * One attempt, with its own timeout; the whole answer is read before the timeout ends. A
 * redirect is thrown as RedirectError, not followed.
 */
async function attempt(
  settings: TransportSettings,
  url: string,
  init: RequestInit,
  caller: AbortSignal | null,
): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new TimeoutFault(settings.timeoutMs)), settings.timeoutMs);
  const cancel = () => controller.abort(caller?.reason);
  caller?.addEventListener('abort', cancel);
  try {
    const response = await settings.fetch(url, { ...init, signal: controller.signal });
    if (redirected(response)) {
      const status = response.type === 'opaqueredirect' ? null : response.status;
      throw new RedirectError(new URL(url).origin, status, response.headers.get('Location'), response.headers);
    }
    const payload = NULL_BODY_STATUSES.has(response.status) ? null : await response.arrayBuffer();
    return new Response(payload, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  } catch (error) {
    if (error instanceof RedirectError) throw error;
    if (controller.signal.reason instanceof TimeoutFault) throw controller.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
    caller?.removeEventListener('abort', cancel);
  }
}

/** An attempt that got no answer within the timeout. */
class TimeoutFault extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
  }
}

function reason(error: unknown): string {
  if (error instanceof TimeoutFault) return error.message;
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}

/**
 * A fetch that sends `input` as the SmartLinks API expects and retries it: 429, 500, 502, 503,
 * 504 and answers that never came, at most `maxRetries` more times, waiting as the answer asks
 * (or backing off). A wait longer than `maxRetryWaitMs` is not waited: that answer is returned.
 * Throws SmartLinksConnectionError when the last attempt got no answer, and RedirectError for a
 * redirect, which is never followed (it would carry the key elsewhere).
 */
export function createTransport(settings: TransportSettings): typeof fetch {
  const sleep = settings.sleep ?? sleepFor;
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const original = new Request(input, init);
    const method = original.method.toUpperCase();
    const url = new URL(original.url);
    const headers = new Headers(original.headers);
    headers.set('X-Api-Key', settings.apiKey);
    headers.set('X-SmartLinks-Client', CLIENT_NAME);
    if (!inBrowser()) headers.set('User-Agent', CLIENT_NAME);

    let body: string | null = null;
    if (WRITES.has(method)) {
      body = withWorkspace(original.body ? await original.text() : null, settings.workspaceId);
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
      // One key per logical call, reused by every retry: the service does the work once.
      if (!headers.has('Idempotency-Key')) headers.set('Idempotency-Key', uuid4());
    } else {
      url.searchParams.set('workspaceId', settings.workspaceId);
    }
    // Redirects are not followed: fetch would send X-Api-Key to the new origin too.
    const request: RequestInit = { method, headers, body, redirect: 'manual' };
    const caller = init?.signal ?? (input instanceof Request ? input.signal : null);
    // A write the service may already have done is sent again only after a 429.
    const mayReplay = replayable(method, url.pathname);

    for (let retry = 0; ; retry++) {
      let response: Response;
      try {
        response = await attempt(settings, url.toString(), request, caller);
      } catch (error) {
        if (caller?.aborted || error instanceof RedirectError) throw error;
        if (retry >= settings.maxRetries || !mayReplay) {
          throw new SmartLinksConnectionError(
            `No answer from ${url.origin} (${reason(error)}) after ${retry + 1} attempt${retry ? 's' : ''}.`,
            { cause: error },
          );
        }
        await sleep(retryWaitSeconds(null, retry) * 1000);
        continue;
      }
      if (!RETRYABLE_STATUSES.has(response.status) || retry >= settings.maxRetries) return response;
      if (response.status !== 429 && !mayReplay) return response;
      const waitMs = retryWaitSeconds(response.headers, retry) * 1000;
      if (waitMs > settings.maxRetryWaitMs) return response;
      await sleep(waitMs);
    }
  };
}

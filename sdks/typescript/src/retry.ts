// When to retry and how long to wait first: the statuses worth another attempt, the wait an
// answer asks for (Retry-After, or the RateLimit header of the IETF ratelimit-headers draft),
// and exponential back-off with jitter otherwise.

/** Statuses a retry may cure: a rate limit and the transient faults. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);

/**
 * The writes the service does once per `Idempotency-Key` (the operations whose OpenAPI document
 * takes that header; a test holds this list to sdks/openapi.sdk.json). Only these are sent again
 * after a fault or a lost answer: another write may have been done already (a second webhook,
 * a second import), so it is retried only after a 429, which the service refused untouched.
 */
export const REPLAYABLE_WRITES: ReadonlySet<string> = new Set([
  'POST /apiv1/link/create',
  'PUT /apiv1/link/update',
  'DELETE /apiv1/link/delete',
  'POST /apiv1/links/bulk-create',
  'POST /apiv1/conversions',
]);

/** Whether an attempt of `method` on `path` that got a fault or no answer may be sent again. */
export function replayable(method: string, path: string): boolean {
  return method === 'GET' || method === 'HEAD' || REPLAYABLE_WRITES.has(`${method} ${path}`);
}

/** The back-off's first wait and its cap, in seconds. */
export const BACKOFF_BASE_SECONDS = 0.5;
export const BACKOFF_CAP_SECONDS = 8;

/**
 * The seconds a `Retry-After` value asks to wait: whole (or decimal) seconds, or an HTTP date
 * (the time until then, 0 when past). Null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  // An HTTP date names its day and month (Date.parse alone would read "-3" as a year).
  if (!/[A-Za-z]/.test(trimmed)) return null;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, (date - now) / 1000);
}

/**
 * The seconds a `RateLimit` header asks to wait: the largest `t` of the policies with no request
 * left (`r=0`), as in `"key";r=0;t=48, "workspace";r=2999;t=48`. Null when every policy has
 * requests left, or the header is absent or unreadable.
 */
export function parseRateLimit(value: string | null): number | null {
  if (value === null) return null;
  let wait: number | null = null;
  for (const item of value.split(',')) {
    const params = new Map<string, string>();
    for (const part of item.split(';').slice(1)) {
      const [name, raw] = part.split('=', 2);
      if (name !== undefined && raw !== undefined) params.set(name.trim().toLowerCase(), raw.trim());
    }
    const remaining = params.get('r');
    const reset = params.get('t');
    if (remaining === undefined || reset === undefined || Number(remaining) !== 0) continue;
    const seconds = Number(reset);
    if (Number.isFinite(seconds) && seconds >= 0) wait = Math.max(wait ?? 0, seconds);
  }
  return wait;
}

/**
 * The back-off before retry number `attempt` (0 for the first retry): 0.5 s * 2^attempt, capped
 * at 8 s, with jitter (between half and all of it) so that many clients do not retry at once.
 */
export function backoffSeconds(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_SECONDS, BACKOFF_BASE_SECONDS * 2 ** attempt);
  return ceiling / 2 + (ceiling / 2) * random();
}

/**
 * The seconds to wait before retrying after `headers` (or after no answer, when null):
 * Retry-After when present; else the RateLimit policy that ran out; else back-off.
 */
export function retryWaitSeconds(
  headers: Headers | null,
  attempt: number,
  now: number = Date.now(),
  random: () => number = Math.random,
): number {
  if (headers) {
    const retryAfter = parseRetryAfter(headers.get('Retry-After'), now);
    if (retryAfter !== null) return retryAfter;
    const rateLimit = parseRateLimit(headers.get('RateLimit'));
    if (rateLimit !== null) return rateLimit;
  }
  return backoffSeconds(attempt, random);
}

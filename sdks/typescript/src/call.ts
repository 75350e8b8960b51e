// From the generated client's answer ({ data, error, response }) to the caller's: the data, or
// the contract's error thrown.
import type { Client } from './generated/client/index.js';
import { SmartLinksConnectionError, SmartLinksError, errorFromResponse } from './errors.js';
import { parseRateLimit, parseRetryAfter } from './retry.js';

/** What every generated operation answers when it does not throw. */
export interface Answer<T> {
  data?: T;
  error?: unknown;
  response?: Response;
}

/** What a resource needs: the generated client, bound to this SmartLinks's transport. */
export interface Context {
  client: Client;
}

/** Options of a write: the Idempotency-Key to send (by default one is made per call). */
export interface WriteOptions {
  idempotencyKey?: string;
}

/** The headers a write's generated function takes for its Idempotency-Key. */
export function writeHeaders(options?: WriteOptions): { 'Idempotency-Key'?: string } {
  return options?.idempotencyKey === undefined ? {} : { 'Idempotency-Key': options.idempotencyKey };
}

/** The data and the answer it came in, or the contract's error. */
export async function answered<T>(call: Promise<Answer<T>>): Promise<{ data: T; response: Response }> {
  const { data, error, response } = await call;
  if (error instanceof SmartLinksError) throw error;
  if (!response) {
    throw new SmartLinksConnectionError(`No answer: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  if (!response.ok || error !== undefined) {
    const retryAfter = parseRetryAfter(response.headers.get('Retry-After')) ?? parseRateLimit(response.headers.get('RateLimit'));
    throw errorFromResponse(response.status, error, response.headers, retryAfter);
  }
  return { data: data as T, response };
}

/** The data of a successful answer, or the contract's error. */
export async function unwrap<T>(call: Promise<Answer<T>>): Promise<T> {
  return (await answered(call)).data;
}

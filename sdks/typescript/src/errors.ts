// What a failed call throws: one base class, SmartLinksError, and a subclass per kind of
// answer (by HTTP status), each carrying the service's sentence and the body's flags.
import type { ErrorBody, QuotaName } from './generated/types.gen.js';

/** The kind of failure, one per class (stable strings, safe to switch on). */
export type ErrorCode =
  | 'validation'
  | 'authentication'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'rate_limited'
  | 'server'
  | 'connection'
  | 'redirect'
  | 'unknown';

/** What an error is made from (all optional but the sentence). */
export interface ErrorDetails {
  status?: number | null;
  field?: string | null;
  licenseLimitReached?: boolean;
  licenseExpired?: boolean;
  resource?: QuotaName | null;
  limit?: number | null;
  current?: number | null;
  requestId?: string | null;
  retryAfter?: number | null;
  headers?: Headers;
  cause?: unknown;
}

/** Every failure of a call; its message is the service's sentence (`error`). */
export class SmartLinksError extends Error {
  /** The HTTP status, or null when no answer came (network failure, timeout). */
  readonly status: number | null;
  /** The service's sentence: what went wrong and what to change. */
  readonly error: string;
  /** The input at fault (`name`, `rules[1].city`, a query parameter), when one is. */
  readonly field: string | null;
  /** True when a plan quota would be exceeded (403; see resource, limit, current). */
  readonly licenseLimitReached: boolean;
  /** True when the workspace's licence has expired (403). */
  readonly licenseExpired: boolean;
  /** The quota a 403 is about (`links`, `rules`). */
  readonly resource: QuotaName | null;
  /** The plan's limit. */
  readonly limit: number | null;
  /** What the workspace has, or what the request asked for. */
  readonly current: number | null;
  /** On a 500: the id the service's logs know the request by. */
  readonly requestId: string | null;
  /** On a 429: the seconds to wait before a retry can succeed. */
  readonly retryAfter: number | null;
  /** The answer's headers (empty when no answer came). */
  readonly headers: Headers;
  /** The kind of failure. */
  readonly code: ErrorCode = 'unknown';

  constructor(error: string, details: ErrorDetails = {}) {
    super(error, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = new.target.name;
    this.error = error;
    this.status = details.status ?? null;
    this.field = details.field ?? null;
    this.licenseLimitReached = details.licenseLimitReached ?? false;
    this.licenseExpired = details.licenseExpired ?? false;
    this.resource = details.resource ?? null;
    this.limit = details.limit ?? null;
    this.current = details.current ?? null;
    this.requestId = details.requestId ?? null;
    this.retryAfter = details.retryAfter ?? null;
    this.headers = details.headers ?? new Headers();
  }
}

/** 400: the request is malformed or a field is invalid (`field` names it). */
export class ValidationError extends SmartLinksError {
  override readonly code = 'validation';
}
/** 401: no API key, or one that matches none. */
export class AuthenticationError extends SmartLinksError {
  override readonly code = 'authentication';
}
/** 403: the key may not do this (licence flags and plan quotas live here). */
export class ForbiddenError extends SmartLinksError {
  override readonly code = 'forbidden';
}
/** 404: the workspace or the thing asked for does not exist. */
export class NotFoundError extends SmartLinksError {
  override readonly code = 'not_found';
}
/** 409: another request got there first (a taken slug, a concurrent change, a key in use). */
export class ConflictError extends SmartLinksError {
  override readonly code = 'conflict';
}
/** 422: understood but refused (an Idempotency-Key reused with another body, a QR code that would not scan). */
export class UnprocessableError extends SmartLinksError {
  override readonly code = 'unprocessable';
}
/** 429: a rate limit is reached; `retryAfter` says how long to wait. */
export class RateLimitError extends SmartLinksError {
  override readonly code = 'rate_limited';
}
/** 5xx: a fault on the service's side; quote `requestId` when reporting it. */
export class ServerError extends SmartLinksError {
  override readonly code = 'server';
}
/** No answer: the network failed or the request timed out, after every retry. */
export class SmartLinksConnectionError extends SmartLinksError {
  override readonly code = 'connection';
}

/**
 * 3xx: the service (or something in front of it) answered a redirect. It is never followed:
 * the request would carry the API key to wherever `location` points. Usually `baseUrl` is
 * wrong (http for https, a missing path, an old host); `location` says where it was sent.
 */
export class RedirectError extends SmartLinksError {
  override readonly code = 'redirect';
  /** The answer's `Location` (null when the platform hides it, as browsers do). */
  readonly location: string | null;

  constructor(origin: string, status: number | null, location: string | null, headers?: Headers) {
    const answered = status === null ? 'answered with a redirect' : `answered ${status}, a redirect`;
    const to = location === null ? '' : ` to ${location}`;
    super(
      `The service at ${origin} ${answered}${to}; ` +
        'the SDK does not follow redirects (the API key would go with them): check baseUrl.',
      { status, ...(headers === undefined ? {} : { headers }) },
    );
    this.location = location;
  }
}

const CLASSES: Record<number, typeof SmartLinksError> = {
  400: ValidationError,
  401: AuthenticationError,
  403: ForbiddenError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableError,
  429: RateLimitError,
};

/** The sentence a 500 is given (its body carries only `requestId`). */
export function serverErrorSentence(requestId: string | null): string {
  return requestId
    ? `Internal server error (request id ${requestId}); the service logged it, retry later or quote the id when reporting it.`
    : 'Internal server error; the service logged it, retry later.';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function count(value: unknown): number | null {
  return typeof value === 'number' ? value : null;
}

/**
 * The error for an answer that is not a success: the class its status calls for, made from its
 * body (the JSON `ErrorBody`, or whatever text came) and headers. `retryAfter` is the seconds
 * the answer asked to wait (429).
 */
export function errorFromResponse(
  status: number,
  body: unknown,
  headers: Headers,
  retryAfter: number | null = null,
): SmartLinksError {
  const fields: Partial<ErrorBody> = isObject(body) ? (body as Partial<ErrorBody>) : {};
  const requestId = text(fields.requestId);
  let sentence = text(fields.error);
  if (status === 500) {
    sentence = serverErrorSentence(requestId);
  } else if (!sentence) {
    const raw = typeof body === 'string' ? body.trim().slice(0, 200) : '';
    sentence = raw ? `The service answered ${status}: ${raw}` : `The service answered ${status}.`;
  }
  const Class = CLASSES[status] ?? (status >= 500 && status <= 599 ? ServerError : SmartLinksError);
  return new Class(sentence, {
    status,
    field: text(fields.field),
    licenseLimitReached: fields.licenseLimitReached === true,
    licenseExpired: fields.licenseExpired === true,
    resource: (text(fields.resource) as QuotaName | null) ?? null,
    limit: count(fields.limit),
    current: count(fields.current),
    requestId,
    retryAfter: status === 429 ? retryAfter : null,
    headers,
  });
}

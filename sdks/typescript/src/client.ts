// SmartLinks: the client. It resolves its settings (options, else the SMARTLINKS_* environment
// variables), makes the generated client send through the transport, and offers the API by area.
import { createClient, createConfig } from './generated/client/index.js';
import type { Context } from './call.js';
import { createTransport } from './transport.js';
import { Conversions } from './resources/conversions.js';
import { Domains } from './resources/domains.js';
import { Exports } from './resources/exports.js';
import { Imports } from './resources/imports.js';
import { Links } from './resources/links.js';
import { Tags } from './resources/tags.js';
import { UtmTemplates } from './resources/utm-templates.js';
import { Webhooks } from './resources/webhooks.js';

/** The hosted service's address, used when neither `baseUrl` nor SMARTLINKS_BASE_URL is set. */
export const DEFAULT_BASE_URL = 'https://api.example.com';

export interface SmartLinksOptions {
  /** An API key with HTTP API access; default: SMARTLINKS_API_KEY. */
  apiKey?: string;
  /** The workspace every call acts in; default: SMARTLINKS_WORKSPACE_ID. */
  workspaceId?: string;
  /** The service's origin; default: SMARTLINKS_BASE_URL, else DEFAULT_BASE_URL. */
  baseUrl?: string;
  /** How long one attempt may take, in milliseconds (default 30,000). */
  timeoutMs?: number;
  /** How many more attempts a retryable failure gets (default 2). */
  maxRetries?: number;
  /** The longest wait before a retry, in milliseconds (default 60,000); a longer one is not waited. */
  maxRetryWaitMs?: number;
  /** The fetch to send with (default: the platform's). */
  fetch?: typeof fetch;
}

/** A variable of the environment, where there is one (Node; never in browsers). */
function environment(name: string): string | undefined {
  const process = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process;
  const value = process?.env?.[name];
  return value === '' ? undefined : value;
}

function required(value: string | undefined, option: string, variable: string): string {
  if (value === undefined || value === '') {
    throw new Error(`SmartLinks needs ${option}: pass { ${option} } or set ${variable}.`);
  }
  return value;
}

function count(value: number | undefined, fallback: number, option: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`SmartLinks ${option} must be 0 or more (got ${value}).`);
  return value;
}

export class SmartLinks {
  /** The workspace every call acts in. */
  readonly workspaceId: string;
  /** The service's origin the calls go to. */
  readonly baseUrl: string;

  /** Links: create, update, delete, get, list, listPage, bulkCreate, qr, analytics, workspaceAnalytics. */
  readonly links: Links;
  /** Tags: create, update, delete, list. */
  readonly tags: Tags;
  /** Domains: list. */
  readonly domains: Domains;
  /** UTM templates: create, delete, list. */
  readonly utmTemplates: UtmTemplates;
  /** Webhooks: create, update, delete, list. */
  readonly webhooks: Webhooks;
  /** Conversions: report. */
  readonly conversions: Conversions;
  /** Exports: links, clicks (pages of text). */
  readonly exports: Exports;
  /** Imports: create, get. */
  readonly imports: Imports;

  constructor(options: SmartLinksOptions = {}) {
    const apiKey = required(options.apiKey ?? environment('SMARTLINKS_API_KEY'), 'apiKey', 'SMARTLINKS_API_KEY');
    this.workspaceId = required(
      options.workspaceId ?? environment('SMARTLINKS_WORKSPACE_ID'),
      'workspaceId',
      'SMARTLINKS_WORKSPACE_ID',
    );
    this.baseUrl = (options.baseUrl ?? environment('SMARTLINKS_BASE_URL') ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    const platformFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);
    const transport = createTransport({
      apiKey,
      workspaceId: this.workspaceId,
      timeoutMs: count(options.timeoutMs, 30_000, 'timeoutMs'),
      maxRetries: Math.floor(count(options.maxRetries, 2, 'maxRetries')),
      maxRetryWaitMs: count(options.maxRetryWaitMs, 60_000, 'maxRetryWaitMs'),
      fetch: options.fetch ?? platformFetch,
    });
    const context: Context = {
      client: createClient(createConfig({ baseUrl: this.baseUrl, fetch: transport, throwOnError: false })),
    };
    this.links = new Links(context);
    this.tags = new Tags(context);
    this.domains = new Domains(context);
    this.utmTemplates = new UtmTemplates(context);
    this.webhooks = new Webhooks(context);
    this.conversions = new Conversions(context);
    this.exports = new Exports(context);
    this.imports = new Imports(context);
  }
}

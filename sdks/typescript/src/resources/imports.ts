// imports: links brought in from a file (our CSV or JSON lines, or another service's export).
import { getImport, importLinks } from '../generated/sdk.gen.js';
import type { ImportAnswer, ImportLinksRequest, ImportStatus } from '../generated/types.gen.js';
import { type Context, type WriteOptions, unwrap, writeHeaders } from '../call.js';

export class Imports {
  constructor(private readonly context: Context) {}

  /**
   * Imports (or, with `dryRun`, previews) the file's text `content` in the given `format`. An
   * import that runs past 10 s answers while it goes on: follow it with `get`.
   */
  create(body: ImportLinksRequest, options?: WriteOptions): Promise<ImportAnswer> {
    return unwrap(importLinks({ client: this.context.client, body, headers: writeHeaders(options) }));
  }

  /** The import and its rows' results; with `{ format: 'csv' }` the results as CSV text. */
  get(importId: string, params?: { format?: 'json' }): Promise<ImportStatus>;
  get(importId: string, params: { format: 'csv' }): Promise<string>;
  get(importId: string, params: { format?: 'json' | 'csv' } = {}): Promise<ImportStatus | string> {
    const parseAs = params.format === 'csv' ? 'text' : 'json';
    return unwrap<ImportStatus | string>(
      getImport({ client: this.context.client, query: { ...params, importId }, parseAs }),
    );
  }
}

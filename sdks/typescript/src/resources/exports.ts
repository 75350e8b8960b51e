// exports: every link, or the people's clicks, as pages of text (CSV or JSON lines).
import { exportClicks, exportLinks } from '../generated/sdk.gen.js';
import type { ExportClicksData, ExportLinksData } from '../generated/types.gen.js';
import { type Context, answered } from '../call.js';
import { paginate } from '../pager.js';

/** `format` (`csv`, default, or `jsonl`) and `limit` (links per page, 1 to 5000). */
export type LinkExportParams = Omit<NonNullable<ExportLinksData['query']>, 'cursor'>;
/** The days (`from`, `to`: UTC days, YYYY-MM-DD) whose clicks to export. */
export type ClickExportParams = Omit<NonNullable<ExportClicksData['query']>, 'cursor'>;

export class Exports {
  constructor(private readonly context: Context) {}

  /** Every link, in the shape an import reads back: one text per page (CSV's header on the first). */
  links(params: LinkExportParams = {}): AsyncGenerator<string, void, undefined> {
    return paginate(async (cursor) => {
      const { data, response } = await answered(
        exportLinks({ client: this.context.client, query: { ...params, cursor }, parseAs: 'text' }),
      );
      return { items: [data], nextCursor: response.headers.get('X-Next-Cursor') };
    });
  }

  /** The people's clicks between `from` and `to` as CSV, one text per page. */
  clicks(params: ClickExportParams = {}): AsyncGenerator<string, void, undefined> {
    return paginate(async (cursor) => {
      const { data, response } = await answered(
        exportClicks({ client: this.context.client, query: { ...params, cursor }, parseAs: 'text' }),
      );
      return { items: [data], nextCursor: response.headers.get('X-Next-Cursor') };
    });
  }
}

// conversions: sales and leads reported from your server, attributed to the click that led there.
import { reportConversion } from '../generated/sdk.gen.js';
import type { RecordedConversion, ReportConversionRequest } from '../generated/types.gen.js';
import { type Context, type WriteOptions, unwrap, writeHeaders } from '../call.js';

export class Conversions {
  constructor(private readonly context: Context) {}

  /**
   * Records a conversion of the click `clickId` (the `sl_cid` the destination was given): an
   * `event`, optionally an `amount` in minor units of `currency` and your own `eventId`. A repeat
   * answers the first conversion with `duplicate: true`.
   */
  report(body: ReportConversionRequest, options?: WriteOptions): Promise<RecordedConversion> {
    return unwrap(reportConversion({ client: this.context.client, body, headers: writeHeaders(options) }));
  }
}

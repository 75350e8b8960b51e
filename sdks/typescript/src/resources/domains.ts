// domains: what a link's `domain` may be (the default short domain, then the workspace's own).
import { listDomains } from '../generated/sdk.gen.js';
import type { DomainRecord } from '../generated/types.gen.js';
import { type Context, unwrap } from '../call.js';
import { paginate } from '../pager.js';

export class Domains {
  constructor(private readonly context: Context) {}

  /** The default domain first, then the workspace's own with their status. */
  list(): AsyncGenerator<DomainRecord, void, undefined> {
    return paginate(async () => ({ items: (await unwrap(listDomains({ client: this.context.client }))).domains }));
  }
}

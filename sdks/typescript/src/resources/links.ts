// links: create, change, delete, read and list links, create many at once, draw their QR
// codes and read their analytics.
import {
  bulkCreateLinks,
  createLink,
  deleteLink,
  getLink,
  getLinkAnalytics,
  getLinkQr,
  getWorkspaceAnalytics,
  listLinks,
  updateLink,
} from '../generated/sdk.gen.js';
import type {
  BulkOutcome,
  CreateLinkRequest,
  CreatedLink,
  DeletedLink,
  GetLinkAnalyticsData,
  GetLinkQrData,
  GetWorkspaceAnalyticsData,
  LinkAnalytics,
  LinkInput,
  LinkPage,
  LinkRecord,
  ListLinksData,
  UpdateLinkRequest,
  UpdatedLink,
  WorkspaceAnalytics,
} from '../generated/types.gen.js';
import { type Context, type WriteOptions, unwrap, writeHeaders } from '../call.js';
import { paginate } from '../pager.js';

/** Which links one page holds: `cursor` (a page's nextCursor) or `page`, `limit`, `search`, `tagIds`. */
export type LinkPageParams = NonNullable<ListLinksData['query']>;
/** Which links to go through: `search`, `tagIds`, and `limit` (links per page). */
export type LinkListParams = Omit<LinkPageParams, 'cursor' | 'page'>;
/** What an update changes (every field but the link's id, which `update` takes apart). */
export type LinkPatch = Omit<UpdateLinkRequest, 'linkId'>;
/** The QR code's `format` (`svg`, default, or `png`) and `size` (128 to 2048 pixels). */
export type QrParams = NonNullable<GetLinkQrData['query']>;
/** The days a report covers (`from`, `to`: UTC days, YYYY-MM-DD, both included). */
export type AnalyticsParams = NonNullable<GetLinkAnalyticsData['query']>;
export type WorkspaceAnalyticsParams = NonNullable<GetWorkspaceAnalyticsData['query']>;

export class Links {
  constructor(private readonly context: Context) {}

  /** Creates a link (a `url`, or `rules`; optionally an `abTest`, a `slug`, tags and more). */
  create(body: CreateLinkRequest, options?: WriteOptions): Promise<CreatedLink> {
    return unwrap(createLink({ client: this.context.client, body, headers: writeHeaders(options) }));
  }

  /** Changes the fields `patch` names; `null` clears a nullable one. */
  update(id: string, patch: LinkPatch, options?: WriteOptions): Promise<UpdatedLink> {
    return unwrap(
      updateLink({ client: this.context.client, body: { ...patch, linkId: id }, headers: writeHeaders(options) }),
    );
  }

  /** Deletes the link. */
  delete(id: string, options?: WriteOptions): Promise<DeletedLink> {
    return unwrap(deleteLink({ client: this.context.client, body: { linkId: id }, headers: writeHeaders(options) }));
  }

  /** The link's full record. */
  get(id: string): Promise<LinkRecord> {
    return unwrap(getLink({ client: this.context.client, path: { id } }));
  }

  /** Every matching link, newest first, page after page as the iteration goes. */
  list(params: LinkListParams = {}): AsyncGenerator<LinkRecord, void, undefined> {
    return paginate(async (cursor) => {
      const page = await this.listPage(cursor === undefined ? params : { ...params, cursor });
      return { items: page.links, nextCursor: page.nextCursor };
    });
  }

  /** One page of links (follow its `nextCursor` for the next). */
  listPage(params: LinkPageParams = {}): Promise<LinkPage> {
    return unwrap(listLinks({ client: this.context.client, query: params }));
  }

  /** Creates up to 100 links, each on its own: the answer lists those created and those that failed, with why. */
  bulkCreate(links: LinkInput[], options?: WriteOptions): Promise<BulkOutcome> {
    return unwrap(bulkCreateLinks({ client: this.context.client, body: { links }, headers: writeHeaders(options) }));
  }

  /** The link's QR code: the SVG document's or the PNG's bytes. */
  async qr(id: string, params: QrParams = {}): Promise<Uint8Array> {
    const data: unknown = await unwrap(
      getLinkQr({ client: this.context.client, path: { id }, query: params, parseAs: 'arrayBuffer' }),
    );
    return new Uint8Array(data as ArrayBuffer);
  }

  /** The link's report over the days asked (clicks, visitors, rules, variants, places, devices). */
  analytics(id: string, params: AnalyticsParams = {}): Promise<LinkAnalytics> {
    return unwrap(getLinkAnalytics({ client: this.context.client, path: { id }, query: params }));
  }

  /** The workspace's report over the days asked. */
  workspaceAnalytics(params: WorkspaceAnalyticsParams = {}): Promise<WorkspaceAnalytics> {
    return unwrap(getWorkspaceAnalytics({ client: this.context.client, query: params }));
  }
}

// webhooks: endpoints the service posts link and click events to.
import { createWebhook, deleteWebhook, listWebhooks, updateWebhook } from '../generated/sdk.gen.js';
import type {
  CreateWebhookRequest,
  CreatedWebhook,
  DeletedWebhook,
  UpdateWebhookRequest,
  UpdatedWebhook,
  WebhookRecord,
} from '../generated/types.gen.js';
import { type Context, type WriteOptions, unwrap, writeHeaders } from '../call.js';
import { paginate } from '../pager.js';

/** What a webhook update changes (`url`, `events`, `linkIds`, `batch`, `enabled`, `rotateSecret`). */
export type WebhookPatch = Omit<UpdateWebhookRequest, 'webhookId'>;

export class Webhooks {
  constructor(private readonly context: Context) {}

  /** Creates an endpoint (an https `url`, the `events` it wants); the answer shows its signing secret once. */
  create(body: CreateWebhookRequest, options?: WriteOptions): Promise<CreatedWebhook> {
    return unwrap(createWebhook({ client: this.context.client, body, headers: writeHeaders(options) }));
  }

  /** Changes the endpoint. */
  update(id: string, patch: WebhookPatch, options?: WriteOptions): Promise<UpdatedWebhook> {
    return unwrap(
      updateWebhook({ client: this.context.client, body: { ...patch, webhookId: id }, headers: writeHeaders(options) }),
    );
  }

  /** Deletes the endpoint. */
  delete(id: string, options?: WriteOptions): Promise<DeletedWebhook> {
    return unwrap(deleteWebhook({ client: this.context.client, body: { webhookId: id }, headers: writeHeaders(options) }));
  }

  /** Every endpoint of the workspace, oldest first. */
  list(): AsyncGenerator<WebhookRecord, void, undefined> {
    return paginate(async () => ({ items: (await unwrap(listWebhooks({ client: this.context.client }))).webhooks }));
  }
}

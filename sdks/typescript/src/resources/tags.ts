// tags: labels on links (a link carries up to 50; the links list filters by them).
import { createTag, deleteTag, listTags, updateTag } from '../generated/sdk.gen.js';
import type { CreateTagRequest, CreatedTag, TagOutcome, TagRecord, UpdateTagRequest } from '../generated/types.gen.js';
import { type Context, type WriteOptions, unwrap, writeHeaders } from '../call.js';
import { paginate } from '../pager.js';

/** What a tag update changes: `name` and/or `color` (`null` clears it). */
export type TagPatch = Omit<UpdateTagRequest, 'tagId'>;

export class Tags {
  constructor(private readonly context: Context) {}

  /** Creates a tag (`name`, unique whatever the case; optionally a `color`). */
  create(body: CreateTagRequest, options?: WriteOptions): Promise<CreatedTag> {
    return unwrap(createTag({ client: this.context.client, body, headers: writeHeaders(options) }));
  }

  /** Renames or recolours the tag. */
  update(id: string, patch: TagPatch, options?: WriteOptions): Promise<TagOutcome> {
    return unwrap(updateTag({ client: this.context.client, body: { ...patch, tagId: id }, headers: writeHeaders(options) }));
  }

  /** Deletes the tag and takes it off every link that carries it. */
  delete(id: string, options?: WriteOptions): Promise<TagOutcome> {
    return unwrap(deleteTag({ client: this.context.client, body: { tagId: id }, headers: writeHeaders(options) }));
  }

  /** Every tag of the workspace, by name. */
  list(): AsyncGenerator<TagRecord, void, undefined> {
    return paginate(async () => ({ items: (await unwrap(listTags({ client: this.context.client }))).tags }));
  }
}

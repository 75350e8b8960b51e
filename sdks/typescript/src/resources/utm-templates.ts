// utmTemplates: named sets of UTM fields to fill a link's `utm` from.
import { createUtmTemplate, deleteUtmTemplate, listUtmTemplates } from '../generated/sdk.gen.js';
import type {
  CreateUtmTemplateRequest,
  CreatedUtmTemplate,
  DeletedUtmTemplate,
  UtmTemplateRecord,
} from '../generated/types.gen.js';
import { type Context, type WriteOptions, unwrap, writeHeaders } from '../call.js';
import { paginate } from '../pager.js';

export class UtmTemplates {
  constructor(private readonly context: Context) {}

  /** Creates a template: a `name` and at least one of source, medium, campaign, term, content. */
  create(body: CreateUtmTemplateRequest, options?: WriteOptions): Promise<CreatedUtmTemplate> {
    return unwrap(createUtmTemplate({ client: this.context.client, body, headers: writeHeaders(options) }));
  }

  /** Deletes the template (links keep their own copy of its fields). */
  delete(id: string, options?: WriteOptions): Promise<DeletedUtmTemplate> {
    return unwrap(
      deleteUtmTemplate({ client: this.context.client, body: { templateId: id }, headers: writeHeaders(options) }),
    );
  }

  /** Every template of the workspace, by name. */
  list(): AsyncGenerator<UtmTemplateRecord, void, undefined> {
    return paginate(async () => ({
      items: (await unwrap(listUtmTemplates({ client: this.context.client }))).templates,
    }));
  }
}

// The package: SmartLinks, its errors, and the API's types (generated from its OpenAPI document).
export { SmartLinks, DEFAULT_BASE_URL, type SmartLinksOptions } from './client.js';
export {
  SmartLinksError,
  ValidationError,
  AuthenticationError,
  ForbiddenError,
  NotFoundError,
  ConflictError,
  UnprocessableError,
  RateLimitError,
  ServerError,
  SmartLinksConnectionError,
  RedirectError,
  type ErrorCode,
} from './errors.js';
export type { WriteOptions } from './call.js';
export type { Page } from './pager.js';
export type {
  LinkListParams,
  LinkPageParams,
  LinkPatch,
  QrParams,
  AnalyticsParams,
  WorkspaceAnalyticsParams,
  Links,
} from './resources/links.js';
export type { TagPatch, Tags } from './resources/tags.js';
export type { Domains } from './resources/domains.js';
export type { UtmTemplates } from './resources/utm-templates.js';
export type { WebhookPatch, Webhooks } from './resources/webhooks.js';
export type { Conversions } from './resources/conversions.js';
export type { LinkExportParams, ClickExportParams, Exports } from './resources/exports.js';
export type { Imports } from './resources/imports.js';
export { VERSION } from './version.js';
export type * from './generated/types.gen.js';

//! What `template.yaml` deploys, written once as data: every function, the routes it serves
//! on which HTTP API, and the DynamoDB actions its code calls. The dev server routes by it,
//! the `fallback` function answers 404 and 405 from it, and `dev-server/tests/api/template.rs`
//! checks the template against it (and the actions against what the code really sends). The
//! OpenAPI document (`lib::openapi`) has exactly these routes, which a test checks too.

use crate::domain::RateClass;

/// The two HTTP APIs of the template.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Api {
    /// `Api`: `/apiv1/...`, on the service's own host.
    Service,
    /// `ShortLinkApi`: `/{slug}` on the short-link domains (behind CloudFront).
    ShortLinks,
    /// A function's own URL (`FunctionUrlConfig`), which passes every path to the function.
    /// The dev server serves these routes on the service host.
    FunctionUrl,
}

impl Api {
    /// The template's logical id of the API.
    pub fn logical_id(self) -> &'static str {
        match self {
            Self::Service => "Api",
            Self::ShortLinks => "ShortLinkApi",
            Self::FunctionUrl => "FunctionUrl",
        }
    }
}

/// One route: an HTTP method (`ANY` for all) and an API Gateway path (`{name}` segments, or
/// `$default` for what no other route of the API matches).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Route {
    pub api: Api,
    pub method: &'static str,
    pub path: &'static str,
}

/// One Lambda function of the template.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Function {
    /// The crate, binary and `BuildProperties.Binary` name.
    pub name: &'static str,
    /// The template's logical id.
    pub logical_id: &'static str,
    pub routes: &'static [Route],
    /// IAM actions on the table itself (`dynamodb:GetItem`…).
    pub table_actions: &'static [&'static str],
    /// IAM actions on the table's indexes (`GSI1`, and `GSI1Lean` that lists links).
    pub index_actions: &'static [&'static str],
    /// Which rate limit its requests count against besides the key's and the workspace's
    /// (HTTP API endpoints; the MCP tools say their own).
    pub limit: RateClass,
    /// Whether it takes an `Idempotency-Key`.
    pub idempotent: bool,
}

/// The defaults of a function that is not an HTTP API endpoint of its own.
const PLAIN: Function = Function {
    name: "",
    logical_id: "",
    routes: &[],
    table_actions: &[],
    index_actions: &[],
    limit: RateClass::Standard,
    idempotent: false,
};

const fn service(method: &'static str, path: &'static str) -> Route {
    Route {
        api: Api::Service,
        method,
        path,
    }
}

const fn function_url(path: &'static str) -> Route {
    Route {
        api: Api::FunctionUrl,
        method: "ANY",
        path,
    }
}

const fn short_links(method: &'static str, path: &'static str) -> Route {
    Route {
        api: Api::ShortLinks,
        method,
        path,
    }
}

const GET_ITEM: &str = "dynamodb:GetItem";
const BATCH_GET: &str = "dynamodb:BatchGetItem";
const QUERY: &str = "dynamodb:Query";
const PUT_ITEM: &str = "dynamodb:PutItem";
const UPDATE_ITEM: &str = "dynamodb:UpdateItem";
const DELETE_ITEM: &str = "dynamodb:DeleteItem";
const CONDITION_CHECK: &str = "dynamodb:ConditionCheckItem";

/// API Gateway's catch-all route key.
pub const DEFAULT_ROUTE: &str = "$default";

pub const CREATE_LINK: Function = Function {
    name: "create-link",
    logical_id: "CreateLinkFunction",
    routes: &[service("POST", "/apiv1/link/create")],
    table_actions: &[GET_ITEM, BATCH_GET, PUT_ITEM, UPDATE_ITEM],
    idempotent: true,
    ..PLAIN
};

/// Conversions reported by a server (a sale, a server-side lead) against a click id.
pub const REPORT_CONVERSION: Function = Function {
    name: "report-conversion",
    logical_id: "ReportConversionFunction",
    routes: &[service("POST", "/apiv1/conversions")],
    table_actions: &[GET_ITEM, BATCH_GET, PUT_ITEM, UPDATE_ITEM],
    idempotent: true,
    ..PLAIN
};

pub const UPDATE_LINK: Function = Function {
    name: "update-link",
    logical_id: "UpdateLinkFunction",
    routes: &[service("PUT", "/apiv1/link/update")],
    table_actions: &[GET_ITEM, BATCH_GET, PUT_ITEM, UPDATE_ITEM, DELETE_ITEM],
    idempotent: true,
    ..PLAIN
};

pub const DELETE_LINK: Function = Function {
    name: "delete-link",
    logical_id: "DeleteLinkFunction",
    routes: &[service("DELETE", "/apiv1/link/delete")],
    table_actions: &[GET_ITEM, BATCH_GET, PUT_ITEM, UPDATE_ITEM, DELETE_ITEM],
    idempotent: true,
    ..PLAIN
};

pub const BULK_CREATE_LINKS: Function = Function {
    name: "bulk-create-links",
    logical_id: "BulkCreateLinksFunction",
    routes: &[service("POST", "/apiv1/links/bulk-create")],
    table_actions: &[GET_ITEM, BATCH_GET, PUT_ITEM, UPDATE_ITEM],
    limit: RateClass::Bulk,
    idempotent: true,
    ..PLAIN
};

pub const LIST_LINKS: Function = Function {
    name: "list-links",
    logical_id: "ListLinksFunction",
    routes: &[service("GET", "/apiv1/links"), service("HEAD", "/apiv1/links")],
    table_actions: &[GET_ITEM, BATCH_GET, QUERY, UPDATE_ITEM],
    index_actions: &[QUERY],
    ..PLAIN
};

pub const GET_LINK: Function = Function {
    name: "get-link",
    logical_id: "GetLinkFunction",
    routes: &[
        service("GET", "/apiv1/links/{id}"),
        service("HEAD", "/apiv1/links/{id}"),
    ],
    table_actions: &[GET_ITEM, BATCH_GET, QUERY, UPDATE_ITEM],
    ..PLAIN
};

pub const LINK_ANALYTICS: Function = Function {
    name: "link-analytics",
    logical_id: "LinkAnalyticsFunction",
    routes: &[
        service("GET", "/apiv1/links/{id}/analytics"),
        service("HEAD", "/apiv1/links/{id}/analytics"),
    ],
    table_actions: &[GET_ITEM, BATCH_GET, QUERY, UPDATE_ITEM],
    limit: RateClass::Analytics,
    ..PLAIN
};

/// A link's QR code, drawn on request.
pub const LINK_QR: Function = Function {
    name: "link-qr",
    logical_id: "LinkQrFunction",
    routes: &[
        service("GET", "/apiv1/links/{id}/qr"),
        service("HEAD", "/apiv1/links/{id}/qr"),
    ],
    table_actions: &[GET_ITEM, BATCH_GET, UPDATE_ITEM],
    ..PLAIN
};

pub const WORKSPACE_ANALYTICS: Function = Function {
    name: "workspace-analytics",
    logical_id: "WorkspaceAnalyticsFunction",
    routes: &[
        service("GET", "/apiv1/links/analytics"),
        service("HEAD", "/apiv1/links/analytics"),
    ],
    table_actions: &[GET_ITEM, BATCH_GET, QUERY, UPDATE_ITEM],
    limit: RateClass::Analytics,
    ..PLAIN
};

pub const MCP: Function = Function {
    name: "mcp",
    logical_id: "McpFunction",
    routes: &[service("ANY", "/apiv1/mcp"), function_url("/mcp")],
    table_actions: &[GET_ITEM, BATCH_GET, QUERY, PUT_ITEM, UPDATE_ITEM, DELETE_ITEM],
    index_actions: &[QUERY],
    ..PLAIN
};

/// The OpenAPI document, its reference page and the page's renderer: no key, no table.
pub const API_DOCS: Function = Function {
    name: "api-docs",
    logical_id: "ApiDocsFunction",
    routes: &[
        service("GET", OPENAPI_PATH),
        service("HEAD", OPENAPI_PATH),
        service("GET", DOCS_PATH),
        service("HEAD", DOCS_PATH),
        service("GET", DOCS_SCRIPT_PATH),
        service("HEAD", DOCS_SCRIPT_PATH),
    ],
    ..PLAIN
};

pub const LIST_TAGS: Function = Function {
    name: "list-tags",
    logical_id: "ListTagsFunction",
    routes: &[service("GET", "/apiv1/tags"), service("HEAD", "/apiv1/tags")],
    table_actions: &[GET_ITEM, BATCH_GET, QUERY, UPDATE_ITEM],
    index_actions: &[QUERY],
    ..PLAIN
};

pub const CREATE_TAG: Function = Function {
    name: "create-tag",
    logical_id: "CreateTagFunction",
    routes: &[service("POST", "/apiv1/tag/create")],
    table_actions: &[GET_ITEM, BATCH_GET, QUERY, PUT_ITEM, UPDATE_ITEM, CONDITION_CHECK],
    ..PLAIN
};

pub const UPDATE_TAG: Function = Function {
    name: "update-tag",
    logical_id: "UpdateTagFunction",
    routes: &[service("PUT", "/apiv1/tag/update")],
    table_actions: &[GET_ITEM, BATCH_GET, PUT_ITEM, UPDATE_ITEM, DELETE_ITEM],
    ..PLAIN
};

/// Deleting a tag also takes it off the workspace's links (found on GSI1Lean).
pub const DELETE_TAG: Function = Function {
    name: "delete-tag",
    logical_id: "DeleteTagFunction",
    routes: &[service("DELETE", "/apiv1/tag/delete")],
    table_actions: &[GET_ITEM, BATCH_GET, QUERY, PUT_ITEM, UPDATE_ITEM, DELETE_ITEM],
    index_actions: &[QUERY],
    ..PLAIN
};

pub const LIST_UTM_TEMPLATES: Function = Function {
    name: "list-utm-templates",
    logical_id: "ListUtmTemplatesFunction",
    routes: &[
        service("GET", "/apiv1/utm-templates"),
        service("HEAD", "/apiv1/utm-templates"),
    ],
    table_actions: &[GET_ITEM, BATCH_GET, QUERY, UPDATE_ITEM],
    ..PLAIN
};

pub const CREATE_UTM_TEMPLATE: Function = Function {
    name: "create-utm-template",
    logical_id: "CreateUtmTemplateFunction",
    routes: &[service("POST", "/apiv1/utm-template/create")],
    table_actions: &[GET_ITEM, BATCH_GET, QUERY, PUT_ITEM, UPDATE_ITEM, CONDITION_CHECK],
    ..PLAIN
};

pub const DELETE_UTM_TEMPLATE: Function = Function {
    name: "delete-utm-template",
    logical_id: "DeleteUtmTemplateFunction",
    routes: &[service("DELETE", "/apiv1/utm-template/delete")],
    table_actions: &[GET_ITEM, BATCH_GET, QUERY, PUT_ITEM, UPDATE_ITEM, DELETE_ITEM],
    ..PLAIN
};

pub const LIST_WEBHOOKS: Function = Function {
    name: "list-webhooks",
    logical_id: "ListWebhooksFunction",
    routes: &[service("GET", "/apiv1/webhooks"), service("HEAD", "/apiv1/webhooks")],
    table_actions: &[GET_ITEM, BATCH_GET, QUERY, UPDATE_ITEM],
    ..PLAIN
};

/// Creating an endpoint resolves its host (public addresses only) before it is written.
pub const CREATE_WEBHOOK: Function = Function {
    name: "create-webhook",
    logical_id: "CreateWebhookFunction",
    routes: &[service("POST", "/apiv1/webhook/create")],
    table_actions: &[GET_ITEM, BATCH_GET, QUERY, PUT_ITEM, UPDATE_ITEM, CONDITION_CHECK],
    ..PLAIN
};

pub const UPDATE_WEBHOOK: Function = Function {
    name: "update-webhook",
    logical_id: "UpdateWebhookFunction",
    routes: &[service("PUT", "/apiv1/webhook/update")],
    table_actions: &[GET_ITEM, BATCH_GET, PUT_ITEM, UPDATE_ITEM],
    ..PLAIN
};

pub const DELETE_WEBHOOK: Function = Function {
    name: "delete-webhook",
    logical_id: "DeleteWebhookFunction",
    routes: &[service("DELETE", "/apiv1/webhook/delete")],
    table_actions: &[GET_ITEM, BATCH_GET, QUERY, PUT_ITEM, UPDATE_ITEM, DELETE_ITEM],
    ..PLAIN
};

pub const LIST_DOMAINS: Function = Function {
    name: "list-domains",
    logical_id: "ListDomainsFunction",
    routes: &[service("GET", "/apiv1/domains"), service("HEAD", "/apiv1/domains")],
    table_actions: &[GET_ITEM, BATCH_GET, UPDATE_ITEM],
    index_actions: &[QUERY],
    ..PLAIN
};

/// The scheduled re-check of every custom domain's TXT record (an EventBridge rule). Its one
/// `GetItem` is the cold start's connection warm-up.
pub const DOMAIN_CHECK: Function = Function {
    name: "domain-check",
    logical_id: "DomainCheckFunction",
    table_actions: &[GET_ITEM, QUERY, PUT_ITEM, UPDATE_ITEM],
    ..PLAIN
};

pub const CLICK_AGGREGATOR: Function = Function {
    name: "click-aggregator",
    logical_id: "ClickAggregatorFunction",
    table_actions: &[GET_ITEM, PUT_ITEM, UPDATE_ITEM],
    ..PLAIN
};

/// The table's second stream consumer: reads each workspace's webhook endpoints (a `Query`) and
/// queues deliveries (its SQS permission is the template's).
/// Importing a file: a dry run reads; an import writes the file, the job, the links (and any
/// tags they name) and hands the rest to the import queue.
pub const IMPORT_LINKS: Function = Function {
    name: "import-links",
    logical_id: "ImportLinksFunction",
    routes: &[service("POST", "/apiv1/links/import")],
    table_actions: &[GET_ITEM, BATCH_GET, QUERY, PUT_ITEM, UPDATE_ITEM, CONDITION_CHECK],
    index_actions: &[QUERY],
    limit: RateClass::Bulk,
    ..PLAIN
};

pub const GET_IMPORT: Function = Function {
    name: "get-import",
    logical_id: "GetImportFunction",
    routes: &[
        service("GET", "/apiv1/links/import"),
        service("HEAD", "/apiv1/links/import"),
    ],
    table_actions: &[GET_ITEM, BATCH_GET, QUERY, UPDATE_ITEM],
    ..PLAIN
};

/// Carries imports on from the import queue.
pub const IMPORT_WORKER: Function = Function {
    name: "import-worker",
    logical_id: "ImportWorkerFunction",
    table_actions: &[GET_ITEM, BATCH_GET, QUERY, PUT_ITEM, UPDATE_ITEM, CONDITION_CHECK],
    index_actions: &[QUERY],
    ..PLAIN
};

pub const EXPORT_LINKS: Function = Function {
    name: "export-links",
    logical_id: "ExportLinksFunction",
    routes: &[
        service("GET", "/apiv1/links/export"),
        service("HEAD", "/apiv1/links/export"),
    ],
    table_actions: &[GET_ITEM, BATCH_GET, QUERY, UPDATE_ITEM],
    index_actions: &[QUERY],
    limit: RateClass::Bulk,
    ..PLAIN
};

pub const EXPORT_CLICKS: Function = Function {
    name: "export-clicks",
    logical_id: "ExportClicksFunction",
    routes: &[
        service("GET", "/apiv1/clicks/export"),
        service("HEAD", "/apiv1/clicks/export"),
    ],
    table_actions: &[GET_ITEM, BATCH_GET, QUERY, UPDATE_ITEM],
    limit: RateClass::Bulk,
    ..PLAIN
};

pub const WEBHOOK_PRODUCER: Function = Function {
    name: "webhook-producer",
    logical_id: "WebhookProducerFunction",
    table_actions: &[QUERY],
    ..PLAIN
};

/// Delivers queued webhook events: reads the endpoint, logs the attempt, keeps its failing
/// streak.
pub const WEBHOOK_WORKER: Function = Function {
    name: "webhook-worker",
    logical_id: "WebhookWorkerFunction",
    table_actions: &[GET_ITEM, PUT_ITEM, UPDATE_ITEM],
    ..PLAIN
};

pub const REDIRECT: Function = Function {
    name: "redirect",
    logical_id: "RedirectFunction",
    routes: &[
        short_links("GET", "/{slug}"),
        short_links("HEAD", "/{slug}"),
        // The password a protected link's page posts.
        short_links("POST", "/{slug}"),
        // And everything else on a short domain: the app page's script (`/_sl/open.js`) and the
        // apps' files (`/.well-known/apple-app-site-association`, `/.well-known/assetlinks.json`).
        short_links("ANY", DEFAULT_ROUTE),
    ],
    table_actions: &[GET_ITEM, BATCH_GET, PUT_ITEM, UPDATE_ITEM],
    ..PLAIN
};

/// The conversion pixel and its site script on every short domain (`lib::redirect::pixel`):
/// reads the click a token names and its link, writes the conversion.
pub const CONVERSION_PIXEL: Function = Function {
    name: "conversion-pixel",
    logical_id: "ConversionPixelFunction",
    routes: &[
        short_links("GET", "/_sl/c"),
        short_links("HEAD", "/_sl/c"),
        short_links("GET", "/_sl/c.js"),
        short_links("HEAD", "/_sl/c.js"),
    ],
    // UpdateItem: the per-click count of pixel events, raised in the recording transaction.
    table_actions: &[GET_ITEM, PUT_ITEM, UPDATE_ITEM],
    ..PLAIN
};

/// The position a person shares on a link's location consent page, and that page's script, on
/// every short domain (`lib::redirect::location`): writes the position, reads nothing.
pub const VISITOR_LOCATION: Function = Function {
    name: "visitor-location",
    logical_id: "VisitorLocationFunction",
    routes: &[
        short_links("POST", "/_sl/location"),
        short_links("GET", "/_sl/location.js"),
        short_links("HEAD", "/_sl/location.js"),
    ],
    table_actions: &[PUT_ITEM],
    ..PLAIN
};

/// The account pages (sign-in, integrations, invitations, resets, the profile, sign-up): people's pages, not the API, so not in the
/// OpenAPI document.
pub const ACCOUNT: Function = Function {
    name: "account",
    logical_id: "AccountFunction",
    routes: &[service("ANY", "/account"), service("ANY", "/account/{proxy+}")],
    table_actions: &[
        GET_ITEM,
        BATCH_GET,
        QUERY,
        PUT_ITEM,
        UPDATE_ITEM,
        DELETE_ITEM,
        CONDITION_CHECK,
    ],
    index_actions: &[QUERY],
    ..PLAIN
};

/// The web app: the home page, and every page under `/app` (links, the editor, analytics).
pub const APP: Function = Function {
    name: "app",
    logical_id: "AppFunction",
    routes: &[
        service("ANY", "/"),
        service("ANY", "/app"),
        service("ANY", "/app/{proxy+}"),
    ],
    table_actions: &[
        GET_ITEM,
        BATCH_GET,
        QUERY,
        PUT_ITEM,
        UPDATE_ITEM,
        DELETE_ITEM,
        CONDITION_CHECK,
    ],
    index_actions: &[QUERY],
    ..PLAIN
};

/// The OAuth authorization server and the protected resource's metadata: discovery,
/// registration, the consent page, tokens and revocation, connected apps.
pub const OAUTH: Function = Function {
    name: "oauth",
    logical_id: "OAuthFunction",
    routes: &[
        service("GET", "/.well-known/oauth-authorization-server"),
        service("HEAD", "/.well-known/oauth-authorization-server"),
        service("GET", "/.well-known/oauth-protected-resource"),
        service("HEAD", "/.well-known/oauth-protected-resource"),
        service("GET", "/.well-known/oauth-protected-resource/apiv1/mcp"),
        service("HEAD", "/.well-known/oauth-protected-resource/apiv1/mcp"),
        service("ANY", "/oauth/{proxy+}"),
    ],
    table_actions: &[GET_ITEM, BATCH_GET, QUERY, PUT_ITEM, UPDATE_ITEM, DELETE_ITEM],
    index_actions: &[QUERY],
    ..PLAIN
};

pub const FALLBACK: Function = Function {
    name: "fallback",
    logical_id: "FallbackFunction",
    routes: &[service("ANY", DEFAULT_ROUTE)],
    ..PLAIN
};

/// Where the OpenAPI document is served.
pub const OPENAPI_PATH: &str = "/apiv1/openapi.json";
/// The API reference page.
pub const DOCS_PATH: &str = "/apiv1/docs";
/// The reference page's renderer (Redoc's standalone bundle).
pub const DOCS_SCRIPT_PATH: &str = "/apiv1/docs/redoc.standalone.js";

/// Every function of the template.
pub const FUNCTIONS: &[Function] = &[
    CREATE_LINK,
    REPORT_CONVERSION,
    UPDATE_LINK,
    DELETE_LINK,
    BULK_CREATE_LINKS,
    LIST_LINKS,
    GET_LINK,
    LINK_ANALYTICS,
    LINK_QR,
    WORKSPACE_ANALYTICS,
    LIST_TAGS,
    CREATE_TAG,
    UPDATE_TAG,
    DELETE_TAG,
    LIST_UTM_TEMPLATES,
    CREATE_UTM_TEMPLATE,
    DELETE_UTM_TEMPLATE,
    LIST_WEBHOOKS,
    CREATE_WEBHOOK,
    UPDATE_WEBHOOK,
    DELETE_WEBHOOK,
    WEBHOOK_PRODUCER,
    WEBHOOK_WORKER,
    IMPORT_LINKS,
    GET_IMPORT,
    IMPORT_WORKER,
    EXPORT_LINKS,
    EXPORT_CLICKS,
    LIST_DOMAINS,
    MCP,
    API_DOCS,
    CLICK_AGGREGATOR,
    DOMAIN_CHECK,
    REDIRECT,
    CONVERSION_PIXEL,
    VISITOR_LOCATION,
    ACCOUNT,
    APP,
    OAUTH,
    FALLBACK,
];

/// The function by its name.
pub fn function(name: &str) -> Option<&'static Function> {
    FUNCTIONS.iter().find(|f| f.name == name)
}

mod routes;

pub use routes::{Matched, allowed_methods, default_route, find, find_route};

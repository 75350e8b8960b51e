//! The OpenAPI 3.1 document of the HTTP API, the visitor door and the MCP endpoint's HTTP
//! surface, generated from the code: its structure with `utoipa`, its schemas from the wire
//! and result types (schemars, as the MCP tool schemas), its failures from the HTTP door's own
//! error mapping. The `api-docs` function serves it; `docs/openapi.json` is a copy
//! (`cargo run -q -p linkctl -- openapi > docs/openapi.json`) a test keeps current, and another
//! holds its routes to the manifest's.

mod answers;
mod catalogue;
mod components;
mod conversions;
mod imports;
mod links;
mod locations;
mod operation;
pub mod page;
mod surfaces;
mod utm_templates;
mod visitor_door;
mod webhooks;

use std::sync::LazyLock;

use serde_json::Value;
use utoipa::openapi::path::{HttpMethod, Operation, PathItem, PathsBuilder};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityRequirement, SecurityScheme};
use utoipa::openapi::tag::TagBuilder;
use utoipa::openapi::{ComponentsBuilder, InfoBuilder, OpenApiBuilder, ServerBuilder};

use crate::http::ErrorBody;
use crate::manifest;
use answers::Shape;
use components::Schemas;

const DESCRIPTION: &str = "Smart links: short links whose destination is chosen per visitor by ordered routing \
rules or a weighted A/B split, with click analytics, driven over this HTTP API and an MCP endpoint.

**Authentication.** Every `/apiv1` endpoint but this document and its reference page takes the `X-Api-Key` \
header; `workspaceId` goes in the JSON body (`POST`, `PUT`, `DELETE`) or the query string (`GET`).

**Errors.** Every failure is `{ \"error\": \"<sentence>\", \"field\"?: \"<path>\" }` with the status listed \
for it; a 500 carries only `requestId`, which is in our logs.

**Rate limits.** Every request of a key is counted per minute (a fixed window): per key in each workspace, \
for bulk creates and analytics reads of the key, and per workspace. Answers carry `RateLimit-Policy` and \
`RateLimit`; over a limit the answer is 429 with `Retry-After`. A workspace's plan may set its own limits.

**Retries.** Create, bulk create, update and delete take an `Idempotency-Key` header: a retry with the same key \
and body gets the first answer again (`Idempotent-Replayed: true`) and the work is done once.";

/// Whether the document describes a route: the HTTP API under `/apiv1`, the short domains
/// and the MCP function's URL; not the `$default` routes, nor the pages for people (`/account`).
pub fn describes(route: &manifest::Route) -> bool {
    route.path != manifest::DEFAULT_ROUTE
        && match route.api {
            manifest::Api::Service => route.path.starts_with("/apiv1/"),
            manifest::Api::ShortLinks | manifest::Api::FunctionUrl => true,
        }
}

/// The document, built once per process.
static DOCUMENT: LazyLock<Value> = LazyLock::new(build);

/// The document as JSON.
pub fn document() -> &'static Value {
    &DOCUMENT
}

/// The document as `docs/openapi.json` holds it: pretty JSON and a final newline.
pub fn pretty() -> String {
    let mut text = serde_json::to_string_pretty(document()).expect("the document encodes as JSON");
    text.push('\n');
    text
}

/// What builds one operation in its full (`GET`) or `HEAD` shape.
type Builder = fn(Shape) -> Operation;

/// A path served on the short domains (its own server), not the API's host.
fn on_short_domains(mut path: PathItem) -> PathItem {
    path.servers = Some(vec![surfaces::short_domain_server()]);
    path
}

fn item(operations: Vec<(HttpMethod, Operation)>) -> PathItem {
    let mut item = PathItem::default();
    for (method, operation) in operations {
        match method {
            HttpMethod::Get => item.get = Some(operation),
            HttpMethod::Head => item.head = Some(operation),
            HttpMethod::Post => item.post = Some(operation),
            HttpMethod::Put => item.put = Some(operation),
            HttpMethod::Delete => item.delete = Some(operation),
            _ => panic!("no route uses this method"),
        }
    }
    item
}

fn method_of(route: &manifest::Route) -> HttpMethod {
    match route.method {
        "GET" => HttpMethod::Get,
        "HEAD" => HttpMethod::Head,
        "POST" => HttpMethod::Post,
        "PUT" => HttpMethod::Put,
        "DELETE" => HttpMethod::Delete,
        other => panic!("no operation for {other}"),
    }
}

fn build() -> Value {
    let mut schemas = Schemas::new();
    let mut paths = PathsBuilder::new();
    let mut operations = links::operations(&mut schemas);
    operations.extend(conversions::operations(&mut schemas));
    operations.extend(catalogue::operations(&mut schemas));
    operations.extend(utm_templates::operations(&mut schemas));
    operations.extend(webhooks::operations(&mut schemas));
    operations.extend(imports::operations(&mut schemas));
    for (function, op) in operations {
        let Some(first) = function.routes.first() else {
            continue;
        };
        let operations = function
            .routes
            .iter()
            .map(|route| {
                let shape = if route.method == "HEAD" {
                    Shape::Head
                } else {
                    Shape::Full
                };
                (method_of(route), op.build(shape))
            })
            .collect();
        paths = paths.path(first.path, item(operations));
    }
    let mcp_path = manifest::MCP.routes[0].path;
    let function_url_path = manifest::MCP.routes[1].path;
    paths = paths.path(mcp_path, surfaces::mcp(&mut schemas, "mcp", None));
    paths = paths.path(
        function_url_path,
        surfaces::mcp(
            &mut schemas,
            "mcpFunctionUrl",
            Some(vec![surfaces::function_url_server()]),
        ),
    );
    // The short domains' operations: the visitor door (`GET`, `HEAD` and a password page's
    // `POST`), `GET` and `HEAD` of one builder each, and the position a consent page posts.
    let door = item(vec![
        (HttpMethod::Get, visitor_door::visit(Shape::Full)),
        (HttpMethod::Head, visitor_door::visit(Shape::Head)),
        (HttpMethod::Post, visitor_door::unlock()),
    ]);
    paths = paths.path(manifest::REDIRECT.routes[0].path, on_short_domains(door));
    let readable: [(&str, Builder); 3] = [
        (manifest::CONVERSION_PIXEL.routes[0].path, conversions::conversion_pixel),
        (
            manifest::CONVERSION_PIXEL.routes[2].path,
            conversions::conversion_script,
        ),
        (manifest::VISITOR_LOCATION.routes[1].path, locations::location_script),
    ];
    for (path, operation) in readable {
        let operations = vec![
            (HttpMethod::Get, operation(Shape::Full)),
            (HttpMethod::Head, operation(Shape::Head)),
        ];
        paths = paths.path(path, on_short_domains(item(operations)));
    }
    let share = item(vec![(HttpMethod::Post, locations::share_position(&mut schemas))]);
    paths = paths.path(manifest::VISITOR_LOCATION.routes[0].path, on_short_domains(share));
    let reference = [
        (
            manifest::OPENAPI_PATH,
            "getOpenApi",
            "This OpenAPI document.",
            "application/json",
            "object",
        ),
        (
            manifest::DOCS_PATH,
            "getApiReference",
            "The API reference page (this document, rendered).",
            "text/html",
            "string",
        ),
        (
            manifest::DOCS_SCRIPT_PATH,
            "getApiReferenceScript",
            "The reference page's renderer (Redoc's standalone bundle).",
            "text/javascript",
            "string",
        ),
    ];
    for (path, id, summary, media_type, schema) in reference {
        paths = paths.path(
            path,
            item(vec![
                (
                    HttpMethod::Get,
                    surfaces::reference(id, summary, media_type, schema, Shape::Full),
                ),
                (
                    HttpMethod::Head,
                    surfaces::reference(id, summary, media_type, schema, Shape::Head),
                ),
            ]),
        );
    }
    schemas.output::<ErrorBody>();
    let mut components = ComponentsBuilder::new().security_scheme(
        "ApiKey",
        SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
            "X-Api-Key",
            "An API key with HTTP API access (for the MCP endpoint: with MCP scopes). `linkctl key create` makes one; a new key invalidates the previous one at once.",
        ))),
    );
    for (name, header) in components::headers() {
        components = components.header(name, header);
    }
    let document = OpenApiBuilder::new()
        .info(
            InfoBuilder::new()
                .title("Smart links API")
                .version(env!("CARGO_PKG_VERSION"))
                .description(Some(DESCRIPTION))
                .build(),
        )
        .servers(Some(vec![
            ServerBuilder::new()
                .url("/")
                .description(Some("The API's own origin (where this document is served)"))
                .build(),
        ]))
        .paths(paths.build())
        .components(Some(components.build()))
        .security(Some(vec![SecurityRequirement::new("ApiKey", Vec::<String>::new())]))
        .tags(Some(
            [
                ("Links", "Create, read, change and delete links."),
                ("Analytics", "Clicks per link and per workspace, by day and dimension."),
                (
                    "Tags and domains",
                    "The workspace's tags, and the domains its links may use.",
                ),
                (
                    "UTM templates",
                    "Named sets of the five UTM fields a link's `utm` can be filled from.",
                ),
                (
                    "Webhooks",
                    "Endpoints told of links created, changed, deleted and clicked, signed as Standard Webhooks says.",
                ),
                (
                    "MCP",
                    "The MCP endpoint's HTTP surface (the protocol itself: `tools/list`).",
                ),
                ("Short links", "The visitor door on the short domains."),
                ("Reference", "This document and its reference page."),
            ]
            .into_iter()
            .map(|(name, description)| TagBuilder::new().name(name).description(Some(description)).build())
            .collect::<Vec<_>>(),
        ))
        .build();
    let mut value = serde_json::to_value(document).expect("the document encodes as JSON");
    let defined = schemas.finish();
    value["components"]["schemas"] = Value::Object(defined);
    value
}

#[cfg(test)]
mod tests;

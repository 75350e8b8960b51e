//! The operations outside the link API: the MCP endpoint's HTTP surface, the short domains'
//! server, and this document with its reference page.

use utoipa::openapi::example::ExampleBuilder;
use utoipa::openapi::path::{HttpMethod, Operation, OperationBuilder, Parameter, ParameterBuilder, ParameterIn};
use utoipa::openapi::security::SecurityRequirement;
use utoipa::openapi::server::{ServerBuilder, ServerVariableBuilder};
use utoipa::openapi::{ContentBuilder, PathItem, RefOr, Required, Response, ResponseBuilder, Server};

use super::answers::{Shape, rate_limited, with_rate_headers};
use super::components::{Schemas, header_ref, inline, json_body, text_header};
use crate::mcp::errors::{RpcErrorMessage, to_rpc};
use crate::service::ServiceError;

pub(super) fn text_schema(kind: &str) -> RefOr<utoipa::openapi::Schema> {
    inline(serde_json::json!({ "type": kind }))
}

/// One of several schemas.
fn one_of(schemas: Vec<RefOr<utoipa::openapi::Schema>>) -> RefOr<utoipa::openapi::Schema> {
    let list: Vec<serde_json::Value> = schemas
        .into_iter()
        .map(|s| serde_json::to_value(s).expect("a schema encodes as JSON"))
        .collect();
    inline(serde_json::json!({ "oneOf": list }))
}

fn header_parameter(name: &str, description: &str) -> Parameter {
    ParameterBuilder::new()
        .name(name)
        .parameter_in(ParameterIn::Header)
        .required(Required::False)
        .description(Some(description))
        .schema(Some(text_schema("string")))
        .build()
}

/// A JSON-RPC error answer of the MCP endpoint, with examples built by the door's own error
/// mapping where the failure is a service failure.
fn rpc_error(schemas: &mut Schemas, description: &str, examples: Vec<ServiceError>) -> ResponseBuilder {
    let mut content = ContentBuilder::new().schema(Some(schemas.output::<RpcErrorMessage>()));
    content = content.examples_from_iter(examples.iter().map(|err| {
        let rpc = to_rpc(err, "Jm5ZxhHAoAMEbqA=");
        let body = crate::mcp::errors::message(&serde_json::json!(1), rpc.code.0, &rpc.message, rpc.data);
        let name = format!("code{}", -rpc.code.0);
        (
            name,
            ExampleBuilder::new()
                .summary(rpc.message.to_string())
                .value(Some(body))
                .build(),
        )
    }));
    with_rate_headers(ResponseBuilder::new().description(description), false)
        .content("application/json", content.build())
}

/// `POST` on the MCP endpoint (`path`), and `GET`/`DELETE`, which it refuses.
pub fn mcp(schemas: &mut Schemas, id: &str, servers: Option<Vec<Server>>) -> PathItem {
    let unauthorized = rpc_error(
        schemas,
        "No API key, or one that matches none. `WWW-Authenticate` names the protected-resource metadata.",
        vec![ServiceError::MissingApiKey, ServiceError::InvalidApiKey],
    )
    .header(
        "WWW-Authenticate",
        text_header("`Bearer resource_metadata=\"<origin>/.well-known/oauth-protected-resource/mcp\"`"),
    );
    let forbidden = rpc_error(
        schemas,
        "A foreign `Origin`, a key without MCP scopes, a workspace the key's user is not in, an expired licence, or a workspace the operator suspended.",
        vec![
            ServiceError::NoMcpAccess,
            ServiceError::NoWorkspaceAccess,
            ServiceError::LicenseExpired,
            ServiceError::WorkspaceSuspended("the operator's reason.".into()),
        ],
    );
    let not_found = rpc_error(
        schemas,
        "The workspace named does not exist; under the 2026-07-28 revision also an unknown method; or another path.",
        vec![ServiceError::WorkspaceNotFound],
    );
    let limited = rpc_error(
        schemas,
        "A rate limit is reached; retry after `Retry-After` seconds.",
        vec![rate_limited()],
    )
    .header_ref("Retry-After", header_ref("Retry-After"));
    let plain = |schemas: &mut Schemas, description: &str| rpc_error(schemas, description, Vec::new()).build();
    let responses: Vec<(&str, Response)> = vec![
        (
            "200",
            with_rate_headers(
                ResponseBuilder::new().description("The JSON-RPC answer (always JSON, never a stream)."),
                false,
            )
            .content(
                "application/json",
                ContentBuilder::new()
                    .schema(Some(one_of(vec![
                        schemas.output::<rmcp::model::JsonRpcResponse>(),
                        schemas.output::<rmcp::model::JsonRpcError>(),
                    ])))
                    .build(),
            )
            .build(),
        ),
        (
            "202",
            with_rate_headers(
                ResponseBuilder::new().description("A notification was accepted (no body)."),
                false,
            )
            .build(),
        ),
        (
            "400",
            plain(
                schemas,
                "Not one JSON-RPC request (unparseable, a batch, a response, a bad id), an unsupported \
                 `MCP-Protocol-Version`, or headers that disagree with the body (2026-07-28).",
            ),
        ),
        ("401", unauthorized.build()),
        ("403", forbidden.build()),
        ("404", not_found.build()),
        ("406", plain(schemas, "`Accept` admits no JSON.")),
        ("413", plain(schemas, "The body is over 1 MiB.")),
        ("429", limited.build()),
    ];
    let mut post = OperationBuilder::new()
        .operation_id(Some(id.to_string()))
        .tag("MCP")
        .summary(Some("Send an MCP message"))
        .description(Some(
            "One JSON-RPC request or notification per request (stateless streamable HTTP; every revision from \
             2024-11-05 to 2026-07-28); which methods and params are MCP's, and the tools, their arguments and \
             results are described by `tools/list`. The key needs MCP \
             scopes; every message counts against the key's rate limit, a tool call against its workspace's too.",
        ))
        .parameters(Some(vec![
            header_parameter(
                "X-Workspace-Id",
                "The workspace tool calls act in, unless an argument names one.",
            ),
            header_parameter("MCP-Protocol-Version", "The protocol revision the client speaks."),
            header_parameter("Mcp-Method", "2026-07-28: the message's method, mirrored."),
            header_parameter("Mcp-Name", "2026-07-28: the tool a `tools/call` names, mirrored."),
            ParameterBuilder::new()
                .name("workspaceId")
                .parameter_in(ParameterIn::Query)
                .required(Required::False)
                .description(Some(
                    "The workspace tool calls act in, when neither an argument nor the header names one.",
                ))
                .schema(Some(text_schema("string")))
                .build(),
        ]))
        .request_body(Some(json_body(
            one_of(vec![
                schemas.output::<rmcp::model::JsonRpcRequest<rmcp::model::CustomRequest>>(),
                schemas.output::<rmcp::model::JsonRpcNotification<rmcp::model::CustomNotification>>(),
            ]),
            None,
        )))
        .security(SecurityRequirement::new("ApiKey", Vec::<String>::new()));
    for (status, response) in responses {
        post = post.response(status, response);
    }
    let refused = |schemas: &mut Schemas, method: &str| -> Operation {
        OperationBuilder::new()
            .operation_id(Some(format!("{id}{method}")))
            .tag("MCP")
            .summary(Some(format!("{method} (refused)")))
            .description(Some(
                "The endpoint answers only `POST`: no event stream, no sessions to end.",
            ))
            .security(SecurityRequirement::default())
            .response(
                "405",
                rpc_error(schemas, "Only `POST` is answered.", Vec::new())
                    .header("Allow", text_header("`POST`"))
                    .build(),
            )
            .build()
    };
    let mut item = PathItem::new(HttpMethod::Post, post.build());
    item.get = Some(refused(schemas, "Get"));
    item.delete = Some(refused(schemas, "Delete"));
    item.servers = servers;
    item
}

/// The MCP function's own URL.
pub fn function_url_server() -> Server {
    ServerBuilder::new()
        .url("https://{urlId}.lambda-url.{region}.on.aws")
        .description(Some("The `mcp` function's own URL (the `McpFunctionUrl` stack output)"))
        .parameter(
            "urlId",
            ServerVariableBuilder::new().default_value("abcdefghijklmnopqrstuvwxyz0123456"),
        )
        .parameter("region", ServerVariableBuilder::new().default_value("us-east-1"))
        .build()
}

/// The short domains' server.
pub fn short_domain_server() -> Server {
    ServerBuilder::new()
        .url("https://{domain}")
        .description(Some("A short domain: the default one or a verified custom domain"))
        .parameter("domain", ServerVariableBuilder::new().default_value("sl.example.com"))
        .build()
}

/// A public, unauthenticated document of the `api-docs` function.
pub fn reference(id: &str, summary: &str, media_type: &str, schema: &str, shape: Shape) -> Operation {
    let mut ok = ResponseBuilder::new().description(summary);
    if shape == Shape::Full {
        ok = ok.content(
            media_type,
            ContentBuilder::new().schema(Some(text_schema(schema))).build(),
        );
    }
    let id = match shape {
        Shape::Full => id.to_string(),
        Shape::Head => format!("{id}Head"),
    };
    OperationBuilder::new()
        .operation_id(Some(id))
        .tag("Reference")
        .summary(Some(summary))
        .description(Some("Public: no API key, not rate-limited."))
        .security(SecurityRequirement::default())
        .response("200", ok.build())
        .build()
}

//! The MCP endpoint's wire rules, both protocol eras, authentication, scopes and workspace
//! selection.

use lib::admin::NewWorkspace;
use lib::domain::Scope;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::spawn_app;
use crate::mcp_support::{MODERN, link, tool_names};

const ALL_TOOLS: [&str; 27] = [
    "list_links",
    "get_link",
    "get_link_qr",
    "create_link",
    "update_link",
    "delete_link",
    "bulk_create_links",
    "get_link_analytics",
    "get_workspace_analytics",
    "list_tags",
    "create_tag",
    "update_tag",
    "delete_tag",
    "list_utm_templates",
    "create_utm_template",
    "delete_utm_template",
    "list_domains",
    "plan_import",
    "import_links",
    "get_import",
    "export_links",
    "export_clicks",
    "list_webhooks",
    "create_webhook",
    "update_webhook",
    "delete_webhook",
    "report_conversion",
];

// ----- wire rules -----

#[tokio::test]
async fn get_is_405_with_allow_post() {
    let app = spawn_app().await;
    let answer = app.mcp_raw(Method::GET, &[("accept", "text/event-stream")], None).await;
    assert_eq!(answer.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(answer.headers["allow"], "POST");
}

#[tokio::test]
async fn delete_is_405_with_allow_post() {
    let app = spawn_app().await;
    let answer = app.mcp_raw(Method::DELETE, &[("mcp-session-id", "abc")], None).await;
    assert_eq!(answer.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(answer.headers["allow"], "POST");
}

#[tokio::test]
async fn a_batch_is_400_invalid_request() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let body =
        json!([{ "jsonrpc": "2.0", "id": 1, "method": "ping" }, { "jsonrpc": "2.0", "id": 2, "method": "ping" }]);
    let answer = app
        .mcp_raw(Method::POST, &[("x-api-key", &ws.mcp_key)], Some(body.to_string()))
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert_eq!(answer.error().0, -32600);
    assert_eq!(answer.body["id"], Value::Null);
    assert_eq!(answer.content_type(), Some("application/json"));
}

#[tokio::test]
async fn a_json_message_the_sdk_cannot_read_is_400_not_415() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    for body in [
        json!({ "jsonrpc": "2.0", "method": "", "params": 0 }),
        json!({ "jsonrpc": "2.0", "id": 3, "method": "tools/list", "params": "all" }),
    ] {
        let answer = app
            .mcp_raw(Method::POST, &[("x-api-key", &ws.mcp_key)], Some(body.to_string()))
            .await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{body}: {}", answer.body);
        assert_eq!(answer.error().0, -32600);
        assert_eq!(answer.content_type(), Some("application/json"));
    }
}

#[tokio::test]
async fn unparseable_json_is_400_parse_error() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = app
        .mcp_raw(
            Method::POST,
            &[("x-api-key", &ws.mcp_key)],
            Some("{\"jsonrpc\": \"2.0\", ".into()),
        )
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert_eq!(answer.error().0, -32700);
    assert_eq!(answer.body["jsonrpc"], "2.0");
}

#[tokio::test]
async fn an_unknown_method_is_method_not_found_with_the_same_id() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let body = json!({ "jsonrpc": "2.0", "id": "x-9", "method": "resources/subscribe",
        "params": { "uri": "ui://smartlinks/analytics.html" } });
    let answer = app
        .mcp_raw(Method::POST, &[("x-api-key", &ws.mcp_key)], Some(body.to_string()))
        .await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.body["id"], "x-9");
    assert_eq!(answer.error(), (-32601, "Method not found: resources/subscribe."));
}

#[tokio::test]
async fn an_unknown_method_in_the_stateless_era_is_a_404_method_not_found() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = app.mcp_modern(&ws.mcp_key, "ping", json!({})).await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
    assert_eq!(answer.error().0, -32601);
    assert_eq!(answer.body["id"], "m-1");
}

#[tokio::test]
async fn a_foreign_origin_is_403() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = app
        .mcp_with(&ws.mcp_key, &[("origin", "https://evil.example")], "ping", json!({}))
        .await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);
    assert_eq!(answer.error().0, -31403);
}

#[tokio::test]
async fn the_endpoints_own_origin_is_allowed() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = app
        .mcp_with(&ws.mcp_key, &[("origin", &app.address)], "ping", json!({}))
        .await;
    assert_eq!(answer.status, StatusCode::OK);
}

#[tokio::test]
async fn a_request_is_answered_200_json_with_its_own_id_even_when_sse_is_preferred() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let body = json!({ "jsonrpc": "2.0", "id": "abc-1", "method": "ping" });
    let answer = app
        .mcp_raw(
            Method::POST,
            &[
                ("x-api-key", &ws.mcp_key),
                ("accept", "text/event-stream, application/json;q=0.5"),
            ],
            Some(body.to_string()),
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.content_type(), Some("application/json"));
    assert_eq!(answer.body, json!({ "jsonrpc": "2.0", "id": "abc-1", "result": {} }));
    assert!(answer.headers.get("mcp-session-id").is_none());
}

#[tokio::test]
async fn a_client_that_does_not_accept_json_is_406_with_a_json_rpc_error() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let body = json!({ "jsonrpc": "2.0", "id": "abc-2", "method": "ping" });
    let answer = app
        .mcp_raw(
            Method::POST,
            &[("x-api-key", &ws.mcp_key), ("accept", "text/event-stream")],
            Some(body.to_string()),
        )
        .await;
    assert_eq!(answer.status, StatusCode::NOT_ACCEPTABLE);
    assert_eq!(answer.error().0, -32600);
    assert_eq!(answer.body["id"], "abc-2");
}

#[tokio::test]
async fn a_notification_is_202_without_a_body() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let body = json!({ "jsonrpc": "2.0", "method": "notifications/initialized" });
    let answer = app
        .mcp_raw(Method::POST, &[("x-api-key", &ws.mcp_key)], Some(body.to_string()))
        .await;
    assert_eq!(answer.status, StatusCode::ACCEPTED);
    assert_eq!(answer.body, Value::String(String::new()));
}

#[tokio::test]
async fn initialize_echoes_a_supported_version_and_explains_workspace_selection() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    for version in ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"] {
        let answer = app
            .mcp(
                &ws.mcp_key,
                "initialize",
                json!({ "protocolVersion": version, "capabilities": {}, "clientInfo": { "name": "t", "version": "1" } }),
            )
            .await;
        let result = &answer.body["result"];
        assert_eq!(result["protocolVersion"], version);
        assert_eq!(result["capabilities"]["tools"], json!({ "listChanged": false }));
        assert_eq!(result["serverInfo"]["name"], "smartlinks");
        assert!(result["instructions"].as_str().unwrap().contains("workspaceId"));
    }
}

#[tokio::test]
async fn initialize_with_an_unknown_version_gets_the_newest_handshake_version() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = app
        .mcp(
            &ws.mcp_key,
            "initialize",
            json!({ "protocolVersion": "2030-01-01", "capabilities": {}, "clientInfo": { "name": "t", "version": "1" } }),
        )
        .await;
    assert_eq!(answer.body["result"]["protocolVersion"], "2025-11-25");
}

#[tokio::test]
async fn an_unsupported_protocol_version_header_is_400() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = app
        .mcp_with(
            &ws.mcp_key,
            &[("mcp-protocol-version", "2023-01-01")],
            "tools/list",
            json!({}),
        )
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert_eq!(answer.error().0, -32022);
    assert_eq!(answer.body["error"]["data"]["requested"], "2023-01-01");
}

#[tokio::test]
async fn a_supported_protocol_version_header_is_accepted() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = app
        .mcp_with(
            &ws.mcp_key,
            &[("mcp-protocol-version", "2025-06-18")],
            "tools/list",
            json!({}),
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(tool_names(&answer).len(), ALL_TOOLS.len());
}

// ----- the stateless 2026-07-28 era -----

#[tokio::test]
async fn server_discover_lists_versions_capabilities_and_identity() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = app.mcp_modern(&ws.mcp_key, "server/discover", json!({})).await;
    assert_eq!(answer.status, StatusCode::OK);
    let result = &answer.body["result"];
    assert_eq!(result["resultType"], "complete");
    assert_eq!(
        result["supportedVersions"],
        json!(["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"])
    );
    assert_eq!(
        result["capabilities"],
        json!({ "tools": { "listChanged": false }, "resources": { "listChanged": false, "subscribe": false },
            "prompts": { "listChanged": false }, "completions": {},
            "extensions": { "io.modelcontextprotocol/tasks": {} } })
    );
    // The revision's DiscoverResult names the server in `_meta`, as every stateless result does.
    assert_eq!(
        result["_meta"]["io.modelcontextprotocol/serverInfo"]["name"],
        "smartlinks"
    );
    assert!(result["ttlMs"].as_u64().is_some());
    assert_eq!(result["cacheScope"], "public");
    assert!(result["instructions"].as_str().unwrap().contains("workspaceId"));
}

#[tokio::test]
async fn stateless_results_carry_result_type_cache_hints_and_server_info() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = app.mcp_modern(&ws.mcp_key, "tools/list", json!({})).await;
    let result = &answer.body["result"];
    assert_eq!(result["resultType"], "complete");
    assert_eq!(result["cacheScope"], "private");
    assert!(result["ttlMs"].as_u64().is_some());
    assert_eq!(
        result["_meta"]["io.modelcontextprotocol/serverInfo"]["name"],
        "smartlinks"
    );
    assert_eq!(tool_names(&answer), ALL_TOOLS);
}

#[tokio::test]
async fn a_stateless_request_without_mirrored_headers_is_a_400_header_mismatch() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let body = json!({ "jsonrpc": "2.0", "id": 5, "method": "tools/list", "params": { "_meta": {
        "io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientCapabilities": {} } } });
    let answer = app
        .mcp_raw(Method::POST, &[("x-api-key", &ws.mcp_key)], Some(body.to_string()))
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert_eq!(answer.error().0, -32020);
    assert_eq!(answer.body["id"], 5);
}

#[tokio::test]
async fn a_stateless_request_for_an_unknown_version_is_a_400_listing_the_supported_ones() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let body = json!({ "jsonrpc": "2.0", "id": 5, "method": "server/discover", "params": { "_meta": {
        "io.modelcontextprotocol/protocolVersion": "2099-01-01", "io.modelcontextprotocol/clientCapabilities": {} } } });
    let answer = app
        .mcp_raw(
            Method::POST,
            &[
                ("x-api-key", &ws.mcp_key),
                ("mcp-protocol-version", "2099-01-01"),
                ("mcp-method", "server/discover"),
            ],
            Some(body.to_string()),
        )
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert_eq!(answer.error().0, -32022);
    assert_eq!(answer.body["error"]["data"]["supported"][0], MODERN);
}

#[tokio::test]
async fn a_stateless_tool_call_works_without_initialize() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = app
        .mcp_modern(
            &ws.mcp_key,
            "tools/call",
            json!({ "name": "create_link", "arguments": { "workspaceId": ws.id, "name": "Modern", "rules": link("x")["rules"] } }),
        )
        .await;
    assert_eq!(answer.body["result"]["resultType"], "complete");
    assert_eq!(answer.structured()["message"], "Link \"Modern\" created.");
}

// ----- authentication (HTTP-level, with a JSON-RPC error body) -----

#[tokio::test]
async fn a_missing_key_is_401_with_a_bearer_challenge() {
    let app = spawn_app().await;
    let body = json!({ "jsonrpc": "2.0", "id": 3, "method": "tools/list" });
    let answer = app.mcp_raw(Method::POST, &[], Some(body.to_string())).await;
    assert_eq!(answer.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        answer.headers["www-authenticate"],
        format!(
            "Bearer resource_metadata=\"{}/.well-known/oauth-protected-resource/apiv1/mcp\"",
            app.address
        )
    );
    assert_eq!(answer.body["id"], 3);
    assert_eq!(
        answer.error(),
        (-31401, "API key is required. Pass it in the X-Api-Key header.")
    );
}

#[tokio::test]
async fn an_invalid_key_is_401() {
    let app = spawn_app().await;
    let answer = app.mcp("slk_not-a-key", "tools/list", json!({})).await;
    assert_eq!(answer.status, StatusCode::UNAUTHORIZED);
    assert_eq!(answer.error(), (-31401, "Invalid API key."));
    assert!(answer.headers.contains_key("www-authenticate"));
}

#[tokio::test]
async fn a_key_without_mcp_is_403() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let answer = app.mcp(&ws.key, "tools/list", json!({})).await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);
    assert_eq!(answer.error(), (-31403, "This API key has no MCP scopes enabled."));
}

#[tokio::test]
async fn a_key_with_mcp_enabled_but_no_scope_is_403() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace_with(&[]).await;
    let answer = app
        .mcp(&ws.mcp_key, "initialize", json!({ "protocolVersion": "2025-11-25" }))
        .await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);
    assert_eq!(answer.error().0, -31403);
}

#[tokio::test]
async fn an_mcp_only_key_cannot_use_the_http_api() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let key = app.key_for(&ws.http.owner, false, Some(vec![Scope::LinksRead])).await;
    let (status, body) = app
        .call(
            Method::POST,
            "/apiv1/link/create",
            &key,
            json!({ "workspaceId": ws.id, "name": "n", "url": "https://e.com" }),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(body["error"], "This API key has no HTTP API access.");
    assert_eq!(app.mcp(&key, "tools/list", json!({})).await.status, StatusCode::OK);
}

#[tokio::test]
async fn an_unknown_workspace_is_404() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = app
        .tool(
            &ws.mcp_key,
            "list_links",
            json!({ "workspaceId": "64656d6f00000000000000ff" }),
        )
        .await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
    assert_eq!(answer.error(), (-31404, "Workspace not found."));
    assert_eq!(answer.body["id"], 1);
}

#[tokio::test]
async fn a_workspace_of_someone_else_is_403() {
    let app = spawn_app().await;
    let mine = app.mcp_workspace().await;
    let theirs = app.mcp_workspace().await;
    let answer = app
        .tool(&mine.mcp_key, "list_links", json!({ "workspaceId": theirs.id }))
        .await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);
    assert_eq!(answer.error(), (-31403, "You do not have access to this workspace."));
}

#[tokio::test]
async fn a_workspace_whose_licence_expired_is_403() {
    let app = spawn_app().await;
    let ws = app
        .workspace_with(NewWorkspace {
            license_expires: Some("2020-01-01T00:00:00Z".parse().unwrap()),
            ..Default::default()
        })
        .await;
    let key = app.key_for(&ws.owner, false, Some(Scope::ALL.to_vec())).await;
    let answer = app.tool(&key, "list_links", json!({ "workspaceId": ws.id })).await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);
    assert_eq!(answer.error(), (-31403, "The workspace license has expired."));
    assert_eq!(answer.body["error"]["data"]["licenseExpired"], true);
}

#[tokio::test]
async fn a_malformed_workspace_id_is_invalid_params() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = app
        .tool(&ws.mcp_key, "list_links", json!({ "workspaceId": "nope" }))
        .await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.error(), (-32602, "Invalid workspaceId format."));
}

// ----- scopes -----

#[tokio::test]
async fn tools_list_shows_every_tool_to_a_key_with_every_scope() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = app.mcp(&ws.mcp_key, "tools/list", json!({})).await;
    assert_eq!(tool_names(&answer), ALL_TOOLS);
    for tool in answer.body["result"]["tools"].as_array().unwrap() {
        assert!(tool["title"].is_string() && tool["description"].is_string(), "{tool}");
        assert_eq!(tool["inputSchema"]["type"], "object");
        assert_eq!(tool["inputSchema"]["additionalProperties"], false);
        assert_eq!(tool["outputSchema"]["type"], "object");
    }
}

#[tokio::test]
async fn tool_schemas_declare_json_schema_2020_12_over_the_wire() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = app.mcp(&ws.mcp_key, "tools/list", json!({})).await;
    for tool in answer.body["result"]["tools"].as_array().unwrap() {
        for schema in [&tool["inputSchema"], &tool["outputSchema"]] {
            assert_eq!(
                schema["$schema"], "https://json-schema.org/draft/2020-12/schema",
                "{tool}"
            );
        }
    }
}

#[tokio::test]
async fn each_scope_shows_exactly_its_tools() {
    let app = spawn_app().await;
    let expected: [(Scope, &[&str]); 5] = [
        (
            Scope::LinksRead,
            &[
                "list_links",
                "get_link",
                "get_link_qr",
                "list_tags",
                "list_utm_templates",
                "list_domains",
                "export_links",
                "list_webhooks",
            ],
        ),
        (
            Scope::LinksWrite,
            &[
                "create_link",
                "update_link",
                "create_tag",
                "update_tag",
                "create_utm_template",
                "report_conversion",
            ],
        ),
        (
            Scope::LinksDelete,
            &["delete_link", "delete_tag", "delete_utm_template", "delete_webhook"],
        ),
        (
            Scope::LinksBulk,
            &["bulk_create_links", "plan_import", "import_links", "get_import"],
        ),
        (
            Scope::AnalyticsRead,
            &["get_link_analytics", "get_workspace_analytics", "export_clicks"],
        ),
    ];
    for (scope, tools) in expected {
        let ws = app.mcp_workspace_with(&[scope]).await;
        let answer = app.mcp(&ws.mcp_key, "tools/list", json!({})).await;
        assert_eq!(tool_names(&answer), tools, "{scope:?}");
    }
    // The tools that send events to a URL the caller picks need both.
    let ws = app.mcp_workspace_with(&[Scope::LinksWrite, Scope::AnalyticsRead]).await;
    let names = tool_names(&app.mcp(&ws.mcp_key, "tools/list", json!({})).await);
    assert!(names.contains(&"create_webhook".to_string()) && names.contains(&"update_webhook".to_string()));
}

#[tokio::test]
async fn a_key_lacking_links_delete_cannot_delete_and_does_not_see_delete_link() {
    let app = spawn_app().await;
    let ws = app
        .mcp_workspace_with(&[
            Scope::LinksRead,
            Scope::LinksWrite,
            Scope::LinksBulk,
            Scope::AnalyticsRead,
        ])
        .await;
    let listed = app.mcp(&ws.mcp_key, "tools/list", json!({})).await;
    assert!(!tool_names(&listed).contains(&"delete_link".to_string()));
    let id = app.create_ok(&ws.http, link("Keep me")).await;
    let answer = app.tool_in(&ws, "delete_link", json!({ "linkId": id })).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.error(), (-32602, "This API key lacks the links:delete scope."));
    assert!(app.stored(&id).await.is_some());
}

#[tokio::test]
async fn a_read_only_key_cannot_create() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace_with(&[Scope::LinksRead]).await;
    let answer = app.tool_in(&ws, "create_link", link("n")).await;
    assert_eq!(answer.error(), (-32602, "This API key lacks the links:write scope."));
}

// ----- workspace selection -----

#[tokio::test]
async fn without_a_workspace_a_tool_answers_with_the_callers_workspaces() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let other = app
        .workspace_with(NewWorkspace {
            name: "Another".into(),
            ..Default::default()
        })
        .await;
    lib::admin::add_member(&app.service, &other.id, &ws.http.owner, "manager")
        .await
        .unwrap();
    let answer = app.tool(&ws.mcp_key, "list_links", json!({})).await;
    let structured = answer.structured();
    assert_eq!(
        structured["message"],
        "Call again with workspaceId set to one of these."
    );
    assert_eq!(
        structured["workspaces"],
        json!([
            { "id": other.id, "name": "Another", "role": "manager" },
            { "id": ws.id, "name": "Test workspace", "role": "owner" }
        ])
    );
}

#[tokio::test]
async fn the_workspace_list_comes_before_any_write() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = app.tool(&ws.mcp_key, "create_link", link("Nowhere")).await;
    assert!(answer.structured()["workspaces"].is_array());
    let listed = app.tool_in(&ws, "list_links", json!({})).await;
    assert_eq!(listed.structured()["links"], json!([]));
}

#[tokio::test]
async fn the_x_workspace_id_header_selects_the_workspace() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    app.create_ok(&ws.http, link("Via header")).await;
    let answer = app
        .mcp_with(
            &ws.mcp_key,
            &[("x-workspace-id", &ws.id)],
            "tools/call",
            json!({ "name": "list_links", "arguments": {} }),
        )
        .await;
    assert_eq!(answer.structured()["links"][0]["name"], "Via header");
}

#[tokio::test]
async fn the_workspace_id_query_parameter_selects_the_workspace() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    app.create_ok(&ws.http, link("Via query")).await;
    let body = json!({ "jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": { "name": "list_links" } });
    let response = app
        .http
        .post(format!("{}/apiv1/mcp?workspaceId={}", app.address, ws.id))
        .header("x-api-key", &ws.mcp_key)
        .body(body.to_string())
        .send()
        .await
        .unwrap();
    let value: Value = response.json().await.unwrap();
    assert_eq!(value["result"]["structuredContent"]["links"][0]["name"], "Via query");
}

#[tokio::test]
async fn the_function_url_path_serves_the_same_endpoint() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let response = app
        .http
        .post(format!("{}/mcp", app.address))
        .header("x-api-key", &ws.mcp_key)
        .body(json!({ "jsonrpc": "2.0", "id": 1, "method": "ping" }).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
}

#[tokio::test]
async fn the_function_url_answers_404_on_any_other_path() {
    let app = spawn_app().await;
    let request = lambda_http::http::Request::builder()
        .method("POST")
        .uri("https://abc.lambda-url.us-east-1.on.aws/other")
        .body(lambda_http::Body::Empty)
        .unwrap();
    let response = mcp::handler(&app.functions.mcp, request).await.unwrap();
    assert_eq!(response.status(), 404);
    let body: Value = serde_json::from_slice(response.body().as_ref()).unwrap();
    assert_eq!(
        body["error"],
        "No such endpoint: /other. The MCP endpoint is POST /mcp (or /apiv1/mcp)."
    );
}

//! In-process cost of one `tools/call` of `get_link`, excluding DynamoDB: rmcp reads the POST
//! (JSON-RPC envelope, 2026-07-28 `_meta` and header checks) with the endpoint's own
//! configuration, the tool's arguments are parsed as the MCP door parses them, the full link
//! record of a 10-rule link with an A/B test and tags is built (what the service does once its
//! reads return), wrapped as a tool result and encoded as the HTTP response. The DynamoDB
//! reads it leaves out: the API key, the workspace and membership, the link (pointer + item),
//! its tags and its click total. `cargo bench -p mcp`.

use std::hint::black_box;
use std::sync::Arc;

use bytes::Bytes;
use chrono::{DateTime, Utc};
use criterion::{Criterion, criterion_group, criterion_main};
use http_body_util::{BodyExt, Full};
use lib::domain::Tag;
use lib::domain::ids::ObjectId;
use lib::mcp::tools::Output;
use lib::store::StoredLink;
use lib::testing::SeededEntropy;
use lib::wire::LinkRecord;
use rmcp::model::{CallToolRequestParams, CallToolResponse, ServerCapabilities, ServerConfig};
use rmcp::service::RequestContext;
use rmcp::transport::StreamableHttpService;
use rmcp::transport::streamable_http_server::session::never::NeverSessionManager;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::{Value, json};

/// A server whose `get_link` answers from memory what the real one reads from DynamoDB.
#[derive(Clone)]
struct InMemory {
    stored: Arc<StoredLink>,
    tags: Arc<Vec<Tag>>,
    now: DateTime<Utc>,
}

impl ServerHandler for InMemory {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let mut args = request.arguments.unwrap_or_default();
        args.remove("workspaceId");
        let Ok(_call) = (lib::mcp::tools::named(&request.name).unwrap().parse)(args) else {
            panic!("get_link arguments")
        };
        let record = LinkRecord::new(
            &self.stored.link,
            self.stored.limited_clicks,
            self.now,
            1234,
            &self.tags,
        );
        Ok(Output::json(record).into_result().into())
    }
}

fn ten_rule_link(now: DateTime<Utc>, entropy: &SeededEntropy) -> (StoredLink, Vec<Tag>) {
    let mut rules: Vec<Value> = (0..9)
        .map(|i| {
            json!({ "targetUrl": format!("https://example.com/{i}"), "isDefault": false,
                    "country": ["DE", "FR", "GB"], "device": ["mobile", "tablet"], "os": ["Android", "iOS"],
                    "timeStart": "08:00", "timeEnd": "20:00", "daysOfWeek": [1, 2, 3, 4, 5] })
        })
        .collect();
    rules.push(json!({ "targetUrl": "https://example.com/default", "isDefault": true }));
    let workspace = ObjectId::generate(now, entropy);
    let tags: Vec<Tag> = (0..3)
        .map(|i| Tag {
            id: ObjectId::generate(now, entropy),
            workspace_id: workspace.clone(),
            name: lib::domain::TagName::parse("name", &format!("tag {i}")).expect("a tag name"),
            color: None,
        })
        .collect();
    let tag_ids: Vec<&str> = tags.iter().map(|t| t.id.as_str()).collect();
    let mut stored = lib::testing::stored_link(
        json!({
            "name": "Spring sale", "slug": "spring-sale", "domain": "sl.example.com", "rules": rules,
            "tagIds": tag_ids, "clicksLimit": 1000,
            "abTest": { "enabled": true, "variants": [
                { "id": "a", "name": "A", "url": "https://a.example.com", "weight": 70 },
                { "id": "b", "name": "B", "url": "https://b.example.com", "weight": 30 }] }
        }),
        12,
    );
    stored.link.workspace_id = workspace;
    stored.version = 3;
    (stored, tags)
}

fn get_link(c: &mut Criterion) {
    let now: DateTime<Utc> = "2026-11-22T12:00:00Z".parse().unwrap();
    let entropy = SeededEntropy::new(11);
    let (stored, tags) = ten_rule_link(now, &entropy);
    let body = json!({
        "jsonrpc": "2.0", "id": 42, "method": "tools/call",
        "params": {
            "name": "get_link",
            "arguments": { "linkId": stored.link.id.as_str(), "workspaceId": stored.link.workspace_id.as_str() },
            "_meta": {
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "io.modelcontextprotocol/clientCapabilities": {},
                "io.modelcontextprotocol/clientInfo": { "name": "bench", "version": "1" }
            }
        }
    })
    .to_string();
    let server = InMemory {
        stored: Arc::new(stored),
        tags: Arc::new(tags),
        now,
    };
    let service = StreamableHttpService::new(
        move || Ok(server.clone()),
        Arc::new(NeverSessionManager::default()),
        lib::mcp::stateless_config(),
    );
    // The runtime the function runs on (see its main.rs).
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let request = || {
        lambda_http::http::Request::builder()
            .method("POST")
            .uri("/apiv1/mcp")
            .header("host", "api.example.com")
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream")
            .header("mcp-protocol-version", "2026-07-28")
            .header("mcp-method", "tools/call")
            .header("mcp-name", "get_link")
            .body(Full::new(Bytes::from(body.clone())))
            .unwrap()
    };
    let first = runtime.block_on(async { service.handle(request()).await });
    let status = first.status();
    let bytes = runtime.block_on(async { first.into_body().collect().await.unwrap().to_bytes() });
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&bytes));
    c.bench_function("mcp: tools/call get_link (in-process, no DynamoDB)", |b| {
        b.to_async(&runtime).iter(|| async {
            let response = service.handle(black_box(request())).await;
            assert_eq!(response.status(), 200);
            black_box(response.into_body().collect().await.unwrap().to_bytes())
        })
    });
}

criterion_group!(benches, get_link);
criterion_main!(benches);

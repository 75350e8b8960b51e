//! In-process cost of one `tools/call` of `get_link`, excluding DynamoDB: read the POST
//! (JSON-RPC envelope, 2026-07-28 `_meta` and header checks), find the tool and parse its
//! arguments, build the full link record of a 10-rule link with an A/B test and tags (what
//! the service does once its reads return), wrap it as a tool result and encode the HTTP
//! response. The DynamoDB reads it leaves out: the API key, the workspace and membership,
//! the link (pointer + item), its tags and its click total. `cargo bench -p mcp`.

use std::hint::black_box;

use chrono::{DateTime, Utc};
use criterion::{Criterion, criterion_group, criterion_main};
use lambda_http::http::{HeaderMap, HeaderValue};
use lib::domain::{Hostname, Link, Slug, Tag};
use lib::ids::ObjectId;
use lib::service::LinkRecord;
use lib::store::StoredLink;
use lib::testing::SeededEntropy;
use lib::wire::{Door, LinkDraft, LinkInput, ParseContext};
use mcp::rpc::{self, Inbound, Reply};
use mcp::tools::{self, Parsed};
use serde_json::{Value, json};

fn stored_link(now: DateTime<Utc>, entropy: &SeededEntropy) -> (StoredLink, Vec<Tag>) {
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
            name: format!("tag {i}"),
        })
        .collect();
    let tag_ids: Vec<&str> = tags.iter().map(|t| t.id.as_str()).collect();
    let input: LinkInput = serde_json::from_value(json!({
        "name": "Spring sale", "rules": rules, "tagIds": tag_ids, "clicksLimit": 1000,
        "abTest": { "enabled": true, "variants": [{ "url": "https://a.example.com", "weight": 70 }, { "url": "https://b.example.com", "weight": 30 }] }
    }))
    .unwrap();
    let mut new_id = || ObjectId::generate(now, entropy);
    let draft = LinkDraft::parse(
        &input,
        &mut ParseContext {
            now,
            door: Door::Mcp,
            new_id: &mut new_id,
        },
    )
    .unwrap();
    let link = Link {
        id: ObjectId::generate(now, entropy),
        workspace_id: workspace,
        domain: Hostname::parse("domain", "sl.example.com").unwrap(),
        slug: Slug::parse("spring-sale").unwrap(),
        settings: draft.settings,
        created_at: now,
        updated_at: now,
    };
    (
        StoredLink {
            link,
            version: 3,
            limited_clicks: 12,
        },
        tags,
    )
}

fn get_link(c: &mut Criterion) {
    let now: DateTime<Utc> = "2026-11-22T12:00:00Z".parse().unwrap();
    let entropy = SeededEntropy::new(11);
    let (stored, tags) = stored_link(now, &entropy);
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
    .to_string()
    .into_bytes();
    let mut headers = HeaderMap::new();
    headers.insert("mcp-protocol-version", HeaderValue::from_static("2026-07-28"));
    headers.insert("mcp-method", HeaderValue::from_static("tools/call"));
    headers.insert("mcp-name", HeaderValue::from_static("get_link"));
    headers.insert("x-api-key", HeaderValue::from_static("slk_0123456789abcdef"));

    c.bench_function("mcp: tools/call get_link (in-process, no DynamoDB)", |b| {
        b.iter(|| {
            let Ok(Inbound::Request(call)) = rpc::read(black_box(&headers), black_box(&body)) else {
                panic!("a request")
            };
            let tool = tools::find(call.params["name"].as_str().unwrap()).unwrap();
            let mut args = call.params["arguments"].as_object().unwrap().clone();
            args.remove("workspaceId");
            let Ok(Parsed::Get(_id)) = tools::parse(tool, args) else {
                panic!("get_link arguments")
            };
            let record = LinkRecord::new(black_box(&stored), now, 1234, &tags);
            let structured = tools::encode(&record);
            let result = mcp::ToolResult::new(&structured, call.era);
            black_box(Reply::result(&call.id, &result).into_response())
        })
    });
}

criterion_group!(benches, get_link);
criterion_main!(benches);

//! What listing links costs in a 5,000-link workspace, through the `list-links` handler
//! against DynamoDB Local: DynamoDB requests, index and table items examined, read capacity
//! units (as DynamoDB Local reports them), and time, for page 1, a deep page by number, a
//! search that matches nothing, and (where the API has cursors) the same deep page reached by
//! `nextCursor`. One link in ten carries a 60 KB data-URL QR logo, as real workspaces do.
//!
//! Run with `scripts/bench` (it starts DynamoDB Local), or
//! `AWS_ENDPOINT_URL_DYNAMODB=http://127.0.0.1:8000 cargo bench -p dev-server --bench list_links`.

use std::collections::HashMap;
use std::time::Instant;

use base64::Engine;
use lambda_http::{Body, Request, RequestExt};
use lib::service::Service;
use lib::testing::RequestCounter;
use serde_json::{Value, json};
use support::{spread, summary};

mod support;

const LINKS: usize = 5_000;
const ROUNDS: usize = 30;

fn request(key: &str, query: &[(&str, String)]) -> Request {
    let uri = "/apiv1/links";
    let request = lambda_http::http::Request::builder()
        .method("GET")
        .uri(uri)
        .header("host", "localhost")
        .header("x-api-key", key)
        .body(Body::Empty)
        .expect("request");
    let params: HashMap<String, String> = query.iter().map(|(k, v)| (k.to_string(), v.clone())).collect();
    Request::from(request).with_query_string_parameters(params)
}

async fn list(service: &Service, key: &str, query: &[(&str, String)]) -> (Value, usize) {
    let response = list_links::handler(service, request(key, query))
        .await
        .expect("handler");
    let text = match response.body() {
        Body::Text(t) => t.clone(),
        Body::Binary(b) => String::from_utf8(b.clone()).expect("utf-8"),
        Body::Empty => String::new(),
        _ => panic!("body"),
    };
    assert_eq!(response.status(), 200, "{text}");
    (serde_json::from_str(&text).expect("json"), text.len())
}

async fn populate(service: &Service, key: &str, workspace: &str) {
    let logo = format!(
        "data:image/png;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(vec![7u8; 60 * 1024])
    );
    for batch in 0..LINKS / 100 {
        let links: Vec<Value> = (0..100)
            .map(|i| {
                let mut link = json!({ "name": format!("Campaign {batch}-{i}"), "rules": [
                    { "targetUrl": "https://example.com/de", "isDefault": false, "country": ["DE", "AT", "CH"] },
                    { "targetUrl": "https://example.com/mobile", "isDefault": false, "device": ["mobile"] },
                    { "targetUrl": "https://example.com/", "isDefault": true } ] });
                if i % 10 == 0 {
                    link["qrSettings"] = json!({ "useLogo": true, "logo": logo });
                }
                link
            })
            .collect();
        let body = json!({ "workspaceId": workspace, "links": links }).to_string();
        let request = lambda_http::http::Request::builder()
            .method("POST")
            .uri("/apiv1/links/bulk-create")
            .header("host", "localhost")
            .header("x-api-key", key)
            .header("content-type", "application/json")
            .body(Body::Text(body))
            .expect("request");
        let response = bulk_create_links::handler(service, Request::from(request))
            .await
            .expect("bulk");
        assert_eq!(response.status(), 200);
    }
}

/// Runs one kind of list request `ROUNDS` times and prints what one costs.
async fn measure(label: &str, service: &Service, counter: &RequestCounter, key: &str, query: &[(&str, String)]) {
    let mut times = Vec::with_capacity(ROUNDS);
    let mut first = None;
    for _ in 0..ROUNDS {
        counter.reset();
        let started = Instant::now();
        let (page, bytes) = list(service, key, query).await;
        times.push(started.elapsed());
        first.get_or_insert_with(|| (summary(counter), counter.reads(), page, bytes));
    }
    let (requests, reads, page, bytes) = first.expect("a round");
    println!("{label}");
    println!("  time: {}", spread(times));
    println!("  DynamoDB requests: {requests}");
    println!(
        "  items examined: {}, read capacity: {:.1} RCU, answer: {} links, {} KB",
        reads.items_examined,
        reads.capacity_units,
        page["links"].as_array().map_or(0, Vec::len),
        bytes / 1024
    );
}

#[tokio::main]
async fn main() {
    let Ok(endpoint) = std::env::var("AWS_ENDPOINT_URL_DYNAMODB") else {
        eprintln!("list_links: set AWS_ENDPOINT_URL_DYNAMODB (scripts/bench does) to run against DynamoDB Local");
        return;
    };
    let counter = RequestCounter::new();
    let service = support::service(&endpoint, &counter).await;
    let (ws, key) = support::workspace_and_key(&service).await;
    let started = Instant::now();
    populate(&service, &key, ws.id.as_str()).await;
    println!(
        "list links of a {LINKS}-link workspace (every tenth with a 60 KB logo), {ROUNDS} rounds each, DynamoDB Local at {endpoint} (populated in {:.0} s)",
        started.elapsed().as_secs_f64()
    );
    let workspace = ("workspaceId", ws.id.to_string());
    measure(
        "page 1 (limit 20)",
        &service,
        &counter,
        &key,
        std::slice::from_ref(&workspace),
    )
    .await;
    let deep = [workspace.clone(), ("page", "250".to_string())];
    measure(
        "page 250 (limit 20: links 4,981 to 5,000)",
        &service,
        &counter,
        &key,
        &deep,
    )
    .await;
    let nothing = [workspace.clone(), ("search", "matches-nothing".to_string())];
    measure("a search that matches nothing", &service, &counter, &key, &nothing).await;

    // The same deep page through cursors, where the API has them.
    let mut cursor: Option<String> = None;
    for _ in 1..250 {
        let mut query = vec![workspace.clone()];
        if let Some(c) = &cursor {
            query.push(("cursor", c.clone()));
        }
        let (page, _) = list(&service, &key, &query).await;
        match page["nextCursor"].as_str() {
            Some(next) => cursor = Some(next.to_string()),
            None => break,
        }
    }
    match cursor {
        Some(cursor) => {
            let query = [workspace, ("cursor", cursor)];
            measure("page 250 reached by nextCursor", &service, &counter, &key, &query).await;
        }
        None => println!("page 250 reached by nextCursor: not available (no nextCursor in the answer)"),
    }
}

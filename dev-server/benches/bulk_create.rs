//! Bulk create of 100 valid links against DynamoDB Local: wall time per call and the
//! DynamoDB requests it makes, through the same handler Lambda runs.
//!
//! Run with `scripts/bench` (it starts DynamoDB Local), or
//! `AWS_ENDPOINT_URL_DYNAMODB=http://127.0.0.1:8000 cargo bench -p dev-server --bench bulk_create`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use lambda_http::{Body, Request};
use lib::clock::{OsEntropy, SystemClock};
use lib::config::Config;
use lib::service::Service;
use lib::store::Store;
use lib::testing::RequestCounter;
use serde_json::{Value, json};

const ROUNDS: usize = 30;

mod support;

#[tokio::main]
async fn main() {
    let Ok(endpoint) = std::env::var("AWS_ENDPOINT_URL_DYNAMODB") else {
        eprintln!("bulk_create: set AWS_ENDPOINT_URL_DYNAMODB (scripts/bench does) to run against DynamoDB Local");
        return;
    };
    let counter = RequestCounter::new();
    let client = lib::testing::local_client(&endpoint, &counter).await;
    let table = format!("bench-{:016x}", lib::clock::Entropy::next_u64(&OsEntropy));
    lib::store::create_table(&client, &table).await.expect("table");
    let config = Config {
        table_name: table.clone(),
        default_domain: "sl.test".into(),
        link_cache_ttl: Duration::from_secs(5),
        click_retention_days: 400,
        conversion_window_days: 90,
        gps_retention_days: 30,
        rate_limits: lib::domain::RateLimits::OFF,
        open_signup: false,
        new_tenants: lib::domain::NewTenantLimits::default(),
        cname_target: "links.sl.test".into(),
        service_host: None,
    };
    let service = Arc::new(Service::new(
        Store::new(client, table),
        config,
        Arc::new(SystemClock),
        Arc::new(OsEntropy),
    ));
    let (ws, key) = support::workspace_and_key(&service).await;

    let mut times = Vec::with_capacity(ROUNDS);
    let mut requests = None;
    for round in 0..ROUNDS {
        // Half the links choose their slug, half get one generated; two rules each.
        let links: Vec<Value> = (0..100)
            .map(|i| {
                let mut link = json!({ "name": format!("Link {round}-{i}"), "rules": [
                    { "targetUrl": "https://example.com/de", "isDefault": false, "country": ["DE"] },
                    { "targetUrl": "https://example.com", "isDefault": true } ] });
                if i % 2 == 0 {
                    link["slug"] = json!(format!("r{round}-l{i}"));
                }
                link
            })
            .collect();
        let body = json!({ "workspaceId": ws.id, "links": links }).to_string();
        let request = lambda_http::http::Request::builder()
            .method("POST")
            .uri("/apiv1/links/bulk-create")
            .header("x-api-key", &key)
            .header("content-type", "application/json")
            .body(Body::Text(body))
            .expect("request");
        counter.reset();
        let started = Instant::now();
        let response = bulk_create_links::handler(&service, Request::from(request))
            .await
            .expect("handler");
        times.push(started.elapsed());
        assert_eq!(response.status(), 200);
        let created: Value = match response.body() {
            Body::Text(t) => serde_json::from_str(t).expect("json"),
            _ => panic!("body"),
        };
        assert_eq!(created["created"].as_array().map(Vec::len), Some(100), "{created}");
        requests.get_or_insert_with(|| counter.snapshot());
    }
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let requests = requests.unwrap_or_default();
    println!("bulk create of 100 valid links, {ROUNDS} rounds, DynamoDB Local at {endpoint}");
    println!(
        "  wall time per call: median {:.1} ms, p90 {:.1} ms, min {:.1} ms, max {:.1} ms",
        ms(times[ROUNDS / 2]),
        ms(times[ROUNDS * 9 / 10]),
        ms(times[0]),
        ms(times[ROUNDS - 1])
    );
    println!(
        "  DynamoDB requests per call: {} ({})",
        requests.values().sum::<u64>(),
        requests
            .iter()
            .map(|(op, n)| format!("{op} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
}

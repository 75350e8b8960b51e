//! What rate limits and idempotency keys add to a request, through the handlers Lambda runs,
//! against DynamoDB Local (median and p99 of each, in milliseconds):
//! - the limiter alone (`Service::charge`: one conditional `UpdateItem`), and `GET /links` with
//!   the limits on and off;
//! - `POST /link/create` with and without an `Idempotency-Key` (a conditional put of the claim,
//!   the work, the answer's put), and a retry's replay.
//!
//! Run with `scripts/bench` (it starts DynamoDB Local), or
//! `AWS_ENDPOINT_URL_DYNAMODB=http://127.0.0.1:8000 cargo bench -p dev-server --bench limits`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use lambda_http::aws_lambda_events::query_map::QueryMap;
use lambda_http::{Body, Request, RequestExt};
use lib::admin::{self, KeyGrants, NewWorkspace};
use lib::clock::{OsEntropy, SystemClock};
use lib::config::Config;
use lib::domain::RateLimits;
use lib::service::{Service, guards::RateClass};
use lib::store::Store;
use lib::testing::RequestCounter;
use serde_json::json;

/// Requests per measured variant (after a warm-up).
const SAMPLES: usize = 400;
const WARM_UP: usize = 30;

fn request(method: &str, uri: &str, headers: &[(&str, &str)], body: Option<serde_json::Value>) -> Request {
    let mut builder = lambda_http::http::Request::builder().method(method).uri(uri);
    for (name, value) in headers {
        builder = builder.header(*name, *value);
    }
    let body = body.map_or(Body::Empty, |b| Body::Text(b.to_string()));
    let query: std::collections::HashMap<String, Vec<String>> = uri
        .split_once('?')
        .map(|(_, q)| {
            url::form_urlencoded::parse(q.as_bytes())
                .map(|(k, v)| (k.into_owned(), vec![v.into_owned()]))
                .collect()
        })
        .unwrap_or_default();
    Request::from(builder.body(body).expect("request")).with_query_string_parameters(QueryMap::from(query))
}

/// Median and p99 of a sample, in milliseconds.
fn quantiles(mut times: Vec<Duration>) -> (f64, f64) {
    times.sort();
    let at = |q: f64| times[((times.len() as f64 - 1.0) * q).round() as usize].as_secs_f64() * 1000.0;
    (at(0.5), at(0.99))
}

/// Times `SAMPLES` sequential runs of `once` (after `WARM_UP` untimed ones).
async fn measure<F, Fut>(mut once: F) -> (f64, f64)
where
    F: FnMut(usize) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    for i in 0..WARM_UP {
        once(i).await;
    }
    let mut times = Vec::with_capacity(SAMPLES);
    for i in WARM_UP..WARM_UP + SAMPLES {
        let started = Instant::now();
        once(i).await;
        times.push(started.elapsed());
    }
    quantiles(times)
}

fn row(what: &str, (median, p99): (f64, f64)) {
    println!("  {what:<58} median {median:>6.2} ms   p99 {p99:>6.2} ms");
}

async fn service_with(client: &aws_sdk_dynamodb::Client, table: &str, rate_limits: RateLimits) -> Arc<Service> {
    let config = Config {
        table_name: table.to_string(),
        default_domain: "sl.test".into(),
        link_cache_ttl: Duration::from_secs(5),
        click_retention_days: 400,
        conversion_window_days: 90,
        gps_retention_days: 30,
        rate_limits,
        open_signup: false,
        new_tenants: lib::domain::NewTenantLimits::default(),
        cname_target: "links.sl.test".into(),
        service_host: None,
    };
    Arc::new(Service::new(
        Store::new(client.clone(), table),
        config,
        Arc::new(SystemClock),
        Arc::new(OsEntropy),
    ))
}

#[tokio::main]
async fn main() {
    let Ok(endpoint) = std::env::var("AWS_ENDPOINT_URL_DYNAMODB") else {
        eprintln!("limits: set AWS_ENDPOINT_URL_DYNAMODB (scripts/bench does) to run against DynamoDB Local");
        return;
    };
    let client = lib::testing::local_client(&endpoint, &RequestCounter::new()).await;
    let table = format!("bench-{:016x}", lib::clock::Entropy::next_u64(&OsEntropy));
    lib::store::create_table(&client, &table).await.expect("table");
    // Limits high enough never to refuse: every request is counted, none is turned away.
    let unlimited = RateLimits {
        per_key: 1_000_000_000,
        bulk_per_key: 1_000_000_000,
        analytics_per_key: 1_000_000_000,
        per_workspace: 1_000_000_000,
    };
    let limited = service_with(&client, &table, unlimited).await;
    let off = service_with(&client, &table, RateLimits::OFF).await;
    let owner = admin::create_user(&limited, "bench@example.com").await.unwrap();
    let options = NewWorkspace {
        name: "bench".into(),
        max_links: Some(1_000_000),
        ..Default::default()
    };
    let ws = admin::create_workspace(&limited, owner.email.as_str(), options)
        .await
        .unwrap();
    let grants = KeyGrants {
        http_api: true,
        mcp_scopes: None,
    };
    let (_, key) = admin::create_key(&limited, owner.email.as_str(), grants).await.unwrap();
    let list_uri = format!("/apiv1/links?workspaceId={}", ws.id);
    let auth = [("x-api-key", key.as_str())];
    println!("DynamoDB Local at {endpoint}, {SAMPLES} sequential requests per line");

    let caller = limited.authenticate_http(Some(key.as_str()).into()).await.unwrap();
    let access = limited.open_workspace(caller.clone(), &ws.id).await.unwrap();
    row(
        "the limiter alone (one conditional UpdateItem)",
        measure(|_| async {
            limited
                .charge(&caller, Some(&access.workspace), RateClass::Standard)
                .await
                .expect("counted");
        })
        .await,
    );
    for (name, service) in [("GET /links, limits on", &limited), ("GET /links, limits off", &off)] {
        row(
            name,
            measure(|_| async {
                let response = list_links::handler(service, request("GET", &list_uri, &auth, None))
                    .await
                    .expect("list");
                assert_eq!(response.status(), 200);
            })
            .await,
        );
    }

    // Creates with limits off, so only the idempotency check differs between the lines.
    let create = |i: usize, idempotency: Option<&'static str>| {
        let body = json!({ "workspaceId": ws.id, "name": format!("bench {i}"), "url": "https://example.com/" });
        (body, idempotency.map(|p| format!("bench-{p}-{i}")))
    };
    let post = |body: serde_json::Value, idempotency: Option<String>| {
        let service = off.clone();
        let key = key.clone();
        async move {
            let mut headers = vec![("x-api-key", key.as_str())];
            if let Some(idempotency) = &idempotency {
                headers.push(("idempotency-key", idempotency.as_str()));
            }
            create_link::handler(&service, request("POST", "/apiv1/link/create", &headers, Some(body)))
                .await
                .expect("create")
        }
    };
    for (name, prefix) in [
        ("POST /link/create, no Idempotency-Key", None),
        ("POST /link/create, a new Idempotency-Key", Some("k")),
    ] {
        row(
            name,
            measure(|i| {
                let (body, idempotency) = create(i, prefix);
                let answer = post(body, idempotency);
                async move {
                    assert_eq!(answer.await.status(), 200);
                }
            })
            .await,
        );
    }
    row(
        "POST /link/create, a retry answered from the stored answer",
        measure(|i| {
            let (body, idempotency) = create(i, Some("k"));
            let answer = post(body, idempotency);
            async move {
                let response = answer.await;
                assert_eq!(
                    response.headers().get("idempotent-replayed").map(|v| v.as_bytes()),
                    Some(&b"true"[..])
                );
            }
        })
        .await,
    );
}

//! What conversion tracking costs, through the handlers Lambda runs, against DynamoDB Local:
//! - the DynamoDB requests of a person's visit of a tracked link, beside an untracked one (the
//!   click id adds none; its in-process cost is `cargo bench -p redirect`);
//! - a pixel hit and an API conversion: DynamoDB requests, median and p99;
//! - the aggregator's cost per conversion: requests and time to fold a day's conversions in
//!   stream-sized batches, beside the same for the clicks they came from.
//!
//! Run with `scripts/bench` (it starts DynamoDB Local), or
//! `AWS_ENDPOINT_URL_DYNAMODB=http://127.0.0.1:8000 cargo bench -p dev-server --bench conversions`.

use std::time::{Duration, Instant};

use lambda_http::{Body, Response};
use lib::analytics::{ClickRecord, ConversionRecord, StreamRecord};
use lib::redirect::Redirector;
use lib::testing::RequestCounter;
use serde_json::{Value, json};

mod support;

/// Visits, pixel hits and API calls per measured line.
const SAMPLES: usize = 300;
/// Records per fold, as a stream batch might bring them.
const BATCH: usize = 100;
const PERSON: &str =
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

fn json_of(response: &Response<Body>) -> Value {
    match response.body() {
        Body::Text(t) => serde_json::from_str(t).unwrap_or(Value::Null),
        _ => Value::Null,
    }
}

/// A request to the short domain (the shared builder addresses the API's host).
fn on_short_domain(uri: &str, headers: &[(&str, String)]) -> lambda_http::Request {
    use lambda_http::RequestExt;
    let mut request = support::request("GET", uri, headers, None);
    let host = lambda_http::http::HeaderValue::from_static("sl.test");
    request.headers_mut().insert(lambda_http::http::header::HOST, host);
    let query: std::collections::HashMap<String, String> = uri
        .split_once('?')
        .map(|(_, q)| url::form_urlencoded::parse(q.as_bytes()).into_owned().collect())
        .unwrap_or_default();
    request.with_query_string_parameters(query)
}

fn visit(slug: &str) -> lambda_http::Request {
    on_short_domain(
        &format!("https://sl.test/{slug}"),
        &[("user-agent", PERSON.to_string())],
    )
}

/// The click id of a tracked redirect's `Location`.
fn click_id(response: &Response<Body>) -> String {
    let location = response.headers()["location"].to_str().expect("ASCII");
    location.split_once("sl_cid=").expect("a click id").1.to_string()
}

/// Times each run of `once` over `inputs`: the DynamoDB requests per run (the mean, and the
/// totals by operation), the median and the p99.
async fn timed<T, F, Fut>(counter: &RequestCounter, inputs: &[T], mut once: F) -> (String, String)
where
    F: FnMut(&T) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let mut times = Vec::with_capacity(inputs.len());
    counter.reset();
    for input in inputs {
        let started = Instant::now();
        once(input).await;
        times.push(started.elapsed());
    }
    let total: u64 = counter.snapshot().values().sum();
    let mean = total as f64 / inputs.len() as f64;
    (
        format!("{mean:.2} per run, in all {}", support::summary(counter)),
        support::spread(times),
    )
}

/// Folds `records` in batches of [`BATCH`]: the requests per record and the time per record.
async fn fold_cost(service: &lib::service::Service, counter: &RequestCounter, records: &[StreamRecord]) -> String {
    counter.reset();
    let started = Instant::now();
    for batch in records.chunks(BATCH) {
        service.fold_stream(batch).await.expect("fold");
    }
    let took: Duration = started.elapsed();
    let requests: u64 = counter.snapshot().values().sum();
    format!(
        "{:.2} requests and {:.3} ms per record ({} records, {})",
        requests as f64 / records.len() as f64,
        took.as_secs_f64() * 1000.0 / records.len() as f64,
        records.len(),
        support::summary(counter)
    )
}

/// Items as stream records of one partition, in order.
fn in_stream_order<T>(items: Vec<T>, record: impl Fn(String, T) -> StreamRecord) -> Vec<StreamRecord> {
    let sequences = (1_000..).map(|n: u64| n.to_string());
    sequences
        .zip(items)
        .map(|(sequence, item)| record(sequence, item))
        .collect()
}

#[tokio::main]
async fn main() {
    let Ok(endpoint) = std::env::var("AWS_ENDPOINT_URL_DYNAMODB") else {
        eprintln!("conversions: set AWS_ENDPOINT_URL_DYNAMODB (scripts/bench does) to run against DynamoDB Local");
        return;
    };
    let counter = RequestCounter::new();
    let service = support::service(&endpoint, &counter).await;
    let (ws, key) = support::workspace_and_key(&service).await;
    let auth = [("x-api-key", key.clone()), ("content-type", "application/json".into())];
    for (slug, tracking) in [("tracked", true), ("plain", false)] {
        let body = json!({ "workspaceId": ws.id, "name": slug, "slug": slug,
                           "conversionTracking": tracking,
                           "rules": [
                               { "targetUrl": "https://example.com/de", "isDefault": false, "country": ["DE"] },
                               { "targetUrl": "https://example.com/offer?a=1", "isDefault": true } ] });
        let create = support::request("POST", "/apiv1/link/create", &auth, Some(body.to_string()));
        let created = create_link::handler(&service, create).await.expect("create");
        assert_eq!(created.status(), 200, "{}", json_of(&created));
    }
    // Each visit's click written before its answer, so the figures count it (and the pixel
    // finds it).
    let redirector = Redirector::new(service.clone()).with_after_response(lib::after_response::AfterResponse::inline());
    println!("conversion tracking, DynamoDB Local at {endpoint}, {SAMPLES} sequential requests per line");

    for slug in ["plain", "tracked"] {
        redirect::handler(&redirector, visit(slug))
            .await
            .expect("warm the link cache");
    }
    let ids = std::cell::RefCell::new(Vec::with_capacity(SAMPLES));
    for slug in ["plain", "tracked"] {
        let (requests, spread) = timed(&counter, &[(); SAMPLES], |_| {
            let request = visit(slug);
            let redirector = &redirector;
            let ids = &ids;
            async move {
                let response = redirect::handler(redirector, request).await.expect("visit");
                assert_eq!(response.status(), 302);
                if slug == "tracked" {
                    ids.borrow_mut().push(click_id(&response));
                }
            }
        })
        .await;
        println!("  a person's visit, {slug:<8} link: DynamoDB requests {requests}; {spread}");
    }

    let ids = ids.into_inner();
    let (requests, spread) = timed(&counter, &ids, |cid| {
        let uri = format!("https://sl.test/_sl/c?cid={cid}&e=signup");
        let request = on_short_domain(&uri, &[]);
        let service = &service;
        async move {
            let response = conversion_pixel::handler(service, request).await.expect("pixel");
            assert_eq!(response.status(), 200);
        }
    })
    .await;
    println!("  a pixel hit (a new event):          DynamoDB requests {requests}; {spread}");
    let (requests, spread) = timed(&counter, &ids, |cid| {
        let body = json!({ "workspaceId": ws.id, "clickId": cid, "event": "sale", "amount": 4999, "currency": "EUR" });
        let request = support::request("POST", "/apiv1/conversions", &auth, Some(body.to_string()));
        let service = &service;
        async move {
            let response = report_conversion::handler(service, request).await.expect("report");
            assert_eq!(response.status(), 200, "{}", json_of(&response));
        }
    })
    .await;
    println!("  POST /apiv1/conversions (a sale):   DynamoDB requests {requests}; {spread}");

    // The day's records as the stream would deliver them, one partition position each.
    let day = chrono::Utc::now().date_naive();
    let workspace = ws.id.clone();
    let store = lib::testing::store(&service);
    let clicks = in_stream_order(
        store.clicks_on(&workspace, day).await.expect("clicks"),
        |sequence, click| {
            ClickRecord {
                sequence,
                shard: 1,
                click,
            }
            .into()
        },
    );
    let conversions = store.conversions_on(&workspace, day).await.expect("conversions");
    let conversions = in_stream_order(conversions, |sequence, conversion| {
        ConversionRecord {
            sequence,
            shard: 1,
            conversion,
        }
        .into()
    });
    println!("  the aggregator, batches of {BATCH}:");
    println!("    clicks:      {}", fold_cost(&service, &counter, &clicks).await);
    println!("    conversions: {}", fold_cost(&service, &counter, &conversions).await);
}

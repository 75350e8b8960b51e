//! Two figures of the hardening work, through the handlers Lambda runs, against DynamoDB Local:
//! - the DynamoDB requests one visit of a link with a click limit makes, for a person and for
//!   a bot (both consume the limit; only the person is a counted click);
//! - the latency of `PUT /link/update` when 30 updates of one link race (p50, p99, and how
//!   many answered 200 or 409; a 5xx or 404 fails the bench).
//!
//! Run with `scripts/bench` (it starts DynamoDB Local), or
//! `AWS_ENDPOINT_URL_DYNAMODB=http://127.0.0.1:8000 cargo bench -p dev-server --bench contention`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use lambda_http::{Body, Request, Response};
use lib::clock::{OsEntropy, SystemClock};
use lib::config::Config;
use lib::redirect::Redirector;
use lib::service::Service;
use lib::store::Store;
use lib::testing::RequestCounter;
use serde_json::{Value, json};

const ROUNDS: usize = 20;
const RACERS: usize = 30;
const PERSON: &str =
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const BOT: &str = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

fn request(method: &str, uri: &str, headers: &[(&str, &str)], body: Option<Value>) -> Request {
    let mut builder = lambda_http::http::Request::builder().method(method).uri(uri);
    for (name, value) in headers {
        builder = builder.header(*name, *value);
    }
    let body = body.map_or(Body::Empty, |b| Body::Text(b.to_string()));
    Request::from(builder.body(body).expect("request"))
}

fn json_of(response: &Response<Body>) -> Value {
    match response.body() {
        Body::Text(t) => serde_json::from_str(t).unwrap_or(Value::Null),
        _ => Value::Null,
    }
}

fn summary(counter: &RequestCounter) -> String {
    let requests = counter.snapshot();
    let parts: Vec<String> = requests.iter().map(|(op, n)| format!("{op} {n}")).collect();
    format!("{} ({})", requests.values().sum::<u64>(), parts.join(", "))
}

mod support;

#[tokio::main]
async fn main() {
    let Ok(endpoint) = std::env::var("AWS_ENDPOINT_URL_DYNAMODB") else {
        eprintln!("contention: set AWS_ENDPOINT_URL_DYNAMODB (scripts/bench does) to run against DynamoDB Local");
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
    let service = Service::new(
        Store::new(client, table),
        config,
        Arc::new(SystemClock),
        Arc::new(OsEntropy),
    );
    let (ws, key) = support::workspace_and_key(&service).await;
    let auth = [("x-api-key", key.as_str()), ("content-type", "application/json")];

    let create = |slug: &str| {
        request(
            "POST",
            "/apiv1/link/create",
            &auth,
            Some(json!({ "workspaceId": ws.id, "name": slug, "slug": slug,
                         "url": "https://example.com/offer", "clicksLimit": 1_000_000 })),
        )
    };
    let created = create_link::handler(&service, create("limited")).await.expect("create");
    assert_eq!(created.status(), 200, "{}", json_of(&created));
    let link_id = json_of(&created)["id"].as_str().expect("id").to_string();

    // Visits of the limited link: the same person and bot agents, one visit each, counted.
    // Each visit's click written before its answer, so the figures count it (and the pixel
    // finds it).
    let redirector = Redirector::new(service.clone()).with_after_response(lib::after_response::AfterResponse::inline());
    println!("a link with a click limit, DynamoDB Local at {endpoint}");
    for (who, agent) in [("person", PERSON), ("bot", BOT)] {
        let visit = request(
            "GET",
            "https://sl.test/limited",
            &[("host", "sl.test"), ("user-agent", agent)],
            None,
        );
        counter.reset();
        let response = redirect::handler(&redirector, visit).await.expect("visit");
        assert_eq!(response.status(), 302);
        println!("  DynamoDB requests per visit ({who}): {}", summary(&counter));
    }

    // Races: RACERS updates of one link at once, ROUNDS times.
    let mut times = Vec::with_capacity(ROUNDS * RACERS);
    let (mut ok, mut conflicts) = (0, 0);
    for round in 0..ROUNDS {
        let updates = (0..RACERS).map(|i| {
            let body = json!({ "workspaceId": ws.id, "linkId": link_id, "name": format!("name {round}-{i}") });
            let update = request("PUT", "/apiv1/link/update", &auth, Some(body));
            let service = &service;
            async move {
                let started = Instant::now();
                let response = update_link::handler(service, update).await.expect("update");
                (started.elapsed(), response.status().as_u16(), json_of(&response))
            }
        });
        for (took, status, body) in futures::future::join_all(updates).await {
            match status {
                200 => ok += 1,
                409 => conflicts += 1,
                _ => panic!("an update under contention answered {status}: {body}"),
            }
            times.push(took);
        }
    }
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let at = |q: f64| ms(times[((times.len() as f64 - 1.0) * q).round() as usize]);
    println!(
        "{RACERS} concurrent updates of one link, {ROUNDS} rounds ({} updates): p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms; {ok} × 200, {conflicts} × 409",
        times.len(),
        at(0.5),
        at(0.99),
        ms(times[times.len() - 1]),
    );
}

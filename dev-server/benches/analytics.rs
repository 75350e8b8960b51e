//! Analytics at volume, against DynamoDB Local: 1,000,000 clicks of one link spread over 90
//! days, plus 99 more links, all loaded through the real aggregator (`lib::analytics::fold`,
//! in stream-sized chunks), then the two reports timed and their DynamoDB reads counted.
//! Also the unique-visitor error on 1,000,000 distinct visitors.
//!
//! `scripts/bench`, or `AWS_ENDPOINT_URL_DYNAMODB=… cargo bench -p dev-server --bench analytics`.
//! `ANALYTICS_BENCH_CLICKS` scales the volume down for a quick look.

use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::{NaiveDate, Utc};
use lib::clock::{Entropy, OsEntropy};
use lib::config::Config;
use lib::service::Service;
use lib::store::Store;
use lib::testing::RequestCounter;
use lib::testing::{FixedClock, traffic};
use serde_json::json;

const DAYS: u64 = 90;
const OTHER_LINKS: usize = 99;
const OTHER_LINK_CLICKS_PER_DAY: u64 = 20;

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

#[tokio::main]
async fn main() {
    let Ok(endpoint) = std::env::var("AWS_ENDPOINT_URL_DYNAMODB") else {
        eprintln!("analytics bench: set AWS_ENDPOINT_URL_DYNAMODB (scripts/bench does)");
        return;
    };
    let clicks: u64 = std::env::var("ANALYTICS_BENCH_CLICKS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000);
    let counter = RequestCounter::new();
    let client = lib::testing::local_client(&endpoint, &counter).await;
    let table = format!("bench-{:016x}", OsEntropy.next_u64());
    lib::store::create_table(&client, &table).await.expect("table");
    let first_day: NaiveDate = "2026-06-01".parse().unwrap();
    let clock = Arc::new(FixedClock::new(first_day.and_hms_opt(8, 0, 0).unwrap().and_utc()));
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
    let service = Service::new(Store::new(client, table), config, clock.clone(), Arc::new(OsEntropy));
    let owner = lib::admin::create_user(&service, "bench@example.com").await.unwrap();
    let ws = lib::admin::create_workspace(
        &service,
        owner.id.as_str(),
        lib::admin::NewWorkspace {
            name: "bench".into(),
            ..Default::default()
        },
    )
    .await
    .unwrap();
    let access = service
        .open_workspace(
            lib::service::accounts::Caller {
                user_id: owner.id.clone(),
                credential: lib::service::accounts::Credential::Key(lib::domain::ApiKeyRecord {
                    user_id: owner.id.clone(),
                    http_api: true,
                    mcp_enabled: false,
                    mcp_scopes: vec![],
                    prefix: None,
                    created_at: Utc::now(),
                }),
                key_id: "bench".into(),
            },
            &ws.id,
        )
        .await
        .unwrap();
    let rules_body = json!({ "name": "Viral", "rules": [
        { "targetUrl": "https://example.com/de", "isDefault": false, "country": ["DE"] },
        { "targetUrl": "https://example.com/us", "isDefault": false, "country": ["US"] },
        { "targetUrl": "https://example.com/", "isDefault": true } ] });
    let viral = service
        .create_link(&access, lib::testing::http_draft(&service, rules_body))
        .await
        .unwrap();
    let rule_ids: Vec<String> = lib::testing::store(&service)
        .get_link(&viral.id)
        .await
        .unwrap()
        .unwrap()
        .link
        .settings
        .rules
        .iter()
        .map(|r| r.id.to_string())
        .collect();

    let mut links = vec![(viral.id.clone(), rule_ids, clicks / DAYS)];
    for i in 0..OTHER_LINKS {
        let link = lib::testing::create_plain_link(&service, &access, i).await;
        let rule = lib::testing::store(&service)
            .get_link(&link.id)
            .await
            .unwrap()
            .unwrap()
            .link
            .settings
            .rules
            .default_rule()
            .id
            .to_string();
        links.push((link.id, vec![rule], OTHER_LINK_CLICKS_PER_DAY));
    }
    let started = Instant::now();
    traffic::load(lib::testing::store(&service), &ws.id, &links, first_day, DAYS).await;
    let all_clicks: u64 = links.iter().map(|(_, _, per_day)| per_day * DAYS).sum();
    println!(
        "loaded {all_clicks} clicks ({} of one link, the rest over {OTHER_LINKS} more) over {DAYS} days through the aggregator in {:.1} s",
        clicks / DAYS * DAYS,
        started.elapsed().as_secs_f64()
    );

    clock.set(
        (first_day + chrono::Days::new(DAYS - 1))
            .and_hms_opt(20, 0, 0)
            .unwrap()
            .and_utc(),
    );
    let from = first_day.to_string();
    let to = (first_day + chrono::Days::new(DAYS - 1)).to_string();
    let mut link_times = Vec::new();
    let mut link_items = 0;
    let mut report = None;
    let range = lib::wire::DayRange::parse(Some(&from), Some(&to)).unwrap();
    for _ in 0..7 {
        counter.reset();
        let t = Instant::now();
        report = Some(service.link_analytics(&access, &viral.id, range).await.unwrap());
        link_times.push(t.elapsed());
        link_items = lib::testing::store(&service)
            .day_stats(
                &lib::store::keys::StatsOwner::Link(viral.id.clone()),
                first_day,
                first_day + chrono::Days::new(DAYS - 1),
            )
            .await
            .unwrap()
            .len();
    }
    let report = report.unwrap();
    let mut ws_times = Vec::new();
    let mut ws_requests = 0;
    let mut ws_total = 0;
    for _ in 0..5 {
        counter.reset();
        let t = Instant::now();
        let ws_report = service.workspace_analytics(&access, range).await.unwrap();
        ws_times.push(t.elapsed());
        ws_requests = counter.total();
        ws_total = ws_report.totals.total;
    }
    let expected = clicks / DAYS * DAYS;
    let unique_error = (report.totals.unique as f64 - expected as f64).abs() / expected as f64 * 100.0;
    println!(
        "link analytics over {DAYS} days: median {:.0} ms, {} rollup items read; periodTotal {} (expected {expected}), unique {} of {expected} distinct visitors (error {unique_error:.3}%)",
        median(link_times).as_secs_f64() * 1000.0,
        link_items + 1,
        report.totals.period_total,
        report.totals.unique
    );
    println!(
        "workspace analytics over {} links x {DAYS} days: median {:.0} ms, {ws_requests} DynamoDB requests, total {ws_total}",
        OTHER_LINKS + 1,
        median(ws_times).as_secs_f64() * 1000.0
    );
    assert_eq!(report.totals.period_total, expected, "every click counted exactly once");
}

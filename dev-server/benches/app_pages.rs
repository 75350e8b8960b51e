//! The web app's pages against DynamoDB Local, in process (the handler Lambda runs): the server
//! time of a link's analytics page over 90 days of traffic (loaded through the real
//! aggregator), median of many requests, beside the time of the report alone; and the weight of
//! every page (its HTML, plus the stylesheet and the script it loads).
//!
//! `scripts/bench`, or `AWS_ENDPOINT_URL_DYNAMODB=… cargo bench -p dev-server --bench app_pages`.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::NaiveDate;
use lambda_http::aws_lambda_events::query_map::QueryMap;
use lambda_http::{Body, Request, RequestExt};
use lib::pages::{Settings, Site};
use lib::testing::{FixedClock, RequestCounter, traffic};
use lib::wire::DayRange;
use serde_json::json;

mod support;

const DAYS: u64 = 90;
const CLICKS_PER_DAY: u64 = 500;
const OTHER_LINKS: usize = 24;
const RUNS: usize = 25;
const PASSWORD: &str = "a bench password, long enough";

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// A browser's `GET` of a page, signed in when `session` is given.
fn get(path_and_query: &str, session: Option<&str>) -> Request {
    let (path, query) = path_and_query.split_once('?').unwrap_or((path_and_query, ""));
    let mut builder = lambda_http::http::Request::builder()
        .method("GET")
        .uri(format!("http://localhost{path_and_query}"))
        .header("host", "localhost");
    if let Some(token) = session {
        builder = builder.header("cookie", format!("session={token}"));
    }
    let mut parameters: HashMap<String, Vec<String>> = HashMap::new();
    for (k, v) in url::form_urlencoded::parse(query.as_bytes()) {
        parameters.entry(k.into_owned()).or_default().push(v.into_owned());
    }
    builder
        .body(Body::Empty)
        .expect("request")
        .with_query_string_parameters(QueryMap::from(parameters))
        .with_raw_http_path(path)
}

fn size(body: &Body) -> usize {
    match body {
        Body::Text(text) => text.len(),
        Body::Binary(bytes) => bytes.len(),
        _ => 0,
    }
}

/// The page's answer: status and HTML size.
async fn fetch(site: &Site, path: &str, session: Option<&str>) -> (u16, usize) {
    let request = get(path, session);
    let response = if path.starts_with("/account") {
        site.account(request).await
    } else {
        site.app(request).await
    }
    .expect("page");
    (response.status().as_u16(), size(response.body()))
}

#[tokio::main]
async fn main() {
    let Ok(endpoint) = std::env::var("AWS_ENDPOINT_URL_DYNAMODB") else {
        eprintln!("app pages bench: set AWS_ENDPOINT_URL_DYNAMODB (scripts/bench does)");
        return;
    };
    let counter = RequestCounter::new();
    let first_day: NaiveDate = "2026-06-01".parse().unwrap();
    let last_day = first_day + chrono::Days::new(DAYS - 1);
    let clock = Arc::new(FixedClock::new(first_day.and_hms_opt(8, 0, 0).unwrap().and_utc()));
    let service = support::service_at(&endpoint, &counter, clock.clone()).await;
    let email = "bench@example.com";
    let ws = support::person_with_workspace(&service, email, PASSWORD).await;
    let access = service.open_workspace_as(ws.owner_id.clone(), &ws.id).await.unwrap();
    let body = json!({ "name": "Spring campaign", "rules": [
        { "targetUrl": "https://example.com/de", "isDefault": false, "country": ["DE", "AT"] },
        { "targetUrl": "https://example.com/iphone", "isDefault": false, "os": ["iOS"], "device": ["mobile"] },
        { "targetUrl": "https://example.com/night", "isDefault": false, "timeStart": "22:00", "timeEnd": "06:00" },
        { "targetUrl": "https://example.com/", "isDefault": true } ] });
    let link = service
        .create_link(&access, lib::testing::http_draft(&service, body))
        .await
        .unwrap();
    for i in 0..OTHER_LINKS {
        lib::testing::create_plain_link(&service, &access, i).await;
    }
    let rules: Vec<String> = service
        .get_link_record(&access, &link.id)
        .await
        .unwrap()
        .rules
        .iter()
        .map(|r| r.id.to_string())
        .collect();
    let started = Instant::now();
    let links = vec![(link.id.clone(), rules, CLICKS_PER_DAY)];
    traffic::load(lib::testing::store(&service), &ws.id, &links, first_day, DAYS).await;
    println!(
        "loaded {} clicks of one link over {DAYS} days through the aggregator in {:.1} s",
        CLICKS_PER_DAY * DAYS,
        started.elapsed().as_secs_f64()
    );

    clock.set(last_day.and_hms_opt(20, 0, 0).unwrap().and_utc());
    let token = support::session(&service, email, PASSWORD).await;
    let site = Site::new(service.clone(), Settings::default());
    let base = format!("/app/w/{}", ws.id);
    let analytics = format!("{base}/links/{}/analytics?range=90d", link.id);

    let (status, _) = fetch(&site, &analytics, Some(&token)).await;
    assert_eq!(status, 200, "the analytics page answers");
    let mut page_times = Vec::new();
    for _ in 0..RUNS {
        let t = Instant::now();
        fetch(&site, &analytics, Some(&token)).await;
        page_times.push(t.elapsed());
    }
    let range = DayRange {
        from: Some(first_day),
        to: Some(last_day),
    };
    let mut report_times = Vec::new();
    for _ in 0..RUNS {
        let t = Instant::now();
        service.link_analytics(&access, &link.id, range).await.unwrap();
        report_times.push(t.elapsed());
    }
    let (page, report) = (median(page_times), median(report_times));
    println!(
        "link analytics page over {DAYS} days ({} clicks): median {:.1} ms server time for the whole page \
         (session, workspace, report, record, charts, HTML); the report alone median {:.1} ms; \
         the page's own work about {:.1} ms",
        CLICKS_PER_DAY * DAYS,
        page.as_secs_f64() * 1000.0,
        report.as_secs_f64() * 1000.0,
        (page.saturating_sub(report)).as_secs_f64() * 1000.0
    );

    let assets: usize = ["style.css", "app.js"]
        .iter()
        .map(|name| size(lib::pages::assets::serve(name).expect("asset").body()))
        .sum();
    let pages = [
        ("home (signed out)", "/".to_string(), None),
        ("sign-in", "/account/sign-in".to_string(), None),
        ("integrations", "/account/integrations".to_string(), Some(&token)),
        ("help", "/app/help".to_string(), Some(&token)),
        ("links (20 of 25)", format!("{base}/links"), Some(&token)),
        ("new link", format!("{base}/links/new"), Some(&token)),
        (
            "edit link (3 rules)",
            format!("{base}/links/{}/edit", link.id),
            Some(&token),
        ),
        ("delete link", format!("{base}/links/{}/delete", link.id), Some(&token)),
        ("link analytics (90 days)", analytics.clone(), Some(&token)),
        (
            "workspace analytics (90 days)",
            format!("{base}/analytics?range=90d"),
            Some(&token),
        ),
    ];
    println!("page weight (HTML + stylesheet and script, {assets} bytes, both cached for a year):");
    for (name, path, session) in pages {
        let (status, html) = fetch(&site, &path, session.map(String::as_str)).await;
        assert_eq!(status, 200, "{name}");
        println!(
            "  {name:<32} HTML {:>7} bytes, with assets {:>7} bytes",
            html,
            html + assets
        );
    }
}

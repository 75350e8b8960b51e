//! In-process cost of one redirect, excluding DynamoDB: classify the visitor (CloudFront's
//! headers included, its viewer position too), evaluate a link with 10 rules (the visitor
//! matches only the default, so every rule is tried), and build the HTTP response; the same on
//! a link with conversion tracking, whose person takes `sl_cid` (the click's token) to the
//! destination; and the page a link with `gpsTracking` shows a person instead (its grant
//! signed); and what a password-protected link adds. `cargo bench -p redirect`.

use std::hint::black_box;

use chrono::{DateTime, Utc};
use criterion::{Criterion, criterion_group, criterion_main};
use lib::domain::{ClickToken, Link, LinkPassword, LocationGrant, PASSWORD_PURPOSE, PasswordHash, PasswordPass};
use lib::service::{visits::LocationRequest, visits::VisitOutcome, visits::plan};
use lib::testing::SeededEntropy;
use lib::visitor::{Visitor, VisitorHeaders};
use serde_json::json;

fn ten_rule_link() -> Link {
    let mut rules: Vec<serde_json::Value> = (0..9)
        .map(|i| {
            json!({ "targetUrl": format!("https://example.com/{i}"), "isDefault": false,
                    "country": ["DE", "FR", "GB"], "device": ["mobile", "tablet"], "os": ["Android", "iOS"],
                    "browser": ["Chrome", "Safari"], "locale": ["de", "fr"], "daysOfWeek": [1, 2, 3, 4, 5],
                    "timeStart": "08:00", "timeEnd": "20:00" })
        })
        .collect();
    rules.push(json!({ "targetUrl": "https://example.com/default?src=short", "isDefault": true }));
    let body = json!({ "name": "bench", "slug": "bench", "domain": "sl.example.com", "rules": rules });
    lib::testing::link_from_json_at(body, "2026-01-07T12:00:00Z".parse().unwrap())
}

fn redirect(c: &mut Criterion) {
    let link = ten_rule_link();
    let now: DateTime<Utc> = "2026-01-07T12:00:00Z".parse().unwrap();
    let entropy = SeededEntropy::new(2);
    let headers = VisitorHeaders {
        user_agent: Some(
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
        ),
        sec_ch_ua: Some(r#""Not_A Brand";v="8", "Chromium";v="120", "Google Chrome";v="120""#),
        sec_ch_ua_mobile: Some("?0"),
        sec_ch_ua_platform: Some(r#""Windows""#),
        accept_language: Some("en-US,en;q=0.9,de;q=0.8"),
        referer: Some("https://www.google.com/search?q=spring+sale"),
        viewer_country: Some("US"),
        viewer_city: Some("New%20York"),
        viewer_latitude: Some("40.71427"),
        viewer_longitude: Some("-74.00597"),
        viewer_address: Some("198.51.100.4:51234"),
        source_ip: Some("198.51.100.4"),
        ..Default::default()
    };
    let key = lib::redirect::random_location_key(&entropy);
    let visitor_key = lib::testing::visitor_key();
    c.bench_function("redirect: classify + 10 rules + response", |b| {
        b.iter(|| {
            let visitor = Visitor::classify(black_box(&headers), &visitor_key);
            let (_, outcome) = plan(black_box(&link), &visitor, now, &entropy, Some("utm_source=newsletter"));
            black_box(lib::redirect::door::response_for(&outcome, false, false, &key))
        })
    });
    // What tracking adds: the click's token, encoded and appended (no request: the token is
    // the key of the click the redirect writes anyway).
    let token = ClickToken {
        workspace_id: link.workspace_id.clone(),
        at: now,
        shard: 7,
        click_id: lib::domain::ids::ObjectId::parse("65a1b2c3d4e5f60718293a4c").unwrap(),
    };
    c.bench_function("redirect, tracked: classify + 10 rules + sl_cid + response", |b| {
        b.iter(|| {
            let visitor = Visitor::classify(black_box(&headers), &visitor_key);
            let (_, outcome) = plan(black_box(&link), &visitor, now, &entropy, Some("utm_source=newsletter"));
            let outcome = outcome.with_click(black_box(&token));
            black_box(lib::redirect::door::response_for(&outcome, false, false, &key))
        })
    });
}

/// What a link that asks for location costs a person's visit in process: the same, then the
/// page with its grant signed (HMAC-SHA256) and its style hashed.
fn location_page(c: &mut Criterion) {
    let link = ten_rule_link();
    let now: DateTime<Utc> = "2026-01-07T12:00:00Z".parse().unwrap();
    let entropy = SeededEntropy::new(3);
    let key = lib::redirect::random_location_key(&entropy);
    let visitor_key = lib::testing::visitor_key();
    let token = ClickToken {
        workspace_id: link.workspace_id.clone(),
        at: now,
        shard: 7,
        click_id: lib::domain::ids::ObjectId::parse("65a1b2c3d4e5f60718293a4c").unwrap(),
    };
    let headers = VisitorHeaders {
        user_agent: Some(
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
        ),
        viewer_latitude: Some("48.85661"),
        viewer_longitude: Some("2.35222"),
        ..Default::default()
    };
    c.bench_function("location page: classify + 10 rules + signed grant + page", |b| {
        b.iter(|| {
            let visitor = Visitor::classify(black_box(&headers), &visitor_key);
            let (_, outcome) = plan(black_box(&link), &visitor, now, &entropy, None);
            let VisitOutcome::Redirect { location } = outcome else {
                unreachable!("a person is redirected")
            };
            let request = VisitOutcome::AskLocation(Box::new(LocationRequest {
                location,
                asker: "Acme".into(),
                colour: None,
                grant: LocationGrant {
                    click: token.clone(),
                    link_id: link.id.clone(),
                    area: visitor.area,
                },
                retention_days: 30,
            }));
            black_box(lib::redirect::door::response_for(&request, false, false, &key))
        })
    });
}

/// What a password-protected link costs in process: checking a typed password against its
/// argon2id hash (the account passwords' parameters: 19 MiB, 2 passes), and checking the signed
/// pass a remembered browser brings instead (HMAC-SHA256).
fn password(c: &mut Criterion) {
    let entropy = SeededEntropy::new(4);
    let link = ten_rule_link();
    let now: DateTime<Utc> = "2026-01-07T12:00:00Z".parse().unwrap();
    let hash = PasswordHash::for_link(&LinkPassword::parse("open sesame").unwrap(), &entropy);
    let mut group = c.benchmark_group("password");
    group.sample_size(20);
    group.bench_function("password check: argon2id verify of a typed password", |b| {
        b.iter(|| black_box(hash.verify(black_box("open sesame"))))
    });
    let key = lib::redirect::random_key(&entropy, PASSWORD_PURPOSE);
    let signed = PasswordPass::issue(&link.id, &hash, now).sign(&key);
    group.bench_function("remembered browser: pass verify + admits", |b| {
        b.iter(|| {
            let pass = PasswordPass::verify(black_box(&signed), &key).expect("signed");
            black_box(pass.admits(&link.id, &hash, now))
        })
    });
    group.finish();
}

criterion_group!(benches, redirect, location_page, password);
criterion_main!(benches);

//! Floods of reports: one network's addresses are counted together (an IPv6 /48 as well as
//! each /64), and what is kept is capped per reported workspace and overall each hour; past a
//! cap a reporter is thanked as ever and the report is not kept.

use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::helpers::{TestApp, Visit, spawn_app};
use crate::link_passwords::cookie_set;
use lib::service::reports::{REPORTS_KEPT_PER_HOUR, REPORTS_KEPT_PER_WORKSPACE_PER_HOUR};
use lib::store::keys::{EVERY_SOURCE, Throttle};

const THANKS: &str = "Thank you. Your report was received; we look into every report we get.";

/// Opens the report page of `slug` and posts a spam report from it, from `address`.
async fn report(app: &TestApp, slug: &str, address: &str) -> Visit {
    let path = format!("_sl/report/{slug}");
    let page = app.get(&path, &[]).await;
    let token = cookie_set(&page, "sl_report").expect("the page sets its form token");
    let cookie = format!("sl_report={token}");
    let headers = [
        ("cookie", cookie.as_str()),
        ("content-type", "application/x-www-form-urlencoded"),
        ("sec-fetch-site", "same-origin"),
        ("cloudfront-viewer-address", address),
    ];
    let body = format!("form={token}&reason=spam");
    app.visit_with_body(Method::POST, &path, &headers, Some(body)).await
}

async fn kept(app: &TestApp) -> usize {
    let since = "2000-01-01T00:00:00Z".parse().unwrap();
    let until = app.clock_now() + chrono::Duration::seconds(1);
    let page = app
        .service
        .reports_page(since, until, None, 1_000)
        .await
        .expect("reports");
    assert!(page.next.is_none());
    page.reports.len()
}

async fn link(app: &TestApp, ws: &crate::helpers::TestWorkspace, slug: &str) {
    app.create_ok(
        ws,
        json!({ "name": slug, "slug": slug, "rules": [{ "targetUrl": "https://shop.example/", "isDefault": true }] }),
    )
    .await;
}

/// Counts `count` events of `throttle` for `source` in this hour, as if they had happened.
async fn already_counted(app: &TestApp, throttle: Throttle, source: &str, count: u32) {
    let now = app.clock_now();
    let counted = lib::testing::store(&app.service)
        .count_many_in_window(throttle, source, now, count, count)
        .await
        .expect("counted");
    assert!(counted);
}

#[tokio::test]
async fn a_48_past_thirty_reports_an_hour_is_told_to_wait_whichever_of_its_64s_sends() {
    let app = spawn_app().await;
    for i in 0..30 {
        let address = format!("[2001:db8:7:{i:x}::1]:443");
        assert_eq!(report(&app, "x", &address).await.status, StatusCode::OK, "report {i}");
    }
    let refused = report(&app, "x", "[2001:db8:7:ff::1]:443").await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(
        refused
            .body
            .contains("Too many requests from your address. Try again in")
    );
    let other_network = report(&app, "x", "[2001:db8:8::1]:443").await;
    assert_eq!(other_network.status, StatusCode::OK);
}

#[tokio::test]
async fn a_workspace_past_its_kept_reports_this_hour_keeps_no_more_but_still_thanks() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    link(&app, &ws, "a").await;
    link(&app, &ws, "b").await;
    let other = app.workspace().await;
    link(&app, &other, "c").await;
    let workspace_cap = REPORTS_KEPT_PER_WORKSPACE_PER_HOUR;
    already_counted(&app, Throttle::ReportsOfWorkspace, &ws.id, workspace_cap - 1).await;
    assert!(report(&app, "a", "198.51.100.1:443").await.body.contains(THANKS));
    let past = report(&app, "b", "198.51.100.2:443").await;
    assert_eq!(past.status, StatusCode::OK);
    assert!(past.body.contains(THANKS));
    assert_eq!(kept(&app).await, 1, "the report past the cap is not kept");
    report(&app, "c", "198.51.100.3:443").await;
    assert_eq!(kept(&app).await, 2, "another workspace's report is kept");
}

#[tokio::test]
async fn past_the_reports_kept_overall_this_hour_none_is_kept_but_each_is_thanked() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    link(&app, &ws, "a").await;
    already_counted(&app, Throttle::ReportsKept, EVERY_SOURCE, REPORTS_KEPT_PER_HOUR - 1).await;
    report(&app, "a", "198.51.100.1:443").await;
    let past = report(&app, "a", "198.51.100.2:443").await;
    assert_eq!(past.status, StatusCode::OK);
    assert!(past.body.contains(THANKS));
    assert_eq!(kept(&app).await, 1);
}

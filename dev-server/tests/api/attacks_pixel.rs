//! The second security review's finding 7 (issue 50): the public conversion pixel, which anyone
//! holding a click id may fire, against the server-reported conversions and the A/B leader.
//! Every test here failed on the code before its fix.

use reqwest::StatusCode;
use serde_json::json;

use crate::conversion_support::day;
use crate::conversions::tracked_link;
use crate::helpers::{DEFAULT_DOMAIN, TestApp, TestWorkspace, Visit, oid, spawn_app};

impl TestApp {
    /// The pixel for the click id `cid`, sent to `host`: always the same GIF.
    async fn pixel_on(&self, host: &str, cid: &str, event: &str) -> Visit {
        let hit = self.get(&format!("_sl/c?cid={cid}&e={event}"), &[("host", host)]).await;
        assert_eq!(hit.status, StatusCode::OK);
        assert!(hit.body.starts_with("GIF89a"));
        hit
    }

    /// The conversions stored today in `ws`, as their records' JSON.
    async fn stored_conversions(&self, ws: &TestWorkspace) -> Vec<serde_json::Value> {
        let today = self.clock_now().date_naive();
        let stored = self.store().conversions_on(&oid(&ws.id), today).await.unwrap();
        stored.iter().map(|c| serde_json::to_value(c).unwrap()).collect()
    }

    /// The click `cid` fires the pixel with ten event names (the most a click takes).
    async fn ten_pixel_events(&self, cid: &str) {
        for i in 0..10 {
            self.fire_pixel(cid, &format!("step{i}")).await;
        }
    }
}

/// An app with a workspace, its tracked link (on the default domain) and the click id of one
/// visit of it.
async fn a_click_of_a_tracked_link() -> (TestApp, TestWorkspace, String, String) {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = tracked_link(&app, &ws, "shop", true).await;
    let (_, cid) = app.visit_for_id("shop", "FR").await;
    (app, ws, id, cid)
}

/// Finding 7: the pixel and the API shared one marker per (click, event), so a pixel fired with
/// `e=sale` before the server reported the sale made the API answer `duplicate: true`, and the
/// sale's amount was never recorded.
#[tokio::test]
async fn a_pixel_hit_cannot_pre_empt_the_servers_sale_of_the_same_event() {
    let (app, ws, id, cid) = a_click_of_a_tracked_link().await;
    app.fire_pixel(&cid, "sale").await;

    let answer = app
        .convert(
            &ws,
            json!({ "clickId": cid, "event": "sale", "amount": 4999, "currency": "EUR" }),
        )
        .await;
    assert_eq!(answer["duplicate"], false, "{answer}");
    let body = app.report_of(&ws, &format!("links/{id}/analytics")).await;
    assert_eq!(body["conversions"]["sale"]["amounts"], json!({ "EUR": 4999 }));
}

/// Finding 7: a conversion did not say who reported it, so a pixel's event and a server's
/// could not be told apart anywhere.
#[tokio::test]
async fn each_conversion_keeps_the_source_that_reported_it() {
    let (app, ws, _, cid) = a_click_of_a_tracked_link().await;
    app.fire_pixel(&cid, "signup").await;
    app.convert(&ws, json!({ "clickId": cid, "event": "sale" })).await;

    let mut sources: Vec<_> = app
        .stored_conversions(&ws)
        .await
        .iter()
        .map(|c| (c["event"].clone(), c["source"].clone()))
        .collect();
    sources.sort_by_key(|(event, _)| event.to_string());
    assert_eq!(
        sources,
        [(json!("sale"), json!("api")), (json!("signup"), json!("pixel"))]
    );
}

/// Finding 7: the pixel took a click id on any host, so a page on another short domain could
/// fire conversions for this link's clicks. It now records nothing there, and answers exactly
/// as it does on the link's own host.
#[tokio::test]
async fn a_pixel_sent_to_another_host_records_nothing() {
    let (app, ws, _, cid) = a_click_of_a_tracked_link().await;

    let mut elsewhere = app.pixel_on("go.other.example", &cid, "signup").await;
    assert_eq!(app.stored_conversions(&ws).await, Vec::<serde_json::Value>::new());
    let mut at_home = app.pixel_on(DEFAULT_DOMAIN, &cid, "signup").await;
    assert_eq!(
        app.stored_conversions(&ws).await.len(),
        1,
        "the link's own host records it"
    );
    for hit in [&mut elsewhere, &mut at_home] {
        hit.headers.remove("date");
    }
    assert_eq!(
        (elsewhere.headers, elsewhere.body),
        (at_home.headers, at_home.body),
        "the answer tells nothing"
    );
}

/// An app with a workspace and its tracked A/B test (created on 2026-03-01), visited at least 24
/// times and until each variant has 4 clicks (a 50/50 split leaves one short about once in 3,600
/// runs of 24): the test's id, and the click ids each variant's visitors were given (`a`, then
/// `b`).
async fn an_ab_test_with_clicks() -> (TestApp, TestWorkspace, String, Vec<String>, Vec<String>) {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.clock.set(day("2026-03-01"));
    let id = app.tracked_ab_test(&ws, "ab").await;
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let mut visits = 0;
    while visits < 24 || a.len() < 4 || b.len() < 4 {
        assert!(visits < 200, "{} and {} clicks after {visits} visits", a.len(), b.len());
        visits += 1;
        let (target, cid) = app.visit_for_id("ab", "FR").await;
        let variant = if target == "https://example.com/b" {
            &mut b
        } else {
            &mut a
        };
        variant.push(cid);
    }
    (app, ws, id, a, b)
}

/// Finding 7: the A/B comparison counted every conversion of a variant, pixel events included,
/// so one click of the losing variant firing the pixel ten times made it the leader over the
/// variant the server's sales favoured.
#[tokio::test]
async fn pixel_hits_cannot_overturn_the_ab_leader_the_servers_sales_decide() {
    let (app, ws, id, a, b) = an_ab_test_with_clicks().await;
    for cid in a.iter().step_by(2) {
        app.convert(
            &ws,
            json!({ "clickId": cid, "event": "sale", "amount": 100, "currency": "EUR" }),
        )
        .await;
    }
    app.ten_pixel_events(&b[0]).await;

    let body = app.report_of(&ws, &format!("links/{id}/analytics")).await;
    assert_eq!(body["abTestResult"]["leader"], "a", "{}", body["abTestResult"]);
}

/// Finding 7: with the pixel alone, each of a click's events counted as a conversion for the
/// A/B comparison, so one click firing ten event names outweighed half of the other variant's
/// visitors converting.
#[tokio::test]
async fn one_click_firing_ten_pixel_events_counts_once_for_the_ab_leader() {
    let (app, ws, id, a, b) = an_ab_test_with_clicks().await;
    for cid in a.iter().step_by(2) {
        app.fire_pixel(cid, "signup").await;
    }
    app.ten_pixel_events(&b[0]).await;

    let body = app.report_of(&ws, &format!("links/{id}/analytics")).await;
    assert_eq!(body["abTestResult"]["leader"], "a", "{}", body["abTestResult"]);
    assert_eq!(
        body["abVariantsStats"]["b"]["conversions"], 10,
        "the variant's own count keeps every event"
    );
}

//! Scans of a printed code are visits with `qr=1`: counted apart (`triggers.qr`), recorded on
//! the raw click, and never passed on to the destination.

use lib::testing::qr::decode_png;
use lib::visitor::Trigger;
use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::helpers::{TestApp, TestWorkspace, spawn_app};

impl TestApp {
    async fn analytics_of(&self, ws: &TestWorkspace, path: &str) -> serde_json::Value {
        let separator = if path.contains('?') { '&' } else { '?' };
        let (status, body) = self
            .request(
                Method::GET,
                &format!("{path}{separator}workspaceId={}", ws.id),
                Some(&ws.key),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body
    }
}

#[tokio::test]
async fn a_scan_of_the_served_code_counts_under_triggers_qr_and_the_destination_never_sees_qr_1() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app
        .create_ok(
            &ws,
            json!({ "name": "Menu", "slug": "menu", "url": "https://example.com/menu?table=4" }),
        )
        .await;
    let png = app.qr(&ws, &id, "&format=png").await.bytes;
    let scanned = match decode_png(&png).as_slice() {
        [Ok(url)] => url.clone(),
        other => panic!("the code does not decode: {other:?}"),
    };
    let path = scanned.strip_prefix("https://sl.test/").expect("the short link");
    assert_eq!(path, "menu?qr=1");

    let scan = app.get(path, &[]).await;
    assert_eq!(scan.status, StatusCode::FOUND);
    assert_eq!(scan.location(), Some("https://example.com/menu?table=4"));
    let tagged = app.get("menu?utm_medium=print&qr=1", &[]).await;
    assert_eq!(
        tagged.location(),
        Some("https://example.com/menu?table=4&utm_medium=print")
    );
    assert_eq!(app.get("menu", &[]).await.status, StatusCode::FOUND);

    let mut triggers: Vec<Trigger> = app.clicks(&id).await.iter().map(|c| c.trigger).collect();
    triggers.sort_by_key(|t| t.as_str());
    assert_eq!(triggers, [Trigger::Link, Trigger::Qr, Trigger::Qr]);

    app.aggregate().await;
    let expected = json!({ "link": { "title": "Link", "value": 1 }, "qr": { "title": "QR code", "value": 2 } });
    let link = app.analytics_of(&ws, &format!("/apiv1/links/{id}/analytics")).await;
    assert_eq!(link["triggers"], expected);
    assert_eq!(link["totals"]["periodTotal"], 3);
    let workspace = app.analytics_of(&ws, "/apiv1/links/analytics").await;
    assert_eq!(workspace["triggers"], expected);
}

#[tokio::test]
async fn a_visit_with_another_qr_value_is_a_link_visit_and_keeps_its_parameter() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app
        .create_ok(
            &ws,
            json!({ "name": "Other", "slug": "other", "url": "https://example.com/" }),
        )
        .await;
    let visit = app.get("other?qr=yes", &[]).await;
    assert_eq!(visit.location(), Some("https://example.com/?qr=yes"));
    app.aggregate().await;
    let link = app.analytics_of(&ws, &format!("/apiv1/links/{id}/analytics")).await;
    assert_eq!(
        link["triggers"],
        json!({ "link": { "title": "Link", "value": 1 }, "qr": { "title": "QR code", "value": 0 } })
    );
}

#[tokio::test]
async fn a_range_without_clicks_reports_both_triggers_at_zero() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app
        .create_ok(&ws, json!({ "name": "Quiet", "url": "https://example.com/" }))
        .await;
    let link = app.analytics_of(&ws, &format!("/apiv1/links/{id}/analytics")).await;
    assert_eq!(
        link["triggers"],
        json!({ "link": { "title": "Link", "value": 0 }, "qr": { "title": "QR code", "value": 0 } })
    );
}

//! Conversion tracking: the conversions API, and what the pixel and the API take per click.

use lib::domain::{ClickToken, ConversionSource};
use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::conversions::{has_converted, pixel, token_of_a_visit, tracked_link};
use crate::helpers::{TestApp, TestWorkspace, spawn_app};

async fn report(app: &TestApp, ws: &TestWorkspace, mut body: serde_json::Value) -> (StatusCode, serde_json::Value) {
    body["workspaceId"] = json!(ws.id);
    app.call(Method::POST, "/apiv1/conversions", &ws.key, body).await
}

#[tokio::test]
async fn a_server_reports_a_sale_attributed_to_the_clicks_link_and_rule() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = tracked_link(&app, &ws, "sale", true).await;
    let token = token_of_a_visit(&app, "sale").await;
    let (status, body) = report(
        &app,
        &ws,
        json!({ "clickId": token.encode(), "event": "sale", "amount": 4999, "currency": "EUR" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let rule = app.rule_ids(&id).await.remove(0);
    assert_eq!(
        (&body["message"], &body["linkId"], &body["ruleId"], &body["duplicate"]),
        (&json!("Conversion recorded."), &json!(id), &json!(rule), &json!(false))
    );
    assert!(body.get("variantId").is_none(), "{body}");
    assert!(has_converted(&app, &token, ConversionSource::Api, "sale").await);
}

#[tokio::test]
async fn twenty_concurrent_retries_of_one_event_id_count_once_and_answer_the_first() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    tracked_link(&app, &ws, "retry", true).await;
    let token = token_of_a_visit(&app, "retry").await;
    let body = json!({ "clickId": token.encode(), "event": "sale", "amount": 100, "currency": "USD",
                       "eventId": "order-4711" });
    let answers = futures::future::join_all((0..20).map(|_| report(&app, &ws, body.clone()))).await;
    assert!(
        answers.iter().all(|(status, _)| *status == StatusCode::OK),
        "{answers:?}"
    );
    let first: Vec<_> = answers.iter().filter(|(_, b)| b["duplicate"] == false).collect();
    assert_eq!(first.len(), 1, "{answers:?}");
    assert!(answers.iter().all(|(_, b)| b["id"] == first[0].1["id"]));
    let (_, other) = report(
        &app,
        &ws,
        json!({ "clickId": token.encode(), "event": "sale", "amount": 100, "currency": "USD", "eventId": "order-4712" }),
    )
    .await;
    assert_eq!(other["duplicate"], false, "another order of the same click counts");
}

#[tokio::test]
async fn unknown_malformed_and_foreign_clicks_are_not_found_alike() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let other_ws = app.workspace().await;
    tracked_link(&app, &other_ws, "theirs", true).await;
    let theirs = token_of_a_visit(&app, "theirs").await;
    let unknown = ClickToken {
        workspace_id: lib::domain::ids::ObjectId::parse(&ws.id).unwrap(),
        ..theirs.clone()
    };
    for cid in [theirs.encode(), unknown.encode(), "not-a-click".to_string()] {
        let (status, body) = report(&app, &ws, json!({ "clickId": cid, "event": "lead" })).await;
        assert_eq!(
            (status, &body["error"]),
            (StatusCode::NOT_FOUND, &json!("Click not found.")),
            "{cid}"
        );
    }
}

#[tokio::test]
async fn tracking_off_and_an_old_click_are_refused_with_their_sentences() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = tracked_link(&app, &ws, "rules", true).await;
    let token = token_of_a_visit(&app, "rules").await;
    let lead = json!({ "clickId": token.encode(), "event": "lead" });
    app.clock.set(app.clock_now() + chrono::Duration::days(91));
    let (status, body) = report(&app, &ws, lead.clone()).await;
    assert_eq!(
        (status, &body["error"]),
        (
            StatusCode::BAD_REQUEST,
            &json!("The click is older than the 90-day attribution window.")
        )
    );
    app.update(&ws, &id, json!({ "conversionTracking": false })).await;
    let (status, body) = report(&app, &ws, lead).await;
    assert_eq!(
        (status, &body["error"]),
        (
            StatusCode::BAD_REQUEST,
            &json!("Conversion tracking is off for this link.")
        )
    );
    let (status, body) = report(
        &app,
        &ws,
        json!({ "clickId": token.encode(), "event": "sale", "amount": 5 }),
    )
    .await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::BAD_REQUEST, &json!("currency is required with an amount."))
    );
}

#[tokio::test]
async fn a_click_takes_at_most_ten_events_from_the_pixel_but_any_number_from_the_api() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    tracked_link(&app, &ws, "capped", true).await;
    let token = token_of_a_visit(&app, "capped").await;
    for i in 0..12 {
        pixel(&app, &format!("cid={}&e=step{i}", token.encode())).await;
    }
    assert!(has_converted(&app, &token, ConversionSource::Pixel, "step9").await);
    assert!(
        !has_converted(&app, &token, ConversionSource::Pixel, "step10").await,
        "the eleventh is not recorded"
    );
    let (status, body) = report(&app, &ws, json!({ "clickId": token.encode(), "event": "sale" })).await;
    assert_eq!((status, &body["duplicate"]), (StatusCode::OK, &json!(false)), "{body}");
}

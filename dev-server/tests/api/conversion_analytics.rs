//! Conversions in the reports: folded by the stream aggregator with the clicks, counted on the
//! day they happen, attributed to the click's link, rule and variant.

use serde_json::json;

use crate::conversion_support::day;
use crate::helpers::{TestApp, TestWorkspace, spawn_app};

/// A tracked link with a German rule and a default, created on 2026-03-01.
async fn campaign(app: &TestApp, ws: &TestWorkspace) -> (String, String, String) {
    app.clock.set(day("2026-03-01"));
    let id = app
        .create_ok(
            ws,
            json!({ "name": "Campaign", "slug": "campaign", "conversionTracking": true, "rules": [
                { "targetUrl": "https://example.com/de", "isDefault": false, "country": ["DE"], "name": "Germany" },
                { "targetUrl": "https://example.com/", "isDefault": true } ] }),
        )
        .await;
    let rules = app.rule_ids(&id).await;
    (id.clone(), rules[0].clone(), rules[1].clone())
}

#[tokio::test]
async fn conversions_count_per_event_and_rule_with_their_rates_and_sales() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let (id, germany, default) = campaign(&app, &ws).await;
    app.clock.set(day("2026-03-02"));
    let (_, de_first) = app.visit_for_id("campaign", "DE").await;
    app.visit_for_id("campaign", "DE").await;
    app.visit_for_id("campaign", "DE").await;
    app.visit_for_id("campaign", "DE").await;
    let (_, us) = app.visit_for_id("campaign", "US").await;
    app.fire_pixel(&de_first, "signup").await;
    app.fire_pixel(&de_first, "signup").await;
    app.clock.set(day("2026-03-04"));
    app.convert(
        &ws,
        json!({ "clickId": us, "event": "sale", "amount": 1999, "currency": "EUR" }),
    )
    .await;
    app.convert(
        &ws,
        json!({ "clickId": us, "event": "sale", "amount": 1999, "currency": "EUR", "eventId": "o-2" }),
    )
    .await;
    app.clock.set(day("2026-03-05"));

    let body = app.report_of(&ws, &format!("links/{id}/analytics")).await;
    assert_eq!(body["totals"]["conversions"], 3);
    assert_eq!(
        body["conversions"],
        json!({
            "signup": { "title": "signup", "value": 1, "amounts": {} },
            "sale": { "title": "sale", "value": 2, "amounts": { "EUR": 3998 } }
        })
    );
    assert_eq!(
        body["dailyConversions"],
        json!({ "2026-03-01": 0, "2026-03-02": 1, "2026-03-03": 0, "2026-03-04": 2, "2026-03-05": 0 })
    );
    let rule = |id: &str| {
        let stats = &body["rulesStats"][id];
        (
            stats["clicks"].clone(),
            stats["conversions"].clone(),
            stats["conversionRate"].clone(),
            stats["amounts"].clone(),
        )
    };
    assert_eq!(rule(&germany), (json!(4), json!(1), json!(0.25), json!({})));
    assert_eq!(rule(&default), (json!(1), json!(2), json!(2.0), json!({ "EUR": 3998 })));
    assert!(body.get("abTestResult").is_none(), "{body}");
}

#[tokio::test]
async fn a_rule_without_clicks_in_the_range_has_a_rate_of_zero() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let (id, germany, _) = campaign(&app, &ws).await;
    app.clock.set(day("2026-03-02"));
    let (_, de) = app.visit_for_id("campaign", "DE").await;
    app.clock.set(day("2026-03-03"));
    app.fire_pixel(&de, "lead").await;

    let body = app
        .report_of(&ws, &format!("links/{id}/analytics?from=2026-03-03&to=2026-03-03"))
        .await;
    let stats = &body["rulesStats"][&germany];
    assert_eq!(
        (&stats["clicks"], &stats["conversions"], &stats["conversionRate"]),
        (&json!(0), &json!(1), &json!(0.0))
    );
    assert_eq!(body["dailyConversions"], json!({ "2026-03-03": 1 }));
}

#[tokio::test]
async fn the_variant_that_converts_leads_with_its_probability_of_being_best() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.clock.set(day("2026-03-01"));
    let id = app.tracked_ab_test(&ws, "ab").await;
    app.clock.set(day("2026-03-02"));
    let mut clicks = [0u64, 0u64];
    for _ in 0..24 {
        let (target, cid) = app.visit_for_id("ab", "FR").await;
        if target == "https://example.com/b" {
            clicks[1] += 1;
            app.fire_pixel(&cid, "signup").await;
        } else {
            clicks[0] += 1;
        }
    }
    assert!(clicks[0] > 0 && clicks[1] > 0, "{clicks:?}");

    let body = app.report_of(&ws, &format!("links/{id}/analytics")).await;
    let variants = &body["abVariantsStats"];
    assert_eq!(
        (&variants["a"]["conversions"], &variants["a"]["conversionRate"]),
        (&json!(0), &json!(0.0))
    );
    assert_eq!(
        (&variants["b"]["conversions"], &variants["b"]["conversionRate"]),
        (&json!(clicks[1]), &json!(1.0))
    );
    let result = &body["abTestResult"];
    assert_eq!(result["leader"], "b");
    let (a, b) = (
        result["probabilityBest"]["a"].as_f64().unwrap(),
        result["probabilityBest"]["b"].as_f64().unwrap(),
    );
    assert!(b > 0.99 && (a + b - 1.0).abs() < 0.001, "{result}");
}

#[tokio::test]
async fn an_ab_test_without_clicks_or_conversions_has_no_leader_and_even_chances() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.tracked_ab_test(&ws, "quiet").await;
    let body = app.report_of(&ws, &format!("links/{id}/analytics")).await;
    assert_eq!(
        body["abTestResult"],
        json!({ "leader": null, "probabilityBest": { "a": 0.5, "b": 0.5 } })
    );
}

#[tokio::test]
async fn the_workspace_report_counts_conversions_per_link_and_event() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let (id, _, _) = campaign(&app, &ws).await;
    app.clock.set(day("2026-03-02"));
    let (_, cid) = app.visit_for_id("campaign", "DE").await;
    app.fire_pixel(&cid, "signup").await;
    app.convert(
        &ws,
        json!({ "clickId": cid, "event": "sale", "amount": 500, "currency": "USD" }),
    )
    .await;

    let body = app.report_of(&ws, "links/analytics").await;
    assert_eq!(body["totals"]["conversions"], 2);
    assert_eq!(body["links"][&id]["conversions"], 2);
    assert_eq!(body["links"][&id]["value"], 1);
    assert_eq!(body["conversions"]["sale"]["amounts"], json!({ "USD": 500 }));
    assert_eq!(body["conversions"]["signup"]["value"], 1);
}

#[tokio::test]
async fn twenty_concurrent_pixels_count_once_in_the_report() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let (id, _, _) = campaign(&app, &ws).await;
    app.clock.set(day("2026-03-02"));
    let (_, cid) = app.visit_for_id("campaign", "US").await;
    futures::future::join_all((0..20).map(|_| app.fire_pixel(&cid, "signup"))).await;

    let body = app.report_of(&ws, &format!("links/{id}/analytics")).await;
    assert_eq!(body["totals"]["conversions"], 1);
}

#[tokio::test]
async fn a_conversion_record_delivered_twice_counts_once() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let (id, _, _) = campaign(&app, &ws).await;
    app.clock.set(day("2026-03-02"));
    let (_, cid) = app.visit_for_id("campaign", "US").await;
    app.fire_pixel(&cid, "signup").await;
    let workspace = crate::helpers::oid(&ws.id);
    let stored = app
        .store()
        .conversions_on(&workspace, day("2026-03-02").date_naive())
        .await
        .unwrap();
    let records: Vec<lib::analytics::StreamRecord> = stored
        .into_iter()
        .map(|conversion| {
            let record = lib::analytics::ConversionRecord {
                sequence: "100".into(),
                shard: 5,
                conversion,
            };
            record.into()
        })
        .collect();
    let first = app.service.fold_stream(&records).await.unwrap();
    let again = app.service.fold_stream(&records).await.unwrap();
    assert!(first.updates_applied > 0 && first.updates_skipped == 0, "{first:?}");
    assert_eq!(
        (again.updates_applied, again.updates_skipped),
        (0, first.updates_applied)
    );

    // The stream's own delivery of the same conversion (another partition position) is the
    // second count here: the replayed records stood for a delivery of their own.
    let body = app.report_of(&ws, &format!("links/{id}/analytics")).await;
    assert_eq!(body["totals"]["conversions"], 2);
}

#[tokio::test]
async fn the_mcp_analytics_tools_answer_the_same_conversion_fields() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let (id, germany, _) = campaign(&app, &ws.http).await;
    app.clock.set(day("2026-03-02"));
    let (_, cid) = app.visit_for_id("campaign", "DE").await;
    app.fire_pixel(&cid, "signup").await;
    let http = app.report_of(&ws.http, &format!("links/{id}/analytics")).await;

    let link = app.tool_in(&ws, "get_link_analytics", json!({ "linkId": id })).await;
    let link = link.structured();
    assert_eq!(link["rulesStats"][&germany]["conversionRate"], 1.0);
    assert_eq!(link, &http);
    let workspace = app.tool_in(&ws, "get_workspace_analytics", json!({})).await;
    assert_eq!(workspace.structured()["links"][&id]["conversions"], 1);
}

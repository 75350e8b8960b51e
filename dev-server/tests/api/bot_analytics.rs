//! Automated visits in the reports: bots' and preview crawlers' `GET`s of a live link are
//! recorded and folded apart from clicks, by family, on both doors; never a click.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestWorkspace, spawn_app};

/// A robot the classifier puts in the `other` family, today and once bots have families.
pub const CRAWLER: &str = "Mozilla/5.0 (compatible; SomethingCrawler/1.0; +https://example.org/bot)";
/// A link-preview crawler (`preview`).
pub const SLACKBOT: &str = "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)";

/// A visit of `slug` by the robot `agent` from the US (a person's visits come from Germany).
pub async fn robot(app: &TestApp, slug: &str, agent: &str) -> StatusCode {
    let headers = [("user-agent", agent), ("cloudfront-viewer-country", "US")];
    app.get(slug, &headers).await.status
}

/// A person's visit of `slug` from Germany.
pub async fn person(app: &TestApp, slug: &str) {
    let visit = app.get(slug, &[("cloudfront-viewer-country", "DE")]).await;
    assert_eq!(visit.status, StatusCode::FOUND);
}

async fn link_report(app: &TestApp, ws: &TestWorkspace, id: &str) -> Value {
    app.report_of(ws, &format!("links/{id}/analytics")).await
}

async fn workspace_report(app: &TestApp, ws: &TestWorkspace) -> Value {
    app.report_of(ws, "links/analytics").await
}

/// A link to `https://example.com/offer` whose destination is handed out `limit` times.
async fn limited_link(app: &TestApp, ws: &TestWorkspace, limit: u64) -> String {
    let body = json!({ "name": "Offer", "slug": "offer", "url": "https://example.com/offer", "clicksLimit": limit });
    app.create_ok(ws, body).await
}

/// The link record's `limitUsed`.
async fn limit_used(app: &TestApp, ws: &TestWorkspace, id: &str) -> Value {
    let path = format!("/apiv1/links/{id}?workspaceId={}", ws.id);
    let (status, record) = app.request(Method::GET, &path, Some(&ws.key), None).await;
    assert_eq!(status, StatusCode::OK, "{record}");
    record["limitUsed"].clone()
}

/// When each raw item of today in `ws` expires (`ttl`, epoch seconds), and whether it is a robot's.
async fn click_expiries(app: &TestApp, ws: &TestWorkspace) -> Vec<(i64, bool)> {
    use aws_sdk_dynamodb::types::AttributeValue;
    let day = app.clock_now().date_naive();
    let mut expiries = Vec::new();
    for shard in 0..lib::store::keys::CLICK_SHARDS {
        let pk = lib::store::keys::click(&crate::helpers::oid(&ws.id), day, shard, "").pk;
        let found = app
            .store()
            .client()
            .query()
            .table_name(app.service.table_name())
            .key_condition_expression("PK = :pk")
            .expression_attribute_values(":pk", AttributeValue::S(pk))
            .send()
            .await
            .expect("query");
        for item in found.items.unwrap_or_default() {
            let ttl = match item.get(lib::store::keys::TTL) {
                Some(AttributeValue::N(ttl)) => ttl.parse().expect("a number"),
                other => panic!("no ttl: {other:?}"),
            };
            expiries.push((ttl, item.get("bot") == Some(&AttributeValue::Bool(true))));
        }
    }
    expiries
}

#[tokio::test]
async fn bot_and_preview_visits_count_in_totals_bots_and_by_family() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.plain_link(&ws).await;
    person(&app, "plain").await;
    robot(&app, "plain", CRAWLER).await;
    robot(&app, "plain", CRAWLER).await;
    assert_eq!(robot(&app, "plain", SLACKBOT).await, StatusCode::OK);
    let report = link_report(&app, &ws, &id).await;
    assert_eq!(report["totals"]["bots"], 3);
    assert_eq!(
        report["bots"],
        json!({
            "other": { "title": "Other robots", "value": 2 },
            "preview": { "title": "Link previews", "value": 1 }
        })
    );
}

#[tokio::test]
async fn automated_visits_never_count_as_clicks_days_visitors_or_breakdowns() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.plain_link(&ws).await;
    person(&app, "plain").await;
    robot(&app, "plain", CRAWLER).await;
    robot(&app, "plain", SLACKBOT).await;
    let today = app.clock_now().date_naive().to_string();
    for report in [link_report(&app, &ws, &id).await, workspace_report(&app, &ws).await] {
        assert_eq!(
            report["totals"],
            json!({ "total": 1, "periodTotal": 1, "unique": 1, "conversions": 0, "located": 0, "gpsShared": 0,
                    "bots": 2 })
        );
        assert_eq!(report["dailyTraffic"][&today], 1);
        assert_eq!(
            report["countries"].as_object().unwrap().keys().collect::<Vec<_>>(),
            ["DE"]
        );
        assert_eq!(report["devices"]["desktop"]["value"], 1);
    }
}

#[tokio::test]
async fn head_is_never_an_automated_visit() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.plain_link(&ws).await;
    for agent in [CRAWLER, SLACKBOT] {
        app.visit(Method::HEAD, "plain", &[("user-agent", agent)]).await;
    }
    assert!(app.clicks(&id).await.is_empty());
    let report = link_report(&app, &ws, &id).await;
    assert_eq!((&report["totals"]["bots"], &report["bots"]), (&json!(0), &json!({})));
}

#[tokio::test]
async fn a_404_or_a_410_records_nothing() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.plain_link(&ws).await;
    app.update(&ws, &id, json!({ "active": false })).await;
    for agent in [CRAWLER, SLACKBOT] {
        assert_eq!(robot(&app, "plain", agent).await, StatusCode::GONE);
        assert_eq!(robot(&app, "nowhere", agent).await, StatusCode::NOT_FOUND);
    }
    assert!(app.clicks(&id).await.is_empty());
    assert_eq!(link_report(&app, &ws, &id).await["totals"]["bots"], 0);
}

#[tokio::test]
async fn a_bots_delivery_of_a_click_limited_link_consumes_the_limit_and_counts_once_as_a_bot_visit() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = limited_link(&app, &ws, 2).await;
    assert_eq!(robot(&app, "offer", CRAWLER).await, StatusCode::FOUND);
    person(&app, "offer").await;
    assert_eq!(robot(&app, "offer", CRAWLER).await, StatusCode::GONE);
    assert_eq!(limit_used(&app, &ws, &id).await, 2);
    let report = link_report(&app, &ws, &id).await;
    assert_eq!(report["totals"]["bots"], 1);
    assert_eq!(report["totals"]["periodTotal"], 1);
    assert_eq!(
        report["bots"],
        json!({ "other": { "title": "Other robots", "value": 1 } })
    );
}

#[tokio::test]
async fn a_preview_of_a_click_limited_link_counts_as_a_bot_visit_without_consuming_the_limit() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = limited_link(&app, &ws, 1).await;
    assert_eq!(robot(&app, "offer", SLACKBOT).await, StatusCode::OK);
    assert_eq!(limit_used(&app, &ws, &id).await, 0);
    let report = link_report(&app, &ws, &id).await;
    assert_eq!(
        report["bots"],
        json!({ "preview": { "title": "Link previews", "value": 1 } })
    );
}

#[tokio::test]
async fn an_automated_visit_is_kept_a_week_where_a_click_is_kept_for_its_retention() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.plain_link(&ws).await;
    robot(&app, "plain", CRAWLER).await;
    person(&app, "plain").await;
    let now = app.clock_now().timestamp();
    let mut expiries = click_expiries(&app, &ws).await;
    expiries.sort_unstable();
    let week = lib::service::visits::BOT_VISIT_RETENTION_DAYS * 86_400;
    assert_eq!(expiries, [(now + week, true), (now + 400 * 86_400, false)]);
}

#[tokio::test]
async fn the_workspace_report_sums_its_links_automated_visits() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let plain = app.plain_link(&ws).await;
    app.create_ok(
        &ws,
        json!({ "name": "Other", "slug": "other", "url": "https://e.com/other" }),
    )
    .await;
    robot(&app, "plain", CRAWLER).await;
    robot(&app, "other", SLACKBOT).await;
    robot(&app, "other", SLACKBOT).await;
    assert_eq!(link_report(&app, &ws, &plain).await["totals"]["bots"], 1);
    let report = workspace_report(&app, &ws).await;
    assert_eq!(report["totals"]["bots"], 3);
    assert_eq!(
        report["bots"],
        json!({
            "other": { "title": "Other robots", "value": 1 },
            "preview": { "title": "Link previews", "value": 2 }
        })
    );
}

#[tokio::test]
async fn the_mcp_analytics_tools_answer_the_same_totals_and_bots() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let id = app.plain_link(&ws.http).await;
    person(&app, "plain").await;
    robot(&app, "plain", CRAWLER).await;
    robot(&app, "plain", SLACKBOT).await;
    let http = link_report(&app, &ws.http, &id).await;
    let link = app.tool_in(&ws, "get_link_analytics", json!({ "linkId": id })).await;
    assert_eq!(link.structured()["totals"], http["totals"]);
    assert_eq!(link.structured()["bots"], http["bots"]);
    assert_eq!(http["totals"]["bots"], 2);
    let http = workspace_report(&app, &ws.http).await;
    let workspace = app.tool_in(&ws, "get_workspace_analytics", json!({})).await;
    assert_eq!(workspace.structured()["totals"], http["totals"]);
    assert_eq!(workspace.structured()["bots"], http["bots"]);
}

#[tokio::test]
async fn a_bot_record_delivered_twice_counts_once() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.plain_link(&ws).await;
    robot(&app, "plain", CRAWLER).await;
    robot(&app, "plain", SLACKBOT).await;
    let records: Vec<lib::analytics::StreamRecord> = app
        .clicks(&id)
        .await
        .into_iter()
        .enumerate()
        .map(|(i, click)| {
            let sequence = format!("{}", 100 + i);
            lib::analytics::ClickRecord {
                sequence,
                shard: 7,
                click,
            }
            .into()
        })
        .collect();
    let first = app.service.fold_stream(&records).await.unwrap();
    let again = app.service.fold_stream(&records).await.unwrap();
    let half = app.service.fold_stream(&records[1..]).await.unwrap();
    assert!(first.updates_applied > 0 && first.updates_skipped == 0, "{first:?}");
    assert_eq!((again.updates_applied, half.updates_applied), (0, 0));
    // Read without running the aggregator: the stream's own delivery would be a second count.
    let path = format!("/apiv1/links/{id}/analytics?workspaceId={}", ws.id);
    let (_, report) = app.request(Method::GET, &path, Some(&ws.key), None).await;
    assert_eq!(report["totals"]["bots"], 2);
    assert_eq!(report["bots"]["other"]["value"], 1);
    assert_eq!(report["bots"]["preview"]["value"], 1);
}

#[tokio::test]
async fn each_robot_is_counted_in_its_family() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.plain_link(&ws).await;
    for agent in [
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)",
        "Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)",
        SLACKBOT,
        "curl/8.5.0",
        CRAWLER,
    ] {
        robot(&app, "plain", agent).await;
    }
    let report = link_report(&app, &ws, &id).await;
    assert_eq!(
        report["bots"],
        json!({
            "search": { "title": "Search engines", "value": 1 },
            "seo": { "title": "SEO tools", "value": 1 },
            "monitor": { "title": "Monitors", "value": 1 },
            "preview": { "title": "Link previews", "value": 1 },
            "library": { "title": "HTTP libraries", "value": 1 },
            "other": { "title": "Other robots", "value": 1 }
        })
    );
    assert_eq!(report["totals"]["bots"], 6);
}

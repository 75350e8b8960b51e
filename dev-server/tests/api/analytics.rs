//! Analytics: clicks through the real redirect path, folded by the stream aggregator, read
//! through GET /links/{id}/analytics and GET /links/analytics.

use chrono::{DateTime, Duration, Utc};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{DESKTOP_CHROME, IPHONE_SAFARI, TestApp, TestWorkspace, assert_rejected, spawn_app};

const FIREFOX_LINUX: &str = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0";

impl TestApp {
    async fn link_analytics(&self, ws: &TestWorkspace, id: &str, query: &str) -> (StatusCode, Value) {
        let path = format!("/apiv1/links/{id}/analytics?workspaceId={}{query}", ws.id);
        self.request(Method::GET, &path, Some(&ws.key), None).await
    }

    async fn workspace_analytics(&self, ws: &TestWorkspace, query: &str) -> (StatusCode, Value) {
        let path = format!("/apiv1/links/analytics?workspaceId={}{query}", ws.id);
        self.request(Method::GET, &path, Some(&ws.key), None).await
    }

    /// A visit at `at` from `ip` with a user agent and extra headers.
    async fn click(&self, slug: &str, at: DateTime<Utc>, ip: &str, agent: &str, extra: &[(&str, &str)]) {
        self.clock.set(at);
        let address = format!("{ip}:4000");
        let mut headers = vec![("user-agent", agent), ("cloudfront-viewer-address", address.as_str())];
        headers.extend_from_slice(extra);
        assert_eq!(self.get(slug, &headers).await.status, StatusCode::FOUND);
    }
}

fn day(at: &str) -> DateTime<Utc> {
    format!("{at}T12:00:00Z").parse().unwrap()
}

/// A link with a German rule and a default, created on 2026-03-01.
async fn campaign(app: &TestApp, ws: &TestWorkspace) -> String {
    app.clock.set(day("2026-03-01"));
    app.create_ok(
        ws,
        json!({ "name": "Campaign", "slug": "campaign", "rules": [
            { "targetUrl": "https://example.com/de", "isDefault": false, "country": ["DE"], "name": "Germany" },
            { "targetUrl": "https://example.com/", "isDefault": true } ] }),
    )
    .await
}

#[tokio::test]
async fn link_analytics_count_every_dimension_of_the_clicks() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = campaign(&app, &ws).await;
    let berlin = [
        ("cloudfront-viewer-country", "DE"),
        ("cloudfront-viewer-city", "Berlin"),
    ];
    app.click("campaign", day("2026-03-02"), "203.0.113.1", DESKTOP_CHROME, &berlin)
        .await;
    app.click("campaign", day("2026-03-02"), "203.0.113.1", DESKTOP_CHROME, &berlin)
        .await;
    app.click(
        "campaign",
        day("2026-03-02"),
        "203.0.113.2",
        IPHONE_SAFARI,
        &[
            ("cloudfront-viewer-country", "US"),
            ("referer", "https://www.google.com/search"),
        ],
    )
    .await;
    app.click(
        "campaign",
        day("2026-03-04"),
        "203.0.113.3",
        FIREFOX_LINUX,
        &[("referer", "https://news.ycombinator.com/")],
    )
    .await;
    app.aggregate().await;
    app.clock.set(day("2026-03-05"));

    let (status, body) = app.link_analytics(&ws, &id, "").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["totals"],
        json!({ "total": 4, "periodTotal": 4, "unique": 3, "conversions": 0, "located": 0, "gpsShared": 0, "bots": 0 })
    );
    assert_eq!(
        body["dailyTraffic"],
        json!({ "2026-03-01": 0, "2026-03-02": 3, "2026-03-03": 0, "2026-03-04": 1, "2026-03-05": 0 })
    );
    assert_eq!(
        body["countries"],
        json!({
            "DE": { "title": "Germany", "value": 2, "flag": "DE" },
            "US": { "title": "United States", "value": 1, "flag": "US" },
            "Unknown": { "title": "Unknown", "value": 1 }
        })
    );
    assert_eq!(
        body["cities"],
        json!({ "Berlin": { "title": "Berlin", "value": 2, "flag": "DE" } })
    );
    assert_eq!(
        body["devices"],
        json!({ "desktop": { "title": "desktop", "value": 3 }, "mobile": { "title": "mobile", "value": 1 } })
    );
    assert_eq!(
        body["browsers"],
        json!({
            "Chrome": { "title": "Chrome", "value": 2 },
            "Safari": { "title": "Safari", "value": 1 },
            "Firefox": { "title": "Firefox", "value": 1 }
        })
    );
    assert_eq!(
        body["os"],
        json!({
            "Windows": { "title": "Windows", "value": 2 },
            "iOS": { "title": "iOS", "value": 1 },
            "Linux": { "title": "Linux", "value": 1 }
        })
    );
    assert_eq!(
        body["referrers"],
        json!({
            "Direct": { "title": "Direct", "value": 2 },
            "google.com": { "title": "google.com", "value": 1 },
            "news.ycombinator.com": { "title": "news.ycombinator.com", "value": 1 }
        })
    );
    let rules = app.stored(&id).await.unwrap().link.settings.rules;
    let germany = rules.iter().next().unwrap().id.to_string();
    let default = rules.default_rule().id.to_string();
    assert_eq!(
        body["rulesStats"],
        json!({
            germany: { "name": "Germany", "targetUrl": "https://example.com/de", "clicks": 2, "uniqueClicks": 1,
                       "referrers": { "Direct": { "title": "Direct", "value": 2 } },
                       "conversions": 0, "conversionRate": 0.0, "amounts": {} },
            default: { "name": "Default rule", "targetUrl": "https://example.com/", "clicks": 2, "uniqueClicks": 2,
                       "referrers": { "google.com": { "title": "google.com", "value": 1 },
                                      "news.ycombinator.com": { "title": "news.ycombinator.com", "value": 1 } },
                       "conversions": 0, "conversionRate": 0.0, "amounts": {} }
        })
    );
    assert_eq!(body["abVariantsStats"], json!({}));
    assert_eq!(body["totals"]["conversions"], 0);
}

#[tokio::test]
async fn the_range_filters_at_both_inclusive_ends_and_total_stays_all_time() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = campaign(&app, &ws).await;
    for (i, at) in ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04"]
        .iter()
        .enumerate()
    {
        app.click("campaign", day(at), &format!("198.51.100.{i}"), DESKTOP_CHROME, &[])
            .await;
    }
    app.aggregate().await;
    let (_, body) = app.link_analytics(&ws, &id, "&from=2026-03-02&to=2026-03-03").await;
    assert_eq!(
        body["totals"],
        json!({ "total": 4, "periodTotal": 2, "unique": 2, "conversions": 0, "located": 0, "gpsShared": 0, "bots": 0 })
    );
    assert_eq!(body["dailyTraffic"], json!({ "2026-03-02": 1, "2026-03-03": 1 }));
    assert_eq!(
        body["devices"],
        json!({ "desktop": { "title": "desktop", "value": 2 } })
    );
}

#[tokio::test]
async fn unique_visitors_are_ip_plus_user_agent_over_the_whole_range() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = campaign(&app, &ws).await;
    for at in ["2026-03-01", "2026-03-02", "2026-03-03"] {
        app.click("campaign", day(at), "192.0.2.1", DESKTOP_CHROME, &[]).await;
        app.click("campaign", day(at), "192.0.2.1", IPHONE_SAFARI, &[]).await;
    }
    app.aggregate().await;
    let (_, body) = app.link_analytics(&ws, &id, "&to=2026-03-03").await;
    assert_eq!(
        body["totals"],
        json!({ "total": 6, "periodTotal": 6, "unique": 2, "conversions": 0, "located": 0, "gpsShared": 0, "bots": 0 })
    );
}

#[tokio::test]
async fn ab_variants_are_reported_with_zeros_and_rules_route_nobody() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.clock.set(day("2026-03-01"));
    let id = app
        .create_ok(
            &ws,
            json!({ "name": "AB", "slug": "ab", "url": "https://example.com/",
                "abTest": { "enabled": true, "variants": [
                    { "id": "all", "name": "Everyone", "url": "https://example.com/all", "weight": 99 },
                    { "id": "none", "name": "Nobody yet", "url": "https://example.com/none", "weight": 1 } ] } }),
        )
        .await;
    let mut expected_all = 0;
    for i in 0..5 {
        app.clock.set(day("2026-03-02"));
        let visit = app
            .get("ab", &[("cloudfront-viewer-address", &format!("192.0.2.{i}:1"))])
            .await;
        if visit.location() == Some("https://example.com/all") {
            expected_all += 1;
        }
    }
    app.aggregate().await;
    let (_, body) = app.link_analytics(&ws, &id, "&to=2026-03-02").await;
    let variants = &body["abVariantsStats"];
    assert_eq!(
        variants["all"]["clicks"].as_u64().unwrap() + variants["none"]["clicks"].as_u64().unwrap(),
        5
    );
    assert_eq!(variants["all"]["clicks"], expected_all);
    assert_eq!(variants["all"]["name"], "Everyone");
    assert_eq!(variants["none"]["targetUrl"], "https://example.com/none");
    let rules = body["rulesStats"].as_object().unwrap();
    assert_eq!(rules.len(), 1);
    assert!(rules.values().all(|r| r["clicks"] == 0 && r["uniqueClicks"] == 0));
}

#[tokio::test]
async fn replaced_rules_leave_rules_stats_but_their_clicks_stay_in_totals() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = campaign(&app, &ws).await;
    app.click("campaign", day("2026-03-02"), "192.0.2.1", DESKTOP_CHROME, &[])
        .await;
    app.update(
        &ws,
        &id,
        json!({ "rules": [{ "targetUrl": "https://example.com/new", "isDefault": true }] }),
    )
    .await;
    app.aggregate().await;
    let (_, body) = app.link_analytics(&ws, &id, "&to=2026-03-02").await;
    assert_eq!(body["totals"]["periodTotal"], 1);
    let rules = body["rulesStats"].as_object().unwrap();
    assert_eq!(rules.len(), 1);
    assert_eq!(rules.values().next().unwrap()["clicks"], 0);
}

#[tokio::test]
async fn a_stream_batch_folded_twice_is_counted_once() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = campaign(&app, &ws).await;
    app.click("campaign", day("2026-03-02"), "192.0.2.1", DESKTOP_CHROME, &[])
        .await;
    app.click("campaign", day("2026-03-02"), "192.0.2.2", DESKTOP_CHROME, &[])
        .await;
    let workspace = crate::helpers::oid(&ws.id);
    let clicks = app
        .store()
        .clicks_on(&workspace, day("2026-03-02").date_naive())
        .await
        .unwrap();
    let records: Vec<lib::analytics::StreamRecord> = clicks
        .into_iter()
        .enumerate()
        .map(|(i, click)| {
            lib::analytics::ClickRecord {
                sequence: format!("{}", 100 + i),
                shard: 7,
                click,
            }
            .into()
        })
        .collect();
    let first = app.service.fold_stream(&records).await.unwrap();
    let again = app.service.fold_stream(&records).await.unwrap();
    let half = app.service.fold_stream(&records[1..]).await.unwrap();
    assert!(first.updates_applied > 0 && first.updates_skipped == 0);
    assert_eq!((again.updates_applied, half.updates_applied), (0, 0));
    let (_, body) = app.link_analytics(&ws, &id, "&to=2026-03-02").await;
    assert_eq!(body["totals"]["periodTotal"], 2);
    assert_eq!(body["totals"]["total"], 2);
}

#[tokio::test]
async fn the_stream_aggregator_resumes_where_it_stopped() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = campaign(&app, &ws).await;
    app.click("campaign", day("2026-03-02"), "192.0.2.1", DESKTOP_CHROME, &[])
        .await;
    assert_eq!(app.aggregate().await.records, 1);
    app.click("campaign", day("2026-03-02"), "192.0.2.2", DESKTOP_CHROME, &[])
        .await;
    assert_eq!(app.aggregate().await.records, 1);
    assert_eq!(app.aggregate().await.records, 0);
    let (_, body) = app.link_analytics(&ws, &id, "&to=2026-03-02").await;
    assert_eq!(body["totals"]["periodTotal"], 2);
}

#[tokio::test]
async fn workspace_analytics_aggregate_across_links_and_keep_deleted_links_clicks() {
    let app = spawn_app().await;
    app.clock.set(day("2026-03-01"));
    let ws = app.workspace().await;
    let campaign_id = campaign(&app, &ws).await;
    let docs = app
        .create_ok(
            &ws,
            json!({ "name": "Docs", "slug": "docs", "url": "https://example.com/docs" }),
        )
        .await;
    let gone = app
        .create_ok(
            &ws,
            json!({ "name": "Gone", "slug": "gone", "url": "https://example.com/gone" }),
        )
        .await;
    app.create_ok(
        &ws,
        json!({ "name": "Quiet", "slug": "quiet", "url": "https://example.com/quiet" }),
    )
    .await;
    app.click(
        "campaign",
        day("2026-03-02"),
        "192.0.2.1",
        DESKTOP_CHROME,
        &[("cloudfront-viewer-country", "DE")],
    )
    .await;
    app.click(
        "docs",
        day("2026-03-02"),
        "192.0.2.1",
        DESKTOP_CHROME,
        &[("cloudfront-viewer-country", "DE")],
    )
    .await;
    app.click("docs", day("2026-03-03"), "192.0.2.2", IPHONE_SAFARI, &[])
        .await;
    app.click("gone", day("2026-03-03"), "192.0.2.3", IPHONE_SAFARI, &[])
        .await;
    app.aggregate().await;
    app.delete(&ws, &gone).await;
    app.clock.set(day("2026-03-03"));
    let (status, body) = app.workspace_analytics(&ws, "").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["totals"],
        json!({ "total": 4, "periodTotal": 4, "unique": 3, "conversions": 0, "located": 0, "gpsShared": 0, "bots": 0 })
    );
    assert_eq!(
        body["dailyTraffic"],
        json!({ "2026-03-01": 0, "2026-03-02": 2, "2026-03-03": 2 })
    );
    assert_eq!(
        body["links"],
        json!({
            campaign_id: { "title": "Campaign", "value": 1, "conversions": 0 },
            docs: { "title": "Docs", "value": 2, "conversions": 0 },
            gone: { "title": "Deleted link", "value": 1, "conversions": 0 }
        })
    );
    assert_eq!(
        body["countries"],
        json!({ "DE": { "title": "Germany", "value": 2, "flag": "DE" }, "Unknown": { "title": "Unknown", "value": 2 } })
    );
    assert_eq!(
        body["devices"],
        json!({ "desktop": { "title": "desktop", "value": 2 }, "mobile": { "title": "mobile", "value": 2 } })
    );
    let (_, narrow) = app.workspace_analytics(&ws, "&from=2026-03-03&to=2026-03-03").await;
    assert_eq!(narrow["totals"]["total"], 2);
}

#[tokio::test]
async fn a_plain_member_cannot_read_workspace_analytics() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let member = TestWorkspace {
        key: app.member(&ws, "member").await,
        ..ws.clone()
    };
    let (status, body) = app.workspace_analytics(&member, "").await;
    assert_eq!(
        (status, body),
        (
            StatusCode::FORBIDDEN,
            json!({ "error": "Only workspace owner or manager can access all links analytics." })
        )
    );
    let manager = TestWorkspace {
        key: app.member(&ws, "manager").await,
        ..ws.clone()
    };
    assert_eq!(app.workspace_analytics(&manager, "").await.0, StatusCode::OK);
}

#[tokio::test]
async fn any_member_may_read_a_links_analytics() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = campaign(&app, &ws).await;
    let member = TestWorkspace {
        key: app.member(&ws, "member").await,
        ..ws.clone()
    };
    assert_eq!(app.link_analytics(&member, &id, "").await.0, StatusCode::OK);
}

#[tokio::test]
async fn link_analytics_errors_follow_the_contract() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let other = app.workspace().await;
    let theirs = app
        .create_ok(&other, json!({ "name": "Theirs", "url": "https://example.com" }))
        .await;
    let (status, body) = app.link_analytics(&ws, "not-an-id", "").await;
    assert_eq!(
        (status, body),
        (StatusCode::BAD_REQUEST, json!({ "error": "Invalid link id." }))
    );
    for id in [theirs.as_str(), "65a1b2c3d4e5f60718293a4b"] {
        let (status, body) = app.link_analytics(&ws, id, "").await;
        assert_eq!(
            (status, body),
            (
                StatusCode::NOT_FOUND,
                json!({ "error": "Link not found in this workspace." })
            )
        );
    }
}

#[tokio::test]
async fn malformed_or_reversed_dates_are_400_naming_the_parameter() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = campaign(&app, &ws).await;
    for (query, field) in [
        ("&from=03/01/2026", "from"),
        ("&to=2026-13-01", "to"),
        ("&from=2026-03-05&to=2026-03-01", "from"),
    ] {
        let (status, body) = app.link_analytics(&ws, &id, query).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}");
        assert_eq!(body["field"], field, "{query}: {body}");
        let (status, body) = app.workspace_analytics(&ws, query).await;
        assert_eq!(
            (status, &body["field"]),
            (StatusCode::BAD_REQUEST, &json!(field)),
            "{query}"
        );
    }
    let (status, body) = app.link_analytics(&ws, &id, "&from=2010-01-01&to=2026-03-01").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"], "The date range may span at most 3660 days.");
}

#[tokio::test]
async fn analytics_auth_follows_the_contract_with_the_workspace_in_the_query() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = campaign(&app, &ws).await;
    let path = format!("/apiv1/links/{id}/analytics");
    let (status, body) = app.request(Method::GET, &path, Some(&ws.key), None).await;
    assert_rejected(
        (status, body),
        StatusCode::BAD_REQUEST,
        "workspaceId is required.",
        "workspaceId",
    );
    let (status, _) = app
        .request(Method::GET, &format!("{path}?workspaceId={}", ws.id), None, None)
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let past = app.clock_now() - Duration::days(1);
    lib::admin::set_license(&app.service, &ws.id, Some(past)).await.unwrap();
    let (status, body) = app.workspace_analytics(&ws, "").await;
    assert_eq!(
        (status, body),
        (
            StatusCode::FORBIDDEN,
            json!({ "error": "The workspace license has expired.", "licenseExpired": true })
        )
    );
}

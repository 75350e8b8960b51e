//! The visitor door: GET/HEAD /{slug} on a short domain.

use lib::admin;
use lib::domain::Device;
use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::helpers::{DEFAULT_DOMAIN, IPHONE_SAFARI, TestApp, TestWorkspace, spawn_app, spawn_app_with};

/// A link with a German rule, an iPhone rule and a default.
async fn routed_link(app: &TestApp, ws: &TestWorkspace, slug: &str) -> String {
    app.create_ok(
        ws,
        json!({ "name": "Routed", "slug": slug, "rules": [
            { "targetUrl": "https://example.com/de", "isDefault": false, "country": ["DE"] },
            { "targetUrl": "https://example.com/ios?from=rule", "isDefault": false, "os": ["iOS"] },
            { "targetUrl": "https://example.com/", "isDefault": true }
        ], "ogTitle": "Spring <sale>", "ogDescription": "Everything must go" }),
    )
    .await
}

#[tokio::test]
async fn a_visitor_is_redirected_by_the_first_matching_rule_without_caching() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    routed_link(&app, &ws, "go").await;
    let german = app.get("go", &[("cloudfront-viewer-country", "DE")]).await;
    assert_eq!(german.status, StatusCode::FOUND);
    assert_eq!(german.location(), Some("https://example.com/de"));
    assert_eq!(german.headers["cache-control"], "private, no-store");
    assert_eq!(german.headers["referrer-policy"], "no-referrer-when-downgrade");
    let iphone = app.get("go", &[("user-agent", IPHONE_SAFARI)]).await;
    assert_eq!(iphone.location(), Some("https://example.com/ios?from=rule"));
    let anyone = app.get("go", &[]).await;
    assert_eq!(anyone.location(), Some("https://example.com/"));
}

#[tokio::test]
async fn the_visitor_query_string_is_forwarded_and_the_target_wins() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    routed_link(&app, &ws, "q").await;
    let visit = app
        .get("q?utm_source=mail&from=visitor", &[("user-agent", IPHONE_SAFARI)])
        .await;
    assert_eq!(
        visit.location(),
        Some("https://example.com/ios?from=rule&utm_source=mail")
    );
}

#[tokio::test]
async fn slugs_are_matched_lowercase() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    routed_link(&app, &ws, "promo").await;
    assert_eq!(app.get("PROMO", &[]).await.status, StatusCode::FOUND);
}

#[tokio::test]
async fn an_unknown_slug_is_404_html_or_json_and_not_counted() {
    let app = spawn_app().await;
    let html = app.get("nothing-here", &[]).await;
    assert_eq!(html.status, StatusCode::NOT_FOUND);
    assert!(html.headers["content-type"].to_str().unwrap().starts_with("text/html"));
    assert!(html.body.contains("Link not found"));
    let json = app.get("nothing-here", &[("accept", "application/json")]).await;
    assert_eq!(json.status, StatusCode::NOT_FOUND);
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&json.body).unwrap(),
        json!({ "error": "Link not found." })
    );
}

#[tokio::test]
async fn an_inactive_link_is_410_and_not_counted() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = routed_link(&app, &ws, "off").await;
    app.update(&ws, &id, json!({ "active": false })).await;
    let visit = app.get("off", &[]).await;
    assert_eq!(visit.status, StatusCode::GONE);
    assert!(visit.body.contains("no longer available"));
    let json = app.get("off", &[("accept", "application/json")]).await;
    assert_eq!(
        (
            json.status,
            serde_json::from_str::<serde_json::Value>(&json.body).unwrap()
        ),
        (
            StatusCode::GONE,
            json!({ "error": "This link is no longer available." })
        )
    );
    assert!(app.clicks(&id).await.is_empty());
}

#[tokio::test]
async fn a_link_past_its_expiration_is_410_from_that_instant() {
    let app = spawn_app_with(|c| c.link_cache_ttl = std::time::Duration::ZERO).await;
    let ws = app.workspace().await;
    let expires = app.clock_now() + chrono::Duration::hours(1);
    let mut body = json!({ "name": "soon", "slug": "soon", "url": "https://example.com" });
    body["expirationDate"] = json!(expires.to_rfc3339());
    let id = app.create_ok(&ws, body).await;
    app.clock.set(expires - chrono::Duration::milliseconds(1));
    assert_eq!(app.get("soon", &[]).await.status, StatusCode::FOUND);
    app.clock.set(expires);
    assert_eq!(app.get("soon", &[]).await.status, StatusCode::GONE);
    let stored = app.stored(&id).await.unwrap();
    assert!(!stored.link.is_live(app.clock_now(), stored.limited_clicks));
}

#[tokio::test]
async fn head_answers_like_get_without_a_body_and_is_never_counted() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = routed_link(&app, &ws, "head").await;
    let visit = app
        .visit(Method::HEAD, "head", &[("cloudfront-viewer-country", "DE")])
        .await;
    assert_eq!(
        (visit.status, visit.location()),
        (StatusCode::FOUND, Some("https://example.com/de"))
    );
    assert!(visit.body.is_empty());
    assert_eq!(
        app.visit(Method::HEAD, "missing", &[]).await.status,
        StatusCode::NOT_FOUND
    );
    assert!(app.clicks(&id).await.is_empty());
}

#[tokio::test]
async fn bots_are_redirected_and_recorded_only_as_automated_visits() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = routed_link(&app, &ws, "bots").await;
    for agent in [
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
        "Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)",
    ] {
        let visit = app.get("bots", &[("user-agent", agent)]).await;
        assert_eq!(
            (visit.status, visit.location()),
            (StatusCode::FOUND, Some("https://example.com/")),
            "{agent}"
        );
    }
    let recorded = app.clicks(&id).await;
    assert_eq!(recorded.len(), 3);
    assert!(recorded.iter().all(|c| c.bot), "no click among them: {recorded:?}");
}

#[tokio::test]
async fn preview_crawlers_get_og_tags_for_their_destination_and_are_recorded_only_as_previews() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = routed_link(&app, &ws, "card").await;
    for agent in [
        "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
        "Twitterbot/1.0",
        "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
        "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
        "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
        "WhatsApp/2.23.20.0",
        "TelegramBot (like TwitterBot)",
    ] {
        let visit = app
            .get("card", &[("user-agent", agent), ("cloudfront-viewer-country", "DE")])
            .await;
        assert_eq!(visit.status, StatusCode::OK, "{agent}");
        assert!(
            visit
                .body
                .contains(r#"<meta property="og:title" content="Spring &lt;sale&gt;">"#),
            "{agent}: {}",
            visit.body
        );
        assert!(
            visit
                .body
                .contains(r#"<meta property="og:description" content="Everything must go">"#)
        );
        assert!(
            visit
                .body
                .contains(r#"<meta http-equiv="refresh" content="0; url=https://example.com/de">"#)
        );
    }
    let recorded = app.clicks(&id).await;
    assert_eq!(recorded.len(), 7);
    assert!(
        recorded
            .iter()
            .all(|c| c.family() == Some(lib::domain::BotFamily::Preview)),
        "{recorded:?}"
    );
}

#[tokio::test]
async fn bots_and_crawlers_get_the_same_404_and_410_as_anyone() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = routed_link(&app, &ws, "closed").await;
    app.update(&ws, &id, json!({ "active": false })).await;
    for agent in ["Twitterbot/1.0", "Googlebot/2.1"] {
        assert_eq!(
            app.get("closed", &[("user-agent", agent)]).await.status,
            StatusCode::GONE
        );
        assert_eq!(
            app.get("nope", &[("user-agent", agent)]).await.status,
            StatusCode::NOT_FOUND
        );
    }
}

#[tokio::test]
async fn a_click_records_its_rule_classification_and_referrer_but_never_the_ip() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = routed_link(&app, &ws, "rec").await;
    let visit = app
        .get(
            "rec",
            &[
                ("user-agent", IPHONE_SAFARI),
                ("cloudfront-viewer-country", "us"),
                ("cloudfront-viewer-city", "San%20Francisco"),
                ("cloudfront-viewer-address", "203.0.113.9:4711"),
                ("referer", "https://news.ycombinator.com/item?id=1"),
            ],
        )
        .await;
    assert_eq!(visit.status, StatusCode::FOUND);
    let clicks = app.clicks(&id).await;
    assert_eq!(clicks.len(), 1);
    let click = &clicks[0];
    let ios_rule = app
        .stored(&id)
        .await
        .unwrap()
        .link
        .settings
        .rules
        .iter()
        .nth(1)
        .unwrap()
        .id
        .to_string();
    assert_eq!(click.rule_id.as_deref(), Some(ios_rule.as_str()));
    assert_eq!(
        (click.country.as_deref(), click.city.as_deref()),
        (Some("US"), Some("San Francisco"))
    );
    assert_eq!(click.device, Device::Mobile);
    assert_eq!(click.referrer.as_deref(), Some("news.ycombinator.com"));
    assert_eq!(
        click.visitor,
        lib::visitor::visitor_hash(&lib::testing::visitor_key(), "203.0.113.9", IPHONE_SAFARI)
    );
    let raw = serde_json::to_string(click).unwrap();
    assert!(!raw.contains("203.0.113.9"), "{raw}");
}

#[tokio::test]
async fn the_host_header_picks_the_domain() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    admin::add_domain(&app.service, &ws.id, "go.example.com", true)
        .await
        .unwrap();
    let mut body = json!({ "name": "custom", "slug": "same", "url": "https://example.com/custom" });
    body["domain"] = json!("go.example.com");
    app.create_ok(&ws, body).await;
    app.create_ok(
        &ws,
        json!({ "name": "default", "slug": "same", "url": "https://example.com/default" }),
    )
    .await;
    let custom = app.get("same", &[("host", "go.example.com")]).await;
    assert_eq!(custom.location(), Some("https://example.com/custom"));
    let with_port = app.get("same", &[("host", &format!("{DEFAULT_DOMAIN}:8443"))]).await;
    assert_eq!(with_port.location(), Some("https://example.com/default"));
    assert_eq!(
        app.get("same", &[("host", "unknown.example.net")]).await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn an_enabled_ab_test_sends_visitors_to_variants_and_records_them() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app
        .create_ok(
            &ws,
            json!({ "name": "ab", "slug": "ab", "rules": [
                { "targetUrl": "https://example.com/de", "isDefault": false, "country": ["DE"] },
                { "targetUrl": "https://example.com/", "isDefault": true } ],
                "abTest": { "enabled": true, "variants": [
                    { "id": "left", "name": "Left", "url": "https://example.com/left", "weight": 50 },
                    { "id": "right", "name": "Right", "url": "https://example.com/right", "weight": 50 } ] } }),
        )
        .await;
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..40 {
        let visit = app.get("ab", &[("cloudfront-viewer-country", "DE")]).await;
        seen.insert(visit.location().unwrap().to_string());
    }
    assert_eq!(
        seen.into_iter().collect::<Vec<_>>(),
        ["https://example.com/left", "https://example.com/right"]
    );
    let clicks = app.clicks(&id).await;
    assert_eq!(clicks.len(), 40);
    assert!(
        clicks
            .iter()
            .all(|c| c.rule_id.is_none() && matches!(c.variant_id.as_deref(), Some("left" | "right")))
    );
}

#[tokio::test]
async fn a_redirect_costs_one_read_and_one_write_and_a_warm_cache_saves_the_read() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    routed_link(&app, &ws, "cheap").await;
    app.requests.reset();
    app.get("cheap", &[]).await;
    let first = app.requests.snapshot();
    assert_eq!(
        first,
        [("GetItem".to_string(), 1), ("PutItem".to_string(), 1)].into(),
        "{first:?}"
    );
    app.requests.reset();
    app.get("cheap", &[]).await;
    assert_eq!(app.requests.snapshot(), [("PutItem".to_string(), 1)].into());
}

#[tokio::test]
async fn a_zero_cache_ttl_reads_the_link_every_time() {
    let app = spawn_app_with(|c| c.link_cache_ttl = std::time::Duration::ZERO).await;
    let ws = app.workspace().await;
    let id = routed_link(&app, &ws, "fresh").await;
    app.get("fresh", &[]).await;
    app.update(
        &ws,
        &id,
        json!({ "rules": [{ "targetUrl": "https://example.com/changed", "isDefault": true }] }),
    )
    .await;
    app.requests.reset();
    assert_eq!(
        app.get("fresh", &[]).await.location(),
        Some("https://example.com/changed")
    );
    assert_eq!(app.requests.snapshot().get("GetItem"), Some(&1));
}

#[tokio::test]
async fn a_cached_link_reflects_changes_once_its_ttl_passes() {
    let app = spawn_app_with(|c| c.link_cache_ttl = std::time::Duration::from_secs(5)).await;
    let ws = app.workspace().await;
    let id = routed_link(&app, &ws, "ttl").await;
    let start = app.clock_now();
    app.get("ttl", &[]).await;
    app.update(&ws, &id, json!({ "active": false })).await;
    app.clock.set(start + chrono::Duration::milliseconds(4_999));
    assert_eq!(
        app.get("ttl", &[]).await.status,
        StatusCode::FOUND,
        "served from the cache within the TTL"
    );
    app.clock.set(start + chrono::Duration::seconds(5));
    assert_eq!(
        app.get("ttl", &[]).await.status,
        StatusCode::GONE,
        "re-read once the TTL has passed"
    );
}

#[tokio::test]
async fn a_click_limited_link_is_never_served_from_the_cache() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.create_ok(
        &ws,
        json!({ "name": "lim", "slug": "lim", "url": "https://example.com", "clicksLimit": 5 }),
    )
    .await;
    app.get("lim", &[]).await;
    app.requests.reset();
    app.get("lim", &[]).await;
    let expected = [
        ("GetItem".to_string(), 1),
        ("UpdateItem".to_string(), 1),
        ("PutItem".to_string(), 1),
    ];
    assert_eq!(app.requests.snapshot(), expected.into());
}

#[tokio::test]
async fn a_click_limit_of_50_under_200_concurrent_visits_serves_and_counts_exactly_50() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app
        .create_ok(
            &ws,
            json!({ "name": "first 50", "slug": "fifty", "url": "https://example.com", "clicksLimit": 50 }),
        )
        .await;
    let visits = (0..200).map(|i| {
        let ip = format!("198.51.100.{}", i % 250);
        let app = &app;
        async move {
            app.get("fifty", &[("cloudfront-viewer-address", &format!("{ip}:1000"))])
                .await
                .status
        }
    });
    let statuses = futures::future::join_all(visits).await;
    let served = statuses.iter().filter(|s| **s == StatusCode::FOUND).count();
    let gone = statuses.iter().filter(|s| **s == StatusCode::GONE).count();
    assert_eq!((served, gone), (50, 150));
    assert_eq!(app.clicks(&id).await.len(), 50);
    let stored = app.stored(&id).await.unwrap();
    assert_eq!(stored.limited_clicks, 50);
    assert!(
        !stored.link.is_live(app.clock_now(), stored.limited_clicks),
        "the link reads back inactive"
    );
    assert_eq!(app.get("fifty", &[]).await.status, StatusCode::GONE);
}

#[tokio::test]
async fn the_click_that_reaches_the_limit_is_served_and_counted() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app
        .create_ok(
            &ws,
            json!({ "name": "two", "slug": "two", "url": "https://example.com", "clicksLimit": 2 }),
        )
        .await;
    assert_eq!(app.get("two", &[]).await.status, StatusCode::FOUND);
    assert_eq!(app.get("two", &[]).await.status, StatusCode::FOUND);
    assert_eq!(app.get("two", &[]).await.status, StatusCode::GONE);
    assert_eq!(app.clicks(&id).await.len(), 2);
}

#[tokio::test]
async fn other_methods_are_405_and_api_paths_are_not_slugs() {
    let app = spawn_app().await;
    let put = app.visit(Method::PUT, "anything", &[]).await;
    assert_eq!(put.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(put.headers["allow"], "GET, HEAD, POST");
    // A post is a protected link's password page answering; no such link is a 404.
    assert_eq!(
        app.visit(Method::POST, "anything", &[]).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(app.get("apiv1", &[]).await.status, StatusCode::NOT_FOUND);
}

//! POST /link/create: every field rule and every error row of the contract.

use lib::admin::{self, NewWorkspace};
use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{DEFAULT_DOMAIN, assert_rejected, link_with_slug, oid, simple_link, spawn_app};

#[tokio::test]
async fn create_returns_id_slug_and_full_link() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let (status, body) = app.create(&ws, link_with_slug("Spring sale", "spring-sale")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["slug"], "spring-sale");
    assert_eq!(body["fullLink"], format!("https://{DEFAULT_DOMAIN}/spring-sale"));
    assert_eq!(body["message"], "Link \"Spring sale\" created.");
    let stored = app.stored(body["id"].as_str().unwrap()).await.expect("stored");
    assert!(stored.link.settings.active);
    assert_eq!(stored.link.domain.as_str(), DEFAULT_DOMAIN);
}

#[tokio::test]
async fn create_generates_a_short_lowercase_slug_when_omitted() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let (_, body) = app.create(&ws, simple_link("generated")).await;
    let slug = body["slug"].as_str().unwrap();
    assert_eq!(slug.len(), 7);
    assert!(slug.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()));
}

#[tokio::test]
async fn create_rejects_a_missing_name() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let (status, body) = app
        .create(
            &ws,
            json!({ "rules": [{ "targetUrl": "https://e.com", "isDefault": true }] }),
        )
        .await;
    assert_rejected((status, body), StatusCode::BAD_REQUEST, "Name is required.", "name");
}

#[tokio::test]
async fn create_rejects_missing_or_empty_rules() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    for body in [json!({ "name": "n" }), json!({ "name": "n", "rules": [] })] {
        let (status, got) = app.create(&ws, body).await;
        assert_rejected(
            (status, got),
            StatusCode::BAD_REQUEST,
            "rules must be a non-empty array.",
            "rules",
        );
    }
}

#[tokio::test]
async fn create_rejects_a_second_default_rule() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let body = json!({ "name": "n", "rules": [
        { "targetUrl": "https://a.com", "isDefault": true },
        { "targetUrl": "https://b.com", "isDefault": true }
    ] });
    let (status, got) = app.create(&ws, body).await;
    assert_rejected(
        (status, got),
        StatusCode::BAD_REQUEST,
        "Exactly one rule must have isDefault true (found 2).",
        "rules",
    );
}

#[tokio::test]
async fn create_rejects_a_city_without_country() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let body = json!({ "name": "n", "rules": [
        { "targetUrl": "https://a.com", "isDefault": true },
        { "targetUrl": "https://b.com", "isDefault": false, "city": ["Berlin"] }
    ] });
    let (status, got) = app.create(&ws, body).await;
    assert_rejected(
        (status, got),
        StatusCode::BAD_REQUEST,
        "rules[1].city requires country on the same rule.",
        "rules[1].city",
    );
}

#[tokio::test]
async fn create_rejects_weights_that_do_not_sum_to_100() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let mut body = simple_link("ab");
    body["abTest"] = json!({ "enabled": true, "variants": [
        { "id": "a", "name": "A", "url": "https://a.com", "weight": 50 },
        { "id": "b", "name": "B", "url": "https://b.com", "weight": 40 }
    ] });
    let (status, got) = app.create(&ws, body).await;
    assert_rejected(
        (status, got),
        StatusCode::BAD_REQUEST,
        "abTest.variants weights must sum to 100 (got 90).",
        "abTest.variants",
    );
}

#[tokio::test]
async fn create_rejects_a_past_expiration_date() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let mut body = simple_link("expired");
    body["expirationDate"] = json!("2020-01-01T00:00:00Z");
    let (status, got) = app.create(&ws, body).await;
    assert_rejected(
        (status, got),
        StatusCode::BAD_REQUEST,
        "expirationDate must be in the future.",
        "expirationDate",
    );
}

#[tokio::test]
async fn create_rejects_a_zero_clicks_limit() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let mut body = simple_link("limit");
    body["clicksLimit"] = json!(0);
    let (status, got) = app.create(&ws, body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(got["field"], "clicksLimit");
}

#[tokio::test]
async fn create_rejects_script_targets() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let (status, got) = app
        .create(&ws, json!({ "name": "xss", "url": "javascript:alert(1)" }))
        .await;
    assert_rejected(
        (status, got),
        StatusCode::BAD_REQUEST,
        "url must not use the javascript: scheme.",
        "url",
    );
}

#[tokio::test]
async fn create_accepts_app_deep_links() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let (status, _) = app
        .create(&ws, json!({ "name": "app", "url": "myapp://product/42" }))
        .await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn create_rejects_malformed_and_reserved_slugs() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    for (slug, message) in [
        (
            "Upper",
            "slug may contain only lowercase letters, digits and hyphens (got \"Upper\").",
        ),
        ("apiv1", "slug \"apiv1\" is reserved; choose another."),
    ] {
        let (status, got) = app.create(&ws, link_with_slug("n", slug)).await;
        assert_rejected((status, got), StatusCode::BAD_REQUEST, message, "slug");
    }
    let (status, _) = app.create(&ws, link_with_slug("n", &"a".repeat(101))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn create_rejects_unknown_fields_by_name() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let mut body = simple_link("typo");
    body["expiresAt"] = json!("2030-01-01T00:00:00Z");
    let (status, got) = app.create(&ws, body).await;
    assert_rejected(
        (status, got),
        StatusCode::BAD_REQUEST,
        "expiresAt is not a known field; check its spelling.",
        "expiresAt",
    );
}

#[tokio::test]
async fn create_rejects_a_rule_id() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let body = json!({ "name": "n", "rules": [{ "id": "65a1b2c3d4e5f60718293a4b", "targetUrl": "https://a.com", "isDefault": true }] });
    let (status, got) = app.create(&ws, body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(got["field"], "rules[0].id");
}

#[tokio::test]
async fn create_with_quick_start_url_makes_a_default_rule() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app
        .create_ok(&ws, json!({ "name": "quick", "url": "https://example.com/q" }))
        .await;
    let stored = app.stored(&id).await.unwrap();
    assert_eq!(
        stored.link.settings.rules.default_rule().target_url.as_str(),
        "https://example.com/q"
    );
}

#[tokio::test]
async fn create_rejects_an_unverified_or_foreign_domain() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let other = app.workspace().await;
    admin::add_domain(&app.service, &ws.id, "pending.example.com", false)
        .await
        .unwrap();
    admin::add_domain(&app.service, &other.id, "theirs.example.com", true)
        .await
        .unwrap();
    for domain in ["pending.example.com", "theirs.example.com", "unknown.example.com"] {
        let mut body = simple_link("n");
        body["domain"] = json!(domain);
        let answer = app.create(&ws, body).await;
        assert_rejected(
            answer,
            StatusCode::BAD_REQUEST,
            "Domain is not available for this workspace.",
            "domain",
        );
    }
}

#[tokio::test]
async fn create_accepts_a_verified_domain_of_the_workspace() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    admin::add_domain(&app.service, &ws.id, "go.example.com", true)
        .await
        .unwrap();
    let mut body = link_with_slug("n", "promo");
    body["domain"] = json!("Go.Example.com");
    let (status, got) = app.create(&ws, body).await;
    assert_eq!(status, StatusCode::OK, "{got}");
    assert_eq!(got["fullLink"], "https://go.example.com/promo");
}

#[tokio::test]
async fn the_same_slug_may_exist_on_two_domains() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    admin::add_domain(&app.service, &ws.id, "go.example.com", true)
        .await
        .unwrap();
    app.create_ok(&ws, link_with_slug("default", "same")).await;
    let mut body = link_with_slug("custom", "same");
    body["domain"] = json!("go.example.com");
    app.create_ok(&ws, body).await;
}

#[tokio::test]
async fn create_rejects_tags_of_another_workspace() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let other = app.workspace().await;
    let mine = admin::create_tag(&app.service, &ws.id, "mine").await.unwrap();
    let theirs = admin::create_tag(&app.service, &other.id, "theirs").await.unwrap();
    let mut body = simple_link("tagged");
    body["tagIds"] = json!([mine.id, theirs.id]);
    let (status, got) = app.create(&ws, body).await;
    assert_rejected(
        (status, got),
        StatusCode::BAD_REQUEST,
        "tagIds[1] is not a tag of this workspace.",
        "tagIds[1]",
    );
    let mut body = simple_link("tagged");
    body["tagIds"] = json!([mine.id]);
    app.create_ok(&ws, body).await;
}

#[tokio::test]
async fn create_rejects_a_taken_slug_with_409() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.create_ok(&ws, link_with_slug("first", "taken")).await;
    let (status, got) = app.create(&ws, link_with_slug("second", "taken")).await;
    assert_rejected(
        (status, got),
        StatusCode::CONFLICT,
        "This slug is already taken.",
        "slug",
    );
}

#[tokio::test]
async fn a_slug_is_unique_across_workspaces_on_the_default_domain() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let other = app.workspace().await;
    app.create_ok(&ws, link_with_slug("first", "shared")).await;
    let (status, _) = app.create(&other, link_with_slug("second", "shared")).await;
    assert_eq!(status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn twenty_concurrent_creates_of_one_slug_give_one_winner() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let attempts = (0..20).map(|i| app.create(&ws, link_with_slug(&format!("racer {i}"), "race")));
    let results = futures::future::join_all(attempts).await;
    let ok = results.iter().filter(|(s, _)| *s == StatusCode::OK).count();
    let conflicts = results
        .iter()
        .filter(|(s, b)| *s == StatusCode::CONFLICT && b["error"] == "This slug is already taken.")
        .count();
    assert_eq!((ok, conflicts), (1, 19), "{results:?}");
    let workspace = app.service.workspace(&oid(&ws.id)).await.unwrap().unwrap();
    assert_eq!(workspace.link_count, 1, "losers must not consume quota");
}

#[tokio::test]
async fn create_over_the_link_quota_is_403_with_details() {
    let app = spawn_app().await;
    let ws = app
        .workspace_with(NewWorkspace {
            max_links: Some(2),
            ..Default::default()
        })
        .await;
    app.create_ok(&ws, simple_link("one")).await;
    app.create_ok(&ws, simple_link("two")).await;
    let (status, got) = app.create(&ws, simple_link("three")).await;
    assert_eq!(
        (status, got),
        (
            StatusCode::FORBIDDEN,
            json!({ "error": "The workspace plan allows at most 2 links.", "licenseLimitReached": true,
                    "resource": "links", "limit": 2, "current": 2 })
        )
    );
}

#[tokio::test]
async fn create_over_the_rules_quota_is_403_and_the_default_rule_counts() {
    let app = spawn_app().await;
    let ws = app
        .workspace_with(NewWorkspace {
            max_rules: Some(2),
            ..Default::default()
        })
        .await;
    let body = json!({ "name": "n", "rules": [
        { "targetUrl": "https://a.com", "isDefault": false, "country": ["US"] },
        { "targetUrl": "https://b.com", "isDefault": false, "country": ["DE"] },
        { "targetUrl": "https://c.com", "isDefault": true }
    ] });
    let (status, got) = app.create(&ws, body).await;
    assert_eq!(
        (status, got),
        (
            StatusCode::FORBIDDEN,
            json!({ "error": "The workspace plan allows at most 2 rules per link.", "licenseLimitReached": true,
                    "resource": "rules", "limit": 2, "current": 3 })
        )
    );
}

#[tokio::test]
async fn create_stores_every_setting() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let body = json!({
        "name": "Full", "description": "internal note", "slug": "full", "active": false, "clicksLimit": 10,
        "expirationDate": "2099-01-01T00:00:00Z",
        "rules": [
            { "targetUrl": "https://m.example.com", "isDefault": false, "device": ["mobile"], "os": ["iOS"],
              "timeStart": "22:00", "timeEnd": "06:00", "daysOfWeek": [0, 6], "locale": ["de"], "name": "night" },
            { "targetUrl": "https://example.com", "isDefault": true }
        ],
        "abTest": { "enabled": true, "variants": [
            { "id": "a", "name": "A", "url": "https://a.com", "weight": 70 },
            { "id": "b", "name": "B", "url": "https://b.com", "weight": 30 } ] },
        "qrSettings": { "color": "#1A237E", "useLogo": true, "logo": "https://example.com/logo.png" },
        "ogTitle": "Title", "ogDescription": "Desc", "appearanceColor": "#112233",
        "conversionTracking": true, "gpsTracking": true
    });
    let id = app.create_ok(&ws, body).await;
    let s = app.stored(&id).await.unwrap().link.settings;
    assert_eq!(s.description.unwrap().as_str(), "internal note");
    assert!(!s.active);
    assert_eq!(s.clicks_limit.unwrap().get(), 10);
    assert_eq!(s.rules.len(), 2);
    assert_eq!(s.ab_test.unwrap().variants[1].weight, 30);
    assert_eq!(s.qr_settings.color.as_str(), "#1a237e");
    assert_eq!(s.qr_settings.bg_color.as_str(), "#ffffff");
    assert_eq!(s.og_title.unwrap().as_str(), "Title");
    assert!(s.conversion_tracking && s.gps_tracking);
}

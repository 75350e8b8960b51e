//! PUT /link/update: partial updates, races, and the contract's error rows.

use lib::admin::{self, NewWorkspace};
use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{assert_rejected, link_with_slug, oid, simple_link, spawn_app};

#[tokio::test]
async fn update_changes_only_the_given_fields() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let mut body = simple_link("before");
    body["description"] = json!("keep me");
    body["clicksLimit"] = json!(5);
    let id = app.create_ok(&ws, body).await;
    let before = app.stored(&id).await.unwrap();
    let (status, got) = app.update(&ws, &id, json!({ "name": "after" })).await;
    assert_eq!(
        (status, got),
        (StatusCode::OK, json!({ "message": "Link updated.", "id": id }))
    );
    let after = app.stored(&id).await.unwrap();
    assert_eq!(after.link.settings.name.as_str(), "after");
    assert_eq!(after.link.settings.description, before.link.settings.description);
    assert_eq!(after.link.settings.clicks_limit, before.link.settings.clicks_limit);
    assert_eq!(after.link.settings.rules, before.link.settings.rules);
    assert_eq!(after.version, before.version + 1);
}

#[tokio::test]
async fn update_with_null_removes_the_click_limit_and_expiration() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let mut body = simple_link("limited");
    body["clicksLimit"] = json!(5);
    body["expirationDate"] = json!("2099-01-01T00:00:00Z");
    let id = app.create_ok(&ws, body).await;
    let (status, _) = app
        .update(&ws, &id, json!({ "clicksLimit": null, "expirationDate": null }))
        .await;
    assert_eq!(status, StatusCode::OK);
    let s = app.stored(&id).await.unwrap().link.settings;
    assert_eq!((s.clicks_limit, s.expiration_date), (None, None));
}

#[tokio::test]
async fn updating_rules_replaces_them_with_fresh_ids() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, simple_link("rules")).await;
    let old_ids: Vec<String> = app
        .stored(&id)
        .await
        .unwrap()
        .link
        .settings
        .rules
        .iter()
        .map(|r| r.id.to_string())
        .collect();
    let rules = json!([
        { "targetUrl": "https://de.example.com", "isDefault": false, "country": ["DE"] },
        { "targetUrl": "https://example.com/new", "isDefault": true }
    ]);
    let (status, _) = app.update(&ws, &id, json!({ "rules": rules })).await;
    assert_eq!(status, StatusCode::OK);
    let rules = app.stored(&id).await.unwrap().link.settings.rules;
    assert_eq!(rules.len(), 2);
    assert_eq!(rules.default_rule().target_url.as_str(), "https://example.com/new");
    assert!(rules.iter().all(|r| !old_ids.contains(&r.id.to_string())));
}

#[tokio::test]
async fn update_disables_an_ab_test() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let mut body = simple_link("ab");
    body["abTest"] = json!({ "enabled": true, "variants": [
        { "id": "a", "name": "A", "url": "https://a.com", "weight": 50 },
        { "id": "b", "name": "B", "url": "https://b.com", "weight": 50 } ] });
    let id = app.create_ok(&ws, body).await;
    let (status, _) = app
        .update(&ws, &id, json!({ "abTest": { "enabled": false, "variants": [] } }))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(!app.stored(&id).await.unwrap().link.settings.ab_test_enabled());
}

#[tokio::test]
async fn two_racing_updates_of_different_fields_both_survive() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    for round in 0..5 {
        let id = app.create_ok(&ws, simple_link(&format!("race {round}"))).await;
        let fields = [
            json!({ "name": "renamed" }),
            json!({ "description": "described" }),
            json!({ "ogTitle": "og title" }),
            json!({ "active": false }),
            json!({ "clicksLimit": 42 }),
            json!({ "appearanceColor": "#123456" }),
        ];
        let updates = fields.iter().map(|f| app.update(&ws, &id, f.clone()));
        for (status, body) in futures::future::join_all(updates).await {
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let s = app.stored(&id).await.unwrap().link.settings;
        assert_eq!(s.name.as_str(), "renamed");
        assert_eq!(s.description.unwrap().as_str(), "described");
        assert_eq!(s.og_title.unwrap().as_str(), "og title");
        assert!(!s.active);
        assert_eq!(s.clicks_limit.unwrap().get(), 42);
        assert_eq!(s.appearance_color.unwrap().as_str(), "#123456");
    }
}

#[tokio::test]
async fn update_moves_a_slug_and_frees_the_old_one() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, link_with_slug("mover", "old-slug")).await;
    let (status, _) = app.update(&ws, &id, json!({ "slug": "new-slug" })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(app.stored(&id).await.unwrap().link.slug.as_str(), "new-slug");
    app.create_ok(&ws, link_with_slug("reuses", "old-slug")).await;
}

#[tokio::test]
async fn update_to_a_taken_slug_is_409_and_keeps_the_old_slug() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.create_ok(&ws, link_with_slug("holder", "held")).await;
    let id = app.create_ok(&ws, link_with_slug("mover", "mine")).await;
    let (status, got) = app.update(&ws, &id, json!({ "slug": "held", "name": "renamed" })).await;
    assert_rejected(
        (status, got),
        StatusCode::CONFLICT,
        "This slug is already taken.",
        "slug",
    );
    let stored = app.stored(&id).await.unwrap();
    assert_eq!(
        (stored.link.slug.as_str(), stored.link.settings.name.as_str()),
        ("mine", "mover")
    );
}

#[tokio::test]
async fn update_moves_a_link_to_a_verified_domain() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    admin::add_domain(&app.service, &ws.id, "go.example.com", true)
        .await
        .unwrap();
    let id = app.create_ok(&ws, link_with_slug("mover", "promo")).await;
    let (status, _) = app.update(&ws, &id, json!({ "domain": "go.example.com" })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(app.stored(&id).await.unwrap().link.domain.as_str(), "go.example.com");
    let (status, got) = app.update(&ws, &id, json!({ "domain": "nope.example.com" })).await;
    assert_rejected(
        (status, got),
        StatusCode::BAD_REQUEST,
        "Domain is not available for this workspace.",
        "domain",
    );
}

#[tokio::test]
async fn update_rejects_a_malformed_link_id() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let (status, got) = app.update(&ws, "123", json!({ "name": "x" })).await;
    assert_rejected(
        (status, got),
        StatusCode::BAD_REQUEST,
        "Invalid linkId format.",
        "linkId",
    );
}

#[tokio::test]
async fn update_of_an_unknown_link_is_404() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let (status, got) = app
        .update(&ws, "65a1b2c3d4e5f60718293a4b", json!({ "name": "x" }))
        .await;
    assert_eq!(
        (status, got),
        (StatusCode::NOT_FOUND, json!({ "error": "Link not found." }))
    );
}

#[tokio::test]
async fn a_key_of_another_workspace_cannot_update_a_link() {
    let app = spawn_app().await;
    let owner = app.workspace().await;
    let intruder = app.workspace().await;
    let id = app.create_ok(&owner, simple_link("private")).await;
    let (status, got) = app.update(&intruder, &id, json!({ "name": "hijacked" })).await;
    assert_eq!(
        (status, got),
        (
            StatusCode::FORBIDDEN,
            json!({ "error": "You do not have permission to edit this link." })
        )
    );
    assert_eq!(app.stored(&id).await.unwrap().link.settings.name.as_str(), "private");
}

#[tokio::test]
async fn update_over_the_rules_quota_is_403() {
    let app = spawn_app().await;
    let ws = app
        .workspace_with(NewWorkspace {
            max_rules: Some(1),
            ..Default::default()
        })
        .await;
    let id = app.create_ok(&ws, simple_link("one rule")).await;
    let rules = json!([
        { "targetUrl": "https://de.example.com", "isDefault": false, "country": ["DE"] },
        { "targetUrl": "https://example.com", "isDefault": true }
    ]);
    let (status, got) = app.update(&ws, &id, json!({ "rules": rules })).await;
    assert_eq!(
        (status, got),
        (
            StatusCode::FORBIDDEN,
            json!({ "error": "The workspace plan allows at most 1 rules per link.", "licenseLimitReached": true,
                    "resource": "rules", "limit": 1, "current": 2 })
        )
    );
}

#[tokio::test]
async fn update_validates_like_create() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, simple_link("v")).await;
    let (status, got) = app
        .update(&ws, &id, json!({ "expirationDate": "2001-01-01T00:00:00Z" }))
        .await;
    assert_rejected(
        (status, got),
        StatusCode::BAD_REQUEST,
        "expirationDate must be in the future.",
        "expirationDate",
    );
    let (status, got) = app.update(&ws, &id, json!({ "slugg": "x" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(got["field"], "slugg");
}

#[tokio::test]
async fn update_never_touches_the_quota() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, link_with_slug("q", "q1")).await;
    app.update(&ws, &id, json!({ "slug": "q2" })).await;
    let count = app.service.workspace(&oid(&ws.id)).await.unwrap().unwrap().link_count;
    assert_eq!(count, 1);
}

//! POST /links/bulk-create: partial success, whole-call quota, batching.

use lib::admin::NewWorkspace;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{assert_rejected, oid, spawn_app};

fn item(i: usize) -> Value {
    json!({ "name": format!("Bulk {i}"), "url": format!("https://example.com/{i}") })
}

#[tokio::test]
async fn bulk_of_100_with_some_invalid_reports_created_and_failed() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let mut links: Vec<Value> = (0..100).map(item).collect();
    links[3] = json!({ "name": "no rules" });
    links[10] = json!({ "rules": [{ "targetUrl": "https://a.com", "isDefault": true }] });
    links[42] = json!({ "name": "bad url", "url": "javascript:alert(1)" });
    links[50] = json!({ "name": "bad slug", "url": "https://a.com", "slug": "Bad Slug" });
    links[77] = json!({ "name": "typo", "url": "https://a.com", "nmae": "x" });
    let (status, body) = app.bulk(&ws, Value::Array(links.clone())).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "95 links created, 5 failed.");
    assert_eq!(body["created"].as_array().unwrap().len(), 95);
    let failed = body["failed"].as_array().unwrap();
    let expected = [
        (3, "Each link must have name and rules."),
        (10, "Each link must have name and rules."),
        (42, "url must not use the javascript: scheme."),
        (
            50,
            "slug may contain only lowercase letters, digits and hyphens (got \"Bad Slug\").",
        ),
        (77, "nmae is not a known field; check its spelling."),
    ];
    for (entry, (index, error)) in failed.iter().zip(expected) {
        assert_eq!(entry, &json!({ "input": links[index], "error": error }));
    }
    for created in body["created"].as_array().unwrap() {
        let id = created["id"].as_str().unwrap();
        let stored = app.stored(id).await.expect("created link is stored");
        assert_eq!(created["name"], stored.link.settings.name.as_str());
        assert_eq!(created["fullLink"], stored.link.full_link());
    }
    let count = app.service.workspace(&oid(&ws.id)).await.unwrap().unwrap().link_count;
    assert_eq!(count, 95);
}

#[tokio::test]
async fn bulk_of_101_items_is_400() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let (status, body) = app.bulk(&ws, Value::Array((0..101).map(item).collect())).await;
    assert_rejected(
        (status, body),
        StatusCode::BAD_REQUEST,
        "Maximum 100 links per request.",
        "links",
    );
}

#[tokio::test]
async fn bulk_without_links_is_400() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let expected = json!({ "error": "links must be a non-empty array.", "field": "links" });
    for links in [json!([]), json!(null), json!("x")] {
        let (status, body) = app.bulk(&ws, links).await;
        assert_eq!((status, &body), (StatusCode::BAD_REQUEST, &expected));
    }
    let body = json!({ "workspaceId": ws.id });
    let (status, got) = app
        .call(reqwest::Method::POST, "/apiv1/links/bulk-create", &ws.key, body)
        .await;
    assert_eq!((status, got), (StatusCode::BAD_REQUEST, expected));
}

#[tokio::test]
async fn bulk_is_refused_whole_when_the_quota_cannot_take_every_valid_item() {
    let app = spawn_app().await;
    let ws = app
        .workspace_with(NewWorkspace {
            max_links: Some(5),
            ..Default::default()
        })
        .await;
    app.create_ok(&ws, item(0)).await;
    let (status, body) = app.bulk(&ws, Value::Array((1..6).map(item).collect())).await;
    assert_eq!(
        (status, body),
        (
            StatusCode::FORBIDDEN,
            json!({ "error": "The workspace plan allows at most 5 links.", "licenseLimitReached": true,
                    "resource": "links", "limit": 5, "current": 1 })
        )
    );
    let count = app.service.workspace(&oid(&ws.id)).await.unwrap().unwrap().link_count;
    assert_eq!(count, 1, "a refused call creates nothing");
}

#[tokio::test]
async fn invalid_items_do_not_count_against_the_quota() {
    let app = spawn_app().await;
    let ws = app
        .workspace_with(NewWorkspace {
            max_links: Some(2),
            ..Default::default()
        })
        .await;
    let links = json!([item(1), { "name": "invalid" }, item(2), { "name": "x", "url": "nope" }]);
    let (status, body) = app.bulk(&ws, links).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "2 links created, 2 failed.");
}

#[tokio::test]
async fn an_item_over_the_rules_quota_fails_alone() {
    let app = spawn_app().await;
    let ws = app
        .workspace_with(NewWorkspace {
            max_rules: Some(1),
            ..Default::default()
        })
        .await;
    let big = json!({ "name": "big", "rules": [
        { "targetUrl": "https://de.example.com", "isDefault": false, "country": ["DE"] },
        { "targetUrl": "https://example.com", "isDefault": true } ] });
    let (status, body) = app.bulk(&ws, json!([item(1), big])).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        body["failed"][0]["error"],
        "The workspace plan allows at most 1 rules per link."
    );
    assert_eq!(body["created"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn a_slug_taken_before_or_twice_in_one_call_fails_that_item_only() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.create_ok(&ws, json!({ "name": "holder", "url": "https://a.com", "slug": "held" }))
        .await;
    let links = json!([
        { "name": "a", "url": "https://a.com", "slug": "held" },
        { "name": "b", "url": "https://b.com", "slug": "twice" },
        { "name": "c", "url": "https://c.com", "slug": "twice" },
        { "name": "d", "url": "https://d.com" }
    ]);
    let (status, body) = app.bulk(&ws, links).await;
    assert_eq!(status, StatusCode::OK);
    let created: Vec<&str> = body["created"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(created, ["b", "d"]);
    let errors: Vec<&str> = body["failed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["error"].as_str().unwrap())
        .collect();
    assert_eq!(errors, ["This slug is already taken.", "This slug is already taken."]);
}

#[tokio::test]
async fn bulk_of_100_batches_its_dynamodb_requests() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let mut links: Vec<Value> = (0..100).map(item).collect();
    for (i, link) in links.iter_mut().enumerate().take(50) {
        link["slug"] = json!(format!("chosen-{i}"));
    }
    app.requests.reset();
    let (status, body) = app.bulk(&ws, Value::Array(links)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["created"].as_array().unwrap().len(), 100);
    let requests = app.requests.snapshot();
    // key lookup, workspace+membership, slug check, quota reservation, three transactions of
    // at most 49 (each with the check that the workspace is not suspended).
    assert!(app.requests.total() <= 9, "{requests:?}");
    assert_eq!(requests.get("TransactWriteItems"), Some(&3), "{requests:?}");
}

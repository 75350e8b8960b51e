//! `Idempotency-Key` on create, bulk create, update and delete: a retry gets the first answer
//! and the work is done once.

use lib::service::guards::idempotency::{Begun, IdempotencyKey, fingerprint};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{Answer, TestApp, TestWorkspace, link_with_slug, oid, simple_link, spawn_app};

const IN_PROGRESS: &str = "A request with this Idempotency-Key is in progress.";

async fn with_key(app: &TestApp, ws: &TestWorkspace, method: Method, path: &str, key: &str, body: Value) -> Answer {
    let mut body = body;
    body["workspaceId"] = json!(ws.id);
    app.send(method, path, Some(&ws.key), &[("Idempotency-Key", key)], Some(body))
        .await
}

#[tokio::test]
async fn a_retried_create_with_the_same_key_creates_one_link_and_replays_the_response() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let first = app.create_with_key(&ws, "order-42", simple_link("Docs")).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.body);
    assert_eq!(first.header("idempotent-replayed"), None);
    let retry = app.create_with_key(&ws, "order-42", simple_link("Docs")).await;
    assert_eq!((retry.status, &retry.body), (first.status, &first.body));
    assert_eq!(retry.header("idempotent-replayed"), Some("true"));
    assert_eq!(app.link_ids(&ws).await, [first.body["id"].as_str().unwrap()]);
}

#[tokio::test]
async fn a_different_body_with_the_same_key_is_422() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let first = app.create_with_key(&ws, "k1", simple_link("One")).await;
    assert_eq!(first.status, StatusCode::OK);
    let other = app.create_with_key(&ws, "k1", simple_link("Two")).await;
    assert_eq!(other.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        other.body,
        json!({ "error": "This Idempotency-Key was already used for a different request; send a new key with a new request." })
    );
    assert_eq!(app.link_ids(&ws).await.len(), 1);
}

#[tokio::test]
async fn concurrent_same_key_requests_do_the_work_once() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let answers =
        futures::future::join_all((0..8).map(|_| app.create_with_key(&ws, "burst", simple_link("Once")))).await;
    let ids = app.link_ids(&ws).await;
    assert_eq!(ids.len(), 1, "one link for eight requests");
    for answer in &answers {
        match answer.status {
            StatusCode::OK => assert_eq!(answer.body["id"], ids[0].as_str()),
            StatusCode::CONFLICT => assert_eq!(answer.body, json!({ "error": IN_PROGRESS })),
            other => panic!("{other}: {}", answer.body),
        }
    }
    let done = answers
        .iter()
        .filter(|a| a.status == StatusCode::OK && a.header("idempotent-replayed").is_none());
    assert_eq!(done.count(), 1, "exactly one did the work");
}

/// Claims `key` for the create body `body` as a request still running would hold it.
async fn claim_as_a_running_request(app: &TestApp, ws: &TestWorkspace, key: &str, body: &Value) {
    let mut whole = body.clone();
    whole["workspaceId"] = json!(ws.id);
    let begun = app
        .service
        .begin_idempotent(
            &oid(&ws.id),
            &IdempotencyKey::parse(key.as_bytes()).unwrap(),
            fingerprint("POST", "/apiv1/link/create", &whole),
        )
        .await
        .unwrap();
    assert!(matches!(begun, Begun::Claimed(_)));
}

#[tokio::test]
async fn a_request_while_the_first_with_its_key_is_running_gets_409() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let body = simple_link("Slow");
    claim_as_a_running_request(&app, &ws, "slow", &body).await;
    let answer = app.create_with_key(&ws, "slow", body).await;
    assert_eq!(
        (answer.status, answer.body),
        (StatusCode::CONFLICT, json!({ "error": IN_PROGRESS }))
    );
    assert!(app.link_ids(&ws).await.is_empty());
}

#[tokio::test]
async fn a_claim_left_by_a_request_that_died_is_taken_over_after_its_lease() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let body = simple_link("Orphan");
    claim_as_a_running_request(&app, &ws, "orphan", &body).await;
    app.clock.set(app.clock_now() + chrono::Duration::seconds(61));
    let answer = app.create_with_key(&ws, "orphan", body).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    assert_eq!(app.link_ids(&ws).await.len(), 1);
}

#[tokio::test]
async fn a_retried_bulk_create_creates_its_links_once() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let body = json!({ "links": [simple_link("a"), simple_link("b"), { "name": "bad" }] });
    let path = "/apiv1/links/bulk-create";
    let first = with_key(&app, &ws, Method::POST, path, "bulk-1", body.clone()).await;
    assert_eq!(first.status, StatusCode::OK);
    let retry = with_key(&app, &ws, Method::POST, path, "bulk-1", body).await;
    assert_eq!((retry.status, &retry.body), (first.status, &first.body));
    assert_eq!(retry.header("idempotent-replayed"), Some("true"));
    assert_eq!(app.link_ids(&ws).await.len(), 2);
}

#[tokio::test]
async fn a_retried_update_replays_its_answer() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, link_with_slug("Before", "before")).await;
    let body = json!({ "linkId": id, "name": "After" });
    let first = with_key(&app, &ws, Method::PUT, "/apiv1/link/update", "u-1", body.clone()).await;
    assert_eq!(first.status, StatusCode::OK);
    app.update(&ws, &id, json!({ "name": "Changed since" })).await;
    let retry = with_key(&app, &ws, Method::PUT, "/apiv1/link/update", "u-1", body).await;
    assert_eq!((retry.status, &retry.body), (first.status, &first.body));
    assert_eq!(retry.header("idempotent-replayed"), Some("true"));
    let stored = app.stored(&id).await.unwrap();
    assert_eq!(
        stored.link.settings.name.as_str(),
        "Changed since",
        "the update was not applied again"
    );
}

#[tokio::test]
async fn a_retried_delete_gets_the_first_answer_not_404() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, simple_link("Gone soon")).await;
    let body = json!({ "linkId": id });
    let first = with_key(&app, &ws, Method::DELETE, "/apiv1/link/delete", "d-1", body.clone()).await;
    assert_eq!(first.status, StatusCode::OK);
    let retry = with_key(&app, &ws, Method::DELETE, "/apiv1/link/delete", "d-1", body).await;
    assert_eq!((retry.status, &retry.body), (StatusCode::OK, &first.body));
    assert_eq!(retry.header("idempotent-replayed"), Some("true"));
}

#[tokio::test]
async fn a_validation_error_is_kept_and_replayed_too() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let first = app.create_with_key(&ws, "bad", json!({ "rules": [] })).await;
    assert_eq!(first.status, StatusCode::BAD_REQUEST);
    let retry = app.create_with_key(&ws, "bad", json!({ "rules": [] })).await;
    assert_eq!((retry.status, &retry.body), (first.status, &first.body));
    assert_eq!(retry.header("idempotent-replayed"), Some("true"));
}

#[tokio::test]
async fn a_conflict_is_not_kept_so_a_retry_runs_again() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let blocker = app.create_ok(&ws, link_with_slug("Blocker", "wanted")).await;
    let body = link_with_slug("Mine", "wanted");
    let first = app.create_with_key(&ws, "c-1", body.clone()).await;
    assert_eq!(first.status, StatusCode::CONFLICT);
    app.delete(&ws, &blocker).await;
    let retry = app.create_with_key(&ws, "c-1", body).await;
    assert_eq!(retry.status, StatusCode::OK, "{}", retry.body);
    assert_eq!(retry.header("idempotent-replayed"), None);
}

#[tokio::test]
async fn a_key_belongs_to_one_workspace() {
    let app = spawn_app().await;
    let (one, two) = (app.workspace().await, app.workspace().await);
    assert_eq!(
        app.create_with_key(&one, "shared", simple_link("x")).await.status,
        StatusCode::OK
    );
    let other = app.create_with_key(&two, "shared", simple_link("x")).await;
    assert_eq!(other.status, StatusCode::OK);
    assert_eq!(other.header("idempotent-replayed"), None);
}

#[tokio::test]
async fn a_key_is_free_again_after_24_hours() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    assert_eq!(
        app.create_with_key(&ws, "daily", simple_link("x")).await.status,
        StatusCode::OK
    );
    app.clock
        .set(app.clock_now() + chrono::Duration::hours(24) + chrono::Duration::seconds(1));
    let later = app.create_with_key(&ws, "daily", simple_link("x")).await;
    assert_eq!(later.status, StatusCode::OK);
    assert_eq!(later.header("idempotent-replayed"), None);
    assert_eq!(app.link_ids(&ws).await.len(), 2);
}

#[tokio::test]
async fn a_malformed_idempotency_key_is_400() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let long = "k".repeat(256);
    for key in ["", long.as_str()] {
        let answer = app.create_with_key(&ws, key, simple_link("x")).await;
        assert_eq!(
            (answer.status, answer.body),
            (
                StatusCode::BAD_REQUEST,
                json!({ "error": "Idempotency-Key must be 1 to 255 printable ASCII characters.", "field": "Idempotency-Key" })
            ),
            "{key:?}"
        );
    }
    assert!(app.link_ids(&ws).await.is_empty());
}

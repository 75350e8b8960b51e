//! The operator's switch: a link disabled, a workspace suspended (`linkctl link disable`,
//! `linkctl workspace suspend`), what visitors, owners, keys and grants then get, and the audit
//! item each action leaves.

use lib::domain::{AuditAction, parse_operator, parse_reason};
use lib::service::switch::Switched;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestWorkspace, link_with_slug, oid, spawn_app, spawn_app_with};

const GOOGLEBOT: &str = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const REASON: &str = "phishing page reported by the bank";

/// An app whose redirect reads the link and its workspace fresh on every visit.
async fn uncached() -> TestApp {
    spawn_app_with(|c| c.link_cache_ttl = std::time::Duration::ZERO).await
}

async fn disable(app: &TestApp, id: &str) -> Switched {
    let reason = parse_reason(REASON).unwrap();
    let by = parse_operator("ops-alice").unwrap();
    app.service.disable_link(&oid(id), &reason, &by).await.unwrap()
}

async fn suspend(app: &TestApp, ws: &TestWorkspace) -> (Switched, u64) {
    let reason = parse_reason("mass phishing campaign").unwrap();
    let by = parse_operator("ops-bob").unwrap();
    let (switched, stamped) = app.service.suspend_workspace(&oid(&ws.id), &reason, &by).await.unwrap();
    (switched, stamped.changed)
}

async fn record(app: &TestApp, ws: &TestWorkspace, id: &str) -> Value {
    let path = format!("/apiv1/links/{id}?workspaceId={}", ws.id);
    let (status, record) = app.request(Method::GET, &path, Some(&ws.key), None).await;
    assert_eq!(status, StatusCode::OK, "{record}");
    record
}

#[tokio::test]
async fn a_disabled_link_shows_people_a_451_page_naming_abuse_and_the_report_page() {
    let app = uncached().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, link_with_slug("Bad", "bad")).await;
    assert_eq!(disable(&app, &id).await, Switched::Done);
    let visit = app.get("bad", &[]).await;
    assert_eq!(visit.status, StatusCode::UNAVAILABLE_FOR_LEGAL_REASONS);
    assert!(visit.body.contains("disabled for abuse"), "{}", visit.body);
    assert!(visit.body.contains("href=\"/_sl/report/bad\""));
    assert!(!visit.body.contains("example.com"), "the destination is never shown");
    assert_eq!(visit.headers["cache-control"], "private, no-store");
}

#[tokio::test]
async fn a_visit_to_a_disabled_link_is_not_counted() {
    let app = uncached().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, link_with_slug("Bad", "bad")).await;
    disable(&app, &id).await;
    app.get("bad", &[]).await;
    assert!(app.clicks(&id).await.is_empty());
}

#[tokio::test]
async fn a_robot_gets_the_451_status_alone() {
    let app = uncached().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, link_with_slug("Bad", "bad")).await;
    disable(&app, &id).await;
    let visit = app.get("bad", &[("user-agent", GOOGLEBOT)]).await;
    assert_eq!(visit.status, StatusCode::UNAVAILABLE_FOR_LEGAL_REASONS);
    assert!(visit.body.is_empty());
}

#[tokio::test]
async fn head_of_a_disabled_link_gets_the_451_status_alone() {
    let app = uncached().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, link_with_slug("Bad", "bad")).await;
    disable(&app, &id).await;
    let visit = app.visit(Method::HEAD, "bad", &[]).await;
    assert_eq!(visit.status, StatusCode::UNAVAILABLE_FOR_LEGAL_REASONS);
    assert!(visit.body.is_empty());
}

#[tokio::test]
async fn the_link_record_says_why_the_operator_disabled_it() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, link_with_slug("Bad", "bad")).await;
    disable(&app, &id).await;
    let record = record(&app, &ws, &id).await;
    assert_eq!(record["disabledReason"], REASON);
    assert_eq!(record["active"], false);
}

#[tokio::test]
async fn a_link_never_disabled_has_a_null_disabled_reason() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, link_with_slug("Good", "good")).await;
    let record = record(&app, &ws, &id).await;
    assert_eq!(record["disabledReason"], Value::Null);
    let path = format!("/apiv1/links?workspaceId={}", ws.id);
    let (_, page) = app.request(Method::GET, &path, Some(&ws.key), None).await;
    assert_eq!(page["links"][0]["disabledReason"], Value::Null);
}

#[tokio::test]
async fn mcp_get_link_says_why_the_operator_disabled_the_link() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let id = app.create_ok(&ws.http, link_with_slug("Bad", "bad")).await;
    disable(&app, &id).await;
    let answer = app.tool_in(&ws, "get_link", json!({ "linkId": id })).await;
    assert_eq!(answer.structured()["disabledReason"], REASON);
}

#[tokio::test]
async fn mcp_update_link_cannot_switch_a_disabled_link_back_on() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let id = app.create_ok(&ws.http, link_with_slug("Bad", "bad")).await;
    disable(&app, &id).await;
    let answer = app
        .tool_in(&ws, "update_link", json!({ "linkId": id, "active": true }))
        .await;
    assert_eq!(
        answer.error().1,
        format!("This link was disabled by the operator: {REASON}. It cannot be switched back on.")
    );
}

#[tokio::test]
async fn the_owner_cannot_switch_a_disabled_link_back_on() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, link_with_slug("Bad", "bad")).await;
    disable(&app, &id).await;
    let (status, body) = app.update(&ws, &id, json!({ "active": true })).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        body["error"],
        format!("This link was disabled by the operator: {REASON}. It cannot be switched back on.")
    );
}

#[tokio::test]
async fn the_owner_may_still_rename_a_disabled_link_which_stays_disabled() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, link_with_slug("Bad", "bad")).await;
    disable(&app, &id).await;
    let (status, body) = app.update(&ws, &id, json!({ "name": "Renamed" })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let record = record(&app, &ws, &id).await;
    assert_eq!(
        (record["name"].as_str(), record["disabledReason"].as_str()),
        (Some("Renamed"), Some(REASON))
    );
}

#[tokio::test]
async fn enabling_a_disabled_link_makes_it_redirect_again_and_clears_its_reason() {
    let app = uncached().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, link_with_slug("Bad", "bad")).await;
    disable(&app, &id).await;
    let reason = parse_reason("reviewed: a false report").unwrap();
    let by = parse_operator("ops-alice").unwrap();
    let switched = app.service.enable_link(&oid(&id), &reason, &by).await.unwrap();
    assert_eq!(switched, Switched::Done);
    assert_eq!(app.get("bad", &[]).await.status, StatusCode::FOUND);
    assert_eq!(record(&app, &ws, &id).await["disabledReason"], Value::Null);
}

#[tokio::test]
async fn enabling_a_link_that_was_never_disabled_changes_nothing_and_leaves_no_audit_item() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, link_with_slug("Good", "good")).await;
    let reason = parse_reason("just in case").unwrap();
    let by = parse_operator("ops-alice").unwrap();
    let switched = app.service.enable_link(&oid(&id), &reason, &by).await.unwrap();
    assert_eq!(switched, Switched::Unchanged);
    let since = app.clock_now() - chrono::Duration::days(1);
    assert!(app.service.audit_list(since).await.unwrap().is_empty());
}

#[tokio::test]
async fn disabling_a_link_that_does_not_exist_says_so() {
    let app = spawn_app().await;
    assert_eq!(disable(&app, "65a1b2c3d4e5f60718293a4b").await, Switched::NotFound);
}

#[tokio::test]
async fn every_link_of_a_suspended_workspace_answers_451() {
    let app = uncached().await;
    let ws = app.workspace().await;
    app.create_ok(&ws, link_with_slug("One", "one")).await;
    app.create_ok(&ws, link_with_slug("Two", "two")).await;
    assert_eq!(suspend(&app, &ws).await, (Switched::Done, 2));
    for slug in ["one", "two"] {
        let visit = app.get(slug, &[]).await;
        assert_eq!(visit.status, StatusCode::UNAVAILABLE_FOR_LEGAL_REASONS, "{slug}");
        assert!(visit.body.contains(&format!("/_sl/report/{slug}")));
    }
}

#[tokio::test]
async fn a_suspended_workspaces_api_key_gets_403_with_a_sentence() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    suspend(&app, &ws).await;
    let path = format!("/apiv1/links?workspaceId={}", ws.id);
    let (status, body) = app.request(Method::GET, &path, Some(&ws.key), None).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(
        body["error"],
        "This workspace was suspended by the operator: mass phishing campaign."
    );
}

#[tokio::test]
async fn a_suspended_workspaces_oauth_grant_gets_403_with_a_sentence() {
    let app = spawn_app().await;
    let (_, person, tokens) = app.connected(&["links:read"]).await;
    let reason = parse_reason("mass phishing campaign").unwrap();
    let by = parse_operator("ops-bob").unwrap();
    app.service
        .suspend_workspace(&oid(&person.workspace), &reason, &by)
        .await
        .unwrap();
    let answer = app
        .tool_bearer(&tokens.access, "list_links", json!({ "workspaceId": person.workspace }))
        .await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);
    assert_eq!(
        answer.error().1,
        "This workspace was suspended by the operator: mass phishing campaign."
    );
}

#[tokio::test]
async fn unsuspending_a_workspace_brings_back_its_links_and_its_keys() {
    let app = uncached().await;
    let ws = app.workspace().await;
    app.create_ok(&ws, link_with_slug("One", "one")).await;
    suspend(&app, &ws).await;
    let reason = parse_reason("owner cleaned up").unwrap();
    let by = parse_operator("ops-bob").unwrap();
    let switched = app
        .service
        .unsuspend_workspace(&oid(&ws.id), &reason, &by)
        .await
        .unwrap();
    assert_eq!((switched.0, switched.1.changed), (Switched::Done, 1));
    assert_eq!(app.get("one", &[]).await.status, StatusCode::FOUND);
    let path = format!("/apiv1/links?workspaceId={}", ws.id);
    assert_eq!(
        app.request(Method::GET, &path, Some(&ws.key), None).await.0,
        StatusCode::OK
    );
}

#[tokio::test]
async fn every_operator_action_leaves_an_audit_item_saying_who_when_and_why() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, link_with_slug("Bad", "bad")).await;
    let disabled_at = app.clock_now();
    disable(&app, &id).await;
    let suspended_at = disabled_at + chrono::Duration::minutes(5);
    app.clock.set(suspended_at);
    suspend(&app, &ws).await;
    let since = disabled_at - chrono::Duration::days(1);
    let entries = app.service.audit_list(since).await.unwrap();
    let seen: Vec<_> = entries
        .iter()
        .map(|e| (e.action, e.target.as_str(), e.by.as_str(), e.reason.as_str(), e.at))
        .collect();
    assert_eq!(
        seen,
        [
            (AuditAction::LinkDisabled, id.as_str(), "ops-alice", REASON, disabled_at),
            (
                AuditAction::WorkspaceSuspended,
                ws.id.as_str(),
                "ops-bob",
                "mass phishing campaign",
                suspended_at
            ),
        ]
    );
}

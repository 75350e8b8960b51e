//! What the operator's switch holds against its walk-arounds: a link the operator disabled
//! cannot be deleted or moved (so its slug cannot be made again), and a suspension holds
//! against work already in flight (a request admitted before it, an import running through it).

use std::time::Duration;

use lib::domain::{JobState, RowOutcome, parse_operator, parse_reason};
use lib::service::ServiceError;
use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{TestApp, TestWorkspace, link_with_slug, oid, spawn_app, spawn_with};

const REASON: &str = "phishing page reported by the bank";
const SUSPENSION: &str = "mass phishing campaign";

async fn disable(app: &TestApp, id: &str) {
    let reason = parse_reason(REASON).unwrap();
    let by = parse_operator("ops-alice").unwrap();
    app.service.disable_link(&oid(id), &reason, &by).await.unwrap();
}

async fn suspend(app: &TestApp, ws: &TestWorkspace) {
    let reason = parse_reason(SUSPENSION).unwrap();
    let by = parse_operator("ops-bob").unwrap();
    app.service.suspend_workspace(&oid(&ws.id), &reason, &by).await.unwrap();
}

/// What a request admitted before the suspension holds: the workspace opened as it was then.
async fn admitted(app: &TestApp, ws: &TestWorkspace) -> lib::service::accounts::Access {
    app.service
        .open_workspace_as(oid(&ws.owner), &oid(&ws.id))
        .await
        .unwrap()
}

fn refused_delete() -> String {
    format!("This link was disabled by the operator: {REASON}. It cannot be deleted.")
}

#[tokio::test]
async fn the_owner_cannot_delete_a_link_the_operator_disabled() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, link_with_slug("Bad", "bad")).await;
    disable(&app, &id).await;
    let (status, body) = app.delete(&ws, &id).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::CONFLICT, Some(&*refused_delete()))
    );
}

#[tokio::test]
async fn mcp_delete_link_with_confirm_cannot_delete_a_link_the_operator_disabled() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let id = app.create_ok(&ws.http, link_with_slug("Bad", "bad")).await;
    disable(&app, &id).await;
    let answer = app
        .tool_in(&ws, "delete_link", json!({ "linkId": id, "confirm": true }))
        .await;
    assert_eq!(answer.error().1, refused_delete());
}

#[tokio::test]
async fn the_owner_cannot_move_a_link_the_operator_disabled_to_another_slug() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, link_with_slug("Bad", "bad")).await;
    disable(&app, &id).await;
    let (status, body) = app.update(&ws, &id, json!({ "slug": "elsewhere" })).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (
            StatusCode::CONFLICT,
            Some(&*format!(
                "This link was disabled by the operator: {REASON}. It cannot be moved to another slug or domain."
            ))
        )
    );
}

#[tokio::test]
async fn the_slug_of_a_disabled_link_cannot_be_made_again() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, link_with_slug("Bad", "bad")).await;
    disable(&app, &id).await;
    app.delete(&ws, &id).await;
    app.update(&ws, &id, json!({ "slug": "elsewhere" })).await;
    let (status, body) = app.create(&ws, link_with_slug("Bad again", "bad")).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
}

#[tokio::test]
async fn a_link_a_request_admitted_before_the_suspension_creates_is_refused() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let access = admitted(&app, &ws).await;
    suspend(&app, &ws).await;
    let draft = lib::testing::http_draft(&app.service, link_with_slug("Late", "late"));
    let refused = app.service.create_link(&access, draft).await.unwrap_err();
    assert!(matches!(refused, ServiceError::WorkspaceSuspended(_)), "{refused:?}");
}

#[tokio::test]
async fn a_request_admitted_before_the_suspension_cannot_delete_a_link_of_the_workspace() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, link_with_slug("Kept", "kept")).await;
    let access = admitted(&app, &ws).await;
    suspend(&app, &ws).await;
    let refused = app.service.delete_link(&access, &oid(&id)).await.unwrap_err();
    assert_eq!(
        refused.to_string(),
        format!("This link's workspace was suspended by the operator: {SUSPENSION}. It cannot be deleted.")
    );
}

/// A CSV of our format with `n` rows, each its own slug.
fn csv_of(n: usize) -> String {
    let mut csv = String::from("slug,url,name\n");
    for i in 0..n {
        csv.push_str(&format!("row-{i},https://example.com/{i},Row {i}\n"));
    }
    csv
}

/// Imports 600 rows, one chunk in the request, and runs the rest as the worker would while
/// the operator suspends the workspace once its second chunk is recorded. Answers the job
/// as it ended.
async fn import_through_a_suspension(app: &TestApp, ws: &TestWorkspace) -> lib::domain::ImportJob {
    let (status, body) = app.import(ws, "csv", &csv_of(600), json!({})).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    let id = oid(body["import"]["id"].as_str().unwrap());
    let workspace = oid(&ws.id);
    let worker = app.service.run_import(&workspace, &id, Duration::from_secs(120));
    let operator = async {
        loop {
            let job = app.store().import_job(&oid(&ws.id), &id).await.unwrap().unwrap();
            if job.done >= 200 || job.state != JobState::Running {
                break;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        suspend(app, ws).await;
    };
    let (ran, ()) = tokio::join!(worker, operator);
    match ran {
        Ok(job) => job,
        // A run refused by the suspension: the job as it was left.
        Err(_) => app.store().import_job(&oid(&ws.id), &id).await.unwrap().unwrap(),
    }
}

#[tokio::test]
async fn every_link_an_import_writes_around_a_suspension_answers_451() {
    let app = spawn_with(
        |c| c.link_cache_ttl = Duration::ZERO,
        |s| s.with_import_budget(Duration::ZERO),
        Default::default(),
    )
    .await;
    let ws = app.workspace().await;
    let job = import_through_a_suspension(&app, &ws).await;
    let rows = app.store().import_results(&job.id).await.unwrap();
    let mut redirecting = Vec::new();
    for row in rows {
        if let RowOutcome::Created { short_link, .. } = row.outcome {
            let slug = short_link.rsplit('/').next().unwrap().to_string();
            if app.get(&slug, &[]).await.status != StatusCode::UNAVAILABLE_FOR_LEGAL_REASONS {
                redirecting.push(slug);
            }
        }
    }
    assert!(redirecting.is_empty(), "still redirecting: {redirecting:?}");
}

#[tokio::test]
async fn an_import_running_through_a_suspension_ends_stopped_saying_why() {
    let app = spawn_with(|_| {}, |s| s.with_import_budget(Duration::ZERO), Default::default()).await;
    let ws = app.workspace().await;
    let job = import_through_a_suspension(&app, &ws).await;
    assert_eq!(job.state, JobState::Stopped, "{job:?}");
    let rows = app.store().import_results(&job.id).await.unwrap();
    let last = rows.last().expect("the chunk that stopped is recorded");
    assert_eq!(
        last.outcome.reason(),
        Some(&*format!(
            "Not imported: the import stopped because the workspace was suspended by the operator: {SUSPENSION}."
        ))
    );
    let created = rows.iter().filter(|r| r.outcome.status() == "created").count() as u64;
    let count = app.service.workspace(&oid(&ws.id)).await.unwrap().unwrap().link_count;
    assert_eq!(count, created, "no quota kept for links not written");
}

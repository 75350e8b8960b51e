//! Rate limits: per key and per workspace, on the HTTP API and the MCP endpoint, never on the
//! redirect; counted in fixed one-minute windows on the injected clock.

use futures::StreamExt;
use lib::admin::{self, NewWorkspace};
use lib::domain::{PlanChange, RateLimitOverrides, RateLimits, Setting};
use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::helpers::{Answer, TestApp, TestWorkspace, simple_link, spawn_app, spawn_app_with};

/// Puts the clock 48 seconds into a minute: 12 seconds are left of the window.
fn at_second_48(app: &TestApp) {
    let now = app.clock_now();
    let minute = now.timestamp().div_euclid(60) * 60;
    app.clock
        .set(chrono::DateTime::from_timestamp(minute + 48, 0).expect("a time"));
}

async fn list(app: &TestApp, ws: &TestWorkspace, key: &str) -> Answer {
    app.send(
        Method::GET,
        &format!("/apiv1/links?workspaceId={}", ws.id),
        Some(key),
        &[],
        None,
    )
    .await
}

async fn workspace_limited(app: &TestApp, rate_limits: RateLimitOverrides) -> TestWorkspace {
    app.workspace_with(NewWorkspace {
        rate_limits,
        ..Default::default()
    })
    .await
}

#[tokio::test]
async fn the_601st_request_in_a_minute_gets_429_with_retry_after() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    at_second_48(&app);
    let statuses: Vec<StatusCode> = futures::stream::iter(0..600)
        .map(|_| async { list(&app, &ws, &ws.key).await.status })
        .buffer_unordered(16)
        .collect()
        .await;
    assert!(statuses.iter().all(|s| *s == StatusCode::OK), "{statuses:?}");
    let refused = list(&app, &ws, &ws.key).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        refused.body,
        json!({ "error": "Rate limit exceeded: 600 requests per minute for this key. Retry after 12 s." })
    );
    assert_eq!(refused.header("retry-after"), Some("12"));
    assert_eq!(
        refused.header("ratelimit"),
        Some("\"key\";r=0;t=12, \"workspace\";r=2400;t=12")
    );
}

#[tokio::test]
async fn the_rate_limit_headers_count_down() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    at_second_48(&app);
    let mut seen = Vec::new();
    for _ in 0..3 {
        let answer = list(&app, &ws, &ws.key).await;
        assert_eq!(answer.status, StatusCode::OK);
        assert_eq!(
            answer.header("ratelimit-policy"),
            Some("\"key\";q=600;w=60, \"workspace\";q=3000;w=60")
        );
        seen.push(answer.header("ratelimit").unwrap().to_string());
    }
    assert_eq!(
        seen,
        [
            "\"key\";r=599;t=12, \"workspace\";r=2999;t=12",
            "\"key\";r=598;t=12, \"workspace\";r=2998;t=12",
            "\"key\";r=597;t=12, \"workspace\";r=2997;t=12",
        ]
    );
}

#[tokio::test]
async fn another_key_of_another_user_is_not_slowed_by_the_first() {
    let app = spawn_app().await;
    let ws = workspace_limited(
        &app,
        RateLimitOverrides {
            per_key: Some(3),
            ..Default::default()
        },
    )
    .await;
    let other = app.member(&ws, "member").await;
    for _ in 0..3 {
        assert_eq!(list(&app, &ws, &ws.key).await.status, StatusCode::OK);
    }
    assert_eq!(list(&app, &ws, &ws.key).await.status, StatusCode::TOO_MANY_REQUESTS);
    let answer = list(&app, &ws, &other).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(
        answer.header("ratelimit"),
        Some(format!("\"key\";r=2;t={}, \"workspace\";r=2996;t={}", reset(&app), reset(&app)).as_str())
    );
}

fn reset(app: &TestApp) -> i64 {
    60 - app.clock_now().timestamp().rem_euclid(60)
}

#[tokio::test]
async fn a_new_minute_starts_a_new_window() {
    let app = spawn_app().await;
    let ws = workspace_limited(
        &app,
        RateLimitOverrides {
            per_key: Some(1),
            ..Default::default()
        },
    )
    .await;
    at_second_48(&app);
    assert_eq!(list(&app, &ws, &ws.key).await.status, StatusCode::OK);
    assert_eq!(list(&app, &ws, &ws.key).await.status, StatusCode::TOO_MANY_REQUESTS);
    app.clock.set(app.clock_now() + chrono::Duration::seconds(12));
    assert_eq!(list(&app, &ws, &ws.key).await.status, StatusCode::OK);
}

#[tokio::test]
async fn a_workspace_limit_holds_all_its_keys_together() {
    let app = spawn_app().await;
    let ws = workspace_limited(
        &app,
        RateLimitOverrides {
            per_workspace: Some(4),
            ..Default::default()
        },
    )
    .await;
    at_second_48(&app);
    let other = app.member(&ws, "manager").await;
    for key in [&ws.key, &other, &ws.key, &other] {
        assert_eq!(list(&app, &ws, key).await.status, StatusCode::OK);
    }
    let refused = list(&app, &ws, &other).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        refused.body["error"],
        "Rate limit exceeded: 4 requests per minute for this workspace. Retry after 12 s."
    );
}

#[tokio::test]
async fn bulk_calls_count_against_their_own_limit() {
    let app = spawn_app().await;
    let ws = workspace_limited(
        &app,
        RateLimitOverrides {
            bulk_per_key: Some(1),
            ..Default::default()
        },
    )
    .await;
    at_second_48(&app);
    let (status, _) = app.bulk(&ws, json!([simple_link("a")])).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = app.bulk(&ws, json!([simple_link("b")])).await;
    assert_eq!(
        (status, body),
        (
            StatusCode::TOO_MANY_REQUESTS,
            json!({ "error": "Rate limit exceeded: 1 bulk requests per minute for this key. Retry after 12 s." })
        )
    );
    assert_eq!(
        list(&app, &ws, &ws.key).await.status,
        StatusCode::OK,
        "other calls go on"
    );
}

#[tokio::test]
async fn analytics_reads_count_against_their_own_limit() {
    let app = spawn_app().await;
    let ws = workspace_limited(
        &app,
        RateLimitOverrides {
            analytics_per_key: Some(1),
            ..Default::default()
        },
    )
    .await;
    at_second_48(&app);
    let path = format!("/apiv1/links/analytics?workspaceId={}", ws.id);
    let first = app.send(Method::GET, &path, Some(&ws.key), &[], None).await;
    assert_eq!(first.status, StatusCode::OK);
    assert!(
        first
            .header("ratelimit-policy")
            .unwrap()
            .contains("\"analytics\";q=1;w=60")
    );
    let second = app.send(Method::GET, &path, Some(&ws.key), &[], None).await;
    assert_eq!(second.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        second.body["error"],
        "Rate limit exceeded: 1 analytics requests per minute for this key. Retry after 12 s."
    );
}

#[tokio::test]
async fn a_plan_set_with_linkctl_overrides_the_operators_limit_until_set_back_to_default() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let change = PlanChange {
        rate_limit_per_key: Some(Setting::To(1)),
        ..Default::default()
    };
    let plan = admin::set_plan(&app.service, &ws.id, &change).await.unwrap();
    assert_eq!(plan.rate_limits.per_key, Some(1));
    assert_eq!(list(&app, &ws, &ws.key).await.status, StatusCode::OK);
    assert_eq!(list(&app, &ws, &ws.key).await.status, StatusCode::TOO_MANY_REQUESTS);
    let back = PlanChange {
        rate_limit_per_key: Some(Setting::Default),
        ..Default::default()
    };
    let plan = admin::set_plan(&app.service, &ws.id, &back).await.unwrap();
    assert_eq!(plan.rate_limits.per_key, None);
    let answer = list(&app, &ws, &ws.key).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert!(
        answer
            .header("ratelimit-policy")
            .unwrap()
            .starts_with("\"key\";q=600;w=60")
    );
}

#[tokio::test]
async fn a_limit_of_zero_in_the_environment_turns_it_off() {
    let app = spawn_app_with(|config| config.rate_limits = RateLimits::OFF).await;
    let ws = app.workspace().await;
    let answer = list(&app, &ws, &ws.key).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.header("ratelimit-policy"), None);
    assert_eq!(answer.header("ratelimit"), None);
}

#[tokio::test]
async fn requests_naming_no_workspace_count_against_the_key_alone() {
    let app = spawn_app_with(|config| config.rate_limits.per_key = 2).await;
    let ws = app.workspace().await;
    at_second_48(&app);
    for expected in [
        StatusCode::BAD_REQUEST,
        StatusCode::BAD_REQUEST,
        StatusCode::TOO_MANY_REQUESTS,
    ] {
        let answer = app.send(Method::GET, "/apiv1/links", Some(&ws.key), &[], None).await;
        assert_eq!(answer.status, expected, "{}", answer.body);
    }
}

#[tokio::test]
async fn mcp_answers_the_same_429_at_the_http_level() {
    let app = spawn_app_with(|config| config.rate_limits.per_key = 2).await;
    let ws = app.mcp_workspace().await;
    at_second_48(&app);
    for remaining in [1, 0] {
        let call = app.tool_in(&ws, "list_links", json!({})).await;
        assert_eq!(call.status, StatusCode::OK, "{}", call.body);
        assert_eq!(
            call.header("ratelimit"),
            Some(format!("\"key\";r={remaining};t=12, \"workspace\";r={};t=12", 2998 + remaining).as_str())
        );
    }
    let refused = app.tool_in(&ws, "list_links", json!({})).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(refused.header("retry-after"), Some("12"));
    assert_eq!(
        refused.error(),
        (
            -31429,
            "Rate limit exceeded: 2 requests per minute for this key. Retry after 12 s."
        )
    );
}

#[tokio::test]
async fn mcp_messages_that_name_no_workspace_count_against_the_key() {
    let app = spawn_app_with(|config| config.rate_limits.per_key = 1).await;
    let ws = app.mcp_workspace().await;
    at_second_48(&app);
    let first = app.mcp(&ws.mcp_key, "tools/list", json!({})).await;
    assert_eq!(first.status, StatusCode::OK);
    assert_eq!(first.header("ratelimit"), Some("\"key\";r=0;t=12"));
    let refused = app.mcp(&ws.mcp_key, "tools/list", json!({})).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(refused.error().0, -31429);
    let choice = app.tool(&ws.mcp_key, "list_links", json!({})).await;
    assert_eq!(
        choice.status,
        StatusCode::TOO_MANY_REQUESTS,
        "a call answering the workspace list"
    );
}

#[tokio::test]
async fn the_redirect_never_waits_on_a_limiter() {
    let app = spawn_app_with(|config| config.rate_limits.per_key = 1).await;
    let ws = app.workspace().await;
    app.create_ok(
        &ws,
        json!({ "name": "n", "slug": "free", "url": "https://example.com/" }),
    )
    .await;
    assert_eq!(list(&app, &ws, &ws.key).await.status, StatusCode::TOO_MANY_REQUESTS);
    app.requests.reset();
    for _ in 0..3 {
        let visit = app.get("free", &[]).await;
        assert_eq!(visit.status, StatusCode::FOUND);
        assert!(visit.headers.get("ratelimit").is_none());
    }
    assert_eq!(
        app.requests.snapshot().get("UpdateItem"),
        None,
        "no counter is written for a visit"
    );
}

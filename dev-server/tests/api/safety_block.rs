//! Blocked destinations: the operator's entries and the list file refuse links that point to
//! them on every door, and a link whose destination is blocked later answers 451.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use lib::domain::{AuditAction, BlockEntry, parse_operator, parse_reason};
use lib::service::safety::BlockChange;

use crate::helpers::{TestApp, assert_rejected, link_with_slug, spawn_app, spawn_with};

fn pointing_to(slug: &str, url: &str) -> Value {
    json!({ "name": slug, "slug": slug, "rules": [{ "targetUrl": url, "isDefault": true }] })
}

fn entry(raw: &str) -> BlockEntry {
    BlockEntry::parse(raw).expect("an entry")
}

async fn block(app: &TestApp, raw: &str) {
    let (reason, by) = (parse_reason("phishing").unwrap(), parse_operator("tester").unwrap());
    app.service
        .block_destination(&entry(raw), &reason, &by)
        .await
        .expect("blocked");
}

async fn unblock(app: &TestApp, raw: &str) -> BlockChange {
    let (reason, by) = (
        parse_reason("owner cleaned up").unwrap(),
        parse_operator("tester").unwrap(),
    );
    app.service
        .unblock_destination(&entry(raw), &reason, &by)
        .await
        .expect("unblocked")
}

#[tokio::test]
async fn a_link_to_a_blocked_host_is_refused_naming_the_field() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    block(&app, "evil.example").await;
    let answer = app.create(&ws, pointing_to("p", "https://evil.example/login")).await;
    assert_rejected(
        answer,
        StatusCode::BAD_REQUEST,
        "rules[0].targetUrl points to a blocked destination.",
        "rules[0].targetUrl",
    );
}

#[tokio::test]
async fn a_host_under_a_blocked_host_is_refused_in_a_variant() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    block(&app, "evil.example").await;
    let mut body = link_with_slug("split", "split");
    body["abTest"] = json!({ "enabled": true, "variants": [
        { "id": "a", "name": "A", "url": "https://good.example/a", "weight": 50 },
        { "id": "b", "name": "B", "url": "https://login.evil.example/b", "weight": 50 } ] });
    assert_rejected(
        app.create(&ws, body).await,
        StatusCode::BAD_REQUEST,
        "abTest.variants[1].url points to a blocked destination.",
        "abTest.variants[1].url",
    );
}

#[tokio::test]
async fn a_fallback_under_a_blocked_prefix_is_refused_and_other_paths_are_not() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    block(&app, "https://host.example/phish").await;
    let mut body = link_with_slug("fb", "fb");
    body["fallbackUrl"] = json!("https://host.example/phish/kit");
    assert_rejected(
        app.create(&ws, body.clone()).await,
        StatusCode::BAD_REQUEST,
        "fallbackUrl points to a blocked destination.",
        "fallbackUrl",
    );
    body["fallbackUrl"] = json!("https://host.example/shop");
    app.create_ok(&ws, body).await;
}

#[tokio::test]
async fn an_app_fallback_to_a_blocked_host_is_refused() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    block(&app, "evil.example").await;
    let body = json!({ "name": "app", "rules": [{ "targetUrl": "myapp://open",
        "appFallbackUrl": "https://evil.example/app", "isDefault": true }] });
    assert_rejected(
        app.create(&ws, body).await,
        StatusCode::BAD_REQUEST,
        "rules[0].appFallbackUrl points to a blocked destination.",
        "rules[0].appFallbackUrl",
    );
}

#[tokio::test]
async fn an_update_to_a_blocked_destination_is_refused() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, pointing_to("u", "https://good.example/")).await;
    block(&app, "evil.example").await;
    let answer = app
        .update(
            &ws,
            &id,
            json!({ "rules": [{ "targetUrl": "https://evil.example/", "isDefault": true }] }),
        )
        .await;
    assert_rejected(
        answer,
        StatusCode::BAD_REQUEST,
        "rules[0].targetUrl points to a blocked destination.",
        "rules[0].targetUrl",
    );
}

#[tokio::test]
async fn a_link_whose_destination_was_blocked_later_can_still_be_renamed() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, pointing_to("r", "https://evil.example/")).await;
    block(&app, "evil.example").await;
    let (status, body) = app.update(&ws, &id, json!({ "name": "Renamed" })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn a_blocked_item_of_a_bulk_create_fails_alone() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    block(&app, "evil.example").await;
    let (status, body) = app
        .bulk(
            &ws,
            json!([
                pointing_to("ok", "https://good.example/"),
                pointing_to("bad", "https://evil.example/")
            ]),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "1 links created, 1 failed.");
    assert_eq!(
        body["failed"][0]["error"],
        "rules[0].targetUrl points to a blocked destination."
    );
}

#[tokio::test]
async fn an_imported_row_to_a_blocked_host_is_invalid() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    block(&app, "evil.example").await;
    let file = "slug,url,name\ngood,https://good.example/,Good\nbad,https://evil.example/x,Bad\n";
    let (status, body) = app.import(&ws, "csv", file, json!({ "dryRun": true })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["rows"][0]["status"], "create", "{body}");
    assert_eq!(body["rows"][1]["status"], "invalid", "{body}");
    let reason = body["rows"][1]["reason"].as_str().unwrap_or_default();
    assert!(reason.ends_with("points to a blocked destination."), "{reason}");
}

#[tokio::test]
async fn an_mcp_create_to_a_blocked_host_is_invalid_params_with_the_http_sentence() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    block(&app, "evil.example").await;
    let answer = app
        .tool_in(&ws, "create_link", pointing_to("m", "https://evil.example/"))
        .await;
    assert_eq!(
        answer.error(),
        (-32602, "rules[0].targetUrl points to a blocked destination.")
    );
}

#[tokio::test]
async fn an_mcp_update_to_a_blocked_host_is_invalid_params_with_the_http_sentence() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let id = app.create_ok(&ws.http, pointing_to("m", "https://good.example/")).await;
    block(&app, "evil.example").await;
    let answer = app
        .tool_in(
            &ws,
            "update_link",
            json!({ "linkId": id, "fallbackUrl": "https://evil.example/x" }),
        )
        .await;
    assert_eq!(answer.error(), (-32602, "fallbackUrl points to a blocked destination."));
}

#[tokio::test]
async fn a_blocked_item_of_an_mcp_bulk_create_fails_alone_with_the_http_sentence() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    block(&app, "evil.example").await;
    let items =
        json!({ "links": [pointing_to("ok", "https://good.example/"), pointing_to("bad", "https://evil.example/")] });
    let answer = app.tool_in(&ws, "bulk_create_links", items).await;
    let result = answer.structured();
    assert_eq!(result["created"].as_array().map(Vec::len), Some(1), "{result}");
    assert_eq!(
        result["failed"][0]["error"], "rules[0].targetUrl points to a blocked destination.",
        "{result}"
    );
}

#[tokio::test]
async fn a_link_whose_destination_is_blocked_later_answers_451_uncounted() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, pointing_to("later", "https://later.example/")).await;
    assert_eq!(app.get("later", &[]).await.status, StatusCode::FOUND);
    app.settled().await;
    block(&app, "later.example").await;
    let visit = app.get("later", &[]).await;
    assert_eq!(visit.status, StatusCode::UNAVAILABLE_FOR_LEGAL_REASONS);
    assert_eq!(visit.location(), None);
    assert_eq!(
        app.visit(Method::HEAD, "later", &[]).await.status,
        StatusCode::UNAVAILABLE_FOR_LEGAL_REASONS
    );
    app.settled().await;
    assert_eq!(app.clicks(&id).await.len(), 1, "only the visit before the block counts");
}

#[tokio::test]
async fn a_switched_off_link_with_a_blocked_fallback_answers_451() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let mut body = pointing_to("off", "https://good.example/");
    body["active"] = json!(false);
    body["fallbackUrl"] = json!("https://gone.example/");
    app.create_ok(&ws, body).await;
    block(&app, "gone.example").await;
    assert_eq!(
        app.get("off", &[]).await.status,
        StatusCode::UNAVAILABLE_FOR_LEGAL_REASONS
    );
}

#[tokio::test]
async fn an_unblocked_destination_redirects_again() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.create_ok(&ws, pointing_to("back", "https://back.example/")).await;
    block(&app, "back.example").await;
    assert_eq!(
        app.get("back", &[]).await.status,
        StatusCode::UNAVAILABLE_FOR_LEGAL_REASONS
    );
    unblock(&app, "back.example").await;
    assert_eq!(app.get("back", &[]).await.status, StatusCode::FOUND);
}

#[tokio::test]
async fn an_entry_blocked_by_another_process_applies_here_within_a_minute() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.create_ok(&ws, pointing_to("first", "https://elsewhere.example/"))
        .await;
    let blocked = lib::domain::BlockedDestination {
        entry: "elsewhere.example".into(),
        reason: "malware".into(),
        by: "another process".into(),
        at: app.clock_now(),
    };
    let audit = lib::domain::AuditEntry {
        id: lib::domain::ids::ObjectId::parse("65a1b2c3d4e5f60718293a4b").unwrap(),
        at: app.clock_now(),
        by: parse_operator("another process").unwrap(),
        action: AuditAction::DestinationBlocked,
        target: "elsewhere.example".into(),
        reason: parse_reason("malware").unwrap(),
    };
    app.store()
        .put_blocked_destination(&blocked, &audit)
        .await
        .expect("written");
    app.create_ok(&ws, pointing_to("second", "https://elsewhere.example/"))
        .await;
    app.clock.set(app.clock_now() + chrono::Duration::seconds(61));
    let (status, _) = app
        .create(&ws, pointing_to("third", "https://elsewhere.example/"))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

/// An app whose processes read the list file at a new path holding `text`, read again after
/// `refresh`: the app and the path (for the test to rewrite, then remove).
async fn app_with_list_file(text: &str, refresh: chrono::Duration) -> (TestApp, std::path::PathBuf) {
    let path = std::env::temp_dir().join(format!(
        "blocklist-{}.txt",
        lib::clock::Entropy::next_u64(&lib::clock::OsEntropy)
    ));
    std::fs::write(&path, text).expect("list written");
    let file = lib::service::safety::BlocklistFile {
        path: path.clone(),
        refresh,
    };
    let app = spawn_with(
        |_| {},
        move |service| service.with_blocklist_file(file).expect("list read"),
        dev_server::Settings::default(),
    )
    .await;
    (app, path)
}

#[tokio::test]
async fn a_host_in_the_list_file_is_refused() {
    let (app, path) = app_with_list_file("# a public list\n0.0.0.0 listed.example\n", chrono::Duration::hours(1)).await;
    let ws = app.workspace().await;
    let (status, body) = app.create(&ws, pointing_to("f", "https://listed.example/")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["field"], "rules[0].targetUrl");
    let _ = std::fs::remove_file(path);
}

#[tokio::test]
async fn the_list_file_is_read_again_once_its_refresh_period_passes() {
    let (app, path) = app_with_list_file("first.example\n", chrono::Duration::seconds(300)).await;
    let ws = app.workspace().await;
    std::fs::write(&path, "first.example\nsecond.example\n").expect("list rewritten");
    app.create_ok(&ws, pointing_to("a", "https://second.example/")).await;
    app.clock.set(app.clock_now() + chrono::Duration::seconds(301));
    let (status, _) = app.create(&ws, pointing_to("b", "https://second.example/")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let _ = std::fs::remove_file(path);
}

#[tokio::test]
async fn blocking_and_unblocking_each_leave_an_audit_item_saying_who_and_why() {
    let app = spawn_app().await;
    let since = app.clock_now() - chrono::Duration::days(1);
    block(&app, "evil.example").await;
    app.clock.set(app.clock_now() + chrono::Duration::minutes(5));
    unblock(&app, "evil.example").await;
    let audit = app.service.audit_list(since).await.unwrap();
    let kept: Vec<_> = audit
        .iter()
        .map(|e| (e.action, e.target.as_str(), e.by.as_str(), e.reason.as_str()))
        .collect();
    assert_eq!(
        kept,
        [
            (AuditAction::DestinationBlocked, "evil.example", "tester", "phishing"),
            (
                AuditAction::DestinationUnblocked,
                "evil.example",
                "tester",
                "owner cleaned up"
            ),
        ]
    );
}

#[tokio::test]
async fn unblocking_what_is_not_blocked_changes_nothing_and_leaves_no_audit_item() {
    let app = spawn_app().await;
    let since = app.clock_now() - chrono::Duration::days(1);
    assert_eq!(
        unblock(&app, "never.example").await,
        BlockChange::Unchanged(entry("never.example"))
    );
    assert!(app.service.audit_list(since).await.unwrap().is_empty());
}

//! What a workspace's people see and decide of link health: the `health` filter over MCP, and
//! the settings switch the owner or a manager turns checking off with.

use lib::domain::ids::ObjectId;
use lib::testing::logos::LogoServer;
use reqwest::StatusCode;
use serde_json::json;

use crate::link_health::{QUICK, app_asking, link_to};
use crate::pages_support::{signed_in_as, signed_in_manager, signed_in_owner_with_key};

#[tokio::test]
async fn mcp_list_links_filtered_to_broken_lists_only_the_broken_links() {
    let server = LogoServer::start().await;
    let app = app_asking(&server).await;
    let ws = app.mcp_workspace().await;
    link_to(&app, &ws.http, "fine", &server.url("/logo.png")).await;
    link_to(&app, &ws.http, "gone", &server.url("/gone")).await;
    for _ in 0..2 {
        app.service.check_link_health_within(QUICK).await.unwrap();
    }
    let answer = app.tool_in(&ws, "list_links", json!({ "health": "broken" })).await;
    let listed: Vec<&str> = answer.structured()["links"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["slug"].as_str().unwrap())
        .collect();
    assert_eq!(listed, ["gone"]);
}

#[tokio::test]
async fn mcp_list_links_refuses_a_health_it_does_not_know() {
    let server = LogoServer::start().await;
    let app = app_asking(&server).await;
    let ws = app.mcp_workspace().await;
    let answer = app.tool_in(&ws, "list_links", json!({ "health": "poorly" })).await;
    assert_eq!(answer.error().0, -32602);
}

#[tokio::test]
async fn the_owner_turns_checking_off_in_the_settings_and_the_checker_passes_the_links_over() {
    let server = LogoServer::start().await;
    let app = app_asking(&server).await;
    let (mut browser, ws) = signed_in_owner_with_key(&app).await;
    link_to(&app, &ws, "quiet", &server.url("/gone")).await;
    let path = format!("/app/w/{}/settings", ws.id);
    let settings = browser.get(&path).await;
    assert!(settings.html.contains("Link health checks are <strong>on</strong>"));

    let saved = browser.submit(&format!("{path}/health"), &settings, &[]).await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER);
    let settings = browser.get(&path).await;
    assert!(settings.html.contains("Link health checks are <strong>off</strong>"));
    let run = app.service.check_link_health_within(QUICK).await.unwrap();
    assert_eq!((run.links, run.requests, run.skipped), (0, 0, 1));

    browser
        .submit(&format!("{path}/health"), &settings, &[("healthChecks", "on")])
        .await;
    let run = app.service.check_link_health_within(QUICK).await.unwrap();
    assert_eq!((run.links, run.skipped), (1, 0));
}

#[tokio::test]
async fn a_manager_may_turn_checking_off_too() {
    let server = LogoServer::start().await;
    let app = app_asking(&server).await;
    let (_, ws) = signed_in_owner_with_key(&app).await;
    let mut manager = signed_in_manager(&app, &ws.id).await;
    let path = format!("/app/w/{}/settings", ws.id);
    let settings = manager.get(&path).await;
    let saved = manager.submit(&format!("{path}/health"), &settings, &[]).await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER);
    assert!(
        app.service
            .health_checks_off(&ObjectId::parse(&ws.id).unwrap())
            .await
            .unwrap()
    );
}

#[tokio::test]
async fn a_member_cannot_turn_checking_off() {
    let server = LogoServer::start().await;
    let app = app_asking(&server).await;
    let (_, ws) = signed_in_owner_with_key(&app).await;
    let mut member = signed_in_as(&app, &ws.id, "member").await;
    let links = member.get(&format!("/app/w/{}/links", ws.id)).await;
    let refused = member
        .submit(&format!("/app/w/{}/settings/health", ws.id), &links, &[])
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert!(
        refused
            .html
            .contains("Only the workspace owner or a manager can turn link health checks on or off."),
        "{}",
        refused.html
    );
    assert!(
        !app.service
            .health_checks_off(&ObjectId::parse(&ws.id).unwrap())
            .await
            .unwrap()
    );
}

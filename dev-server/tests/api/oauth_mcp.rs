//! The MCP endpoint takes OAuth access tokens: the grant's workspace, its scopes, and the
//! RFC 6750 challenges when a token is refused or too narrow.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::spawn_app;
use crate::mcp_support::{link, tool_names};
use crate::pages_support::{Browser, PASSWORD};

#[tokio::test]
async fn a_bearer_token_calls_tools_in_the_grants_workspace() {
    let app = spawn_app().await;
    let (_, person, tokens) = app.connected(&["links:read", "links:write"]).await;
    let listed = app.mcp_bearer(&tokens.access, "tools/list", json!({})).await;
    assert_eq!(
        tool_names(&listed),
        [
            "list_links",
            "get_link",
            "get_link_qr",
            "create_link",
            "update_link",
            "list_tags",
            "create_tag",
            "update_tag",
            "list_utm_templates",
            "create_utm_template",
            "list_domains",
            "export_links",
            "list_webhooks",
            "report_conversion"
        ],
        "only the granted scopes' tools (an endpoint's tools also need analytics:read)"
    );
    let created = app.tool_bearer(&tokens.access, "create_link", link("Via OAuth")).await;
    let id = created.structured()["id"].as_str().unwrap().to_string();
    let record = app
        .tool_bearer(&tokens.access, "get_link", json!({ "linkId": id }))
        .await;
    assert_eq!(record.structured()["workspaceId"], person.workspace.as_str());
    let named = app
        .tool_bearer(&tokens.access, "list_links", json!({ "workspaceId": person.workspace }))
        .await;
    assert_eq!(named.structured()["links"][0]["id"], id.as_str());
}

#[tokio::test]
async fn another_workspace_is_out_of_a_grants_reach() {
    let app = spawn_app().await;
    let (_, _, tokens) = app.connected(&["links:read"]).await;
    let other = app.oauth_person().await;
    let answer = app
        .tool_bearer(&tokens.access, "list_links", json!({ "workspaceId": other.workspace }))
        .await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);
    assert_eq!(answer.error(), (-31403, "You do not have access to this workspace."));
}

#[tokio::test]
async fn a_tool_outside_the_granted_scopes_is_403_with_an_insufficient_scope_challenge() {
    let app = spawn_app().await;
    let (_, _, tokens) = app.connected(&["links:read"]).await;
    let answer = app.tool_bearer(&tokens.access, "create_link", link("Nope")).await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);
    assert_eq!(
        answer.error(),
        (-31403, "This access token lacks the links:write scope.")
    );
    assert_eq!(
        answer.headers["www-authenticate"],
        format!(
            "Bearer error=\"insufficient_scope\", scope=\"links:read links:write\", resource_metadata=\"{}/.well-known/oauth-protected-resource/apiv1/mcp\"",
            app.address
        )
    );
}

#[tokio::test]
async fn an_unknown_token_is_401_invalid_token() {
    let app = spawn_app().await;
    let answer = app.tool_bearer("slat_not-a-token", "list_links", json!({})).await;
    assert_eq!(answer.status, StatusCode::UNAUTHORIZED);
    let challenge = answer.headers["www-authenticate"].to_str().unwrap();
    assert!(challenge.starts_with("Bearer error=\"invalid_token\""), "{challenge}");
    assert!(challenge.ends_with(&format!(
        "resource_metadata=\"{}/.well-known/oauth-protected-resource/apiv1/mcp\"",
        app.address
    )));
    assert_eq!(
        answer.error(),
        (
            -31401,
            "The access token is invalid, expired or revoked. Authorize again."
        )
    );
}

#[tokio::test]
async fn an_expired_access_token_is_401_invalid_token_and_nothing_is_issued() {
    let app = spawn_app().await;
    let (_, _, tokens) = app.connected(&["links:read"]).await;
    let before = app.oauth_items().await;
    app.clock.set(app.clock_now() + chrono::Duration::minutes(61));
    let answer = app.tool_bearer(&tokens.access, "list_links", json!({})).await;
    assert_eq!(answer.status, StatusCode::UNAUTHORIZED);
    assert!(
        answer.headers["www-authenticate"]
            .to_str()
            .unwrap()
            .contains("error=\"invalid_token\"")
    );
    assert_eq!(app.oauth_items().await, before);
}

#[tokio::test]
async fn a_token_issued_for_another_resource_is_refused() {
    let app = spawn_app().await;
    let (_, _, tokens) = app.connected(&["links:read"]).await;
    // The same server reached as localhost is another origin, so another resource.
    let elsewhere = app.address.replace("127.0.0.1", "localhost");
    let response = app
        .http
        .post(format!("{elsewhere}/apiv1/mcp"))
        .header("authorization", format!("Bearer {}", tokens.access))
        .header("accept", "application/json, text/event-stream")
        .json(&json!({ "jsonrpc": "2.0", "id": 1, "method": "tools/list" }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert!(
        response.headers()["www-authenticate"]
            .to_str()
            .unwrap()
            .contains("invalid_token")
    );
}

#[tokio::test]
async fn revoking_an_app_on_the_connected_apps_page_kills_its_tokens_at_the_next_request() {
    let app = spawn_app().await;
    let (client, person, tokens) = app.connected(&["links:read"]).await;
    let mut browser = Browser::new(&app);
    browser.sign_in(&person.email, PASSWORD).await;
    let page = browser.get("/account/connected-apps").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.html);
    assert!(page.html.contains("Test client"));
    assert!(page.html.contains("127.0.0.1:33418"), "the redirect host");
    assert!(page.html.contains("Acme"), "the workspace");
    assert!(page.html.contains("list and read your links"));
    let grant = page.field("grant").expect("a revoke form");
    let revoked = browser
        .post(
            "/account/connected-apps/revoke",
            &[("csrf", &page.field("csrf").unwrap()), ("grant", &grant)],
        )
        .await;
    assert_eq!(revoked.status, StatusCode::SEE_OTHER);
    let call = app.tool_bearer(&tokens.access, "list_links", json!({})).await;
    assert_eq!(call.status, StatusCode::UNAUTHORIZED);
    let refresh = app.refresh(&client, tokens.refresh.as_deref().unwrap()).await;
    assert_eq!(refresh.error(), "invalid_grant");
    let after = browser.get(revoked.location().unwrap()).await;
    assert!(after.html.contains("Access revoked") && after.html.contains("No app is connected."));
}

#[tokio::test]
async fn a_revoke_form_without_or_with_a_wrong_csrf_token_changes_nothing() {
    let app = spawn_app().await;
    let (_, person, tokens) = app.connected(&["links:read"]).await;
    let mut browser = Browser::new(&app);
    browser.sign_in(&person.email, PASSWORD).await;
    let page = browser.get("/account/connected-apps").await;
    let grant = page.field("grant").unwrap();
    for csrf in [None, Some("forged-token")] {
        let mut fields = vec![("grant", grant.as_str())];
        if let Some(csrf) = csrf {
            fields.push(("csrf", csrf));
        }
        let answer = browser.post("/account/connected-apps/revoke", &fields).await;
        assert_eq!(answer.status, StatusCode::FORBIDDEN, "csrf {csrf:?}");
    }
    let call = app.tool_bearer(&tokens.access, "list_links", json!({})).await;
    assert_eq!(call.status, StatusCode::OK, "the grant still works");
}

#[tokio::test]
async fn nobody_revokes_another_persons_app() {
    let app = spawn_app().await;
    let (_, victim, tokens) = app.connected(&["links:read"]).await;
    let mut mine = Browser::new(&app);
    mine.sign_in(&victim.email, PASSWORD).await;
    let grant = mine.get("/account/connected-apps").await.field("grant").unwrap();
    let attacker = app.oauth_person().await;
    let mut browser = Browser::new(&app);
    browser.sign_in(&attacker.email, PASSWORD).await;
    let page = browser.get("/account/connected-apps").await;
    assert!(!page.html.contains(&grant), "another person's grants are not listed");
    browser
        .post(
            "/account/connected-apps/revoke",
            &[("csrf", &page.field("csrf").unwrap()), ("grant", &grant)],
        )
        .await;
    let call = app.tool_bearer(&tokens.access, "list_links", json!({})).await;
    assert_eq!(call.status, StatusCode::OK, "the victim's grant still works");
}

#[tokio::test]
async fn an_api_key_sent_as_a_bearer_token_works_as_the_key() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = app.mcp_bearer(&ws.mcp_key, "tools/list", json!({})).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(tool_names(&answer).len(), 27, "every tool the key's scopes allow");
}

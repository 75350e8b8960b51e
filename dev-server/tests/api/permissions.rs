//! Each function's DynamoDB requests need only the IAM actions its policy (the manifest, which
//! tests/api/template.rs holds equal to template.yaml) allows: every function is driven through
//! its routes, and the actions its requests needed are compared with its list.

use lib::admin;
use reqwest::Method;
use serde_json::json;

use crate::helpers::{TestApp, spawn_app};

/// The actions recorded since the last reset, as `dynamodb:Action` or `dynamodb:Action on <index>`.
fn recorded(app: &TestApp) -> Vec<String> {
    app.requests
        .actions()
        .into_iter()
        .map(|a| match a.index {
            Some(index) => format!("{} on {index}", a.action),
            None => a.action,
        })
        .collect()
}

/// Asserts that what was recorded since the last reset is allowed to `function`, then resets.
pub(crate) fn assert_allowed(app: &TestApp, function: &str) {
    let listed = lib::manifest::function(function).expect("function in the manifest");
    for action in recorded(app) {
        let allowed = match action.split_once(" on ") {
            Some((on_index, _)) => listed.index_actions.contains(&on_index),
            None => listed.table_actions.contains(&action.as_str()),
        };
        assert!(allowed, "{function} needed {action}, which its policy does not allow");
    }
    app.requests.reset();
}

#[tokio::test]
async fn the_link_functions_need_only_the_actions_their_policies_allow() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    admin::add_domain(&app.service, &ws.id, "go.example.com", true)
        .await
        .unwrap();
    let tag = admin::create_tag(&app.service, &ws.id, "spring").await.unwrap().id;
    app.requests.reset();

    let body = json!({ "name": "a", "slug": "a", "domain": "go.example.com", "tagIds": [tag.to_string()],
                       "url": "https://example.com/" });
    let id = app.create_ok(&ws, body).await;
    app.create(
        &ws,
        json!({ "name": "taken", "slug": "a", "domain": "go.example.com", "url": "https://e.com/" }),
    )
    .await;
    assert_allowed(&app, "create-link");

    app.update(&ws, &id, json!({ "name": "renamed", "tagIds": [tag.to_string()] }))
        .await;
    app.update(&ws, &id, json!({ "slug": "moved", "domain": "sl.test" }))
        .await;
    assert_allowed(&app, "update-link");

    app.bulk(
        &ws,
        json!([{ "name": "b", "slug": "b", "url": "https://e.com/" }, { "name": "c", "slug": "moved", "url": "https://e.com/" },
               { "name": "d", "url": "https://e.com/" }]),
    )
    .await;
    assert_allowed(&app, "bulk-create-links");

    let query = format!("workspaceId={}", ws.id);
    app.request(
        Method::GET,
        &format!("/apiv1/links?{query}&search=b&tagIds={tag}"),
        Some(&ws.key),
        None,
    )
    .await;
    assert_allowed(&app, "list-links");
    app.request(Method::GET, &format!("/apiv1/links/{id}?{query}"), Some(&ws.key), None)
        .await;
    assert_allowed(&app, "get-link");

    let (status, _) = app
        .request(
            Method::GET,
            &format!("/apiv1/links/{id}/qr?{query}&format=png"),
            Some(&ws.key),
            None,
        )
        .await;
    assert_eq!(status, reqwest::StatusCode::OK);
    assert_allowed(&app, "link-qr");

    app.delete(&ws, &id).await;
    assert_allowed(&app, "delete-link");
}

#[tokio::test]
async fn idempotency_keys_and_rate_limits_need_only_the_actions_the_policies_allow() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.requests.reset();
    let with_key = |method: Method, path: &'static str, key: &'static str, mut body: serde_json::Value| {
        body["workspaceId"] = json!(ws.id);
        let ws = ws.clone();
        let app = &app;
        async move {
            app.send(method, path, Some(&ws.key), &[("Idempotency-Key", key)], Some(body))
                .await
        }
    };
    let created = with_key(
        Method::POST,
        "/apiv1/link/create",
        "c",
        json!({ "name": "a", "url": "https://e.com/" }),
    )
    .await;
    with_key(
        Method::POST,
        "/apiv1/link/create",
        "c",
        json!({ "name": "a", "url": "https://e.com/" }),
    )
    .await;
    with_key(
        Method::POST,
        "/apiv1/link/create",
        "taken",
        json!({ "name": "b", "slug": created.body["slug"], "url": "https://e.com/" }),
    )
    .await;
    assert_allowed(&app, "create-link");
    let id = created.body["id"].clone();
    with_key(
        Method::PUT,
        "/apiv1/link/update",
        "u",
        json!({ "linkId": id, "name": "c" }),
    )
    .await;
    assert_allowed(&app, "update-link");
    with_key(
        Method::POST,
        "/apiv1/links/bulk-create",
        "b",
        json!({ "links": [{ "name": "d", "url": "https://e.com/" }] }),
    )
    .await;
    assert_allowed(&app, "bulk-create-links");
    with_key(Method::DELETE, "/apiv1/link/delete", "d", json!({ "linkId": id })).await;
    with_key(Method::DELETE, "/apiv1/link/delete", "d", json!({ "linkId": id })).await;
    assert_allowed(&app, "delete-link");
}

#[tokio::test]
async fn the_visitor_door_and_the_aggregator_need_only_the_actions_their_policies_allow() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.create_ok(
        &ws,
        json!({ "name": "open", "slug": "open", "url": "https://example.com/" }),
    )
    .await;
    let limited = app
        .create_ok(
            &ws,
            json!({ "name": "limited", "slug": "limited", "url": "https://example.com/", "clicksLimit": 1 }),
        )
        .await;
    // The dev server's stand-in for the stream event source looks the stream up once.
    app.aggregate().await;
    app.requests.reset();

    for slug in ["open", "limited", "limited", "missing"] {
        app.get(slug, &[]).await;
    }
    app.get("open", &[("user-agent", "curl/8.5.0")]).await;
    assert_allowed(&app, "redirect");

    app.aggregate().await;
    assert_allowed(&app, "click-aggregator");

    let query = format!("workspaceId={}", ws.id);
    app.request(
        Method::GET,
        &format!("/apiv1/links/{limited}/analytics?{query}"),
        Some(&ws.key),
        None,
    )
    .await;
    assert_allowed(&app, "link-analytics");
    app.request(
        Method::GET,
        &format!("/apiv1/links/analytics?{query}"),
        Some(&ws.key),
        None,
    )
    .await;
    assert_allowed(&app, "workspace-analytics");
}

#[tokio::test]
async fn the_conversion_functions_need_only_the_actions_their_policies_allow() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.create_ok(
        &ws,
        json!({ "name": "shop", "slug": "shop", "url": "https://example.com/", "conversionTracking": true }),
    )
    .await;
    let location = app.get("shop", &[]).await.location().unwrap().to_string();
    let cid = location.split_once("sl_cid=").unwrap().1.to_string();
    app.aggregate().await;
    app.requests.reset();

    app.get(&format!("_sl/c?cid={cid}&e=signup"), &[]).await;
    app.get(&format!("_sl/c?cid={cid}&e=signup"), &[]).await;
    app.get("_sl/c.js", &[]).await;
    assert_allowed(&app, "conversion-pixel");

    let sale = json!({ "workspaceId": ws.id, "clickId": cid, "event": "sale", "amount": 100, "currency": "EUR" });
    app.call(Method::POST, "/apiv1/conversions", &ws.key, sale.clone())
        .await;
    app.call(Method::POST, "/apiv1/conversions", &ws.key, sale).await;
    assert_allowed(&app, "report-conversion");

    app.aggregate().await;
    assert_allowed(&app, "click-aggregator");
}

#[tokio::test]
async fn the_location_functions_need_only_the_actions_their_policies_allow() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.gps_link(&ws, "venue", json!({})).await;
    app.aggregate().await;
    app.requests.reset();

    let page = app.get("venue", &crate::location_support::PARIS).await;
    assert_allowed(&app, "redirect");

    let grant = crate::location_support::grant_of(&page);
    app.share(&grant, 45.76, 4.84, 12.0).await;
    app.share(&grant, 45.76, 4.84, 12.0).await;
    app.get("_sl/location.js", &[]).await;
    assert_allowed(&app, "visitor-location");

    app.aggregate().await;
    assert_allowed(&app, "click-aggregator");

    let (mut browser, _, ws) = crate::pages_support::signed_in_owner(&app, "Acme").await;
    app.requests.reset();
    let path = format!("/app/w/{ws}/settings");
    let settings = browser.get(&path).await;
    browser.submit(&path, &settings, &[]).await;
    assert_allowed(&app, "app");
}

#[tokio::test]
async fn the_mcp_endpoint_needs_only_the_actions_its_policy_allows() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    app.requests.reset();

    app.mcp(&ws.mcp_key, "tools/list", json!({})).await;
    app.tool(&ws.mcp_key, "list_links", json!({})).await;
    let created = app
        .tool_in(&ws, "create_link", crate::mcp_support::link("m"))
        .await
        .structured()
        .clone();
    let id = created["id"].as_str().unwrap().to_string();
    app.tool_in(&ws, "update_link", json!({ "linkId": id, "slug": "moved-m" }))
        .await;
    app.tool_in(&ws, "get_link", json!({ "linkId": id })).await;
    app.tool_in(&ws, "list_links", json!({ "search": "m" })).await;
    app.tool_in(
        &ws,
        "bulk_create_links",
        json!({ "links": [crate::mcp_support::link("n")] }),
    )
    .await;
    app.tool_in(&ws, "get_link_analytics", json!({ "linkId": id })).await;
    app.tool_in(&ws, "get_workspace_analytics", json!({})).await;
    app.tool_in(&ws, "delete_link", json!({ "linkId": id, "confirm": true }))
        .await;
    let tag = app
        .tool_in(&ws, "create_tag", json!({ "name": "t" }))
        .await
        .structured()["id"]
        .clone();
    app.tool_in(&ws, "update_tag", json!({ "tagId": tag, "name": "u" }))
        .await;
    app.tool_in(&ws, "delete_tag", json!({ "tagId": tag, "confirm": true }))
        .await;
    let template = app
        .tool_in(&ws, "create_utm_template", json!({ "name": "t", "source": "s" }))
        .await
        .structured()["id"]
        .clone();
    app.tool_in(&ws, "list_utm_templates", json!({})).await;
    app.tool_in(
        &ws,
        "delete_utm_template",
        json!({ "templateId": template, "confirm": true }),
    )
    .await;
    app.tool_in(&ws, "list_webhooks", json!({})).await;
    let unknown = "64656d6f00000000000000ff";
    app.tool_in(&ws, "update_webhook", json!({ "webhookId": unknown, "enabled": true }))
        .await;
    app.tool_in(&ws, "delete_webhook", json!({ "webhookId": unknown, "confirm": true }))
        .await;
    let click = "A".repeat(42);
    app.tool_in(&ws, "report_conversion", json!({ "clickId": click, "event": "signup" }))
        .await;
    assert_allowed(&app, "mcp");
}

#[tokio::test]
async fn the_oauth_account_and_mcp_functions_need_only_the_actions_their_policies_allow_for_oauth() {
    use crate::oauth_support::pkce;
    use crate::pages_support::{Browser, PASSWORD};
    let app = spawn_app().await;
    let person = app.oauth_person().await;
    // Another person's connected app, made with administration calls outside the measurement.
    let (client2, _, tokens2) = app.connected(&["links:read"]).await;
    app.requests.reset();

    let client = app.register("client_secret_basic").await;
    let (verifier, challenge) = pkce("iam");
    let url = app.authorize_url(&client, &challenge, &[]);
    let mut browser = Browser::new(&app);
    browser.sign_in(&person.email, PASSWORD).await;
    app.requests.reset();
    let consent = browser.get(&url).await;
    let answer = browser
        .decide(&consent, "approve", &["links:read"], &person.workspace)
        .await;
    let code = crate::oauth_support::callback(answer.location().unwrap())
        .get("code")
        .unwrap()
        .to_string();
    let fields = [
        ("grant_type", "authorization_code"),
        ("code", code.as_str()),
        ("redirect_uri", client.redirect_uri.as_str()),
        ("code_verifier", verifier.as_str()),
    ];
    let tokens = app.token_as(&client, true, &fields).await;
    assert_allowed(&app, "oauth");

    let access = tokens.body["access_token"].as_str().unwrap();
    app.mcp_bearer(access, "tools/list", json!({})).await;
    app.tool_bearer(access, "list_links", json!({})).await;
    assert_allowed(&app, "mcp");

    let page = browser.get("/account/connected-apps").await;
    browser
        .post(
            "/account/connected-apps/revoke",
            &[
                ("csrf", &page.field("csrf").unwrap()),
                ("grant", &page.field("grant").unwrap()),
            ],
        )
        .await;
    assert_allowed(&app, "account");

    let replay = app.token_as(&client, true, &fields).await;
    assert_eq!(replay.error(), "invalid_grant");
    let refreshed = app.refresh(&client2, tokens2.refresh.as_deref().unwrap()).await;
    app.token_request(
        "/oauth/revoke",
        &[
            ("token", refreshed.body["refresh_token"].as_str().unwrap()),
            ("client_id", &client2.id),
        ],
        None,
    )
    .await;
    assert_allowed(&app, "oauth");
}

#[tokio::test]
async fn the_app_needs_only_the_actions_its_policy_allows() {
    let app = spawn_app().await;
    let (mut browser, _, ws) = crate::pages_support::signed_in_owner(&app, "Acme").await;
    admin::add_domain(&app.service, &ws, "go.example.com", true)
        .await
        .unwrap();
    admin::create_tag(&app.service, &ws, "spring").await.unwrap();
    app.requests.reset();

    let id = crate::app_editor::create_three_rules(&mut browser, &ws).await;
    let path = format!("/app/w/{ws}/links/{id}/edit");
    let form = browser.get(&path).await;
    let mut fields = crate::app_editor::three_rules();
    fields.retain(|(name, _)| *name != "slug" && *name != "domain");
    fields.extend([("slug", "moved"), ("domain", "go.example.com")]);
    browser.submit(&path, &form, &fields).await;
    for page in [
        "/",
        "/app",
        "/app/help",
        &format!("/app/w/{ws}/links?q=s"),
        &format!("/app/w/{ws}/analytics"),
    ] {
        browser.get(page).await;
    }
    browser.get(&format!("/app/w/{ws}/links/{id}/analytics")).await;
    browser
        .get(&format!("/app/w/{ws}/links/{id}/analytics.csv?part=daily"))
        .await;
    let confirm = browser.get(&format!("/app/w/{ws}/links/{id}/delete")).await;
    browser
        .submit(&format!("/app/w/{ws}/links/{id}/delete"), &confirm, &[])
        .await;
    assert_allowed(&app, "app");
}

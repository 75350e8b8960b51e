//! App deep links: a rule or variant target with an app scheme and its `appFallbackUrl`. A
//! person gets a small page trying the app, robots and crawlers its web page.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::bot_analytics::SLACKBOT;
use crate::helpers::{IPHONE_SAFARI, TestApp, TestWorkspace, assert_rejected, spawn_app};

const GOOGLEBOT: &str = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const STORE: &str = "https://apps.apple.com/app/id1234567890";

async fn app_link(app: &TestApp, ws: &TestWorkspace, slug: &str) -> String {
    app.create_ok(
        ws,
        json!({ "name": slug, "slug": slug, "utm": { "source": "poster" },
                "rules": [{ "targetUrl": "myapp://open/item/4", "appFallbackUrl": STORE, "isDefault": true }] }),
    )
    .await
}

/// The `href` of the page's link with `id`.
fn href<'a>(page: &'a str, id: &str) -> &'a str {
    let start = page.find(&format!("id=\"{id}\" href=\"")).expect(id) + id.len() + 12;
    &page[start..start + page[start..].find('"').expect("closing quote")]
}

#[tokio::test]
async fn a_person_gets_a_page_trying_the_app_then_its_fallback() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app_link(&app, &ws, "shoes").await;
    let visit = app.get("shoes", &[("user-agent", IPHONE_SAFARI)]).await;
    assert_eq!(visit.status, StatusCode::OK);
    assert_eq!(visit.headers["cache-control"], "private, no-store");
    assert_eq!(visit.headers["content-type"], "text/html; charset=utf-8");
    let policy = visit.headers["content-security-policy"].to_str().unwrap();
    assert!(
        policy.starts_with("default-src 'none'; script-src 'self'; style-src 'sha256-"),
        "{policy}"
    );
    assert_eq!(href(&visit.body, "open-app"), "myapp://open/item/4?utm_source=poster");
    assert_eq!(href(&visit.body, "app-fallback"), format!("{STORE}?utm_source=poster"));
    assert!(visit.body.contains("<script src=\"/_sl/open.js\" defer></script>"));
    assert!(visit.body.contains("Opening the myapp app"), "{}", visit.body);
    assert_eq!(
        app.clicks(&id).await.len(),
        1,
        "the page hands the destination out: one click"
    );
}

#[tokio::test]
async fn robots_and_preview_crawlers_get_the_web_fallback_not_the_app() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app_link(&app, &ws, "bots").await;
    let bot = app.get("bots", &[("user-agent", GOOGLEBOT)]).await;
    assert_eq!(bot.status, StatusCode::FOUND);
    assert_eq!(bot.location(), Some(&*format!("{STORE}?utm_source=poster")));
    let preview = app.get("bots", &[("user-agent", SLACKBOT)]).await;
    assert_eq!(preview.status, StatusCode::OK);
    assert!(
        preview.body.contains(&format!("url={STORE}?utm_source=poster")),
        "{}",
        preview.body
    );
}

#[tokio::test]
async fn head_of_an_app_link_answers_the_pages_status_without_a_body() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app_link(&app, &ws, "head").await;
    let head = app.visit(Method::HEAD, "head", &[]).await;
    assert_eq!(head.status, StatusCode::OK);
    assert!(head.body.is_empty());
    assert_eq!(head.location(), None);
    assert!(app.clicks(&id).await.is_empty());
}

#[tokio::test]
async fn an_app_link_without_a_fallback_still_redirects_straight_to_the_app() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.create_ok(
        &ws,
        json!({ "name": "plain", "slug": "plain", "rules": [{ "targetUrl": "myapp://open", "isDefault": true }] }),
    )
    .await;
    let visit = app.get("plain", &[("user-agent", IPHONE_SAFARI)]).await;
    assert_eq!(visit.status, StatusCode::FOUND);
    assert_eq!(visit.location(), Some("myapp://open"));
}

#[tokio::test]
async fn the_pages_script_is_served_on_every_short_domain_and_cacheable() {
    let app = spawn_app().await;
    let script = app.get("_sl/open.js", &[]).await;
    assert_eq!(script.status, StatusCode::OK);
    assert_eq!(script.headers["content-type"], "text/javascript; charset=utf-8");
    assert_eq!(script.headers["cache-control"], "public, max-age=3600");
    assert!(script.body.contains("1500"), "falls back after 1.5 s");
}

#[tokio::test]
async fn an_app_fallback_must_be_https_and_beside_an_app_link() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let rule = |target: &str, fallback: &str| json!({ "name": "x", "rules": [{ "targetUrl": target, "appFallbackUrl": fallback, "isDefault": true }] });
    assert_rejected(
        app.create(&ws, rule("myapp://x", "http://shop.example/")).await,
        StatusCode::BAD_REQUEST,
        "rules[0].appFallbackUrl must be an https URL (an App Store, Play Store or web page).",
        "rules[0].appFallbackUrl",
    );
    assert_rejected(
        app.create(&ws, rule("https://shop.example/", STORE)).await,
        StatusCode::BAD_REQUEST,
        "rules[0].appFallbackUrl is only for an app link: rules[0].targetUrl must use an app scheme such as myapp://.",
        "rules[0].appFallbackUrl",
    );
}

#[tokio::test]
async fn a_variant_carries_its_own_app_fallback_on_both_doors() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let variants = json!({ "enabled": true, "variants": [
        { "id": "a", "name": "App", "url": "myapp://a", "appFallbackUrl": STORE, "weight": 50 },
        { "id": "b", "name": "Web", "url": "https://shop.example/b", "weight": 50 }] });
    let id = app
        .create_ok(
            &ws,
            json!({ "name": "ab", "url": "https://shop.example/", "abTest": variants }),
        )
        .await;
    let path = format!("/apiv1/links/{id}?workspaceId={}", ws.id);
    let (_, record) = app.request(Method::GET, &path, Some(&ws.key), None).await;
    assert_eq!(record["abTest"]["variants"][0]["appFallbackUrl"], STORE);
    assert_eq!(record["abTest"]["variants"][1].get("appFallbackUrl"), None);
    let mut bad = variants.clone();
    bad["variants"][1]["appFallbackUrl"] = json!(STORE);
    assert_rejected(
        app.update(&ws, &id, json!({ "abTest": bad })).await,
        StatusCode::BAD_REQUEST,
        "abTest.variants[1].appFallbackUrl is only for an app link: abTest.variants[1].url must use an app scheme such as myapp://.",
        "abTest.variants[1].appFallbackUrl",
    );

    let mcp = app.mcp_workspace().await;
    let created = app
        .tool_in(
            &mcp,
            "create_link",
            json!({ "name": "Agent", "rules": [{ "targetUrl": "myapp://x", "appFallbackUrl": STORE, "isDefault": true }] }),
        )
        .await;
    let got = app
        .tool_in(&mcp, "get_link", json!({ "linkId": created.structured()["id"] }))
        .await;
    assert_eq!(got.structured()["rules"][0]["appFallbackUrl"], Value::from(STORE));
}

//! Password-protected links: a person gives the password on a small page and is remembered for
//! a day; bots, preview crawlers and `HEAD` never get the destination; tries are limited.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::bot_analytics::SLACKBOT;
use crate::helpers::{TestApp, TestWorkspace, Visit, assert_rejected, spawn_app, spawn_app_with};

const GOOGLEBOT: &str = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/// A protected link whose German visitors go to /de, everyone else to /.
pub(crate) async fn protected(app: &TestApp, ws: &TestWorkspace, slug: &str, extra: Value) -> String {
    let mut body = json!({ "name": slug, "slug": slug, "password": "open sesame", "rules": [
        { "targetUrl": "https://shop.example/de", "isDefault": false, "country": ["DE"] },
        { "targetUrl": "https://shop.example/", "isDefault": true } ] });
    for (field, value) in extra.as_object().expect("extra fields") {
        body[field] = value.clone();
    }
    app.create_ok(ws, body).await
}

/// The value a `Set-Cookie` of `name` sets.
pub(crate) fn cookie_set(visit: &Visit, name: &str) -> Option<String> {
    visit
        .headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| c.strip_prefix(&format!("{name}=")))
        .map(|rest| rest.split(';').next().unwrap_or_default().to_string())
}

/// Opens the page, then posts `password` from it as a browser would (its form token in the
/// field and the cookie).
pub(crate) async fn give(app: &TestApp, slug: &str, password: &str, headers: &[(&str, &str)]) -> Visit {
    let page = app.get(slug, headers).await;
    assert_eq!(page.status, StatusCode::UNAUTHORIZED, "{}", page.body);
    let token = cookie_set(&page, "sl_form").expect("the page sets its form token");
    assert!(page.body.contains(&format!("name=\"form\" value=\"{token}\"")));
    let cookie = format!("sl_form={token}");
    let mut sent = headers.to_vec();
    sent.extend([
        ("cookie", cookie.as_str()),
        ("content-type", "application/x-www-form-urlencoded"),
        ("sec-fetch-site", "same-origin"),
    ]);
    let body = format!("form={token}&password={}", urlencoding(password));
    app.visit_with_body(Method::POST, slug, &sent, Some(body)).await
}

fn urlencoding(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

#[tokio::test]
async fn a_person_is_asked_for_the_password_and_nothing_is_counted() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = protected(&app, &ws, "secret", json!({})).await;
    let page = app.get("secret", &[]).await;
    assert_eq!(page.status, StatusCode::UNAUTHORIZED);
    assert_eq!(page.location(), None);
    assert_eq!(page.headers["cache-control"], "private, no-store");
    assert!(
        page.body
            .contains("This link is protected. Enter its password to continue.")
    );
    assert!(!page.body.contains("shop.example"), "the page names no destination");
    assert!(page.body.contains("<form method=\"post\" action=\"/secret\">"));
    assert!(app.clicks(&id).await.is_empty());
}

#[tokio::test]
async fn the_right_password_goes_to_the_routed_destination_counts_once_and_is_remembered() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = protected(&app, &ws, "secret", json!({})).await;
    let german = [("cloudfront-viewer-country", "DE")];
    let through = give(&app, "secret", "open sesame", &german).await;
    assert_eq!(through.status, StatusCode::SEE_OTHER, "{}", through.body);
    assert_eq!(through.location(), Some("https://shop.example/de"));
    let pass = cookie_set(&through, "sl_pass").expect("a pass");
    let set = through.headers["set-cookie"].to_str().unwrap().to_string();
    assert!(
        set.ends_with("; Path=/secret; Max-Age=86400; HttpOnly; Secure; SameSite=Lax"),
        "{set}"
    );
    assert_eq!(app.clicks(&id).await.len(), 1, "the page and the post make one click");
    let cookie = format!("sl_pass={pass}");
    let again = app.get("secret", &[("cookie", cookie.as_str())]).await;
    assert_eq!(again.status, StatusCode::FOUND);
    assert_eq!(again.location(), Some("https://shop.example/"));
    assert_eq!(app.clicks(&id).await.len(), 2);
}

#[tokio::test]
async fn a_wrong_password_is_told_and_counts_nothing() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = protected(&app, &ws, "secret", json!({})).await;
    let wrong = give(&app, "secret", "open sesam", &[]).await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    assert!(
        wrong
            .body
            .contains("That password is not right. Check it and try again.")
    );
    assert_eq!(cookie_set(&wrong, "sl_pass"), None);
    assert!(app.clicks(&id).await.is_empty());
}

#[tokio::test]
async fn ten_tries_an_hour_per_address_and_then_a_sentence_with_the_wait() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    protected(&app, &ws, "secret", json!({})).await;
    let here = [("cloudfront-viewer-address", "198.51.100.7:4000")];
    for _ in 0..10 {
        assert_eq!(
            give(&app, "secret", "guess", &here).await.status,
            StatusCode::UNAUTHORIZED
        );
    }
    let refused = give(&app, "secret", "open sesame", &here).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(refused.headers.contains_key("retry-after"));
    assert!(
        refused
            .body
            .contains("Too many passwords were tried on this link from your network. Try again in"),
        "{}",
        refused.body
    );
    let elsewhere = [("cloudfront-viewer-address", "203.0.113.9:4000")];
    assert_eq!(
        give(&app, "secret", "open sesame", &elsewhere).await.status,
        StatusCode::SEE_OTHER,
        "another address is not held back"
    );
}

#[tokio::test]
async fn bots_preview_crawlers_and_head_never_get_the_destination_and_are_not_counted() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = protected(&app, &ws, "secret", json!({})).await;
    app.requests.reset();
    for agent in [GOOGLEBOT, SLACKBOT, "curl/8.5.0"] {
        let visit = app.get("secret", &[("user-agent", agent)]).await;
        assert_eq!(visit.status, StatusCode::UNAUTHORIZED, "{agent}");
        assert_eq!(visit.location(), None, "{agent}");
        assert!(!visit.body.contains("shop.example"), "{agent}");
    }
    let head = app.visit(Method::HEAD, "secret", &[]).await;
    assert_eq!(head.status, StatusCode::UNAUTHORIZED);
    assert_eq!(head.location(), None);
    assert!(head.body.is_empty());
    let writes = app.requests.snapshot();
    assert!(
        !writes.contains_key("PutItem") && !writes.contains_key("UpdateItem"),
        "nothing written, not even an automated visit: {writes:?}"
    );
    assert!(app.clicks(&id).await.is_empty());
}

#[tokio::test]
async fn a_post_without_the_pages_token_is_refused_with_a_fresh_page() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = protected(&app, &ws, "secret", json!({})).await;
    let forged = app
        .visit_with_body(
            Method::POST,
            "secret",
            &[("content-type", "application/x-www-form-urlencoded")],
            Some("form=guessed&password=open+sesame".into()),
        )
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
    assert!(forged.body.contains("This page had expired. Enter the password again."));
    assert!(cookie_set(&forged, "sl_form").is_some(), "with a new token");
    assert!(app.clicks(&id).await.is_empty());
}

#[tokio::test]
async fn a_click_limit_is_taken_only_when_the_password_hands_out_the_destination() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = protected(&app, &ws, "once", json!({ "clicksLimit": 1 })).await;
    for _ in 0..3 {
        app.get("once", &[]).await;
    }
    give(&app, "once", "wrong one", &[]).await;
    assert_eq!(app.stored(&id).await.unwrap().limited_clicks, 0, "pages take nothing");
    let through = give(&app, "once", "open sesame", &[]).await;
    assert_eq!(through.status, StatusCode::SEE_OTHER);
    assert_eq!(app.stored(&id).await.unwrap().limited_clicks, 1);
    assert_eq!(app.get("once", &[]).await.status, StatusCode::GONE);
}

#[tokio::test]
async fn a_new_password_ends_the_passes_of_the_old_one() {
    // Without the redirect's cache, the update reaches the next visit.
    let app = spawn_app_with(|c| c.link_cache_ttl = std::time::Duration::ZERO).await;
    let ws = app.workspace().await;
    let id = protected(&app, &ws, "secret", json!({})).await;
    let through = give(&app, "secret", "open sesame", &[]).await;
    let cookie = format!("sl_pass={}", cookie_set(&through, "sl_pass").unwrap());
    let (status, _) = app.update(&ws, &id, json!({ "password": "close sesame" })).await;
    assert_eq!(status, StatusCode::OK);
    let again = app.get("secret", &[("cookie", cookie.as_str())]).await;
    assert_eq!(again.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_password_is_write_only_and_null_removes_it() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = protected(&app, &ws, "secret", json!({})).await;
    let path = format!("/apiv1/links/{id}?workspaceId={}", ws.id);
    let (_, record) = app.request(Method::GET, &path, Some(&ws.key), None).await;
    assert_eq!(record["passwordProtected"], true);
    let text = record.to_string();
    assert!(!text.contains("argon2") && !text.contains("open sesame"), "{text}");
    app.update(&ws, &id, json!({ "password": null })).await;
    let (_, record) = app.request(Method::GET, &path, Some(&ws.key), None).await;
    assert_eq!(record["passwordProtected"], false);
    assert_eq!(app.get("secret", &[]).await.status, StatusCode::FOUND);
}

#[tokio::test]
async fn a_password_has_8_to_128_characters_on_both_doors() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let body = json!({ "name": "x", "url": "https://e.com", "password": "spring7" });
    assert_rejected(
        app.create(&ws.http, body).await,
        StatusCode::BAD_REQUEST,
        "password must have at least 8 characters, so that it cannot be guessed on the link's page.",
        "password",
    );
    let answer = app
        .tool_in(
            &ws,
            "create_link",
            json!({ "name": "x", "rules": [{ "targetUrl": "https://e.com/", "isDefault": true }], "password": "x".repeat(129) }),
        )
        .await;
    assert_eq!(answer.error(), (-32602, "password must have at most 128 characters."));
    let made = app
        .tool_in(
            &ws,
            "create_link",
            json!({ "name": "x", "slug": "mcp-secret", "rules": [{ "targetUrl": "https://e.com/", "isDefault": true }], "password": "open sesame" }),
        )
        .await;
    assert_eq!(made.structured()["fullLink"], "https://sl.test/mcp-secret");
    assert_eq!(app.get("mcp-secret", &[]).await.status, StatusCode::UNAUTHORIZED);
}

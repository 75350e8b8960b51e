//! Dynamic client registration (RFC 7591): public and confidential clients, the redirect URIs
//! a client may register, the hourly limit per address, and registrations that expire unused.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::spawn_app;
use crate::oauth_support::pkce;
use crate::pages_support::Browser;

#[tokio::test]
async fn a_public_client_registers_and_gets_no_secret_and_no_null_fields() {
    let app = spawn_app().await;
    let answer = app
        .oauth_post_json(
            "/oauth/register",
            json!({ "redirect_uris": ["http://localhost:8765/callback"], "token_endpoint_auth_method": "none" }),
        )
        .await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.body);
    let body = answer.body.as_object().unwrap();
    assert!(body["client_id"].as_str().unwrap().starts_with("slc_"));
    assert!(body["client_id_issued_at"].is_i64(), "an integer");
    assert!(!body.contains_key("client_secret") && !body.contains_key("client_secret_expires_at"));
    assert!(!body.contains_key("client_name"), "absent fields are omitted");
    assert!(body.values().all(|v| !v.is_null()), "{body:?}");
    assert_eq!(body["token_endpoint_auth_method"], "none");
    assert_eq!(body["grant_types"], json!(["authorization_code", "refresh_token"]));
    assert_eq!(answer.headers["cache-control"], "no-store");
}

#[tokio::test]
async fn a_confidential_client_gets_a_secret_that_never_expires() {
    let app = spawn_app().await;
    let answer = app
        .oauth_post_json(
            "/oauth/register",
            json!({ "client_name": "Server app", "redirect_uris": ["https://app.example.com/cb"] }),
        )
        .await;
    assert_eq!(answer.status, StatusCode::CREATED);
    assert_eq!(answer.body["token_endpoint_auth_method"], "client_secret_basic");
    assert!(answer.body["client_secret"].as_str().unwrap().starts_with("slcs_"));
    assert_eq!(answer.body["client_secret_expires_at"], 0);
    assert_eq!(answer.body["client_name"], "Server app");
}

#[tokio::test]
async fn https_loopback_and_private_use_redirect_uris_are_accepted() {
    let app = spawn_app().await;
    let answer = app
        .oauth_post_json(
            "/oauth/register",
            json!({ "redirect_uris": [
                "https://claude.ai/api/mcp/auth_callback", "http://127.0.0.1:1/cb", "http://localhost:65535/cb",
                "http://[::1]:8080/cb", "cursor://anysphere.cursor-retrieval/oauth/user-smartlinks/callback"
            ], "token_endpoint_auth_method": "none" }),
        )
        .await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.body);
}

#[tokio::test]
async fn any_other_redirect_uri_is_refused_with_invalid_redirect_uri() {
    let app = spawn_app().await;
    for bad in [
        "http://app.example.com/cb",
        "javascript:alert(document.cookie)",
        "data:text/html,<script>alert(1)</script>",
        "https://app.example.com/cb#fragment",
        "file:///etc/passwd",
        "/relative",
    ] {
        let answer = app
            .oauth_post_json("/oauth/register", json!({ "redirect_uris": [bad] }))
            .await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{bad}");
        assert_eq!(answer.error(), "invalid_redirect_uri", "{bad}");
        assert!(
            answer.body["error_description"]
                .as_str()
                .unwrap()
                .contains("Redirect URI")
        );
    }
    let none = app
        .oauth_post_json("/oauth/register", json!({ "client_name": "x" }))
        .await;
    assert_eq!(none.error(), "invalid_redirect_uri");
}

#[tokio::test]
async fn metadata_this_server_cannot_honour_is_invalid_client_metadata() {
    let app = spawn_app().await;
    let cases = [
        json!({ "redirect_uris": ["https://a.example/cb"], "grant_types": ["client_credentials"] }),
        json!({ "redirect_uris": ["https://a.example/cb"], "response_types": ["token"] }),
        json!({ "redirect_uris": ["https://a.example/cb"], "token_endpoint_auth_method": "private_key_jwt" }),
        json!({ "redirect_uris": ["https://a.example/cb"], "client_name": 7 }),
    ];
    for body in cases {
        let answer = app.oauth_post_json("/oauth/register", body.clone()).await;
        assert_eq!(
            (answer.status, answer.error()),
            (StatusCode::BAD_REQUEST, "invalid_client_metadata"),
            "{body}"
        );
    }
    let response = app
        .http
        .post(format!("{}/oauth/register", app.address))
        .body("not json")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn one_address_may_register_twenty_clients_an_hour() {
    let app = spawn_app().await;
    let body = json!({ "redirect_uris": ["https://a.example/cb"], "token_endpoint_auth_method": "none" });
    for n in 0..20 {
        let answer = app.oauth_post_json("/oauth/register", body.clone()).await;
        assert_eq!(answer.status, StatusCode::CREATED, "registration {n}");
    }
    let refused = app.oauth_post_json("/oauth/register", body.clone()).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(refused.headers.contains_key("retry-after"));
    assert!(
        refused.body["error_description"]
            .as_str()
            .unwrap()
            .starts_with("Too many client registrations from this address")
    );
    app.clock.set(app.clock_now() + chrono::Duration::hours(1));
    let later = app.oauth_post_json("/oauth/register", body).await;
    assert_eq!(later.status, StatusCode::CREATED, "the next hour counts afresh");
}

#[tokio::test]
async fn a_registration_nobody_uses_expires_after_a_day() {
    let app = spawn_app().await;
    let person = app.oauth_person().await;
    let client = app.register("none").await;
    app.clock.set(app.clock_now() + chrono::Duration::hours(25));
    let (_, challenge) = pkce("late");
    let mut browser = Browser::new(&app);
    let page = browser
        .consent_page(&person, &app.authorize_url(&client, &challenge, &[]))
        .await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST);
    assert!(page.html.contains("Unknown client_id"), "{}", page.html);
}

#[tokio::test]
async fn a_used_registration_outlives_its_first_day() {
    let app = spawn_app().await;
    let (client, person, _) = app.connected(&["links:read"]).await;
    app.clock.set(app.clock_now() + chrono::Duration::days(20));
    let (_, challenge) = pkce("again");
    let mut browser = Browser::new(&app);
    let page = browser
        .consent_page(&person, &app.authorize_url(&client, &challenge, &[]))
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.html);
}

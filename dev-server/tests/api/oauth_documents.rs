//! Clients identified by a client ID metadata document: the document is fetched from the
//! https URL the client gives as its `client_id`, under SSRF rules. The tests serve documents
//! from a local https server, which only the explicit test-only fetcher of `lib::testing` may
//! reach.

use lib::testing::documents::DocumentServer;
use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{TestApp, spawn_app, spawn_app_with_settings};
use crate::oauth_support::{Client, REDIRECT, pkce};
use crate::pages_support::{Browser, PASSWORD};

/// An app whose fetcher may reach `server`, and a document client served there.
async fn app_with_document(server: &DocumentServer, document: impl Fn(&str) -> serde_json::Value) -> (TestApp, Client) {
    let app = spawn_app_with_settings(dev_server::Settings {
        fetcher: server.fetcher(),
        ..Default::default()
    })
    .await;
    let url = server.url("/oauth/client.json");
    server.serve("/oauth/client.json", &document(&url).to_string());
    let client = Client {
        id: url,
        secret: None,
        redirect_uri: REDIRECT.to_string(),
    };
    (app, client)
}

fn good_document(url: &str) -> serde_json::Value {
    json!({ "client_id": url, "client_name": "Doc App", "redirect_uris": [REDIRECT],
            "token_endpoint_auth_method": "none", "grant_types": ["authorization_code", "refresh_token"] })
}

#[tokio::test]
async fn a_client_identified_by_its_metadata_document_connects_without_registering() {
    let server = DocumentServer::start().await;
    let (app, client) = app_with_document(&server, good_document).await;
    let person = app.oauth_person().await;
    let (verifier, challenge) = pkce("doc");
    let mut browser = Browser::new(&app);
    let url = app.authorize_url(&client, &challenge, &[]);
    let consent = browser.consent_page(&person, &url).await;
    assert_eq!(consent.status, StatusCode::OK, "{}", consent.html);
    assert!(consent.html.contains("Connect Doc App"));
    assert!(
        consent.html.contains("identified by <code>localhost</code>"),
        "{}",
        consent.html
    );
    let answer = browser
        .decide(&consent, "approve", &["links:read"], &person.workspace)
        .await;
    let code = crate::oauth_support::callback(answer.location().unwrap())
        .get("code")
        .unwrap()
        .to_string();
    let tokens = app.exchange(&client, &code, &verifier).await;
    assert_eq!(tokens.status, StatusCode::OK, "{}", tokens.body);
    let access = tokens.body["access_token"].as_str().unwrap();
    assert_eq!(
        app.tool_bearer(access, "list_links", json!({})).await.status,
        StatusCode::OK
    );
    let refresh = tokens.body["refresh_token"].as_str().unwrap();
    assert_eq!(app.refresh(&client, refresh).await.status, StatusCode::OK);
}

#[tokio::test]
async fn a_metadata_document_url_pointing_at_a_private_address_is_refused_and_issues_nothing() {
    let app = spawn_app().await;
    let person = app.oauth_person().await;
    let (_, challenge) = pkce("ssrf");
    let mut browser = Browser::new(&app);
    browser.sign_in(&person.email, PASSWORD).await;
    for private in [
        "https://127.0.0.1/oauth/client.json",
        "https://10.0.0.8/oauth/client.json",
        "https://169.254.169.254/latest/meta-data/iam",
        "https://[::1]/oauth/client.json",
        "https://[::ffff:c0a8:1]/oauth/client.json",
        "https://localhost/oauth/client.json",
    ] {
        let client = Client {
            id: private.to_string(),
            secret: None,
            redirect_uri: REDIRECT.to_string(),
        };
        let page = browser.get(&app.authorize_url(&client, &challenge, &[])).await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST, "{private}");
        assert!(page.location().is_none(), "{private}: never redirected");
        assert!(
            page.html.contains("could not be fetched. It must be served"),
            "{private}: {}",
            page.html
        );
        assert!(
            !page.html.contains("not a public address"),
            "{private}: the reason is not told"
        );
    }
    assert_eq!(app.oauth_items().await, (0, 0, 0, 0));
}

#[tokio::test]
async fn the_production_fetcher_refuses_even_the_local_test_server() {
    let server = DocumentServer::start().await;
    let app = spawn_app().await;
    server.serve(
        "/oauth/client.json",
        &good_document(&server.url("/oauth/client.json")).to_string(),
    );
    let client = Client {
        id: server.url("/oauth/client.json"),
        secret: None,
        redirect_uri: REDIRECT.to_string(),
    };
    let (_, challenge) = pkce("prod");
    let page = Browser::new(&app)
        .get(&app.authorize_url(&client, &challenge, &[]))
        .await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST);
    assert!(
        page.html.contains("could not be fetched. It must be served"),
        "{}",
        page.html
    );
}

#[tokio::test]
async fn a_document_naming_another_client_id_or_lacking_the_redirect_uri_is_refused() {
    let server = DocumentServer::start().await;
    let (app, client) = app_with_document(&server, |_| good_document("https://elsewhere.example/client.json")).await;
    let (_, challenge) = pkce("other");
    let page = Browser::new(&app)
        .get(&app.authorize_url(&client, &challenge, &[]))
        .await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST);
    assert!(page.html.contains("names another client_id"), "{}", page.html);

    let (app, client) = app_with_document(&server, good_document).await;
    let page = Browser::new(&app)
        .get(&app.authorize_url(&client, &challenge, &[("redirect_uri", "http://127.0.0.1:9/other")]))
        .await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST);
    assert!(page.location().is_none());
    assert!(page.html.contains("is not one this client registered"));
}

#[tokio::test]
async fn a_document_client_may_not_authenticate_with_a_secret() {
    let server = DocumentServer::start().await;
    let (app, client) = app_with_document(&server, good_document).await;
    let answer = app
        .token_request(
            "/oauth/token",
            &[("grant_type", "refresh_token"), ("refresh_token", "slrt_x")],
            Some((&client.id, "a-secret")),
        )
        .await;
    assert_eq!(
        (answer.status, answer.error()),
        (StatusCode::UNAUTHORIZED, "invalid_client")
    );
}

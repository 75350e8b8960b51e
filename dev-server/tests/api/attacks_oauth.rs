//! The security review's findings about the OAuth authorization server (issue 24: findings 1,
//! 5 and 8's ceiling, and the confidential client without a secret), each as the attack it
//! stops. Every test here failed on the code before its fix; the others are in `attacks`.

use lib::testing::documents::DocumentServer;
use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{TestApp, spawn_app, spawn_app_with_settings};
use crate::oauth_support::{Client, REDIRECT, pkce};
use crate::pages_support::{Browser, PASSWORD};

/// Finding 1 (RFC 9700 §4.11.2): registration is open, so anyone can own a client's redirect
/// URI; an invalid request must not make our origin bounce a browser there.
#[tokio::test]
async fn an_attackers_client_cannot_bounce_a_browser_off_authorize_to_its_own_site() {
    let app = spawn_app().await;
    let client = app.register_with("none", "https://evil.example/phish").await;
    let (_, challenge) = pkce("bounce");
    let invalid = app.authorize_url(&client, &challenge, &[("scope", "links:read admin")]);

    let anonymous = Browser::new(&app).get(&invalid).await;
    assert_eq!(anonymous.status, StatusCode::BAD_REQUEST, "{}", anonymous.html);
    assert!(anonymous.location().is_none(), "no automatic redirect for a stranger");
    assert!(anonymous.html.contains("Return to evil.example"), "{}", anonymous.html);

    let person = app.oauth_person().await;
    let mut browser = Browser::new(&app);
    browser.sign_in(&person.email, PASSWORD).await;
    let signed_in = browser.get(&invalid).await;
    assert_eq!(signed_in.status, StatusCode::BAD_REQUEST);
    assert!(
        signed_in.location().is_none(),
        "nor for a person who never granted this client"
    );
}

/// Finding 1, the second half: a private-use scheme must have the reverse-DNS shape of an
/// app's own scheme (RFC 8252 §7.1); operating-system and installer schemes are refused.
#[tokio::test]
async fn a_client_cannot_register_a_redirect_to_a_system_or_installer_scheme() {
    let app = spawn_app().await;
    let register = |uri: &'static str| {
        let app = &app;
        async move {
            let body = json!({ "redirect_uris": [uri], "token_endpoint_auth_method": "none" });
            app.oauth_post_json("/oauth/register", body).await
        }
    };
    for uri in [
        "ms-settings:network",
        "itms-services://?action=download-manifest&url=https://evil.example/app.plist",
        "x-apple-helpbook:/evil",
        "smb://evil.example/share",
        "ldap://evil.example/",
        "search-ms:query=evil",
        "shell:startup",
    ] {
        let answer = register(uri).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{uri}: {}", answer.body);
        assert_eq!(answer.error(), "invalid_redirect_uri", "{uri}");
    }
    for uri in [
        "com.example.app:/oauth2redirect",
        "cursor://anysphere.cursor-retrieval/oauth/callback",
    ] {
        let answer = register(uri).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{uri}: {}", answer.body);
    }
}

/// Finding 5: an anonymous authorization request made the server fetch any URL and told
/// why the fetch failed (the resolved address, the connect or TLS error): a port scanner.
#[tokio::test]
async fn authorize_cannot_be_used_to_probe_ports_or_learn_why_a_fetch_failed() {
    let app = spawn_app().await;
    let (_, challenge) = pkce("scan");
    for target in [
        "https://93.184.215.14:22/client.json",
        "https://93.184.215.14:6379/client.json",
        "https://10.0.0.8/client.json",
        "https://localhost/client.json",
    ] {
        let client = Client {
            id: target.to_string(),
            secret: None,
            redirect_uri: REDIRECT.to_string(),
        };
        let page = Browser::new(&app)
            .get(&app.authorize_url(&client, &challenge, &[]))
            .await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST, "{target}");
        assert!(page.location().is_none(), "{target}");
        for detail in [
            "resolves to",
            "connection",
            "TLS",
            "not a public address",
            "127.0.0.1",
            "refused",
        ] {
            assert!(
                !page.html.contains(detail),
                "{target}: the page tells {detail:?}: {}",
                page.html
            );
        }
    }
}

/// Finding 5, the cache and the limit: the same document is fetched once while its caching
/// headers allow, and one address cannot make the server fetch without end.
#[tokio::test]
async fn repeated_authorize_requests_do_not_make_the_server_fetch_without_end() {
    let server = DocumentServer::start().await;
    let app = spawn_app_with_settings(dev_server::Settings {
        fetcher: server.fetcher(),
        ..Default::default()
    })
    .await;
    let url = server.url("/cached.json");
    let document = json!({ "client_id": url, "client_name": "Doc App", "redirect_uris": [REDIRECT],
                           "token_endpoint_auth_method": "none" });
    server.serve_cached("/cached.json", &document.to_string(), Some("max-age=600"));
    let client = Client {
        id: url,
        secret: None,
        redirect_uri: REDIRECT.to_string(),
    };
    let (_, challenge) = pkce("cache");
    for _ in 0..5 {
        Browser::new(&app)
            .get(&app.authorize_url(&client, &challenge, &[]))
            .await;
    }
    assert_eq!(server.hits("/cached.json"), 1, "a cacheable document is fetched once");

    let mut last = StatusCode::OK;
    for n in 0..60 {
        let client = Client {
            id: server.url(&format!("/missing-{n}.json")),
            secret: None,
            redirect_uri: REDIRECT.to_string(),
        };
        let mut browser = Browser::new(&app);
        browser.address = Some("203.0.113.77".into());
        last = browser.get(&app.authorize_url(&client, &challenge, &[])).await.status;
    }
    assert_eq!(last, StatusCode::TOO_MANY_REQUESTS, "one address is limited");
    let fetched: u64 = (0..60).map(|n| server.hits(&format!("/missing-{n}.json"))).sum();
    assert!(fetched < 60, "{fetched} fetches for 60 requests of one address");
}

/// Registers a public client from `address` (as API Gateway would see it): the status.
pub async fn register_from(app: &TestApp, address: &str) -> StatusCode {
    app.http
        .post(format!("{}/oauth/register", app.address))
        .header("x-forwarded-for", address)
        .json(&json!({ "redirect_uris": [REDIRECT], "token_endpoint_auth_method": "none" }))
        .send()
        .await
        .unwrap()
        .status()
}

/// Finding 8, the ceiling: registrations from every address together are bounded too (the
/// hour's count is set to 999 here, as 999 registrations from other addresses would leave it).
#[tokio::test]
async fn once_a_thousand_clients_registered_this_hour_no_address_registers_another() {
    let app = spawn_app().await;
    let hour = app.clock_now().timestamp().div_euclid(3600);
    let counter = lib::store::keys::throttle_window(
        lib::store::keys::Throttle::OAuthRegistrations,
        lib::store::keys::EVERY_SOURCE,
        hour,
    );
    app.store()
        .client()
        .put_item()
        .table_name(app.service.table_name())
        .item("PK", aws_sdk_dynamodb::types::AttributeValue::S(counter.pk))
        .item("SK", aws_sdk_dynamodb::types::AttributeValue::S(counter.sk))
        .item("count", aws_sdk_dynamodb::types::AttributeValue::N("999".into()))
        .send()
        .await
        .expect("the hour's count");
    assert_eq!(
        register_from(&app, "198.18.0.1").await,
        StatusCode::CREATED,
        "the thousandth"
    );
    assert_eq!(
        register_from(&app, "198.18.0.2").await,
        StatusCode::TOO_MANY_REQUESTS,
        "the next, from anywhere"
    );
}

/// The review's last item: a confidential client whose stored record lost its secret hash
/// was let through without any secret check.
#[tokio::test]
async fn a_confidential_client_whose_record_has_no_secret_cannot_authenticate_with_any_secret() {
    let app = spawn_app().await;
    let client = app.register("client_secret_post").await;
    app.forget_client_secret(&client).await;
    let answer = app
        .token_request(
            "/oauth/token",
            &[
                ("grant_type", "refresh_token"),
                ("refresh_token", "slrt_anything"),
                ("client_id", &client.id),
                ("client_secret", "any secret at all"),
            ],
            None,
        )
        .await;
    assert_eq!(answer.status, StatusCode::UNAUTHORIZED, "{}", answer.body);
    assert_eq!(answer.error(), "invalid_client");
}

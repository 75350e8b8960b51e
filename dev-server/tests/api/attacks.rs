//! The security review's findings (issue 24), each as the attack it stops. Every test here
//! failed on the code before its fix.

use lib::testing::documents::DocumentServer;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app, spawn_app_with_list_budget, spawn_app_with_settings};
use crate::oauth_support::{Client, REDIRECT, pkce};
use crate::pages_support::{Browser, PASSWORD, owner_with_workspace};

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

/// Finding 2: the lock was read, argon2 ran, and the failure was counted only after, so every
/// guess of a burst was checked against the password. A checked guess reads the account
/// (two `GetItem`s: the e-mail's claim and the user); a refused one reads nothing.
#[tokio::test]
async fn a_burst_of_400_parallel_guesses_gets_no_more_tries_than_ten_sequential_ones() {
    let app = spawn_app().await;
    let (email, _) = owner_with_workspace(&app, "Acme").await;
    app.requests.reset();
    let guesses = (0..400).map(|n| {
        let (app, email) = (&app, &email);
        async move {
            let mut browser = Browser::new(app);
            browser
                .sign_in(email, &format!("wrong password number {n}"))
                .await
                .status
        }
    });
    let answers = futures::future::join_all(guesses).await;
    let account_reads = app.requests.snapshot().get("GetItem").copied().unwrap_or(0);
    assert!(
        account_reads <= 2 * 10,
        "ten sequential guesses are checked ten times; the burst read the account {account_reads} times"
    );
    let refused = answers.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count();
    assert!(refused >= 390, "{refused} of 400 guesses were refused");
    assert_eq!(
        Browser::new(&app).sign_in(&email, PASSWORD).await.status,
        StatusCode::TOO_MANY_REQUESTS,
        "the account is locked after the burst, as after ten sequential guesses"
    );
}

/// Finding 3: `page=10000`, or a search that matches nothing, read every link of the
/// workspace in one request (and held them all in memory).
#[tokio::test]
async fn a_deep_page_or_a_search_for_nothing_cannot_make_one_request_read_the_whole_workspace() {
    let app = spawn_app_with_list_budget(100).await;
    let ws = app.workspace().await;
    for batch in 0..3 {
        let links: Vec<Value> = (0..100)
            .map(|i| json!({ "name": format!("Link {batch}-{i}"), "url": "https://example.com/" }))
            .collect();
        let (status, body) = app.bulk(&ws, json!(links)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    for query in ["search=nothing-matches-this", "page=10000"] {
        let mut path = format!("/apiv1/links?workspaceId={}&{query}", ws.id);
        let mut requests = 0;
        loop {
            app.requests.reset();
            let (status, page) = app.request(Method::GET, &path, Some(&ws.key), None).await;
            assert_eq!(status, StatusCode::OK, "{page}");
            let examined = app.requests.reads().items_examined;
            assert!(examined <= 100 + 20, "{query}: one request examined {examined} items");
            assert!(page["links"].as_array().unwrap().is_empty(), "{query}");
            requests += 1;
            let Some(cursor) = page["nextCursor"].as_str() else {
                assert_eq!(page["hasMore"], false, "{page}");
                break;
            };
            assert_eq!(page["hasMore"], true, "{page}");
            path = format!("/apiv1/links?workspaceId={}&cursor={cursor}", ws.id);
            if query.starts_with("search") {
                path.push_str("&search=nothing-matches-this");
            }
            assert!(requests < 10, "{query}: the cursor goes on forever");
        }
        assert!(requests >= 3, "{query}: 300 links take at least three requests of 100");
    }
}

/// Finding 4: 38,000 tag ids in a 1 MiB body ran a quadratic de-duplication and hundreds of
/// sequential reads before their 400; as a list filter they built an expression past
/// DynamoDB's limits.
#[tokio::test]
async fn thirty_eight_thousand_tag_ids_are_refused_before_any_read() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let ids: Vec<String> = (0..38_000u64).map(|i| format!("{i:024x}")).collect();
    app.requests.reset();
    let (status, body) = app
        .create(
            &ws,
            json!({ "name": "Tagged", "url": "https://example.com/", "tagIds": ids }),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["field"], "tagIds", "{body}");
    let batches = app.requests.snapshot().get("BatchGetItem").copied().unwrap_or(0);
    assert!(
        batches <= 1,
        "only the workspace check reads; {batches} BatchGetItems were sent"
    );

    let filter = ids[..21].join(",");
    let (status, body) = app
        .request(
            Method::GET,
            &format!("/apiv1/links?workspaceId={}&tagIds={filter}", ws.id),
            Some(&ws.key),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["field"], "tagIds", "{body}");
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

/// The requests a refused sign-in from `address` sends to DynamoDB, by operation.
async fn sign_in_requests(app: &TestApp, email: &str, address: &str) -> std::collections::BTreeMap<String, u64> {
    let mut browser = Browser::new(app);
    browser.address = Some(address.to_string());
    let form = browser.get("/account/sign-in").await;
    let csrf = form.field("csrf").unwrap();
    app.requests.reset();
    let answer = browser
        .post(
            "/account/sign-in",
            &[("csrf", &csrf), ("email", email), ("password", "a wrong password")],
        )
        .await;
    assert_eq!(answer.status, StatusCode::UNAUTHORIZED);
    app.requests.snapshot()
}

/// Finding 6: a known e-mail cost two consistent reads and an unknown one one, so the time of
/// a refusal told which e-mails have accounts.
#[tokio::test]
async fn the_cost_of_a_refused_sign_in_does_not_tell_whether_the_email_has_an_account() {
    let app = spawn_app().await;
    let (email, _) = owner_with_workspace(&app, "Acme").await;
    let known = sign_in_requests(&app, &email, "203.0.113.1").await;
    let unknown = sign_in_requests(&app, "nobody-here@example.com", "203.0.113.2").await;
    assert_eq!(known, unknown, "the same requests for a known and an unknown e-mail");
}

/// Finding 7: one wrong guess per lock period kept anyone's account locked, even for its owner
/// with the right password.
#[tokio::test]
async fn a_strangers_wrong_guesses_do_not_lock_the_owner_out() {
    let app = spawn_app().await;
    let (email, _) = owner_with_workspace(&app, "Acme").await;
    let mut stranger = Browser::new(&app);
    stranger.address = Some("203.0.113.50".into());
    for _ in 0..10 {
        stranger.sign_in(&email, "a guess that is wrong").await;
    }
    assert_eq!(
        stranger.sign_in(&email, PASSWORD).await.status,
        StatusCode::TOO_MANY_REQUESTS,
        "the stranger is locked out"
    );
    let mut owner = Browser::new(&app);
    owner.address = Some("198.51.100.7".into());
    let answer = owner.sign_in(&email, PASSWORD).await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER, "{}", answer.html);
}

/// Registers a public client from `address` (as API Gateway would see it): the status.
async fn register_from(app: &TestApp, address: &str) -> StatusCode {
    app.http
        .post(format!("{}/oauth/register", app.address))
        .header("x-forwarded-for", address)
        .json(&json!({ "redirect_uris": [REDIRECT], "token_endpoint_auth_method": "none" }))
        .send()
        .await
        .unwrap()
        .status()
}

/// Finding 8: every IPv6 address was counted apart, so one /64 (what one subscriber gets)
/// had billions of allowances.
#[tokio::test]
async fn rotating_addresses_within_one_ipv6_64_does_not_reset_the_limits() {
    let app = spawn_app().await;
    let (email, _) = owner_with_workspace(&app, "Acme").await;
    for n in 0..30 {
        let mut guesser = Browser::new(&app);
        guesser.address = Some(format!("2001:db8:1:2::{:x}", n + 1));
        guesser
            .sign_in(&format!("guess{n}@example.com"), "password guess 1")
            .await;
    }
    let mut same_64 = Browser::new(&app);
    same_64.address = Some("2001:db8:1:2:ffff::9".into());
    assert_eq!(
        same_64.sign_in(&email, PASSWORD).await.status,
        StatusCode::TOO_MANY_REQUESTS,
        "the /64 is locked as one address"
    );

    for n in 0..20 {
        assert_eq!(
            register_from(&app, &format!("2001:db8:9:9::{:x}", n + 1)).await,
            StatusCode::CREATED
        );
    }
    assert_eq!(
        register_from(&app, "2001:db8:9:9:abcd::1").await,
        StatusCode::TOO_MANY_REQUESTS,
        "the 21st registration of the /64 in the hour"
    );
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
    app.service
        .store
        .client()
        .put_item()
        .table_name(app.service.store.table())
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

/// Finding 9: the short-link API's execute-api endpoint answered directly, around
/// CloudFront, trusting the `CloudFront-Viewer-*` headers a caller can simply send.
#[tokio::test]
async fn a_visitor_calling_around_cloudfront_cannot_forge_where_they_are() {
    let secret = "a-secret-only-cloudfront-knows";
    let app = spawn_app_with_settings(dev_server::Settings {
        origin_secret: Some(secret.into()),
        ..Default::default()
    })
    .await;
    let ws = app.workspace().await;
    app.create_ok(
        &ws,
        json!({ "name": "Geo", "slug": "geo", "rules": [
            { "targetUrl": "https://de.example/", "isDefault": false, "country": ["DE"] },
            { "targetUrl": "https://elsewhere.example/", "isDefault": true } ] }),
    )
    .await;
    let forged = app.get("/geo", &[("cloudfront-viewer-country", "DE")]).await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN, "a direct call is refused");
    assert!(forged.headers.get("location").is_none());
    let through_cloudfront = app
        .get(
            "/geo",
            &[("cloudfront-viewer-country", "DE"), ("x-origin-verify", secret)],
        )
        .await;
    assert_eq!(through_cloudfront.status, StatusCode::FOUND);
    assert_eq!(
        through_cloudfront.headers.get("location").unwrap(),
        "https://de.example/"
    );
}

/// Finding 10: a flood of bad keys at the MCP function's URL met no throttle at all.
#[tokio::test]
async fn a_flood_of_bad_keys_at_the_mcp_endpoint_is_answered_429_after_a_bounded_number() {
    let app = spawn_app().await;
    let attempt = |address: &'static str, n: u32| {
        let app = &app;
        async move {
            app.http
                .post(format!("{}/mcp", app.address))
                .header("x-forwarded-for", address)
                .header("content-type", "application/json")
                .header("accept", "application/json, text/event-stream")
                .header("x-api-key", format!("slk_not_a_key_{n}"))
                .body(json!({ "jsonrpc": "2.0", "id": 1, "method": "tools/list" }).to_string())
                .send()
                .await
                .unwrap()
        }
    };
    for n in 0..20 {
        assert_eq!(attempt("203.0.113.90", n).await.status(), StatusCode::UNAUTHORIZED);
    }
    let flooded = attempt("203.0.113.90", 20).await;
    assert_eq!(flooded.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(flooded.headers().get("retry-after").is_some());
    assert_eq!(
        attempt("198.51.100.90", 21).await.status(),
        StatusCode::UNAUTHORIZED,
        "another source is not affected"
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

//! The security review's findings (issue 24) about sign-in, reading links, the visitor door
//! and the MCP endpoint, each as the attack it stops; those about the OAuth authorization
//! server are in `attacks_oauth`. Every test here failed on the code before its fix.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::attacks_oauth::register_from;
use crate::helpers::{TestApp, spawn_app, spawn_app_with_list_budget, spawn_app_with_settings};
use crate::pages_support::{Browser, PASSWORD, owner_with_workspace};

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

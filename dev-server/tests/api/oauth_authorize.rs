//! The authorization endpoint: what it refuses on its own page, what it sends back to the
//! client, sign-in on the way, and the consent page with its answer.

use reqwest::StatusCode;

use crate::helpers::spawn_app;
use crate::oauth_support::{Callback, Client, REDIRECT, callback, pkce};
use crate::pages_support::{Browser, PageAnswer};

#[tokio::test]
async fn an_anonymous_browser_signs_in_first_and_comes_back_to_the_request() {
    let app = spawn_app().await;
    let client = app.register("none").await;
    let (_, challenge) = pkce("a");
    let url = app.authorize_url(&client, &challenge, &[]);
    let mut browser = Browser::new(&app);
    let first = browser.get(&url).await;
    assert_eq!(first.status, StatusCode::SEE_OTHER);
    let location = first.location().unwrap();
    assert!(
        location.starts_with("/account/sign-in?next=%2Foauth%2Fauthorize%3F"),
        "{location}"
    );
    let person = app.oauth_person().await;
    let form = browser.get(location).await;
    let next = form.field("next").unwrap();
    assert_eq!(
        next,
        url.replace('&', "&#38;"),
        "the sign-in form keeps the whole request"
    );
    let consent = browser.consent_page(&person, &url).await;
    assert_eq!(consent.status, StatusCode::OK);
}

#[tokio::test]
async fn the_consent_page_names_the_client_its_redirect_host_each_scope_and_the_workspaces() {
    let app = spawn_app().await;
    let person = app.oauth_person().await;
    let client = app.register("none").await;
    let (_, challenge) = pkce("b");
    let url = app.authorize_url(&client, &challenge, &[("scope", "links:read analytics:read")]);
    let page = Browser::new(&app).consent_page(&person, &url).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.html);
    assert!(page.html.contains("Connect Test client to Smart links?"));
    assert!(page.html.contains("127.0.0.1:33418"), "the redirect host");
    assert!(page.html.contains("list and read your links") && page.html.contains("read click analytics"));
    assert!(
        !page.html.contains("value=\"links:write\""),
        "only the scopes asked for"
    );
    assert!(
        page.html.contains(&format!("value=\"{}\"", person.workspace)),
        "the workspace picker"
    );
    assert!(
        page.html.contains("a program on your own computer"),
        "a loopback redirect is warned about"
    );
    assert!(page.html.contains(r#"name="decision" value="approve""#));
    assert!(page.html.contains(r#"name="decision" value="deny""#));
    let csp = page.header("content-security-policy").unwrap();
    assert!(
        csp.contains("form-action 'self' http://127.0.0.1:33418/callback;"),
        "the form may be redirected to exactly the client: {csp}"
    );
}

#[tokio::test]
async fn approval_sends_the_code_the_state_and_the_issuer_to_the_redirect_uri() {
    let app = spawn_app().await;
    let person = app.oauth_person().await;
    let client = app.register("none").await;
    let (_, challenge) = pkce("c");
    let mut browser = Browser::new(&app);
    let answer = browser
        .authorize(&person, &app.authorize_url(&client, &challenge, &[]), &["links:read"])
        .await;
    assert!(answer.get("code").unwrap().starts_with("slac_"));
    assert_eq!(answer.get("state"), Some("state-123"));
    assert_eq!(answer.get("iss"), Some(app.address.as_str()));
}

#[tokio::test]
async fn denial_sends_access_denied_with_the_state_and_issuer_and_issues_nothing() {
    let app = spawn_app().await;
    let person = app.oauth_person().await;
    let client = app.register("none").await;
    let (_, challenge) = pkce("d");
    let mut browser = Browser::new(&app);
    let consent = browser
        .consent_page(&person, &app.authorize_url(&client, &challenge, &[]))
        .await;
    let answered = browser.decide(&consent, "deny", &[], &person.workspace).await;
    assert_eq!(answered.status, StatusCode::SEE_OTHER);
    let back = callback(answered.location().unwrap());
    assert!(answered.location().unwrap().starts_with(REDIRECT));
    assert_eq!(back.get("error"), Some("access_denied"));
    assert_eq!(back.get("state"), Some("state-123"));
    assert_eq!(back.get("iss"), Some(app.address.as_str()));
    assert_eq!(back.get("code"), None);
    assert_eq!(app.oauth_items().await, (0, 0, 0, 0));
}

#[tokio::test]
async fn a_consent_posted_without_or_with_a_wrong_csrf_token_is_refused_and_issues_nothing() {
    let app = spawn_app().await;
    let person = app.oauth_person().await;
    let client = app.register("none").await;
    let (_, challenge) = pkce("e");
    let mut browser = Browser::new(&app);
    let consent = browser
        .consent_page(&person, &app.authorize_url(&client, &challenge, &[]))
        .await;
    let request = consent.field("request").unwrap();
    for csrf in [None, Some("forged-token")] {
        let mut fields = vec![
            ("request", request.as_str()),
            ("decision", "approve"),
            ("scope", "links:read"),
            ("workspaceId", person.workspace.as_str()),
        ];
        if let Some(csrf) = csrf {
            fields.push(("csrf", csrf));
        }
        let answer = browser.post("/oauth/consent", &fields).await;
        assert_eq!(answer.status, StatusCode::FORBIDDEN, "csrf {csrf:?}");
        assert!(answer.location().is_none(), "no redirect to the client");
        assert!(answer.html.contains("This form has expired"), "{}", answer.html);
    }
    assert_eq!(app.oauth_items().await, (0, 0, 0, 0));
}

#[tokio::test]
async fn a_consent_is_answered_once() {
    let app = spawn_app().await;
    let person = app.oauth_person().await;
    let client = app.register("none").await;
    let (_, challenge) = pkce("f");
    let mut browser = Browser::new(&app);
    let consent = browser
        .consent_page(&person, &app.authorize_url(&client, &challenge, &[]))
        .await;
    let first = browser
        .decide(&consent, "approve", &["links:read"], &person.workspace)
        .await;
    assert_eq!(first.status, StatusCode::SEE_OTHER);
    let again = browser
        .decide(&consent, "approve", &["links:read"], &person.workspace)
        .await;
    assert_eq!(again.status, StatusCode::BAD_REQUEST);
    assert!(again.html.contains("answered already"), "{}", again.html);
    assert_eq!(app.oauth_items().await.0, 1, "one code");
}

#[tokio::test]
async fn approving_with_no_scope_ticked_or_a_workspace_not_ones_own_shows_the_page_again() {
    let app = spawn_app().await;
    let person = app.oauth_person().await;
    let other = app.oauth_person().await;
    let client = app.register("none").await;
    let (_, challenge) = pkce("g");
    let mut browser = Browser::new(&app);
    let consent = browser
        .consent_page(&person, &app.authorize_url(&client, &challenge, &[]))
        .await;
    let none = browser.decide(&consent, "approve", &[], &person.workspace).await;
    assert_eq!(none.status, StatusCode::BAD_REQUEST);
    assert!(
        none.html.contains("Choose at least one of the permissions"),
        "{}",
        none.html
    );
    let foreign = browser
        .decide(&consent, "approve", &["links:read"], &other.workspace)
        .await;
    assert_eq!(foreign.status, StatusCode::BAD_REQUEST);
    assert!(foreign.html.contains("Choose one of your workspaces."));
    assert_eq!(app.oauth_items().await, (0, 0, 0, 0));
    let fine = browser
        .decide(&consent, "approve", &["links:read"], &person.workspace)
        .await;
    assert_eq!(fine.status, StatusCode::SEE_OTHER, "the request is still open");
}

#[tokio::test]
async fn an_unknown_client_or_an_unregistered_redirect_uri_gets_an_error_page_and_no_redirect() {
    let app = spawn_app().await;
    let person = app.oauth_person().await;
    let client = app.register("none").await;
    let (_, challenge) = pkce("h");
    let unknown = Client {
        id: "slc_unknown".into(),
        ..client.clone()
    };
    let mut browser = Browser::new(&app);
    browser.sign_in(&person.email, crate::pages_support::PASSWORD).await;
    let page = browser.get(&app.authorize_url(&unknown, &challenge, &[])).await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST);
    assert!(page.location().is_none());
    assert!(page.html.contains("Unknown client_id"), "{}", page.html);
    for evil in [
        "https://evil.example/steal",
        "http://127.0.0.1:33418/callback/../elsewhere",
        "http://127.0.0.1:33418/callback?next=https://evil.example",
        "http://127.0.0.1:33419/callback",
        "HTTP://127.0.0.1:33418/callback",
        "//evil.example/callback",
    ] {
        let page = browser
            .get(&app.authorize_url(&client, &challenge, &[("redirect_uri", evil)]))
            .await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST, "{evil}");
        assert!(page.location().is_none(), "{evil} is never redirected to");
        assert!(page.html.contains("is not one this client registered"), "{}", page.html);
    }
    assert_eq!(app.oauth_items().await, (0, 0, 0, 0));
}

/// The link a refused request's page offers back to the client, as the client would receive it.
fn return_link(page: &PageAnswer) -> Callback {
    let end = page.html.find("\">Return to ").expect("a link back to the client");
    let start = page.html[..end].rfind("href=\"").expect("its href") + "href=\"".len();
    let href = page.html[start..end]
        .replace("&amp;", "&")
        .replace("&#38;", "&")
        .replace("&#x2f;", "/")
        .replace("&#x2F;", "/")
        .replace("&#x3d;", "=")
        .replace("&#61;", "=")
        .replace("&#x27;", "'");
    callback(&href)
}

#[tokio::test]
async fn the_plain_pkce_method_or_no_challenge_is_invalid_request_on_a_page_with_a_link_back() {
    let app = spawn_app().await;
    let person = app.oauth_person().await;
    let client = app.register("none").await;
    let (verifier, challenge) = pkce("i");
    let mut browser = Browser::new(&app);
    browser.sign_in(&person.email, crate::pages_support::PASSWORD).await;
    for extra in [
        vec![
            ("code_challenge_method", "plain"),
            ("code_challenge", verifier.as_str()),
        ],
        vec![("code_challenge_method", "")],
        vec![("code_challenge", "")],
    ] {
        let answer = browser.get(&app.authorize_url(&client, &challenge, &extra)).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{extra:?}");
        assert!(
            answer.location().is_none(),
            "a client never granted is not redirected to"
        );
        assert!(answer.html.contains("Return to 127.0.0.1:33418"), "{}", answer.html);
        let back = return_link(&answer);
        assert_eq!(back.get("error"), Some("invalid_request"), "{extra:?}");
        assert_eq!(back.get("state"), Some("state-123"));
        assert_eq!(back.get("iss"), Some(app.address.as_str()));
    }
    assert_eq!(app.oauth_items().await, (0, 0, 0, 0));
}

#[tokio::test]
async fn another_resource_an_unknown_scope_or_response_type_is_its_rfc_error_on_a_page() {
    let app = spawn_app().await;
    let client = app.register("none").await;
    let (_, challenge) = pkce("j");
    let cases = [
        (("resource", "https://other.example/mcp"), "invalid_target"),
        (("scope", "links:read admin"), "invalid_scope"),
        (("response_type", "token"), "unsupported_response_type"),
    ];
    for ((name, value), error) in cases {
        let answer = Browser::new(&app)
            .get(&app.authorize_url(&client, &challenge, &[(name, value)]))
            .await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{name}");
        assert!(answer.location().is_none(), "{name}");
        assert!(answer.html.contains(&format!("({error})")), "{}", answer.html);
        assert_eq!(return_link(&answer).get("error"), Some(error), "{name}");
    }
    let slash = format!("{}/apiv1/mcp/", app.address);
    let tolerated = Browser::new(&app)
        .get(&app.authorize_url(&client, &challenge, &[("resource", &slash)]))
        .await;
    assert!(
        tolerated.location().unwrap().starts_with("/account/sign-in"),
        "a trailing slash is tolerated"
    );
}

#[tokio::test]
async fn a_failed_request_of_a_client_the_person_granted_goes_back_to_it_at_once() {
    let app = spawn_app().await;
    let person = app.oauth_person().await;
    let client = app.register("none").await;
    let (verifier, challenge) = pkce("granted");
    let mut browser = Browser::new(&app);
    let approved = browser
        .authorize(&person, &app.authorize_url(&client, &challenge, &[]), &["links:read"])
        .await;
    let tokens = app.exchange(&client, approved.get("code").unwrap(), &verifier).await;
    assert_eq!(
        tokens.status,
        StatusCode::OK,
        "the grant exists once its code is exchanged"
    );
    let answer = browser
        .get(&app.authorize_url(&client, &challenge, &[("scope", "links:read admin")]))
        .await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER, "{}", answer.html);
    let back = callback(answer.location().unwrap());
    assert_eq!(back.get("error"), Some("invalid_scope"));
    assert_eq!(back.get("state"), Some("state-123"));

    let stranger = app.register("none").await;
    let answer = browser
        .get(&app.authorize_url(&stranger, &challenge, &[("scope", "links:read admin")]))
        .await;
    assert_eq!(
        answer.status,
        StatusCode::BAD_REQUEST,
        "another client of the same person is not"
    );
}

#[tokio::test]
async fn a_private_use_redirect_is_warned_about_and_admitted_by_scheme_in_the_csp() {
    let app = spawn_app().await;
    let person = app.oauth_person().await;
    let client = app
        .register_with("none", "cursor://anysphere.cursor-retrieval/oauth/callback")
        .await;
    let (_, challenge) = pkce("k");
    let mut browser = Browser::new(&app);
    let page = browser
        .consent_page(&person, &app.authorize_url(&client, &challenge, &[]))
        .await;
    assert!(page.html.contains("an app installed on your device"), "{}", page.html);
    assert!(
        page.header("content-security-policy")
            .unwrap()
            .contains("form-action 'self' cursor:;")
    );
    let answered = browser
        .decide(&page, "approve", &["links:read"], &person.workspace)
        .await;
    assert!(
        answered
            .location()
            .unwrap()
            .starts_with("cursor://anysphere.cursor-retrieval/oauth/callback?code=slac_")
    );
}

#[tokio::test]
async fn an_ipv6_loopback_redirect_is_reached_through_a_page_that_refreshes_to_it() {
    let app = spawn_app().await;
    let person = app.oauth_person().await;
    let client = app.register_with("none", "http://[::1]:8123/cb").await;
    let (_, challenge) = pkce("l");
    let mut browser = Browser::new(&app);
    let page = browser
        .consent_page(&person, &app.authorize_url(&client, &challenge, &[]))
        .await;
    assert!(
        page.header("content-security-policy")
            .unwrap()
            .contains("form-action 'self';"),
        "no CSP source can name an IPv6 literal"
    );
    let answered = browser
        .decide(&page, "approve", &["links:read"], &person.workspace)
        .await;
    assert_eq!(answered.status, StatusCode::OK);
    assert!(
        answered
            .html
            .contains("http-equiv=\"refresh\" content=\"0;url=http://[::1]:8123/cb?code=slac_")
    );
}

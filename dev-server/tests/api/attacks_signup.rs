//! The second security review's finding 4 (issue 50): with open sign-up, an attacker could sign
//! up first with someone else's address and keep the account once its owner took it over. Each
//! test is the attack it stops; every one failed on the code before the fix.

use chrono::Duration;
use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::account_recovery::{app_with_mail, app_with_open_sign_up, ask_for_reset, confirm, link_in_mail, sign_up};
use crate::helpers::TestApp;
use crate::oauth_support::pkce;
use crate::pages_support::{Browser, owner_with_workspace};

const ATTACKERS_PASSWORD: &str = "mallory's own password";
const OWNERS_PASSWORD: &str = "the owner's own password";

/// An address nobody has signed up with.
fn fresh_address(app: &TestApp) -> String {
    format!("{}@example.com", app.service.new_id())
}

/// The owner of `email` resets its password by mail.
async fn reset_by_mail(app: &TestApp, email: &str) {
    let mut browser = Browser::new(app);
    ask_for_reset(&mut browser, email).await;
    let link = link_in_mail(email, 1, "reset-password").await;
    let form = browser.get(&link).await;
    let done = browser.submit(&link, &form, &[("password", OWNERS_PASSWORD)]).await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.html);
}

/// Whether an API key still opens the HTTP API (a request it would be let in with).
async fn key_works(app: &TestApp, key: &str) -> bool {
    let path = "/apiv1/links?workspaceId=000000000000000000000000";
    let (status, _) = app.request(Method::GET, path, Some(key), None).await;
    status != StatusCode::UNAUTHORIZED
}

/// Finding 4: the link that confirms an address confirmed it on `GET`, and mail scanners open
/// every link in a mail. An attacker who signed up with someone else's address had the account
/// confirmed by the victim's scanner, and signed in with their own password.
#[tokio::test]
async fn a_mail_scanner_opening_the_confirm_link_does_not_confirm_an_attackers_sign_up() {
    let app = app_with_open_sign_up().await;
    let victim = fresh_address(&app);
    let link = sign_up(&app, &victim, ATTACKERS_PASSWORD, "Mallory's links", 1).await;
    let scanned = Browser::new(&app).get(&link).await;
    assert_eq!(scanned.status, StatusCode::OK, "{}", scanned.html);
    let attacker = Browser::new(&app).sign_in(&victim, ATTACKERS_PASSWORD).await;
    assert_eq!(
        attacker.status,
        StatusCode::FORBIDDEN,
        "opening the link confirmed the address"
    );
    assert!(
        scanned.html.contains(&format!("action=\"{link}\"")),
        "the page's button confirms: {}",
        scanned.html
    );
}

/// Finding 4: a second sign-up for an address whose account was still unconfirmed mailed a
/// fresh link for that first, pending account. An attacker who signed up first with the
/// victim's address had their account (their password, their workspace) confirmed by the
/// victim's own sign-up and click.
#[tokio::test]
async fn a_pending_account_made_by_an_attacker_is_replaced_by_the_owners_own_sign_up() {
    let app = app_with_open_sign_up().await;
    let victim = fresh_address(&app);
    let attackers_link = sign_up(&app, &victim, ATTACKERS_PASSWORD, "Mallory's links", 1).await;
    let owners_link = sign_up(&app, &victim, OWNERS_PASSWORD, "My own links", 2).await;
    assert_ne!(attackers_link, owners_link);
    let stale = Browser::new(&app).get(&attackers_link).await;
    assert_eq!(
        stale.status,
        StatusCode::GONE,
        "the replaced account's link still opened"
    );
    let mut owner = Browser::new(&app);
    let confirmed = confirm(&mut owner, &owners_link).await;
    assert_eq!(confirmed.status, StatusCode::OK, "{}", confirmed.html);
    let attacker = Browser::new(&app).sign_in(&victim, ATTACKERS_PASSWORD).await;
    assert_eq!(attacker.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        owner.sign_in(&victim, OWNERS_PASSWORD).await.status,
        StatusCode::SEE_OTHER
    );
    let integrations = owner.get("/account/integrations").await;
    assert!(integrations.html.contains("My own links"), "{}", integrations.html);
    assert!(
        !integrations.html.contains("Mallory"),
        "the attacker's workspace is gone"
    );
}

/// Finding 4: a password reset ended the account's sessions but not its API key, so whoever
/// held the account before the reset (an attacker who pre-registered the address) kept the
/// key the owner's reset was meant to take back.
#[tokio::test]
async fn an_api_key_made_before_a_password_reset_stops_working_at_the_reset() {
    let app = app_with_mail().await;
    let (email, _) = owner_with_workspace(&app, "Acme").await;
    let attackers_key = app.key_of(&email).await;
    assert!(key_works(&app, &attackers_key).await);
    reset_by_mail(&app, &email).await;
    assert!(!key_works(&app, &attackers_key).await, "the key outlived the reset");
    let mut owner = signed_in_with(&app, &email).await;
    let made = owner.generate_key(true, &[]).await;
    assert_eq!(made.status, StatusCode::OK, "the owner makes a new key: {}", made.html);
}

/// Finding 4: a reset left the account's OAuth grants: an app connected before it (by whoever
/// held the account) kept calling the MCP endpoint, and kept refreshing its tokens.
#[tokio::test]
async fn an_app_connected_before_a_password_reset_is_disconnected_by_it() {
    let app = app_with_mail().await;
    let (client, person, tokens) = app.connected(&["links:read"]).await;
    app.clock.set(app.clock_now() + Duration::minutes(1));
    reset_by_mail(&app, &person.email).await;
    let call = app
        .tool_bearer(&tokens.access, "list_links", json!({ "workspaceId": person.workspace }))
        .await;
    assert_eq!(
        call.status,
        StatusCode::UNAUTHORIZED,
        "the access token outlived the reset"
    );
    let refreshed = app
        .refresh(&client, tokens.refresh.as_deref().expect("a refresh token"))
        .await;
    assert_eq!(
        (refreshed.status, refreshed.error()),
        (StatusCode::BAD_REQUEST, "invalid_grant")
    );
}

/// Finding 4: an authorization code approved before a reset still bought tokens after it, so
/// an attacker who approved an app just before the owner's reset connected it afterwards.
#[tokio::test]
async fn a_code_approved_before_a_password_reset_buys_no_tokens_after_it() {
    let app = app_with_mail().await;
    let person = app.oauth_person().await;
    let client = app.register("none").await;
    let (verifier, challenge) = pkce("before-the-reset");
    let url = app.authorize_url(&client, &challenge, &[]);
    let callback = Browser::new(&app).authorize(&person, &url, &["links:read"]).await;
    app.clock.set(app.clock_now() + Duration::seconds(10));
    reset_by_mail(&app, &person.email).await;
    let exchanged = app
        .exchange(&client, callback.get("code").expect("a code"), &verifier)
        .await;
    assert_eq!(
        (exchanged.status, exchanged.error()),
        (StatusCode::BAD_REQUEST, "invalid_grant"),
        "{}",
        exchanged.body
    );
}

/// Finding 4: confirming an address kept the credentials its account had before, so a key made
/// for a pending account (with `linkctl`, on the word of whoever signed up) kept working once
/// the address's owner confirmed it.
#[tokio::test]
async fn a_key_made_for_a_pending_account_stops_working_when_its_address_is_confirmed() {
    let app = app_with_open_sign_up().await;
    let email = fresh_address(&app);
    let link = sign_up(&app, &email, OWNERS_PASSWORD, "My own links", 1).await;
    let early_key = app.key_of(&email).await;
    assert!(key_works(&app, &early_key).await);
    let confirmed = confirm(&mut Browser::new(&app), &link).await;
    assert_eq!(confirmed.status, StatusCode::OK, "{}", confirmed.html);
    assert!(!key_works(&app, &early_key).await, "the key outlived the confirmation");
}

/// A browser signed in as `email` with the owner's password.
async fn signed_in_with<'a>(app: &'a TestApp, email: &str) -> Browser<'a> {
    let mut browser = Browser::new(app);
    let answer = browser.sign_in(email, OWNERS_PASSWORD).await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER, "{}", answer.html);
    browser
}

//! A person's own account by e-mail: "forgot your password?" and its reset link, the profile
//! (name, password, other sessions), sign-up when the operator opens it, and the limits on mail
//! strangers can ask for. Mail goes through the real SMTP catcher scripts/test starts.

use reqwest::StatusCode;

use crate::helpers::{TestApp, spawn_app_with_mailer};
use crate::pages_support::{Browser, PASSWORD, PageAnswer};
use crate::team_support::signed_in;

pub(crate) async fn app_with_mail() -> TestApp {
    spawn_app_with_mailer(lib::testing::mail::catcher_mailer(), |_| {}).await
}

pub(crate) async fn app_with_open_sign_up() -> TestApp {
    spawn_app_with_mailer(lib::testing::mail::catcher_mailer(), |config| config.open_signup = true).await
}

/// The path of the link (`/account/...`) in the `nth` mail to `to` (waits for it).
pub(crate) async fn link_in_mail(to: &str, nth: usize, kind: &str) -> String {
    let mail = lib::testing::mail::wait_for_mail(to, nth).await;
    let text = &mail[nth - 1].text;
    let start = text
        .find(&format!("/account/{kind}/"))
        .unwrap_or_else(|| panic!("a {kind} link in: {text}"));
    text[start..].split_whitespace().next().expect("the link").to_string()
}

/// Signs up with `email` and waits for the `nth` mail to it: the path of its confirm link.
pub(crate) async fn sign_up(app: &TestApp, email: &str, password: &str, workspace: &str, nth: usize) -> String {
    let mut browser = Browser::new(app);
    let form = browser.get("/account/sign-up").await;
    let fields = [
        ("name", "Someone"),
        ("email", email),
        ("password", password),
        ("workspace", workspace),
    ];
    let done = browser.submit("/account/sign-up", &form, &fields).await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.html);
    link_in_mail(email, nth, "verify-email").await
}

/// Opens a confirm link and presses the button on its page, as the address's owner does.
pub(crate) async fn confirm(browser: &mut Browser<'_>, link: &str) -> PageAnswer {
    let page = browser.get(link).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.html);
    browser.submit(link, &page, &[]).await
}

pub(crate) async fn ask_for_reset(browser: &mut Browser<'_>, email: &str) -> PageAnswer {
    let form = browser.get("/account/forgot-password").await;
    browser
        .submit("/account/forgot-password", &form, &[("email", email)])
        .await
}

#[tokio::test]
async fn the_forgot_password_page_says_the_same_for_any_address() {
    let app = app_with_mail().await;
    let email = app.person().await;
    let mut browser = Browser::new(&app);
    // The work that depends on the address (the lookup, the link, the mail) is done after the
    // answer, so the answer's timing cannot tell them apart either.
    let known = ask_for_reset(&mut browser, &email).await;
    let unknown = ask_for_reset(&mut browser, &format!("nobody-{email}")).await;
    assert_eq!(known.status, StatusCode::OK);
    assert_eq!(unknown.status, StatusCode::OK);
    let strip = |html: &str| {
        html.lines()
            .filter(|l| !l.contains("name=\"csrf\""))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(strip(&known.html), strip(&unknown.html), "one sentence either way");
    assert!(known.html.contains("If this address has an account"));
    assert_eq!(lib::testing::mail::wait_for_mail(&email, 1).await.len(), 1);
}

#[tokio::test]
async fn a_reset_link_sets_a_new_password_and_ends_every_session() {
    let app = app_with_mail().await;
    let email = app.person().await;
    let mut old_session = signed_in(&app, &email).await;
    let mut browser = Browser::new(&app);
    ask_for_reset(&mut browser, &email).await;
    let link = link_in_mail(&email, 1, "reset-password").await;
    let form = browser.get(&link).await;
    assert_eq!(form.status, StatusCode::OK, "{}", form.html);
    let done = browser
        .submit(&link, &form, &[("password", "a brand new password")])
        .await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.html);
    let after = old_session.get("/account/integrations").await;
    assert_eq!(after.status, StatusCode::SEE_OTHER, "the old session is gone");
    assert!(after.location().unwrap().starts_with("/account/sign-in"));
    assert_eq!(
        Browser::new(&app).sign_in(&email, PASSWORD).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        Browser::new(&app).sign_in(&email, "a brand new password").await.status,
        StatusCode::SEE_OTHER
    );
    let reused = browser.get(&link).await;
    assert_eq!(reused.status, StatusCode::GONE, "single use");
}

#[tokio::test]
async fn a_reset_link_works_for_an_hour() {
    let app = app_with_mail().await;
    let email = app.person().await;
    let mut browser = Browser::new(&app);
    ask_for_reset(&mut browser, &email).await;
    let link = link_in_mail(&email, 1, "reset-password").await;
    app.clock.set(app.clock_now() + chrono::Duration::hours(1));
    let page = browser.get(&link).await;
    assert_eq!(page.status, StatusCode::GONE);
    assert!(
        page.html
            .contains("This link is not valid, was used already or has expired.")
    );
}

#[tokio::test]
async fn reset_mails_to_one_address_are_limited_per_hour() {
    let app = app_with_mail().await;
    let email = app.person().await;
    let mut browser = Browser::new(&app);
    for n in 1..=5 {
        assert_eq!(
            ask_for_reset(&mut browser, &email).await.status,
            StatusCode::OK,
            "request {n}"
        );
    }
    let sixth = ask_for_reset(&mut browser, &email).await;
    assert_eq!(sixth.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(
        sixth.html.contains("Too many e-mails were asked for. Try again in"),
        "{}",
        sixth.html
    );
    assert!(sixth.header("retry-after").is_some());
}

#[tokio::test]
async fn changing_the_password_needs_the_current_one_and_ends_the_other_sessions() {
    let app = app_with_mail().await;
    let email = app.person().await;
    let mut here = signed_in(&app, &email).await;
    let mut elsewhere = signed_in(&app, &email).await;
    let profile = here.get("/account/profile").await;
    assert_eq!(profile.status, StatusCode::OK);
    let wrong = here
        .submit(
            "/account/profile/password",
            &profile,
            &[
                ("currentPassword", "not my password"),
                ("password", "another long password"),
            ],
        )
        .await;
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST);
    assert!(wrong.html.contains("The current password is incorrect."));
    let right = here
        .submit(
            "/account/profile/password",
            &profile,
            &[("currentPassword", PASSWORD), ("password", "another long password")],
        )
        .await;
    assert_eq!(right.status, StatusCode::SEE_OTHER, "{}", right.html);
    assert_eq!(
        here.get("/account/profile").await.status,
        StatusCode::OK,
        "this session stays"
    );
    assert_eq!(
        elsewhere.get("/account/profile").await.status,
        StatusCode::SEE_OTHER,
        "the other ends"
    );
}

#[tokio::test]
async fn signing_out_everywhere_else_keeps_this_session() {
    let app = app_with_mail().await;
    let email = app.person().await;
    let mut here = signed_in(&app, &email).await;
    let mut elsewhere = signed_in(&app, &email).await;
    let profile = here.get("/account/profile").await;
    let done = here.submit("/account/profile/sessions", &profile, &[]).await;
    assert_eq!(done.status, StatusCode::SEE_OTHER);
    assert_eq!(here.get("/account/profile").await.status, StatusCode::OK);
    assert_eq!(elsewhere.get("/account/profile").await.status, StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn a_person_names_themselves_on_the_profile() {
    let app = app_with_mail().await;
    let email = app.person().await;
    let mut browser = signed_in(&app, &email).await;
    let profile = browser.get("/account/profile").await;
    browser
        .submit("/account/profile/name", &profile, &[("name", "Ada Lovelace")])
        .await;
    let again = browser.get("/account/profile").await;
    assert_eq!(again.input_value("name").as_deref(), Some("Ada Lovelace"));
    assert!(again.html.contains("Your name is saved."));
}

#[tokio::test]
async fn sign_up_is_by_invitation_only_unless_the_operator_opens_it() {
    let app = app_with_mail().await;
    let page = Browser::new(&app).get("/account/sign-up").await;
    assert_eq!(page.status, StatusCode::NOT_FOUND);
    assert!(page.html.contains("Sign-up is by invitation only."));
    let sign_in = Browser::new(&app).get("/account/sign-in").await;
    assert!(!sign_in.html.contains("/account/sign-up"));
}

#[tokio::test]
async fn an_open_sign_up_needs_the_mailed_link_before_signing_in() {
    let app = app_with_open_sign_up().await;
    let email = format!("{}@example.com", app.service.new_id());
    let mut browser = Browser::new(&app);
    let form = browser.get("/account/sign-up").await;
    assert_eq!(form.status, StatusCode::OK);
    let fields = [
        ("name", "Grace"),
        ("email", email.as_str()),
        ("password", "a sign-up password"),
        ("workspace", "Grace's links"),
    ];
    let done = browser.submit("/account/sign-up", &form, &fields).await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.html);
    assert!(done.html.contains("We sent a link to the address you gave."));
    // The account is made after the answer, with its mail: once the mail is there, the account
    // is, and it cannot sign in before the link's button is pressed.
    let link = link_in_mail(&email, 1, "verify-email").await;
    let early = Browser::new(&app).sign_in(&email, "a sign-up password").await;
    assert_eq!(early.status, StatusCode::FORBIDDEN);
    assert!(early.html.contains("Confirm your e-mail address first"));
    let confirmed = confirm(&mut Browser::new(&app), &link).await;
    assert_eq!(confirmed.status, StatusCode::OK, "{}", confirmed.html);
    assert!(confirmed.html.contains("Your address is confirmed."));
    let mut person = Browser::new(&app);
    assert_eq!(
        person.sign_in(&email, "a sign-up password").await.status,
        StatusCode::SEE_OTHER
    );
    let integrations = person.get("/account/integrations").await;
    assert!(
        integrations.html.contains("Grace&#39;s links"),
        "the first workspace is theirs"
    );
}

#[tokio::test]
async fn a_confirm_link_works_once_and_its_button_needs_the_pages_form_token() {
    let app = app_with_open_sign_up().await;
    let email = format!("{}@example.com", app.service.new_id());
    let link = sign_up(&app, &email, "a sign-up password", "Grace's links", 1).await;
    let forged = Browser::new(&app).post(&link, &[("csrf", "forged-token")]).await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN, "{}", forged.html);
    let mut person = Browser::new(&app);
    assert_eq!(confirm(&mut person, &link).await.status, StatusCode::OK);
    assert_eq!(person.get(&link).await.status, StatusCode::GONE, "single use");
}

#[tokio::test]
async fn signing_up_with_an_address_that_has_an_account_looks_the_same_and_mails_the_owner() {
    let app = app_with_open_sign_up().await;
    let email = app.person().await;
    let mut browser = Browser::new(&app);
    let form = browser.get("/account/sign-up").await;
    let fields = [
        ("name", "Mallory"),
        ("email", email.as_str()),
        ("password", "mallory's password"),
        ("workspace", "Taken"),
    ];
    let done = browser.submit("/account/sign-up", &form, &fields).await;
    assert_eq!(done.status, StatusCode::OK);
    assert!(done.html.contains("We sent a link to the address you gave."));
    let mail = lib::testing::mail::wait_for_mail(&email, 1).await;
    assert_eq!(mail[0].subject, "You already have a Smart links account");
    assert_eq!(
        Browser::new(&app).sign_in(&email, PASSWORD).await.status,
        StatusCode::SEE_OTHER
    );
}

#[tokio::test]
async fn an_invitation_mail_carries_the_link_in_text_and_html_from_the_product() {
    let app = app_with_mail().await;
    let (_, ws, mut owner) = crate::team_support::owned_workspace(&app).await;
    let invitee = lib::testing::mail::unique_recipient("invitee");
    let sent = owner.invite(&ws, invitee.as_str(), "member").await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.html);
    let mail = lib::testing::mail::wait_for_mail(invitee.as_str(), 1).await;
    assert_eq!(mail[0].from.name.as_deref(), Some("Smart links"));
    assert!(mail[0].subject.contains("invited you to Acme"));
    assert!(mail[0].text.contains("/account/invitations/"));
    assert!(mail[0].html.contains("/account/invitations/"));
    let link = link_in_mail(invitee.as_str(), 1, "invitations").await;
    assert_eq!(Browser::new(&app).get(&link).await.status, StatusCode::OK);
}

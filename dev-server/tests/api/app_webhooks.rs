//! The app's webhooks tab: a new endpoint and its secret shown once, the test event, the recent
//! deliveries, switching, rotation, deletion after a confirmation, and what a member is told.

use lib::testing::receiver::WebhookReceiver;
use reqwest::StatusCode;

use crate::helpers::{TestApp, spawn_reaching};
use crate::pages_support::{Browser, PageAnswer, signed_in_owner_with_key};

/// The page a form post led to (following its redirect, as a browser does).
async fn landed(browser: &mut Browser<'_>, answer: PageAnswer) -> PageAnswer {
    match answer.location() {
        Some(location) if answer.status == StatusCode::SEE_OTHER => browser.get(location).await,
        _ => answer,
    }
}

fn path(ws: &str) -> String {
    format!("/app/w/{ws}/webhooks")
}

/// Creates an endpoint wanting link.created at `receiver`'s `/in` through the page; answers
/// the page that shows its secret.
async fn create_on_page(browser: &mut Browser<'_>, ws: &str, receiver: &WebhookReceiver) -> PageAnswer {
    let form = browser.get(&path(ws)).await;
    let url = receiver.url("/in");
    browser
        .submit(
            &path(ws),
            &form,
            &[("url", &url), ("events", "link.created"), ("events", "link.clicked")],
        )
        .await
}

async fn webhook_id(app: &TestApp, ws: &crate::helpers::TestWorkspace) -> String {
    let (_, listed) = app
        .request(
            reqwest::Method::GET,
            &format!("/apiv1/webhooks?workspaceId={}", ws.id),
            Some(&ws.key),
            None,
        )
        .await;
    listed["webhooks"][0]["id"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn a_new_endpoint_shows_its_secret_once_and_is_listed() {
    let receiver = WebhookReceiver::start().await;
    let app = spawn_reaching(receiver.fetcher()).await;
    let (mut browser, ws) = signed_in_owner_with_key(&app).await;
    let made = create_on_page(&mut browser, &ws.id, &receiver).await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.html);
    let secret = made.input_value("secret-value").expect("the secret, shown now");
    assert!(secret.starts_with("whsec_"));
    assert!(
        made.html
            .contains("Webhook created. Keep its secret now: it is not shown again.")
    );
    let again = browser.get(&path(&ws.id)).await;
    assert!(again.html.contains(&receiver.url("/in")));
    assert!(!again.html.contains(&secret), "the secret is shown once");
}

#[tokio::test]
async fn a_refused_url_is_shown_on_the_form_with_what_was_typed() {
    let app = crate::helpers::spawn_app().await;
    let (mut browser, ws) = signed_in_owner_with_key(&app).await;
    let form = browser.get(&path(&ws.id)).await;
    let refused = browser
        .submit(
            &path(&ws.id),
            &form,
            &[("url", "http://hooks.example.com/in"), ("events", "link.created")],
        )
        .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert!(
        refused
            .html
            .contains("url must be an https URL such as https://hooks.example.com/links.")
    );
    assert_eq!(
        refused.input_value("webhook-url").as_deref(),
        Some("http://hooks.example.com/in")
    );
}

#[tokio::test]
async fn the_test_event_is_posted_signed_and_listed_among_the_recent_deliveries() {
    let receiver = WebhookReceiver::start().await;
    let app = spawn_reaching(receiver.fetcher()).await;
    let (mut browser, ws) = signed_in_owner_with_key(&app).await;
    let made = create_on_page(&mut browser, &ws.id, &receiver).await;
    let id = webhook_id(&app, &ws).await;
    let sent = browser
        .submit(&format!("{}/{id}", path(&ws.id)), &made, &[("do", "test")])
        .await;
    let sent = landed(&mut browser, sent).await;
    assert_eq!(sent.status, StatusCode::OK, "{}", sent.html);
    assert!(
        sent.html
            .contains("Test event delivered: the endpoint answered HTTP 200."),
        "{}",
        sent.html
    );
    let posts = receiver.received("/in");
    assert_eq!(posts.len(), 1);
    assert_eq!(posts[0].json()["type"], "webhook.test");
    assert!(posts[0].header("webhook-signature").starts_with("v1,"));
    assert!(sent.html.contains("test event") && sent.html.contains("HTTP 200"));
}

#[tokio::test]
async fn switching_off_rotating_and_deleting_each_say_so() {
    let receiver = WebhookReceiver::start().await;
    let app = spawn_reaching(receiver.fetcher()).await;
    let (mut browser, ws) = signed_in_owner_with_key(&app).await;
    let made = create_on_page(&mut browser, &ws.id, &receiver).await;
    let old = made.input_value("secret-value").unwrap();
    let id = webhook_id(&app, &ws).await;
    let action = format!("{}/{id}", path(&ws.id));
    let off = browser.submit(&action, &made, &[("do", "switch-off")]).await;
    let off = landed(&mut browser, off).await;
    assert!(off.html.contains("Webhook switched off."), "{}", off.html);
    assert!(off.html.contains("Switch on"));
    let rotated = browser.submit(&action, &off, &[("do", "rotate")]).await;
    let new = rotated.input_value("secret-value").expect("the new secret");
    assert_ne!(new, old);
    assert!(
        rotated
            .html
            .contains("The old one keeps signing beside it for 24 hours.")
    );
    let confirm = browser.get(&format!("{action}/delete")).await;
    assert!(confirm.html.contains("Delete the webhook to"), "{}", confirm.html);
    let deleted = browser.submit(&format!("{action}/delete"), &confirm, &[]).await;
    let deleted = landed(&mut browser, deleted).await;
    assert!(deleted.html.contains("Webhook deleted.") && deleted.html.contains("No endpoint yet."));
}

#[tokio::test]
async fn a_member_is_told_the_tab_is_for_owners_and_managers() {
    let app = crate::helpers::spawn_app().await;
    let (_, ws) = signed_in_owner_with_key(&app).await;
    let email = app.person().await;
    lib::admin::add_member(&app.service, &ws.id, &email, "member")
        .await
        .unwrap();
    let mut member = Browser::new(&app);
    member.sign_in(&email, crate::pages_support::PASSWORD).await;
    let page = member.get(&path(&ws.id)).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert!(
        page.html
            .contains("Only the workspace&#39;s owner and managers can see and change webhooks.")
    );
}

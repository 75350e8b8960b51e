//! Webhook endpoints in the service (the doors come with their functions): who may keep them,
//! what URL they may name, secrets shown once and rotated with an overlap, the failing streak.

use chrono::Duration;
use lib::domain::{EventTypes, NewWebhook, WebhookChange, WebhookUrl};
use lib::service::{ServiceError, accounts::Access, webhooks::WebhookWithSecret};
use lib::testing::documents::DocumentServer;

use crate::helpers::{TestApp, TestWorkspace, oid, spawn_app, spawn_reaching};

pub(crate) fn new_hook(url: &str, events: &[&str]) -> NewWebhook {
    let events: Vec<String> = events.iter().map(|e| e.to_string()).collect();
    NewWebhook {
        url: WebhookUrl::parse("url", url).expect("a webhook URL"),
        events: EventTypes::parse("events", &events).expect("event types"),
        link_ids: Vec::new(),
        batch: false,
    }
}

async fn access_of(app: &TestApp, ws: &TestWorkspace, user: &str) -> Access {
    app.service
        .open_workspace_as(oid(user), &oid(&ws.id))
        .await
        .expect("the workspace opens")
}

pub(crate) async fn owner(app: &TestApp, ws: &TestWorkspace) -> Access {
    access_of(app, ws, &ws.owner).await
}

/// A member's access: a new user added to `ws` as a plain member.
async fn member(app: &TestApp, ws: &TestWorkspace) -> Access {
    let user = app.user().await;
    lib::admin::add_member(&app.service, &ws.id, &user, "member")
        .await
        .expect("member");
    access_of(app, ws, &user).await
}

/// A receiver, an app reaching it, its owner, and one endpoint there wanting click events.
async fn one_endpoint() -> (DocumentServer, TestApp, Access, WebhookWithSecret) {
    let server = DocumentServer::start().await;
    let app = spawn_reaching(server.fetcher()).await;
    let ws = app.workspace().await;
    let owner = owner(&app, &ws).await;
    let created = app
        .service
        .create_webhook(&owner, new_hook(&server.url("/hook"), &["link.clicked"]))
        .await
        .expect("created");
    (server, app, owner, created)
}

#[tokio::test]
async fn an_owner_creates_an_endpoint_and_is_shown_its_secret_once() {
    let (server, app, owner, created) = one_endpoint().await;
    let secret = created.secret.clone().expect("the secret, shown now");
    assert!(secret.expose().starts_with("whsec_"));
    assert_eq!(
        created.created_message(),
        "Webhook created. Keep its secret now: it is not shown again."
    );
    let listed = app.service.list_webhooks(&owner).await.expect("listed");
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].url.as_str(), server.url("/hook"));
    assert!(listed[0].enabled);
}

#[tokio::test]
async fn a_member_may_neither_see_nor_change_endpoints() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let member = member(&app, &ws).await;
    let refused = app.service.list_webhooks(&member).await.unwrap_err();
    assert_eq!(
        refused.to_string(),
        "Only the workspace's owner and managers can see and change webhooks."
    );
    assert!(matches!(
        app.service
            .create_webhook(&member, new_hook("https://hooks.example.com/in", &["link.created"]))
            .await,
        Err(ServiceError::WebhooksClosed)
    ));
}

#[tokio::test]
async fn a_url_on_a_loopback_or_private_address_is_refused_at_creation() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let owner = owner(&app, &ws).await;
    for url in [
        "https://localhost/hook",
        "https://127.0.0.1/hook",
        "https://10.0.0.7/hook",
        "https://[::1]/hook",
    ] {
        let refused = app
            .service
            .create_webhook(&owner, new_hook(url, &["link.created"]))
            .await
            .unwrap_err();
        assert_eq!(refused.field(), Some("url"), "{url}");
        assert!(
            refused
                .to_string()
                .starts_with("url cannot be called: its host is not at a public address"),
            "{url}: {refused}"
        );
    }
    assert!(app.service.list_webhooks(&owner).await.unwrap().is_empty());
}

#[tokio::test]
async fn rotating_the_secret_keeps_the_old_one_signing_for_a_day() {
    let (_server, app, owner, created) = one_endpoint().await;
    let old = created.secret.unwrap();
    let change = WebhookChange {
        rotate_secret: true,
        ..WebhookChange::default()
    };
    let rotated = app
        .service
        .update_webhook(&owner, &created.webhook.id, change)
        .await
        .unwrap();
    let new = rotated.secret.clone().expect("the new secret, shown now");
    assert_ne!(new, old);
    let now = app.clock_now();
    let signing = rotated.webhook.secrets.signing(now);
    assert_eq!(signing, vec![&new, &old]);
    assert_eq!(rotated.webhook.secrets.signing(now + Duration::hours(24)), vec![&new]);
    assert_eq!(
        rotated.updated_message(),
        "Webhook updated with a new secret. The old one keeps signing beside it for 24 hours."
    );
}

#[tokio::test]
async fn an_endpoint_disabled_for_failing_is_switched_on_again_with_a_clean_streak() {
    let (_server, app, owner, created) = one_endpoint().await;
    let hook = created.webhook;
    let since = app.clock_now() - Duration::days(3);
    lib::testing::store(&app.service)
        .record_webhook_streak(&hook.workspace_id, &hook.id, Some(since), Some(app.clock_now()))
        .await
        .unwrap();
    let off = &app.service.list_webhooks(&owner).await.unwrap()[0];
    assert!(!off.enabled && off.failing_since == Some(since) && off.disabled_for_failing_at.is_some());
    let on = WebhookChange {
        enabled: Some(true),
        ..WebhookChange::default()
    };
    let back = app.service.update_webhook(&owner, &hook.id, on).await.unwrap().webhook;
    assert!(back.enabled && back.failing_since.is_none() && back.disabled_for_failing_at.is_none());
    assert_eq!(app.service.list_webhooks(&owner).await.unwrap()[0], back);
}

#[tokio::test]
async fn a_workspace_keeps_at_most_twenty_endpoints_and_a_deleted_one_is_gone() {
    let server = DocumentServer::start().await;
    let app = spawn_reaching(server.fetcher()).await;
    let ws = app.workspace().await;
    let owner = owner(&app, &ws).await;
    let mut ids = Vec::new();
    for i in 0..20 {
        let hook = new_hook(&server.url(&format!("/hook/{i}")), &["link.created"]);
        ids.push(app.service.create_webhook(&owner, hook).await.unwrap().webhook.id);
    }
    let refused = app
        .service
        .create_webhook(&owner, new_hook(&server.url("/one-more"), &["link.created"]))
        .await
        .unwrap_err();
    assert_eq!(
        refused.to_string(),
        "This workspace has 20 webhooks, the most it may keep; delete one first."
    );
    app.service.delete_webhook(&owner, &ids[0]).await.unwrap();
    assert!(matches!(
        app.service.delete_webhook(&owner, &ids[0]).await,
        Err(ServiceError::WebhookNotFound)
    ));
    assert_eq!(app.service.list_webhooks(&owner).await.unwrap().len(), 19);
}

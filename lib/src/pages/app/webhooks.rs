//! The webhooks tab (`/app/w/<ws>/webhooks`, owner and managers): each endpoint with its latest
//! deliveries (time, event, attempt, result, response code), switched on or off, its secret
//! rotated, a test event sent at once, deleted after a confirmation; a new endpoint's form. A
//! secret is shown on the page that made it, once. The service decides; a refusal is shown.

use crate::wire;
use lambda_http::http::StatusCode;
use lambda_http::{Body, Response};

use super::super::{Form, Page, PageRequest};
use super::context::{Workspace, redirect_with_notice};
use super::team::shown;
use super::views::ConfirmPage;
use super::webhook_views::{AttemptRow, EndpointCard, EventChoice, WebhooksPage};
use crate::domain::webhook_delivery::{AttemptOutcome, DeliveryAttempt};
use crate::domain::{EventType, EventTypes, NewWebhook, Vocabulary, WebhookChange, WebhookUrl, webhook_link_ids};
use crate::service::{ServiceError, webhooks::WebhookWithLog, webhooks::WebhookWithSecret};

/// What the page shows besides the endpoints: a secret to copy, or a refused form again.
#[derive(Default)]
struct Extras {
    secret: Option<(String, String)>,
    error: Option<String>,
    url: String,
    events: Vec<String>,
    batch: bool,
    links: String,
}

/// The page's extras showing a secret just made, with its endpoint's URL.
fn secret_shown(made: &WebhookWithSecret) -> Extras {
    Extras {
        secret: made
            .secret
            .as_ref()
            .map(|s| (s.expose().to_string(), made.webhook.url.as_str().to_string())),
        ..Extras::default()
    }
}

fn attempt_row(attempt: &DeliveryAttempt) -> AttemptRow {
    let (result, badge) = match attempt.outcome {
        AttemptOutcome::Delivered => ("Delivered".to_string(), "ok"),
        AttemptOutcome::Retrying => (
            match attempt.next_attempt_at {
                Some(at) => format!("Failed; tried again at {}", shown(at).0),
                None => "Failed; tried again".to_string(),
            },
            "warn",
        ),
        AttemptOutcome::Failed => (
            match &attempt.note {
                Some(note) => format!("Failed: {note}"),
                None => "Failed".to_string(),
            },
            "off",
        ),
    };
    let event = match attempt.kind {
        Some(kind) if attempt.events > 1 => format!("{} × {}", attempt.events, kind.name()),
        Some(kind) => kind.name().to_string(),
        None => "test event".to_string(),
    };
    AttemptRow {
        at: shown(attempt.at),
        event,
        attempt: attempt.attempt,
        result,
        badge,
        response: attempt
            .response_code
            .map_or_else(|| "no answer".to_string(), |code| format!("HTTP {code}")),
    }
}

fn card(ws: &Workspace, entry: &WebhookWithLog) -> EndpointCard {
    let hook = &entry.webhook;
    let base = format!("{}/webhooks/{}", ws.base(), hook.id);
    EndpointCard {
        id: hook.id.to_string(),
        url: hook.url.as_str().to_string(),
        events: hook.events.iter().map(|e| e.name()).collect::<Vec<_>>().join(", "),
        batch: hook.batch,
        links: hook.link_ids.len(),
        enabled: hook.enabled,
        disabled_for_failing: hook.disabled_for_failing_at.map(shown),
        failing_since: hook.failing_since.map(shown),
        disabled_reason: hook.disabled_reason.clone().filter(|_| !hook.enabled),
        set_up_by: hook.set_up_by.as_ref().map(|by| by.described()),
        action: base.clone(),
        delete_href: format!("{base}/delete"),
        attempts: entry.deliveries.iter().map(attempt_row).collect(),
    }
}

async fn webhooks_page(
    page: &PageRequest<'_>,
    ws: &Workspace,
    status: StatusCode,
    extras: Extras,
) -> Result<Response<Body>, ServiceError> {
    let endpoints = page.service.webhooks_with_log(&ws.access).await?;
    let template = WebhooksPage {
        chrome: ws.chrome("webhooks"),
        notice: ws.notice.clone(),
        workspace: ws.access.workspace.name.clone(),
        csrf: ws.user.session.csrf_token.clone(),
        create_action: format!("{}/webhooks", ws.base()),
        endpoints: endpoints.iter().map(|e| card(ws, e)).collect(),
        secret: extras.secret,
        error: extras.error,
        new_url: extras.url,
        new_events: EventType::ALL
            .iter()
            .map(|kind| EventChoice {
                value: kind.name(),
                checked: extras.events.iter().any(|e| e == kind.name()),
            })
            .collect(),
        new_batch: extras.batch,
        new_links: extras.links,
    };
    Ok(ws.finish(page, Page::new(status, &template).into_response()))
}

pub async fn show(page: &PageRequest<'_>, raw_ws: &str) -> Result<Response<Body>, ServiceError> {
    let ws = Workspace::open(page, raw_ws).await?;
    webhooks_page(page, &ws, StatusCode::OK, Extras::default()).await
}

/// The new endpoint a form asks for.
fn new_webhook(form: &Form) -> Result<NewWebhook, ServiceError> {
    let url = form.get("url").unwrap_or("").trim();
    if url.is_empty() {
        return Err(crate::domain::Invalid::new("url", "url is required.").into());
    }
    let events: Vec<String> = form.all("events").into_iter().map(str::to_string).collect();
    if events.is_empty() {
        return Err(crate::domain::Invalid::new("events", "Choose at least one event.").into());
    }
    let links: Vec<String> = form
        .get("linkIds")
        .unwrap_or("")
        .split([',', '\n', ' ', '\r'])
        .filter(|id| !id.is_empty())
        .map(str::to_string)
        .collect();
    Ok(NewWebhook {
        url: WebhookUrl::parse("url", url)?,
        events: EventTypes::parse("events", &events)?,
        link_ids: webhook_link_ids("linkIds", &links)?,
        batch: form.get("batch").is_some(),
    })
}

pub async fn create(page: &PageRequest<'_>, raw_ws: &str) -> Result<Response<Body>, ServiceError> {
    let (ws, form) = Workspace::open_form(page, raw_ws).await?;
    let result = match new_webhook(&form) {
        Ok(new) => page.service.create_webhook(&ws.access, new).await,
        Err(err) => Err(err),
    };
    match result {
        Ok(created) => {
            let shown = secret_shown(&created);
            let ws = Workspace {
                notice: Some(created.created_message().to_string()),
                ..ws
            };
            webhooks_page(page, &ws, StatusCode::OK, shown).await
        }
        Err(err @ (ServiceError::Internal(_) | ServiceError::QueueFailed(_))) => Err(err),
        Err(err) => {
            let again = Extras {
                error: Some(err.to_string()),
                url: form.get("url").unwrap_or("").to_string(),
                events: form.all("events").into_iter().map(str::to_string).collect(),
                batch: form.get("batch").is_some(),
                links: form.get("linkIds").unwrap_or("").to_string(),
                ..Extras::default()
            };
            webhooks_page(page, &ws, crate::http::status_of(&err), again).await
        }
    }
}

/// One endpoint's buttons: `switch` (on or off), `rotate`, `test`.
pub async fn act(page: &PageRequest<'_>, raw_ws: &str, raw_id: &str) -> Result<Response<Body>, ServiceError> {
    let (ws, form) = Workspace::open_form(page, raw_ws).await?;
    let id = wire::parse_id(wire::IdField::Webhook, Some(raw_id)).map_err(|_| ServiceError::WebhookNotFound)?;
    let back = format!("{}/webhooks#webhook-{id}", ws.base());
    let change = |enabled: Option<bool>, rotate_secret: bool| WebhookChange {
        url: None,
        events: None,
        link_ids: None,
        enabled,
        batch: None,
        rotate_secret,
    };
    match form.get("do").unwrap_or("") {
        "switch-on" | "switch-off" => {
            let on = form.get("do") == Some("switch-on");
            page.service
                .update_webhook(&ws.access, &id, change(Some(on), false))
                .await?;
            let notice = if on {
                "Webhook switched on."
            } else {
                "Webhook switched off."
            };
            Ok(redirect_with_notice(page, &back, notice))
        }
        "rotate" => {
            let done = page.service.update_webhook(&ws.access, &id, change(None, true)).await?;
            let shown = secret_shown(&done);
            let ws = Workspace {
                notice: Some(done.updated_message().to_string()),
                ..ws
            };
            webhooks_page(page, &ws, StatusCode::OK, shown).await
        }
        "test" => {
            let sent = page.service.send_test_event(&ws.access, &id).await?;
            Ok(redirect_with_notice(page, &back, &sent.message()))
        }
        _ => Err(ServiceError::BadRequest("Choose what to do with the webhook.".into())),
    }
}

pub async fn confirm_delete(
    page: &PageRequest<'_>,
    raw_ws: &str,
    raw_id: &str,
) -> Result<Response<Body>, ServiceError> {
    let ws = Workspace::open(page, raw_ws).await?;
    let id = wire::parse_id(wire::IdField::Webhook, Some(raw_id)).map_err(|_| ServiceError::WebhookNotFound)?;
    let hook = page.service.webhook(&ws.access, &id).await?;
    let template = ConfirmPage {
        chrome: ws.chrome("webhooks"),
        title: format!("Delete the webhook to {}?", hook.url.as_str()),
        text: "It is told of nothing more, and deliveries still waiting for it are dropped. This cannot be undone."
            .into(),
        action: format!("{}/webhooks/{id}/delete", ws.base()),
        csrf: ws.user.session.csrf_token.clone(),
        button: "Delete the webhook".into(),
        cancel_href: format!("{}/webhooks", ws.base()),
    };
    Ok(ws.finish(page, Page::new(StatusCode::OK, &template).into_response()))
}

pub async fn delete(page: &PageRequest<'_>, raw_ws: &str, raw_id: &str) -> Result<Response<Body>, ServiceError> {
    let (ws, _) = Workspace::open_form(page, raw_ws).await?;
    let id = wire::parse_id(wire::IdField::Webhook, Some(raw_id)).map_err(|_| ServiceError::WebhookNotFound)?;
    let done = page.service.delete_webhook(&ws.access, &id).await?;
    Ok(redirect_with_notice(
        page,
        &format!("{}/webhooks", ws.base()),
        &done.message,
    ))
}

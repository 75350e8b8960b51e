//! The tools for a workspace's webhook endpoints.

use super::{Spec, Tool, annotations, input, output};
use crate::domain::{RateClass, Scope};
use crate::mcp::tools::dispatch::{CreateWebhook, DeleteWebhook, ListWebhooks, NoArgs, UpdateWebhook, prepare};
use crate::wire::{
    CreatedWebhook, DeletedWebhook, UpdatedWebhook, WebhookIdInput, WebhookInput, WebhookList, WebhookUpdateInput,
};

const EVENTS: &str = "events: link.created, link.updated, link.deleted, link.clicked, conversion.created";

/// The tools that decide where events go: a URL the caller picks receives every click and sale.
const SEND_EVENTS_OUT: [&str; 2] = ["create_webhook", "update_webhook"];

/// `tool` needing `analytics:read` besides its own scope when it decides where events go:
/// `links:write` is consented to as "create and change links", not as reading analytics.
pub(super) fn with_scope_to_send_events_out(mut tool: Tool) -> Tool {
    if SEND_EVENTS_OUT.contains(&tool.name) {
        tool.also = Some(Scope::AnalyticsRead);
    }
    tool
}

/// Creating or pointing an endpoint elsewhere resolves its host on the internet.
fn reaches_out(read_only: bool, destructive: bool, idempotent: bool) -> rmcp::model::ToolAnnotations {
    let mut a = annotations(read_only, destructive, idempotent);
    a.open_world_hint = Some(true);
    a
}

/// The webhook tools, in the order `tools/list` shows them.
pub(super) fn tools() -> Vec<Spec> {
    vec![
        Spec {
            name: "list_webhooks",
            scope: Scope::LinksRead,
            rate: RateClass::Standard,
            parse: prepare::<ListWebhooks>,
            title: "List webhook endpoints",
            description: "List the workspace's webhook endpoints, oldest first: each one's id, url, events, linkIds, \
                 batch, whether it is enabled, disabledForFailingAt when it was switched off for failing three \
                 days, setUpBy (the person, API key or app that set it up) and disabledReason when it was switched \
                 off because that key or app was revoked. Never a secret. Only the workspace's owner and managers \
                 may see them."
                .into(),
            input: input::<NoArgs>(&[]),
            output: output::<WebhookList>(),
            annotations: annotations(true, false, true),
        },
        Spec {
            name: "create_webhook",
            scope: Scope::LinksWrite,
            rate: RateClass::Standard,
            parse: prepare::<CreateWebhook>,
            title: "Create a webhook endpoint",
            description: format!(
                "Create a webhook endpoint: an https URL whose host resolves to public addresses only, the {EVENTS} \
                 (at least one), optionally linkIds (only these links' events) and batch (click events up to 100 per \
                 request). Deliveries are signed as the Standard Webhooks specification says with the secret in the \
                 answer, shown this once: hand it to the person now. At most 20 per workspace; owner and managers \
                 only. Needs analytics:read besides links:write (every click and sale goes to the URL); the endpoint \
                 is switched off when the credential that made it is revoked."
            ),
            input: input::<WebhookInput>(&["url", "events"]),
            output: output::<CreatedWebhook>(),
            annotations: reaches_out(false, false, false),
        },
        Spec {
            name: "update_webhook",
            scope: Scope::LinksWrite,
            rate: RateClass::Standard,
            parse: prepare::<UpdateWebhook>,
            title: "Change a webhook endpoint",
            description: format!(
                "Change a webhook endpoint (webhookId from list_webhooks): only the fields given change (url, \
                 {EVENTS}, linkIds, batch). enabled true switches it on again; rotateSecret true answers with a new \
                 secret, shown this once, while the old one keeps signing beside it for 24 hours. Answers the \
                 endpoint as now listed."
            ),
            input: input::<WebhookUpdateInput>(&["webhookId"]),
            output: output::<UpdatedWebhook>(),
            annotations: reaches_out(false, true, false),
        },
        Spec {
            name: "delete_webhook",
            scope: Scope::LinksDelete,
            rate: RateClass::Standard,
            parse: prepare::<DeleteWebhook>,
            title: "Delete a webhook endpoint",
            description: "Permanently delete a webhook endpoint (webhookId from list_webhooks); events still queued \
                 for it are dropped. Cannot be undone. Only the workspace's owner and managers may delete endpoints."
                .into(),
            input: input::<WebhookIdInput>(&["webhookId"]),
            output: output::<DeletedWebhook>(),
            annotations: annotations(false, true, false),
        },
    ]
}

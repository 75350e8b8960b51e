//! Webhook endpoints in the document.

use serde_json::json;

use super::answers::Success;
use super::components::{Schemas, workspace_id_property, workspace_query};
use super::links::{EXAMPLE_WORKSPACE, read_failures, write_failures};
use super::operation::Op;
use crate::domain::Invalid;
use crate::manifest;
use crate::service::ServiceError;
use crate::wire::{
    CreatedWebhook, DeletedWebhook, UpdatedWebhook, WebhookIdInput, WebhookInput, WebhookList, WebhookUpdateInput,
};

const EXAMPLE_WEBHOOK: &str = "6b02e6d4069c6b5b72ddaf4c";

/// What every change of an endpoint may be refused for besides the write failures.
fn managed_failures(mut more: Vec<ServiceError>) -> Vec<ServiceError> {
    more.push(ServiceError::WebhooksClosed);
    write_failures(more)
}

/// The failures of a change to one endpoint, named by `webhookId`.
fn one_endpoint_failures() -> Vec<ServiceError> {
    managed_failures(vec![
        ServiceError::BadId(crate::wire::BadId::Missing(crate::wire::IdField::Webhook)),
        ServiceError::BadId(crate::wire::BadId::Malformed(crate::wire::IdField::Webhook)),
        ServiceError::WebhookNotFound,
    ])
}

/// Every operation of the webhook endpoints.
pub fn operations(schemas: &mut Schemas) -> Vec<(&'static manifest::Function, Op)> {
    let workspace = workspace_id_property();
    vec![
        (
            &manifest::LIST_WEBHOOKS,
            Op {
                id: "listWebhooks",
                tag: "Webhooks",
                summary: "List webhook endpoints",
                description: "The workspace's webhook endpoints, oldest first, never their secrets. An endpoint \
                    switched off for failing three days carries `disabledForFailingAt`; one switched off because \
                    the API key or app that set it up (`setUpBy`) was revoked carries `disabledReason`. Only the \
                    workspace's owner and managers may see them."
                    .into(),
                parameters: vec![workspace_query()],
                body: None,
                success: Success::Json("The endpoints.", Box::new(schemas.output::<WebhookList>())),
                failures: || read_failures(vec![ServiceError::WebhooksClosed]),
                idempotent: false,
                links: Vec::new(),
            },
        ),
        (
            &manifest::CREATE_WEBHOOK,
            Op {
                id: "createWebhook",
                tag: "Webhooks",
                summary: "Create a webhook endpoint",
                description: "An https URL whose host resolves to public addresses only (port 443), the event \
                    types it wants, optionally the links it is about and `batch` (click events up to 100 per \
                    request). Deliveries are signed as the Standard Webhooks specification says \
                    (`webhook-id`, `webhook-timestamp`, `webhook-signature`) with the secret in the answer, \
                    shown this once. At most 20 per workspace; owner and managers only."
                    .into(),
                parameters: Vec::new(),
                body: Some((
                    schemas.request::<WebhookInput>("CreateWebhookRequest", std::slice::from_ref(&workspace)),
                    json!({ "workspaceId": EXAMPLE_WORKSPACE, "url": "https://hooks.example.com/links",
                            "events": ["link.created", "link.clicked"], "batch": true }),
                )),
                success: Success::Json(
                    "The endpoint was created; keep its secret.",
                    Box::new(schemas.output::<CreatedWebhook>()),
                ),
                failures: || {
                    managed_failures(vec![ServiceError::Invalid(Invalid::new(
                        "url",
                        "url cannot be called: its host is not at a public address (private, loopback, link-local \
                         and similar addresses are never fetched).",
                    ))])
                },
                idempotent: false,
                links: Vec::new(),
            },
        ),
        (
            &manifest::UPDATE_WEBHOOK,
            Op {
                id: "updateWebhook",
                tag: "Webhooks",
                summary: "Change a webhook endpoint",
                description: "Changes the fields given. `enabled: true` switches an endpoint on again (a \
                    failing streak starts afresh); `rotateSecret: true` answers with a new secret while the old \
                    one keeps signing beside it for 24 hours (each delivery carries both signatures)."
                    .into(),
                parameters: Vec::new(),
                body: Some((
                    schemas.request::<WebhookUpdateInput>("UpdateWebhookRequest", std::slice::from_ref(&workspace)),
                    json!({ "workspaceId": EXAMPLE_WORKSPACE, "webhookId": EXAMPLE_WEBHOOK, "rotateSecret": true }),
                )),
                success: Success::Json(
                    "The endpoint was changed.",
                    Box::new(schemas.output::<UpdatedWebhook>()),
                ),
                failures: one_endpoint_failures,
                idempotent: false,
                links: Vec::new(),
            },
        ),
        (
            &manifest::DELETE_WEBHOOK,
            Op {
                id: "deleteWebhook",
                tag: "Webhooks",
                summary: "Delete a webhook endpoint",
                description: "Deletes the endpoint; events still queued for it are dropped.".into(),
                parameters: Vec::new(),
                body: Some((
                    schemas.request::<WebhookIdInput>("DeleteWebhookRequest", std::slice::from_ref(&workspace)),
                    json!({ "workspaceId": EXAMPLE_WORKSPACE, "webhookId": EXAMPLE_WEBHOOK }),
                )),
                success: Success::Json(
                    "The endpoint was deleted.",
                    Box::new(schemas.output::<DeletedWebhook>()),
                ),
                failures: one_endpoint_failures,
                idempotent: false,
                links: Vec::new(),
            },
        ),
    ]
}

//! The calls of the webhook tools: the same parsing and service calls as the HTTP API's
//! `/webhooks` and `/webhook/*` endpoints.

use super::{Args, NoArgs, ToolCall, read};
use crate::domain::ids::ObjectId;
use crate::domain::{NewWebhook, WebhookChange};
use crate::mcp::tools::output::Output;
use crate::service::{Service, ServiceError, accounts::Access};
use crate::wire::{self, IdField, WebhookIdInput, WebhookInput, WebhookList, WebhookUpdateInput};

/// `list_webhooks`.
#[derive(Debug)]
pub struct ListWebhooks;

impl ToolCall for ListWebhooks {
    fn parse(args: Args) -> Result<Self, ServiceError> {
        read::<NoArgs>(args)?;
        Ok(Self)
    }

    async fn run(self, service: &Service, access: &Access) -> Result<Output, ServiceError> {
        Ok(Output::json(WebhookList::of(&service.list_webhooks(access).await?)))
    }
}

/// `create_webhook`.
#[derive(Debug)]
pub struct CreateWebhook(pub NewWebhook);

impl ToolCall for CreateWebhook {
    fn parse(args: Args) -> Result<Self, ServiceError> {
        Ok(Self(read::<WebhookInput>(args)?.try_into()?))
    }

    async fn run(self, service: &Service, access: &Access) -> Result<Output, ServiceError> {
        Ok(Output::json(service.create_webhook(access, self.0).await?.created()))
    }
}

/// `update_webhook`: read in the HTTP API's order (the endpoint's id, then the change).
#[derive(Debug)]
pub struct UpdateWebhook(pub ObjectId, pub WebhookChange);

impl ToolCall for UpdateWebhook {
    fn parse(args: Args) -> Result<Self, ServiceError> {
        let input = read::<WebhookUpdateInput>(args)?;
        let id = wire::parse_id(IdField::Webhook, input.webhook_id.as_deref())?;
        Ok(Self(id, WebhookChange::try_from(&input)?))
    }

    async fn run(self, service: &Service, access: &Access) -> Result<Output, ServiceError> {
        Ok(Output::json(
            service.update_webhook(access, &self.0, self.1).await?.updated(),
        ))
    }
}

/// `delete_webhook`.
#[derive(Debug)]
pub struct DeleteWebhook(pub ObjectId);

impl ToolCall for DeleteWebhook {
    fn parse(args: Args) -> Result<Self, ServiceError> {
        let input = read::<WebhookIdInput>(args)?;
        Ok(Self(wire::parse_id(IdField::Webhook, input.webhook_id.as_deref())?))
    }

    async fn run(self, service: &Service, access: &Access) -> Result<Output, ServiceError> {
        Ok(Output::json(service.delete_webhook(access, &self.0).await?))
    }
}

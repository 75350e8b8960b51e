//! `PUT /apiv1/webhook/update`: changes a webhook endpoint; `rotateSecret` answers with a new
//! secret while the old one keeps signing for 24 hours.

use lambda_http::{Body, Error, Request, Response};
use lib::domain::WebhookChange;
use lib::service::Service;
use lib::wire::{self, WebhookUpdateInput};
use lib::{api, manifest};
use serde_json::Value;

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    api::json_endpoint(service, &req, &manifest::UPDATE_WEBHOOK, async |access, body| {
        let input = wire::from_json::<WebhookUpdateInput>(Value::Object(body))?;
        let id = wire::parse_id(wire::IdField::Webhook, input.webhook_id.as_deref())?;
        let change = WebhookChange::try_from(&input)?;
        Ok(api::ok(&service.update_webhook(&access, &id, change).await?.updated()))
    })
    .await
}

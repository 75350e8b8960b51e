//! `DELETE /apiv1/webhook/delete`: deletes a webhook endpoint; what was queued for it is dropped.

use lambda_http::{Body, Error, Request, Response};
use lib::service::Service;
use lib::wire::{self, WebhookIdInput};
use lib::{api, manifest};
use serde_json::Value;

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    api::json_endpoint(service, &req, &manifest::DELETE_WEBHOOK, async |access, body| {
        let input = wire::from_json::<WebhookIdInput>(Value::Object(body))?;
        let id = wire::parse_id(wire::IdField::Webhook, input.webhook_id.as_deref())?;
        Ok(api::ok(&service.delete_webhook(&access, &id).await?))
    })
    .await
}

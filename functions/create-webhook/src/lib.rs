//! `POST /apiv1/webhook/create`: a new webhook endpoint and its secret, shown this once (owner
//! and managers).

use lambda_http::{Body, Error, Request, Response};
use lib::domain::NewWebhook;
use lib::service::Service;
use lib::wire::{self, WebhookInput};
use lib::{api, manifest};
use serde_json::Value;

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    api::json_endpoint(service, &req, &manifest::CREATE_WEBHOOK, async |access, body| {
        let new: NewWebhook = wire::from_json::<WebhookInput>(Value::Object(body))?.try_into()?;
        Ok(api::ok(&service.create_webhook(&access, new).await?.created()))
    })
    .await
}

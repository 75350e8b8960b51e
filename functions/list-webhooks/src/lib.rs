//! `GET /apiv1/webhooks?workspaceId=…`: the workspace's webhook endpoints, never their secrets
//! (owner and managers).

use lambda_http::{Body, Error, Request, Response};
use lib::service::Service;
use lib::wire::WebhookList;
use lib::{api, manifest};

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    api::query_endpoint(service, &req, &manifest::LIST_WEBHOOKS, async |access| {
        Ok(api::ok(&WebhookList::of(&service.list_webhooks(&access).await?)))
    })
    .await
}

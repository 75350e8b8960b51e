//! `POST /apiv1/link/create`.

use lambda_http::{Body, Error, Request, Response};
use lib::service::Service;
use lib::wire::{self, LinkInput};
use lib::{api, http, manifest};
use serde_json::Value;

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    api::json_endpoint(service, &req, &manifest::CREATE_LINK, async |access, body| {
        let input: LinkInput = wire::from_json(Value::Object(body))?;
        let draft = http::drafter(service).draft(&input)?;
        Ok(api::ok(&service.create_link(&access, draft).await?))
    })
    .await
}

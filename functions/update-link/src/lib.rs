//! `PUT /apiv1/link/update`.

use lambda_http::{Body, Error, Request, Response};
use lib::service::Service;
use lib::wire::{self, LinkPatchInput};
use lib::{api, http, manifest};
use serde_json::Value;

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    api::json_endpoint(service, &req, &manifest::UPDATE_LINK, async |access, mut body| {
        let id = wire::parse_id(wire::IdField::Link, http::take_string(&mut body, "linkId").as_deref())?;
        let input: LinkPatchInput = wire::from_json(Value::Object(body))?;
        let patch = http::drafter(service).patch(&input)?;
        Ok(api::ok(&service.update_link(&access, &id, patch).await?))
    })
    .await
}

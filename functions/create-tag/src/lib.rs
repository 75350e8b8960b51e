//! `POST /apiv1/tag/create`: a new tag (the same service code as the MCP tool `create_tag`).

use lambda_http::{Body, Error, Request, Response};
use lib::service::Service;
use lib::wire::{self, NewTag, TagInput};
use lib::{api, manifest};
use serde_json::Value;

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    api::json_endpoint(service, &req, &manifest::CREATE_TAG, async |access, body| {
        let tag: NewTag = wire::from_json::<TagInput>(Value::Object(body))?.try_into()?;
        Ok(api::ok(&service.make_tag(&access, tag).await?))
    })
    .await
}

//! `DELETE /apiv1/tag/delete`: deletes a tag and takes it off the links that carry it.

use lambda_http::{Body, Error, Request, Response};
use lib::service::Service;
use lib::wire::{self, TagIdInput};
use lib::{api, manifest};
use serde_json::Value;

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    api::json_endpoint(service, &req, &manifest::DELETE_TAG, async |access, body| {
        let input = wire::from_json::<TagIdInput>(Value::Object(body))?;
        let id = wire::parse_id(wire::IdField::Tag, input.tag_id.as_deref())?;
        Ok(api::ok(&service.remove_tag(&access, &id).await?))
    })
    .await
}

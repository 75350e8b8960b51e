//! `PUT /apiv1/tag/update`: renames or recolours a tag.

use lambda_http::{Body, Error, Request, Response};
use lib::service::Service;
use lib::wire::{self, TagPatchInput};
use lib::{api, manifest};
use serde_json::Value;

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    api::json_endpoint(service, &req, &manifest::UPDATE_TAG, async |access, body| {
        let (id, change) = wire::from_json::<TagPatchInput>(Value::Object(body))?.parse()?;
        let id = wire::parse_id(wire::IdField::Tag, id.as_deref())?;
        Ok(api::ok(&service.change_tag(&access, &id, change).await?))
    })
    .await
}

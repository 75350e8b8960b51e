//! `DELETE /apiv1/link/delete`.

use lambda_http::{Body, Error, Request, Response};
use lib::domain::ids::ObjectId;
use lib::service::Service;
use lib::wire::{self, LinkIdInput};
use lib::{api, manifest};
use serde_json::Value;

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    api::json_endpoint(service, &req, &manifest::DELETE_LINK, async |access, body| {
        let id: ObjectId = wire::from_json::<LinkIdInput>(Value::Object(body))?.try_into()?;
        Ok(api::ok(&service.delete_link(&access, &id).await?))
    })
    .await
}

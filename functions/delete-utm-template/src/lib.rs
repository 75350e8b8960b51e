//! `DELETE /apiv1/utm-template/delete`: deletes a UTM template (links made with it keep their
//! fields).

use lambda_http::{Body, Error, Request, Response};
use lib::service::Service;
use lib::wire::{self, TemplateIdInput};
use lib::{api, manifest};
use serde_json::Value;

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    api::json_endpoint(service, &req, &manifest::DELETE_UTM_TEMPLATE, async |access, body| {
        let input = wire::from_json::<TemplateIdInput>(Value::Object(body))?;
        let id = wire::parse_id(wire::IdField::Template, input.template_id.as_deref())?;
        Ok(api::ok(&service.remove_utm_template(&access, &id).await?))
    })
    .await
}

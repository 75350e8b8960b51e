//! `POST /apiv1/utm-template/create`: a new UTM template (owner and managers).

use lambda_http::{Body, Error, Request, Response};
use lib::service::Service;
use lib::wire::{self, NewUtmTemplate, UtmTemplateInput};
use lib::{api, manifest};
use serde_json::Value;

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    api::json_endpoint(service, &req, &manifest::CREATE_UTM_TEMPLATE, async |access, body| {
        let template: NewUtmTemplate = wire::from_json::<UtmTemplateInput>(Value::Object(body))?.try_into()?;
        Ok(api::ok(&service.make_utm_template(&access, template).await?))
    })
    .await
}

//! `POST /apiv1/conversions`.

use lambda_http::{Body, Error, Request, Response};
use lib::service::Service;
use lib::wire::{self, ConversionInput};
use lib::{api, manifest};
use serde_json::Value;

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    api::json_endpoint(service, &req, &manifest::REPORT_CONVERSION, async |access, body| {
        let input: ConversionInput = wire::from_json(Value::Object(body))?;
        Ok(api::ok(&service.report_conversion(&access, input.parse()?).await?))
    })
    .await
}

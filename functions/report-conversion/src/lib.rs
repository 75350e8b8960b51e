//! `POST /apiv1/conversions`.

use lambda_http::{Body, Error, Request, Response};
use lib::service::Service;
use lib::wire::{self, ConversionInput};
use lib::{http, manifest};
use serde_json::Value;

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    http::json_endpoint(service, &req, &manifest::REPORT_CONVERSION, async |access, body| {
        let input: ConversionInput = wire::from_json(Value::Object(body))?;
        Ok(http::ok(&service.report_conversion(&access, input.parse()?).await?))
    })
    .await
}

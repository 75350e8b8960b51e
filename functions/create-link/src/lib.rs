//! `POST /apiv1/link/create`.

use lambda_http::{Body, Error, Request, Response};
use lib::http;
use lib::service::Service;
use lib::wire::{self, Door, LinkInput};
use serde_json::Value;

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    http::respond(&req, async {
        let (access, body) = http::open_json(service, &req).await?;
        let input: LinkInput = wire::from_json(Value::Object(body))?;
        Ok(http::ok(&service.create_link(&access, &input, Door::Http).await?))
    })
    .await
}

//! `POST /apiv1/link/create`.

use lambda_http::{Body, Error, Request, Response};
use lib::http;
use lib::service::Service;
use lib::wire::{self, Door, LinkInput};
use serde_json::{Value, json};

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    http::respond(&req, async {
        let (access, body) = http::open_json(service, &req).await?;
        let input: LinkInput = wire::from_json(Value::Object(body))?;
        let created = service.create_link(&access, &input, Door::Http).await?;
        Ok(http::ok(json!({
            "message": format!("Link \"{}\" created.", created.name),
            "id": created.id,
            "slug": created.slug,
            "fullLink": created.full_link,
        })))
    })
    .await
}

//! `POST /apiv1/links/bulk-create`.

use lambda_http::{Body, Error, Request, Response};
use lib::http;
use lib::service::{Service, ServiceError};
use lib::wire::Door;
use serde_json::{Value, json};

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    http::respond(&req, async {
        let (access, mut body) = http::open_json(service, &req).await?;
        let items = match body.remove("links") {
            Some(Value::Array(items)) => items,
            _ => return Err(ServiceError::BulkEmpty),
        };
        http::reject_unknown(&body)?;
        let outcome = service.bulk_create(&access, &items, Door::Http).await?;
        let created: Vec<Value> = outcome
            .created
            .iter()
            .map(|c| json!({ "id": c.id, "slug": c.slug, "fullLink": c.full_link, "name": c.name }))
            .collect();
        let failed: Vec<Value> = outcome
            .failed
            .iter()
            .map(|f| json!({ "input": f.input, "error": f.error }))
            .collect();
        Ok(http::ok(json!({
            "message": format!("{} links created, {} failed.", created.len(), failed.len()),
            "created": created,
            "failed": failed,
        })))
    })
    .await
}

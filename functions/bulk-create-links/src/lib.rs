//! `POST /apiv1/links/bulk-create`.

use lambda_http::{Body, Error, Request, Response};
use lib::http;
use lib::service::{Service, ServiceError};
use lib::wire::{BulkItems, Door};

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    http::respond(&req, async {
        let (access, mut body) = http::open_json(service, &req).await?;
        let items = BulkItems::parse(body.remove("links"), Door::Http).ok_or(ServiceError::BulkEmpty)?;
        http::reject_unknown(&body)?;
        Ok(http::ok(&service.bulk_create(&access, items, Door::Http).await?))
    })
    .await
}

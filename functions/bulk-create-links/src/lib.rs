//! `POST /apiv1/links/bulk-create`.

use lambda_http::{Body, Error, Request, Response};
use lib::service::{Service, ServiceError};
use lib::wire::{self, BulkInput, BulkItems, BulkOutcome, Door};
use lib::{api, http, manifest};
use serde_json::Value;

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    api::json_endpoint(service, &req, &manifest::BULK_CREATE_LINKS, async |access, body| {
        let input: BulkInput = wire::from_json(Value::Object(body))?;
        let items = BulkItems::parse(input.links, Door::Http).ok_or(ServiceError::BulkEmpty)?;
        let drafts = http::drafter(service).drafts(&items);
        let results = service.bulk_create(&access, drafts).await?;
        Ok(api::ok(&BulkOutcome::new(results, items)))
    })
    .await
}

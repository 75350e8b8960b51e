//! `GET /apiv1/links/analytics` (owner or manager only).

use lambda_http::{Body, Error, Request, Response};
use lib::service::Service;
use lib::wire::DayRange;
use lib::{api, http, manifest};

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    api::query_endpoint(service, &req, &manifest::WORKSPACE_ANALYTICS, async |access| {
        let range = DayRange::parse(http::query(&req, "from").as_deref(), http::query(&req, "to").as_deref())?;
        Ok(api::ok(&service.workspace_analytics(&access, range).await?))
    })
    .await
}

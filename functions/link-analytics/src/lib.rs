//! `GET /apiv1/links/{id}/analytics`.

use lambda_http::{Body, Error, Request, Response};
use lib::service::Service;
use lib::wire;
use lib::wire::DayRange;
use lib::{api, http, manifest};

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    api::query_endpoint(service, &req, &manifest::LINK_ANALYTICS, async |access| {
        let id = wire::parse_analytics_link_id(http::path_param(&req, "id").as_deref())?;
        let range = DayRange::parse(http::query(&req, "from").as_deref(), http::query(&req, "to").as_deref())?;
        Ok(api::ok(&service.link_analytics(&access, &id, range).await?))
    })
    .await
}

//! `GET /apiv1/links/{id}?workspaceId=…`: the full record of one link (the same service
//! code as the MCP tool `get_link`).

use lambda_http::{Body, Error, Request, Response};
use lib::service::Service;
use lib::wire;
use lib::{api, http, manifest};

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    api::query_endpoint(service, &req, &manifest::GET_LINK, async |access| {
        let id = wire::parse_id(wire::IdField::Link, http::path_param(&req, "id").as_deref())?;
        Ok(api::ok(&service.get_link_record(&access, &id).await?))
    })
    .await
}

//! `GET /apiv1/tags?workspaceId=…`: every tag of the workspace with how many links carry it
//! (the same service code as the MCP tool `list_tags`).

use lambda_http::{Body, Error, Request, Response};
use lib::service::Service;
use lib::{api, manifest};

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    api::query_endpoint(service, &req, &manifest::LIST_TAGS, async |access| {
        Ok(api::ok(&service.list_tags(&access).await?))
    })
    .await
}

//! `GET /apiv1/domains?workspaceId=…`: the domains the workspace's links may name, and the ones
//! it has added (the same service code as the MCP tool `list_domains`).

use lambda_http::{Body, Error, Request, Response};
use lib::service::Service;
use lib::{api, manifest};

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    api::query_endpoint(service, &req, &manifest::LIST_DOMAINS, async |access| {
        Ok(api::ok(&service.list_domains(&access).await?))
    })
    .await
}

//! `GET /apiv1/utm-templates?workspaceId=…`: every UTM template of the workspace (the same
//! service code as the MCP tool `list_utm_templates`).

use lambda_http::{Body, Error, Request, Response};
use lib::service::Service;
use lib::{api, manifest};

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    api::query_endpoint(service, &req, &manifest::LIST_UTM_TEMPLATES, async |access| {
        Ok(api::ok(&service.list_utm_templates(&access).await?))
    })
    .await
}

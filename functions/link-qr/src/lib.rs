//! `GET /apiv1/links/{id}/qr?workspaceId=…&format=svg|png&size=N`: the link's QR code (the
//! same service code as the MCP tool `get_link_qr`).

use lambda_http::{Body, Error, Request, Response};
use lib::qr::QrRequest;
use lib::service::Service;
use lib::wire;
use lib::{api, http, manifest};

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    api::query_endpoint(service, &req, &manifest::LINK_QR, async |access| {
        let id = wire::parse_id(wire::IdField::Link, http::path_param(&req, "id").as_deref())?;
        let request = QrRequest::parse(
            http::query(&req, "format").as_deref(),
            http::query(&req, "size").as_deref(),
        )?;
        Ok(api::image(&service.link_qr(&access, &id, request).await?))
    })
    .await
}

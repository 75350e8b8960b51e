//! `GET /apiv1/links/{id}?workspaceId=…`: the full record of one link (the same service
//! code as the MCP tool `get_link`).

use lambda_http::{Body, Error, Request, Response};
use lib::http;
use lib::service::{Service, parse_link_id};

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    http::respond(&req, async {
        let access = http::open_query(service, &req).await?;
        let id = parse_link_id(http::path_param(&req, "id").as_deref())?;
        let record = service.get_link_record(&access, &id).await?;
        Ok(http::ok(&record))
    })
    .await
}

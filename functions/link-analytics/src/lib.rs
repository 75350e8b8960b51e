//! `GET /apiv1/links/{id}/analytics`.

use lambda_http::{Body, Error, Request, Response};
use lib::http;
use lib::service::Service;

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    http::respond(&req, async {
        let access = http::open_query(service, &req).await?;
        let id = http::path_param(&req, "id").unwrap_or_default();
        let from = http::query(&req, "from");
        let to = http::query(&req, "to");
        let report = service
            .link_analytics(&access, &id, from.as_deref(), to.as_deref())
            .await?;
        Ok(http::ok(serde_json::to_value(report).expect("reports serialise")))
    })
    .await
}

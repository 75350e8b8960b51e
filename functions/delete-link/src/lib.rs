//! `DELETE /apiv1/link/delete`.

use lambda_http::{Body, Error, Request, Response};
use lib::http;
use lib::service::{Service, parse_link_id};

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    http::respond(&req, async {
        let (access, mut body) = http::open_json(service, &req).await?;
        let id = parse_link_id(http::take_string(&mut body, "linkId").as_deref())?;
        http::reject_unknown(&body)?;
        Ok(http::ok(&service.delete_link(&access, &id).await?))
    })
    .await
}

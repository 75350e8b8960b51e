//! `GET`/`HEAD /_sl/c` on a short domain: the conversion pixel (`lib::redirect::pixel`).

use lambda_http::{Body, Error, Request, Response};
use lib::service::Service;

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    Ok(lib::redirect::pixel::handle(service, req).await)
}

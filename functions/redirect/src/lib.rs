//! `GET`/`HEAD /{slug}` on a short domain: the visitor door (`lib::redirect::door`).

use lambda_http::{Body, Error, Request, Response};
use lib::redirect::Redirector;

pub async fn handler(redirector: &Redirector, req: Request) -> Result<Response<Body>, Error> {
    Ok(lib::redirect::door::handle(redirector, req).await)
}

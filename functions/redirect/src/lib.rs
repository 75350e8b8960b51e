//! `GET`/`HEAD /{slug}` on a short domain: the visitor door (`lib::redirect::door`). The visit's
//! click is written after the answer (`lib::after_response`).

use lambda_http::{Body, Error, Request, Response};
use lib::redirect::Redirector;

pub async fn handler(redirector: &Redirector, req: Request) -> Result<Response<Body>, Error> {
    let response = lib::redirect::door::handle(redirector, req).await;
    redirector.after().answered().await;
    Ok(response)
}

//! `$default` on the HTTP API: what no route matches. A known path with another method is
//! 405 with `Allow`; anything else is 404; both with the documented `{ "error": … }` body.

use lambda_http::{Body, Error, Request, Response};
use lib::{api, http};

pub async fn handler(req: Request) -> Result<Response<Body>, Error> {
    api::respond(&req, async { Err(http::unrouted(&req)) }).await
}

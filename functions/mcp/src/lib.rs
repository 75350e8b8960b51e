//! `POST /apiv1/mcp` (and `/mcp` on the function's own URL): the MCP door, `lib::mcp`.

use lambda_http::{Body, Error, Request, Response};
use lib::mcp::Endpoint;

pub async fn handler(endpoint: &Endpoint, req: Request) -> Result<Response<Body>, Error> {
    Ok(endpoint.handle(req).await)
}

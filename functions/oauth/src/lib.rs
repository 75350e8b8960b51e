//! `/.well-known/oauth-*` and `/oauth/…`: the authorization server for MCP clients,
//! `lib::oauth` (its consent page is a page of `lib::pages`).

use lambda_http::{Body, Error, Request, Response};
use lib::oauth::AuthorizationServer;

pub async fn handler(server: &AuthorizationServer, req: Request) -> Result<Response<Body>, Error> {
    server.handle(req).await
}

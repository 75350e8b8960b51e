//! `/.well-known/oauth-*` and `/oauth/…`: the authorization server for MCP clients
//! (`lib::oauth`), with its consent page, a page of `lib::pages`.

use lambda_http::{Body, Error, Request, Response};
use lib::net::Fetcher;
use lib::oauth::AuthorizationServer;
use lib::pages::Site;
use lib::service::oauth::ClientDocuments;

/// The function's doors: the consent page's site and the client documents it fetches, and the
/// authorization server's other endpoints.
#[derive(Debug)]
pub struct OAuth {
    pub site: Site,
    pub documents: ClientDocuments,
    pub server: AuthorizationServer,
}

impl OAuth {
    pub fn new(site: Site, fetcher: Fetcher) -> Self {
        let server = AuthorizationServer {
            service: site.service.clone(),
            public_base: site.settings.public_base.clone(),
        };
        Self {
            documents: ClientDocuments::new(fetcher),
            site,
            server,
        }
    }
}

pub async fn handler(oauth: &OAuth, req: Request) -> Result<Response<Body>, Error> {
    if let Some(answer) = lib::pages::consent::route(&oauth.site, &oauth.documents, &req).await {
        return answer;
    }
    oauth.server.handle(req).await
}

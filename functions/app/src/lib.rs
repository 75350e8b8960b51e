//! `/` and `/app/…`: the web app (links, the link editor, analytics), `lib::pages::app`.

use lambda_http::{Body, Error, Request, Response};
use lib::pages::Site;

pub async fn handler(site: &Site, req: Request) -> Result<Response<Body>, Error> {
    site.app(req).await
}

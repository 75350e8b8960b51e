//! `/account/…`: the account pages (sign-in, sign-out, integrations), `lib::pages::account`.

use lambda_http::{Body, Error, Request, Response};
use lib::pages::Site;

pub async fn handler(site: &Site, req: Request) -> Result<Response<Body>, Error> {
    site.account(req).await
}

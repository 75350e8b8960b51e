//! `POST /_sl/location` and `GET`/`HEAD /_sl/location.js` on a short domain: the position a
//! person shares on a location consent page, and that page's script
//! (`lib::redirect::location`).

use lambda_http::{Body, Error, Request, Response};
use lib::redirect::location::LocationDoor;

pub async fn handler(door: &LocationDoor, req: Request) -> Result<Response<Body>, Error> {
    Ok(lib::redirect::location::handle(door, req).await)
}

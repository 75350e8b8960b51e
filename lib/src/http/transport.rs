//! What every answer of every HTTP function carries, whichever door built it: the browser is
//! told to reach this host over HTTPS only (`Strict-Transport-Security`, a year; not
//! `includeSubDomains`, since a short domain is often one host of someone else's domain).

use lambda_http::http::{HeaderMap, HeaderValue, header};
use lambda_http::tower::{Service, ServiceExt};
use lambda_http::{Body, Error, Request, Response};

/// The HSTS policy of every answer.
pub const STRICT_TRANSPORT_SECURITY: &str = "max-age=31536000";

/// Adds the headers every answer carries (a door's own value wins).
pub fn transport_security(headers: &mut HeaderMap) {
    headers
        .entry(header::STRICT_TRANSPORT_SECURITY)
        .or_insert(HeaderValue::from_static(STRICT_TRANSPORT_SECURITY));
}

/// Runs an HTTP function: `lambda_http::run` with [`transport_security`] on every answer. Every
/// HTTP function's `main` runs its handler through this.
pub async fn run<'a, S>(handler: S) -> Result<(), Error>
where
    S: Service<Request, Response = Response<Body>, Error = Error>,
    S::Future: Send + 'a,
{
    lambda_http::run(handler.map_response(|mut response: Response<Body>| {
        transport_security(response.headers_mut());
        response
    }))
    .await
}

//! `POST /_sl/location` on every short domain: where a location consent page's script sends the
//! position a person chose to share, with the page's signed grant; and `GET /_sl/location.js`,
//! that script. Built for strangers: every well-formed post answers `204` alike (stored, a
//! repeat, late, forged, too vague, or from a browser asking not to be tracked), a forged grant
//! costs no request, and a genuine one at most one write.

use lambda_http::http::{HeaderValue, Method, StatusCode, header};
use lambda_http::{Body, Request, Response};

use super::door::global_privacy_control;
use crate::domain::{GpsFix, LocationGrant, SigningKey};
use crate::http;
use crate::service::{Service, ServiceError};
use crate::wire::SharedPositionInput;

/// Where positions are posted, on every short-link domain (`_` is never in a slug).
pub const LOCATION_PATH: &str = "/_sl/location";

/// Where the consent page's script is served.
pub const SCRIPT_PATH: &str = "/_sl/location.js";

/// The consent page's script.
const SCRIPT: &str = include_str!("../../assets/location.js");

/// The location function's state: the service, and the key grants are checked with (the one
/// the redirect signs them with).
#[derive(Debug)]
pub struct LocationDoor {
    pub service: Service,
    key: SigningKey,
}

impl LocationDoor {
    pub fn new(service: Service, key: SigningKey) -> Self {
        Self { service, key }
    }
}

/// Serves the script, or takes one shared position.
pub async fn handle(door: &LocationDoor, req: Request) -> Response<Body> {
    let head = req.method() == Method::HEAD;
    match (req.uri().path(), req.method()) {
        (SCRIPT_PATH, &Method::GET | &Method::HEAD) => script(head),
        (SCRIPT_PATH, _) => not_allowed("GET, HEAD"),
        (LOCATION_PATH, &Method::POST) => share(door, &req).await,
        (LOCATION_PATH, _) => not_allowed("POST"),
        _ => {
            let err = http::unrouted(&req);
            http::error_response(&err, &http::request_id(&req))
        }
    }
}

async fn share(door: &LocationDoor, req: &Request) -> Response<Body> {
    let input = match SharedPositionInput::parse(req.body().as_ref()) {
        Ok(input) => input,
        Err(invalid) => return http::error_response(&ServiceError::from(invalid), &http::request_id(req)),
    };
    // A browser that asks not to be tracked is never asked; should it post anyway, nothing
    // is kept.
    if global_privacy_control(req) {
        return no_content();
    }
    let (Some(grant), Some(fix)) = (
        LocationGrant::verify(&input.token, &door.key),
        GpsFix::new(input.latitude, input.longitude, input.accuracy),
    ) else {
        return no_content();
    };
    match door.service.share_location(&grant, fix).await {
        Ok(outcome) => {
            tracing::debug!(?outcome, "shared location");
            no_content()
        }
        Err(err) => http::error_response(&err, &http::request_id(req)),
    }
}

fn no_content() -> Response<Body> {
    let mut response = Response::new(Body::Empty);
    *response.status_mut() = StatusCode::NO_CONTENT;
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

pub(super) fn not_allowed(allow: &'static str) -> Response<Body> {
    let mut response = Response::new(Body::Empty);
    *response.status_mut() = StatusCode::METHOD_NOT_ALLOWED;
    response
        .headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static(allow));
    response
}

/// The script: static per build, so browsers may keep it an hour.
fn script(head: bool) -> Response<Body> {
    cacheable("text/javascript; charset=utf-8", SCRIPT.into(), head)
}

/// A `200` anyone may keep for an hour (`HEAD`: the headers alone).
pub(super) fn cacheable(content_type: &'static str, body: String, head: bool) -> Response<Body> {
    let mut response = Response::new(if head { Body::Empty } else { Body::Text(body) });
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=3600"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_script_asks_nothing_until_the_button_is_pressed() {
        let load = SCRIPT.split("addEventListener('click'").next().unwrap();
        assert!(!load.contains("getCurrentPosition"), "nothing is asked on load");
        assert!(SCRIPT.contains("timeout: 8000"));
        assert!(SCRIPT.len() < 2048, "{} bytes", SCRIPT.len());
    }
}

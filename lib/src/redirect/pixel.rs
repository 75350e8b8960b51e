//! `GET /_sl/c?cid=<token>&e=<event>` on every short domain: the conversion pixel. It always
//! answers `200` with a 1×1 transparent GIF and `Cache-Control: no-store`, whatever it is sent:
//! a pixel never breaks the page that embeds it, and never tells a stranger whether a token is
//! real. It records only a token of a link on the host it was sent to. A malformed token or
//! event, or a request without a host name, costs no request at all. Beside it, `GET /_sl/c.js`: the
//! small script a destination site loads to keep the click id and fire the pixel later.

use lambda_http::http::{HeaderValue, Method, header};
use lambda_http::{Body, Request, RequestExt, Response};

use crate::domain::{ClickToken, EventName};
use crate::service::Service;

/// Where the pixel answers, on every short-link domain (`_` is never in a slug).
pub const PIXEL_PATH: &str = "/_sl/c";

/// Where the site script is served.
pub use crate::domain::PIXEL_SCRIPT_PATH as SCRIPT_PATH;

/// The site script, with the attribution window to fill in (`__WINDOW_DAYS__`).
const SCRIPT: &str = include_str!("../../assets/conversions.js");

/// The site script for an attribution window of `window_days`: static per deployment, so
/// browsers and CloudFront may keep it an hour.
fn script(window_days: u32) -> Response<Body> {
    let text = SCRIPT.replace("__WINDOW_DAYS__", &window_days.to_string());
    fixed(
        Body::Text(text),
        "text/javascript; charset=utf-8",
        "public, max-age=3600",
    )
}

/// A `200` of `body` as `content_type`, never sniffed as anything else.
fn fixed(body: Body, content_type: &'static str, cache_control: &'static str) -> Response<Body> {
    let mut response = Response::new(body);
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache_control));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    response
}

/// A 1×1 transparent GIF (43 bytes).
pub const TRANSPARENT_GIF: &[u8] = &[
    0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff,
    0x21, 0xf9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02,
    0x02, 0x44, 0x01, 0x00, 0x3b,
];

/// The pixel's one answer.
fn gif() -> Response<Body> {
    fixed(Body::Binary(TRANSPARENT_GIF.to_vec()), "image/gif", "no-store")
}

/// Serves the site script, or one pixel hit: records the conversion it reports, if it is one,
/// then the GIF.
pub async fn handle(service: &Service, req: Request) -> Response<Body> {
    if req.uri().path() == SCRIPT_PATH {
        return script(service.config.conversion_window_days);
    }
    let query = req.query_string_parameters_ref();
    let token = query.and_then(|q| q.first("cid")).and_then(ClickToken::decode);
    let event = match query.and_then(|q| q.first("e")) {
        None => Some(EventName::lead()),
        Some(raw) => EventName::parse("e", raw).ok(),
    };
    let host = super::door::short_domain(&req);
    if let (true, Some(token), Some(event), Some(host)) = (req.method() == Method::GET, token, event, host) {
        match service.pixel_conversion(&token, &event, &host).await {
            Ok(outcome) => tracing::debug!(?outcome, event = %event, "pixel"),
            Err(err) => tracing::error!(error = %crate::telemetry::error_chain(&err), "pixel not recorded"),
        }
    }
    gif()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_site_script_is_small_and_carries_the_window() {
        let Body::Text(text) = script(90).into_body() else {
            panic!("a text body")
        };
        assert!(text.len() < 2048, "{} bytes", text.len());
        assert!(text.contains("var days = 90;"));
        assert!(!text.contains("__WINDOW_DAYS__"));
    }

    #[test]
    fn the_pixel_is_a_gif() {
        assert!(TRANSPARENT_GIF.starts_with(b"GIF89a"));
        assert_eq!(TRANSPARENT_GIF.len(), 43);
    }
}

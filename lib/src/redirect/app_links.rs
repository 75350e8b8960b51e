//! App links on a short domain: the page that tries an app-scheme destination and goes on to its
//! `appFallbackUrl`, that page's script (`GET /_sl/open.js`), and the files phones read to open
//! the domain's links in its apps directly (`/.well-known/apple-app-site-association`,
//! `/.well-known/assetlinks.json`).

use lambda_http::http::{HeaderValue, Method, StatusCode, header};
use lambda_http::{Body, Request, Response};

use super::door::{guarded_page, short_domain};
use super::location::{cacheable, not_allowed};
use super::{Redirector, pages};
use crate::domain::WellKnown;
use crate::http;
use crate::service::visits::AppOpening;

/// One of the files, as the domain's holder set its apps: `200` JSON anyone may keep for an
/// hour, or `404` when the domain opens no app of that platform (kept five minutes).
pub async fn well_known(redirector: &Redirector, req: &Request, file: WellKnown) -> Response<Body> {
    let head = match *req.method() {
        Method::GET => false,
        Method::HEAD => true,
        _ => return not_allowed("GET, HEAD"),
    };
    let association = match short_domain(req) {
        Some(host) => match redirector.service.served_app_association(&host).await {
            Ok(association) => association,
            Err(err) => return http::error_response(&err, &http::request_id(req)),
        },
        None => None,
    };
    match association.as_ref().and_then(|a| file.of(a)) {
        Some(json) => cacheable("application/json", json, head),
        None => {
            let body = "This domain opens no app of that kind.\n";
            let mut response = Response::new(if head { Body::Empty } else { Body::Text(body.into()) });
            *response.status_mut() = StatusCode::NOT_FOUND;
            let headers = response.headers_mut();
            headers.insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/plain; charset=utf-8"),
            );
            headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=300"));
            response
        }
    }
}

/// Where the page's script is served, on every short domain (`_` is never in a slug).
pub const SCRIPT_PATH: &str = "/_sl/open.js";

/// The page's script.
const SCRIPT: &str = include_str!("../../assets/open-app.js");

/// The page trying the app: `200`, never cached, its own strict CSP.
pub fn opening(opening: &AppOpening, head: bool, report: Option<&str>) -> Response<Body> {
    let (html, policy) = pages::open_app(
        opening.app.as_str(),
        opening.fallback.as_str(),
        opening.colour.as_ref(),
        SCRIPT_PATH,
        report,
    );
    guarded_page(html, &policy, head)
}

/// The answer to a request for one of this module's files, by path; `None` for any other path.
pub fn file(path: &str, method: &Method) -> Option<Response<Body>> {
    (path == SCRIPT_PATH).then(|| match *method {
        Method::GET | Method::HEAD => {
            cacheable("text/javascript; charset=utf-8", SCRIPT.into(), method == Method::HEAD)
        }
        _ => not_allowed("GET, HEAD"),
    })
}

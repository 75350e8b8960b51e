//! `GET`/`HEAD /apiv1/openapi.json` (the document the code generates), `/apiv1/docs` (the
//! reference page) and `/apiv1/docs/redoc.standalone.js` (its renderer, Redoc's standalone
//! bundle, committed under `assets/` with its licences and checksums). Public: no key.

use lambda_http::http::{HeaderValue, Method, StatusCode, header};
use lambda_http::{Body, Error, Request, Response};
use lib::manifest::{DOCS_PATH, DOCS_SCRIPT_PATH, OPENAPI_PATH};
use lib::{api, http, openapi};

/// Redoc's standalone bundle (`scripts/fetch-redoc` pins it).
pub const REDOC: &str = include_str!("../assets/redoc.standalone.js");

fn answer(content_type: &'static str, body: String, cache: &'static str) -> Response<Body> {
    let mut response = Response::new(Body::Text(body));
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    headers.insert("x-content-type-options", HeaderValue::from_static("nosniff"));
    response
}

pub async fn handler(req: Request) -> Result<Response<Body>, Error> {
    let mut response = match req.uri().path() {
        OPENAPI_PATH => {
            let mut response = answer("application/json", openapi::pretty(), "public, max-age=300");
            response
                .headers_mut()
                .insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, HeaderValue::from_static("*"));
            response
        }
        DOCS_PATH => {
            let mut response = answer("text/html; charset=utf-8", openapi::page::html(), "public, max-age=300");
            let headers = response.headers_mut();
            headers.insert(
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_static(openapi::page::CSP),
            );
            headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
            response
        }
        DOCS_SCRIPT_PATH => answer(
            "text/javascript; charset=utf-8",
            REDOC.to_string(),
            "public, max-age=86400",
        ),
        _ => return api::respond(&req, async { Err(http::unrouted(&req)) }).await,
    };
    if req.method() == Method::HEAD {
        *response.body_mut() = Body::Empty;
    } else if req.method() != Method::GET {
        return api::respond(&req, async { Err(http::unrouted(&req)) }).await;
    }
    *response.status_mut() = StatusCode::OK;
    Ok(response)
}

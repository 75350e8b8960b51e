//! The OAuth door (`functions/oauth`): an OAuth 2.1 authorization server for MCP clients on the
//! API's own origin. Discovery documents (RFC 8414, RFC 9728), client registration (RFC 7591),
//! the token endpoint and revocation (RFC 7009). The authorization endpoint's consent page is a
//! page of the pages door (`crate::pages::consent`); `functions/oauth` routes its two paths
//! there, so neither door imports the other. Like the other doors it only parses and encodes;
//! `crate::service::oauth` does the work.

pub mod discovery;
pub mod endpoints;
pub mod errors;

use lambda_http::http::{HeaderValue, Method, StatusCode, header};
use lambda_http::{Body, Request, Response};

use crate::origin::PublicBase;
use crate::service::{Service, ServiceError};

/// The paths the function answers and the methods each takes (`HEAD` wherever `GET` is;
/// `OPTIONS` answers browsers' CORS preflight on the JSON endpoints).
const ROUTES: &[(&str, &[&str])] = &[
    ("/.well-known/oauth-authorization-server", &["GET"]),
    ("/.well-known/oauth-protected-resource", &["GET"]),
    ("/.well-known/oauth-protected-resource/apiv1/mcp", &["GET"]),
    ("/oauth/authorize", &["GET"]),
    ("/oauth/consent", &["POST"]),
    ("/oauth/register", &["POST"]),
    ("/oauth/token", &["POST"]),
    ("/oauth/revoke", &["POST"]),
];

/// The authorization server, built once per process: the pages' site (service and public
/// base) and the fetcher of client ID metadata documents.
/// The authorization server's endpoints but the consent page's two: `service` does the work,
/// `public_base` names the issuer and the protected resource.
#[derive(Debug, Clone)]
pub struct AuthorizationServer {
    pub service: Service,
    pub public_base: PublicBase,
}

impl AuthorizationServer {
    pub async fn handle(&self, req: Request) -> Result<Response<Body>, lambda_http::Error> {
        let path = req.uri().path().to_string();
        let method = req.method().clone();
        let service = &self.service;
        let public_base = &self.public_base;
        let get = method == Method::GET || method == Method::HEAD;
        let mut response = match (path.as_str(), &method) {
            ("/.well-known/oauth-authorization-server", _) if get => discovery::answer(&req, public_base, true),
            ("/.well-known/oauth-protected-resource" | "/.well-known/oauth-protected-resource/apiv1/mcp", _) if get => {
                discovery::answer(&req, public_base, false)
            }
            ("/oauth/register", &Method::POST) => endpoints::register(service, &req).await,
            ("/oauth/token", &Method::POST) => endpoints::token(service, &req).await,
            ("/oauth/revoke", &Method::POST) => endpoints::revoke(service, &req).await,
            (_, &Method::OPTIONS) if is_cross_origin_path(&path) => preflight(),
            _ => unrouted(&req, &path),
        };
        if method == Method::HEAD {
            *response.body_mut() = Body::Empty;
        }
        Ok(response)
    }
}

/// The JSON paths browser-based clients call from their own origin.
fn is_cross_origin_path(path: &str) -> bool {
    path.starts_with("/.well-known/") || matches!(path, "/oauth/register" | "/oauth/token" | "/oauth/revoke")
}

/// `204` to a CORS preflight: any origin may call with these methods and headers (nothing
/// here uses cookies; credentials travel in the request itself).
fn preflight() -> Response<Body> {
    let mut response = Response::new(Body::Empty);
    *response.status_mut() = StatusCode::NO_CONTENT;
    let headers = response.headers_mut();
    headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, HeaderValue::from_static("*"));
    headers.insert(
        header::ACCESS_CONTROL_ALLOW_METHODS,
        HeaderValue::from_static("GET, POST, OPTIONS"),
    );
    headers.insert(
        header::ACCESS_CONTROL_ALLOW_HEADERS,
        HeaderValue::from_static("Authorization, Content-Type, MCP-Protocol-Version"),
    );
    headers.insert(header::ACCESS_CONTROL_MAX_AGE, HeaderValue::from_static("86400"));
    response
}

/// 404 for a path the function does not answer, 405 with `Allow` for a wrong method.
fn unrouted(req: &Request, path: &str) -> Response<Body> {
    let err = match ROUTES.iter().find(|(p, _)| *p == path) {
        Some((_, methods)) => {
            let mut allowed: Vec<&'static str> = methods.to_vec();
            if allowed.contains(&"GET") {
                allowed.push("HEAD");
            }
            ServiceError::MethodNotAllowed {
                method: req.method().to_string(),
                path: path.to_string(),
                allowed,
            }
        }
        None => ServiceError::NoSuchEndpoint {
            method: req.method().to_string(),
            path: path.to_string(),
        },
    };
    crate::http::error_response(&err, &crate::http::request_id(req))
}

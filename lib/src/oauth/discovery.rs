//! The metadata documents clients discover this server by: the authorization server's
//! (RFC 8414) and the MCP endpoint's as a protected resource (RFC 9728). Both name the public
//! base URL ([`crate::origin`]): the issuer is exactly it, the resource is `<base>/apiv1/mcp`.

use lambda_http::http::{HeaderValue, StatusCode, header};
use lambda_http::{Body, Request, Response};
use serde_json::{Value, json};

use super::errors::json as oauth_json;
use crate::domain::Scope;
use crate::domain::oauth::ClientAuthMethod;
use crate::origin::PublicBase;

fn scopes() -> Vec<&'static str> {
    Scope::ALL.iter().map(|s| s.as_str()).collect()
}

/// `GET /.well-known/oauth-authorization-server`.
pub fn authorization_server(issuer: &str) -> Value {
    let methods: Vec<&str> = ClientAuthMethod::ALL.iter().map(|m| m.as_str()).collect();
    json!({
        "issuer": issuer,
        "authorization_endpoint": format!("{issuer}/oauth/authorize"),
        "token_endpoint": format!("{issuer}/oauth/token"),
        "registration_endpoint": format!("{issuer}/oauth/register"),
        "revocation_endpoint": format!("{issuer}/oauth/revoke"),
        "scopes_supported": scopes(),
        "response_types_supported": ["code"],
        "response_modes_supported": ["query"],
        "grant_types_supported": ["authorization_code", "refresh_token"],
        "token_endpoint_auth_methods_supported": methods,
        "revocation_endpoint_auth_methods_supported": methods,
        "code_challenge_methods_supported": ["S256"],
        "authorization_response_iss_parameter_supported": true,
        "client_id_metadata_document_supported": true,
    })
}

/// `GET /.well-known/oauth-protected-resource[/apiv1/mcp]`.
pub fn protected_resource(issuer: &str, resource: &str) -> Value {
    json!({
        "resource": resource,
        "authorization_servers": [issuer],
        "scopes_supported": scopes(),
        "bearer_methods_supported": ["header"],
        "resource_name": "Smart links MCP server",
    })
}

/// The answer to a metadata request: public, cacheable for five minutes.
pub fn answer(req: &Request, public_base: &PublicBase, authorization_server_document: bool) -> Response<Body> {
    let issuer = public_base.origin(req);
    let document = if authorization_server_document {
        authorization_server(&issuer)
    } else {
        protected_resource(&issuer, &public_base.mcp_resource(req))
    };
    let mut response = oauth_json(StatusCode::OK, &document);
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=300"));
    response.headers_mut().remove(header::PRAGMA);
    response
}

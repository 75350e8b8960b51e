//! Where this service is reached from outside: one public base URL (`PUBLIC_BASE_URL`, e.g.
//! `https://api.example.com`) that every door uses. Pages show URLs under it, the MCP endpoint
//! names it in its 401 challenge and admits it as an `Origin`, and the OAuth authorization
//! server is its issuer, with the MCP resource `<base>/apiv1/mcp`.
//!
//! When it is not configured, the origin API Gateway received the request on (its
//! `domainName`, which a client cannot choose) stands in; on the dev server, which has no such
//! context, the request's `Host` does.

use lambda_http::request::RequestContext;
use lambda_http::{Request, RequestExt};

use crate::config::ConfigError;

/// The path of the MCP endpoint under the public base: the OAuth resource is `<base>` + this.
pub const MCP_PATH: &str = "/apiv1/mcp";

/// The configured public base URL, if any: an origin (`scheme://host[:port]`, no path).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PublicBase(Option<String>);

impl PublicBase {
    /// `PUBLIC_BASE_URL`, else `MCP_PUBLIC_BASE_URL` (the MCP endpoint's older name for the
    /// same setting, still read), else none.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        for name in ["PUBLIC_BASE_URL", "MCP_PUBLIC_BASE_URL"] {
            if let Some(raw) = lookup(name).map(|v| v.trim().to_string()).filter(|v| !v.is_empty()) {
                return Self::parse(name, &raw).map(|base| Self(Some(base)));
            }
        }
        Ok(Self(None))
    }

    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// A base fixed in code (tests, benches).
    pub fn fixed(base: &str) -> Self {
        Self(Some(base.trim_end_matches('/').to_string()))
    }

    /// An origin as written (a trailing `/` dropped): `http` or `https`, a host, an optional
    /// port, nothing else, in the form browsers serialise origins.
    fn parse(name: &'static str, raw: &str) -> Result<String, ConfigError> {
        let trimmed = raw.trim_end_matches('/');
        let invalid = |reason: String| ConfigError::Invalid { name, reason };
        let url = url::Url::parse(trimmed).map_err(|e| invalid(format!("{raw:?} is not a URL ({e})")))?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err(invalid(format!("{raw:?} must start with https:// (or http://)")));
        }
        let origin = url.origin().ascii_serialization();
        if origin != trimmed || url.path() != "/" || url.query().is_some() || url.fragment().is_some() {
            return Err(invalid(format!(
                "{raw:?} must be an origin only, such as {origin} (lower-case host, no path, query or user)"
            )));
        }
        Ok(origin)
    }

    /// The configured base, if any.
    pub fn configured(&self) -> Option<&str> {
        self.0.as_deref()
    }

    /// The origin this service knows for a request without trusting its headers: the
    /// configured base, else the domain API Gateway received it on. `None` on the dev server.
    pub fn known(&self, req: &Request) -> Option<String> {
        if let Some(base) = &self.0 {
            return Some(base.clone());
        }
        match req.request_context_ref() {
            Some(RequestContext::ApiGatewayV2(ctx)) => ctx
                .domain_name
                .as_deref()
                .filter(|d| !d.is_empty())
                .map(|d| format!("https://{d}")),
            _ => None,
        }
    }

    /// The public origin for a request: [`PublicBase::known`], else the request's own
    /// (`http` on a loopback name, the dev server; `https` otherwise).
    pub fn origin(&self, req: &Request) -> String {
        self.known(req).unwrap_or_else(|| request_origin(req))
    }

    /// The OAuth resource identifier of the MCP endpoint for a request: `<origin>/apiv1/mcp`.
    pub fn mcp_resource(&self, req: &Request) -> String {
        format!("{}{MCP_PATH}", self.origin(req))
    }
}

/// The host a request was sent to, without its port, lower-case (`localhost` when absent).
pub fn host_name(req: &Request) -> String {
    let host = crate::http::header_str(req, "host").unwrap_or("localhost");
    let name = match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    };
    name.trim_start_matches('[').trim_end_matches(']').to_ascii_lowercase()
}

/// Whether a request was sent to a loopback name (`localhost`, `127.0.0.1`, `[::1]`): the dev
/// server over plain HTTP.
pub fn is_loopback_request(req: &Request) -> bool {
    matches!(host_name(req).as_str(), "localhost" | "127.0.0.1" | "::1")
}

/// The origin this very request was sent to: its scheme (plain HTTP only on loopback names)
/// and its `Host`.
pub fn request_origin(req: &Request) -> String {
    let host = crate::http::header_str(req, "host").unwrap_or("localhost");
    let scheme = if is_loopback_request(req) { "http" } else { "https" };
    format!("{scheme}://{}", host.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lookup<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string())
    }

    fn request(host: &str) -> Request {
        Request::from(
            lambda_http::http::Request::builder()
                .header("host", host)
                .body(lambda_http::Body::Empty)
                .unwrap(),
        )
    }

    #[test]
    fn the_public_base_is_read_from_public_base_url_and_loses_a_trailing_slash() {
        let base = PublicBase::from_lookup(lookup(&[("PUBLIC_BASE_URL", "https://api.example.com/")])).unwrap();
        assert_eq!(base.configured(), Some("https://api.example.com"));
    }

    #[test]
    fn the_older_mcp_variable_still_works_when_the_new_one_is_unset() {
        let old = lookup(&[("MCP_PUBLIC_BASE_URL", "https://mcp.example.com")]);
        assert_eq!(
            PublicBase::from_lookup(old).unwrap().configured(),
            Some("https://mcp.example.com")
        );
        let both = lookup(&[
            ("PUBLIC_BASE_URL", "https://api.example.com"),
            ("MCP_PUBLIC_BASE_URL", "https://old.example.com"),
        ]);
        assert_eq!(
            PublicBase::from_lookup(both).unwrap().configured(),
            Some("https://api.example.com")
        );
    }

    #[test]
    fn a_base_that_is_not_an_origin_is_refused_with_the_form_to_use() {
        for bad in [
            "https://api.example.com/v1",
            "https://API.example.com",
            "ftp://api.example.com",
            "api.example.com",
            "https://user@api.example.com",
            "https://api.example.com?x=1",
        ] {
            let err = PublicBase::from_lookup(lookup(&[("PUBLIC_BASE_URL", bad)])).unwrap_err();
            assert!(
                matches!(
                    err,
                    ConfigError::Invalid {
                        name: "PUBLIC_BASE_URL",
                        ..
                    }
                ),
                "{bad}: {err}"
            );
        }
        assert_eq!(PublicBase::from_lookup(lookup(&[])).unwrap(), PublicBase::default());
    }

    #[test]
    fn without_a_base_the_dev_server_uses_the_request_origin() {
        let base = PublicBase::default();
        assert_eq!(base.origin(&request("127.0.0.1:3000")), "http://127.0.0.1:3000");
        assert_eq!(
            base.mcp_resource(&request("localhost:3000")),
            "http://localhost:3000/apiv1/mcp"
        );
        assert_eq!(base.known(&request("localhost:3000")), None);
        assert_eq!(
            PublicBase::fixed("https://api.example.com").origin(&request("localhost:3000")),
            "https://api.example.com"
        );
    }
}

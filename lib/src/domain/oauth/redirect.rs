//! Redirect URIs a client may register: `https`, plain `http` on a loopback host (any port),
//! and the private-use schemes of native apps, as the MCP authorization specification and
//! RFC 8252 allow. A private-use scheme must have the shape RFC 8252 §7.1 gives an app's own
//! scheme, a reverse domain name (`com.example.app:/cb`), or be one of the few single-word
//! schemes of MCP clients named in [`KNOWN_APP_SCHEMES`]: an allow-list, so a system's or an
//! installer's scheme (`ms-settings:`, `itms-services:`, `search-ms:`, `smb:`…) can never be a
//! target. Everything else is refused with `invalid_redirect_uri`. A URI is kept exactly as
//! the client wrote it: the authorization request must repeat it byte for byte.
//!
//! Registrations stored under the earlier, wider rule still load (their redirect URI is marked
//! as no longer acceptable), and the authorization endpoint refuses them on a page of its own.

use serde::{Deserialize, Serialize};

use super::{OAuthCode, OAuthFailure};

/// The longest redirect URI accepted.
const MAX_CHARS: usize = 2000;

/// Single-word private-use schemes of MCP clients that predate the reverse-DNS rule.
pub const KNOWN_APP_SCHEMES: &[&str] = &["cursor", "vscode", "vscode-insiders"];

/// Schemes that were refused before the reverse-DNS rule (what stored registrations may hold
/// is everything else).
const LEGACY_REFUSED_SCHEMES: &[&str] = &[
    "javascript",
    "data",
    "file",
    "vbscript",
    "about",
    "blob",
    "filesystem",
    "view-source",
    "ftp",
    "ws",
    "wss",
    "mailto",
    "tel",
    "sms",
    "intent",
    "chrome",
    "edge",
];

/// Whether a scheme has the shape of an app's own (RFC 8252 §7.1): a reverse domain name of at
/// least two labels (`com.example.app`), or one of [`KNOWN_APP_SCHEMES`].
fn is_app_scheme(scheme: &str) -> bool {
    if KNOWN_APP_SCHEMES.contains(&scheme) {
        return true;
    }
    let labels: Vec<&str> = scheme.split('.').collect();
    labels.len() >= 2
        && labels.iter().all(|label| {
            label.starts_with(|c: char| c.is_ascii_lowercase())
                && label
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        })
}

/// The loopback hosts plain HTTP may use.
const LOOPBACK_HOSTS: &[&str] = &["127.0.0.1", "localhost", "[::1]"];

/// What kind of place a redirect URI sends the browser to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RedirectKind {
    /// A web address (`https://…`).
    Https,
    /// A program on the user's own machine (`http://127.0.0.1:PORT/…`).
    Loopback,
    /// A native app's own scheme (`cursor://…`).
    PrivateUse,
}

/// A redirect URI, valid to register.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct RedirectUri {
    raw: String,
    kind: RedirectKind,
    /// Stored under the earlier rule and refused by today's: never redirected to again.
    #[serde(skip)]
    outdated: bool,
}

impl TryFrom<String> for RedirectUri {
    type Error = OAuthFailure;

    /// A stored URI: today's rule, or the earlier one (then marked outdated).
    fn try_from(value: String) -> Result<Self, Self::Error> {
        Self::parse(&value).or_else(|_| {
            let mut uri = Self::check(&value, false)?;
            uri.outdated = true;
            Ok(uri)
        })
    }
}

impl From<RedirectUri> for String {
    fn from(value: RedirectUri) -> Self {
        value.raw
    }
}

fn refused(raw: &str, why: &str) -> OAuthFailure {
    OAuthFailure::new(OAuthCode::InvalidRedirectUri, format!("Redirect URI {raw:?} {why}"))
}

impl RedirectUri {
    /// A redirect URI a client registers now.
    pub fn parse(raw: &str) -> Result<Self, OAuthFailure> {
        Self::check(raw, true)
    }

    /// Whether it was stored under the earlier rule, which today's refuses.
    pub fn is_outdated(&self) -> bool {
        self.outdated
    }

    /// `app_schemes_only`: private-use schemes must have an app's shape (today's rule), else
    /// anything but the schemes the earlier rule refused.
    fn check(raw: &str, app_schemes_only: bool) -> Result<Self, OAuthFailure> {
        if raw.len() > MAX_CHARS {
            return Err(refused(&raw[..40], "is longer than 2000 characters."));
        }
        if raw.chars().any(|c| c.is_control() || c.is_whitespace()) {
            return Err(refused(raw, "contains spaces or control characters."));
        }
        let url = url::Url::parse(raw).map_err(|_| refused(raw, "is not an absolute URI."))?;
        if url.fragment().is_some() {
            return Err(refused(raw, "has a fragment (#…), which redirect URIs may not have."));
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err(refused(raw, "carries a user name or password."));
        }
        let kind = match url.scheme() {
            "https" if url.host_str().is_some_and(|h| !h.is_empty()) => RedirectKind::Https,
            "https" => return Err(refused(raw, "has no host.")),
            "http" => {
                let host = url.host_str().unwrap_or_default();
                if !LOOPBACK_HOSTS.contains(&host) {
                    return Err(refused(
                        raw,
                        "uses plain http, which is allowed only on a loopback host (127.0.0.1, localhost or [::1]); use https.",
                    ));
                }
                RedirectKind::Loopback
            }
            scheme
                if if app_schemes_only {
                    !is_app_scheme(scheme)
                } else {
                    LEGACY_REFUSED_SCHEMES.contains(&scheme)
                } =>
            {
                return Err(refused(
                    raw,
                    "uses a scheme that is not an app's own; use https, a loopback http address or your app's private-use \
                     scheme, a reverse domain name such as com.example.app:/callback.",
                ));
            }
            _ => RedirectKind::PrivateUse,
        };
        Ok(Self {
            raw: raw.to_string(),
            kind,
            outdated: false,
        })
    }

    pub fn as_str(&self) -> &str {
        &self.raw
    }

    pub fn kind(&self) -> RedirectKind {
        self.kind
    }

    fn url(&self) -> url::Url {
        url::Url::parse(&self.raw).expect("a redirect URI parsed once parses again")
    }

    /// Where it leads, as a person reads it: `claude.ai`, `127.0.0.1:33418`, `cursor://`.
    pub fn place(&self) -> String {
        let url = self.url();
        match (self.kind, url.host_str()) {
            (RedirectKind::PrivateUse, Some(host)) if !host.is_empty() => format!("{}://{host}", url.scheme()),
            (RedirectKind::PrivateUse, _) => format!("{}:", url.scheme()),
            (_, host) => match url.port() {
                Some(port) => format!("{}:{port}", host.unwrap_or_default()),
                None => host.unwrap_or_default().to_string(),
            },
        }
    }

    /// The URI with the authorization response's parameters added to its query (its own query
    /// parameters kept, as RFC 6749 §3.1.2 requires).
    pub fn with_parameters(&self, parameters: &[(&str, &str)]) -> String {
        let mut url = self.url();
        {
            let mut query = url.query_pairs_mut();
            for (name, value) in parameters {
                query.append_pair(name, value);
            }
        }
        url.to_string()
    }

    /// The Content-Security-Policy source that admits a form's redirect to exactly this URI
    /// (`form-action`, which Chromium applies to the redirect after a form post):
    /// `scheme://host[:port]/path` for web and loopback addresses, the bare scheme for an
    /// app's private-use scheme (CSP has no narrower way to name one). `None` for an IPv6
    /// literal host, which CSP sources cannot express.
    pub fn form_action_source(&self) -> Option<String> {
        let url = self.url();
        if self.kind == RedirectKind::PrivateUse {
            return Some(format!("{}:", url.scheme()));
        }
        let host = match url.host()? {
            url::Host::Domain(name) => name.to_ascii_lowercase(),
            url::Host::Ipv4(ip) => ip.to_string(),
            url::Host::Ipv6(_) => return None,
        };
        let port = url.port().map(|p| format!(":{p}")).unwrap_or_default();
        // `;` and `,` end a CSP source or directive; percent-encoded they match the same path.
        let path = url.path().replace(';', "%3B").replace(',', "%2C");
        Some(format!("{}://{host}{port}{path}", url.scheme()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(raw: &str) -> Result<RedirectKind, OAuthCode> {
        RedirectUri::parse(raw).map(|r| r.kind()).map_err(|e| e.code)
    }

    #[test]
    fn https_loopback_and_private_use_schemes_are_accepted() {
        assert_eq!(kind("https://claude.ai/api/mcp/auth_callback"), Ok(RedirectKind::Https));
        assert_eq!(kind("http://127.0.0.1:33418/callback"), Ok(RedirectKind::Loopback));
        assert_eq!(kind("http://localhost/cb"), Ok(RedirectKind::Loopback));
        assert_eq!(kind("http://[::1]:8080/cb"), Ok(RedirectKind::Loopback));
        assert_eq!(
            kind("cursor://anysphere.cursor-retrieval/oauth/user-smartlinks/callback"),
            Ok(RedirectKind::PrivateUse)
        );
        assert_eq!(kind("com.example.app:/oauth2redirect"), Ok(RedirectKind::PrivateUse));
    }

    #[test]
    fn anything_else_is_an_invalid_redirect_uri() {
        for bad in [
            "http://example.com/cb",
            "http://127.0.0.2/cb",
            "http://localhost.evil.example/cb",
            "javascript:alert(1)",
            "data:text/html,hi",
            "file:///etc/passwd",
            "https://example.com/cb#frag",
            "https://user:pw@example.com/cb",
            "/relative/path",
            "https://example.com/a b",
            "",
        ] {
            assert_eq!(kind(bad), Err(OAuthCode::InvalidRedirectUri), "{bad}");
        }
    }

    #[test]
    fn a_private_use_scheme_must_be_a_reverse_domain_name_or_a_known_apps() {
        for good in [
            "com.example.app:/oauth2redirect",
            "io.github.someone.tool://cb",
            "vscode://ext/cb",
        ] {
            assert_eq!(kind(good), Ok(RedirectKind::PrivateUse), "{good}");
        }
        for bad in [
            "myapp://cb",
            "ms-settings:network",
            "itms-services://?action=download-manifest",
            "search-ms:query=x",
            "x-apple-helpbook:/x",
            "smb://host/share",
            "com.:/cb",
            "com..app:/cb",
        ] {
            assert_eq!(kind(bad), Err(OAuthCode::InvalidRedirectUri), "{bad}");
        }
    }

    #[test]
    fn a_uri_stored_under_the_earlier_rule_loads_as_outdated() {
        let stored: RedirectUri = serde_json::from_value(serde_json::json!("myapp://cb")).unwrap();
        assert!(stored.is_outdated());
        let current: RedirectUri = serde_json::from_value(serde_json::json!("com.example.app:/cb")).unwrap();
        assert!(!current.is_outdated());
        assert!(serde_json::from_value::<RedirectUri>(serde_json::json!("javascript:alert(1)")).is_err());
    }

    #[test]
    fn the_uri_is_kept_exactly_as_written() {
        let uri = RedirectUri::parse("https://Example.com/cb").unwrap();
        assert_eq!(uri.as_str(), "https://Example.com/cb");
    }

    #[test]
    fn response_parameters_join_the_uris_own_query() {
        let uri = RedirectUri::parse("https://app.example/cb?tenant=7").unwrap();
        assert_eq!(
            uri.with_parameters(&[("code", "a b"), ("state", "s")]),
            "https://app.example/cb?tenant=7&code=a+b&state=s"
        );
    }

    #[test]
    fn the_csp_source_names_exactly_the_target() {
        let source = |raw: &str| RedirectUri::parse(raw).unwrap().form_action_source();
        assert_eq!(
            source("https://Claude.ai/api/mcp/auth_callback?x=1").as_deref(),
            Some("https://claude.ai/api/mcp/auth_callback")
        );
        assert_eq!(
            source("http://127.0.0.1:33418/cb;x,y").as_deref(),
            Some("http://127.0.0.1:33418/cb%3Bx%2Cy")
        );
        assert_eq!(source("cursor://anysphere/cb").as_deref(), Some("cursor:"));
        assert_eq!(source("http://[::1]:8080/cb"), None);
    }

    #[test]
    fn the_place_is_what_a_person_recognises() {
        let place = |raw: &str| RedirectUri::parse(raw).unwrap().place();
        assert_eq!(place("https://claude.ai/api/mcp/auth_callback"), "claude.ai");
        assert_eq!(place("http://127.0.0.1:33418/callback"), "127.0.0.1:33418");
        assert_eq!(
            place("cursor://anysphere.cursor-retrieval/cb"),
            "cursor://anysphere.cursor-retrieval"
        );
        assert_eq!(place("com.example.app:/cb"), "com.example.app:");
    }
}

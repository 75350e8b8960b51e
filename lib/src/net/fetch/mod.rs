//! Fetching a document from an https URL a client handed us without opening a door into our
//! own network (SSRF): the host is resolved once, every address it resolves to must be one the
//! [`AddressPolicy`] admits, the connection goes to an address that was checked (no second
//! resolution), TLS is verified against the system's roots (rustls with ring), redirects are
//! not followed, the body is read to at most its limit, and the whole fetch has a deadline.

use std::net::IpAddr;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use hyper_util::rt::TokioIo;

#[cfg(any(test, feature = "testing"))]
use rustls::pki_types::CertificateDer;

use super::AddressPolicy;

mod connect;
mod exchange;
#[cfg(test)]
mod tests;

use connect::Roots;
pub use exchange::{Posted, retry_after};

/// What one kind of fetch may take and asks for.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// The largest body accepted.
    pub max_bytes: usize,
    /// The longest a whole fetch may take: resolution, connection, TLS, request and body.
    pub timeout: Duration,
    pub accept: &'static str,
    pub user_agent: &'static str,
}

/// Why a document could not be fetched. Each completes the sentence "… could not be fetched:
/// …" naming the problem and what to change, never the network's detail (an address it
/// resolved to, a connection or TLS error, where a redirect pointed): a stranger must not learn
/// the inside of anyone's network from our answers. The variants keep the detail for the log.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum FetchError {
    #[error("it is not an https URL")]
    NotHttps(String),
    #[error("it names port {0}; only the standard https port (443) is called")]
    Port(u16),
    #[error("its host name does not resolve")]
    Unresolvable(String),
    #[error(
        "its host is not at a public address (private, loopback, link-local and similar addresses are never \
         fetched)"
    )]
    NotPublic { host: String, ip: IpAddr },
    #[error("no connection could be made to its host")]
    Connect { host: String, reason: String },
    #[error("the TLS handshake failed; the server needs a valid certificate for its name")]
    Tls { host: String, reason: String },
    #[error("the request failed")]
    Http(String),
    #[error("it answered {status}, a redirect; redirects are not followed")]
    Redirect { status: u16, location: String },
    #[error("it answered HTTP {0} instead of 200")]
    Status(u16),
    #[error("it is larger than {} KB", .0 / 1024)]
    TooLarge(usize),
    #[error("it took longer than {}", seconds(*.0))]
    Timeout(Duration),
    #[error("this server cannot check certificates now")]
    NoRoots(String),
}

impl FetchError {
    /// Whether the fetch failed before any HTTP answer came (the address, the connection, TLS,
    /// the deadline): a failure of where the document is, not of a document.
    pub fn before_any_answer(&self) -> bool {
        !matches!(
            self,
            Self::Http(_) | Self::Redirect { .. } | Self::Status(_) | Self::TooLarge(_)
        )
    }
}

/// A fetched document and how long its caching headers let it be reused (RFC 9111: zero when
/// they forbid storing it or give it no lifetime).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fetched {
    pub body: Vec<u8>,
    pub lifetime: Duration,
}

/// A deadline in words: whole seconds as `3 s`, else milliseconds.
fn seconds(deadline: Duration) -> String {
    match deadline.subsec_millis() {
        0 => format!("{} s", deadline.as_secs()),
        _ => format!("{} ms", deadline.as_millis()),
    }
}

/// Fetches documents over https under an address policy. Cheap to build: the TLS
/// configuration is made on first use, so a function that never fetches never reads the
/// certificate store.
#[derive(Debug)]
pub struct Fetcher {
    policy: AddressPolicy,
    /// Whether a URL may name another port than 443 (only a test fetcher's local server).
    any_port: bool,
    roots: Roots,
    tls: OnceLock<Result<Arc<rustls::ClientConfig>, FetchError>>,
}

impl Default for Fetcher {
    fn default() -> Self {
        Self::public()
    }
}

impl Fetcher {
    /// Production: public addresses only, the system's roots.
    pub fn public() -> Self {
        Self {
            policy: AddressPolicy::PUBLIC_ONLY,
            any_port: false,
            roots: Roots::System,
            tls: OnceLock::new(),
        }
    }

    /// A fetcher for tests: `policy` (such as the loopback allowance) and only `root` trusted.
    #[cfg(any(test, feature = "testing"))]
    pub(crate) fn for_tests(policy: AddressPolicy, root: CertificateDer<'static>) -> Self {
        Self {
            policy,
            any_port: true,
            roots: Roots::Only(vec![root]),
            tls: OnceLock::new(),
        }
    }

    /// The document's bytes, or why not; never takes longer than `limits.timeout`.
    pub async fn get(&self, url: &url::Url, limits: &Limits) -> Result<Vec<u8>, FetchError> {
        self.get_document(url, limits).await.map(|fetched| fetched.body)
    }

    /// The document and how long it may be reused, or why not; never takes longer than
    /// `limits.timeout`.
    pub async fn get_document(&self, url: &url::Url, limits: &Limits) -> Result<Fetched, FetchError> {
        tokio::time::timeout(limits.timeout, self.get_unbounded(url, limits))
            .await
            .unwrap_or(Err(FetchError::Timeout(limits.timeout)))
    }

    async fn get_unbounded(&self, url: &url::Url, limits: &Limits) -> Result<Fetched, FetchError> {
        let tls = self.open(url).await?;
        exchange::get(TokioIo::new(tls), url, limits).await
    }

    /// Posts `body` (JSON) with `headers` and reads the answer's status (any: the caller judges
    /// it) and `Retry-After`; never takes longer than `limits.timeout`. The same rules as a
    /// fetch: https, checked addresses only, no redirect followed.
    pub async fn post(
        &self,
        url: &url::Url,
        headers: &[(&'static str, String)],
        body: String,
        limits: &Limits,
    ) -> Result<Posted, FetchError> {
        let post = async {
            let tls = self.open(url).await?;
            exchange::post(TokioIo::new(tls), url, headers, body, limits).await
        };
        tokio::time::timeout(limits.timeout, post)
            .await
            .unwrap_or(Err(FetchError::Timeout(limits.timeout)))
    }

    /// The status `url` answers (any: the caller judges it), reading nothing of the body: a
    /// `HEAD` when `head`, else a `GET` asking for the first `limits.max_bytes` only. The same
    /// rules as a fetch (https, checked addresses, no redirect followed); never takes longer
    /// than `limits.timeout`.
    pub async fn status(&self, url: &url::Url, head: bool, limits: &Limits) -> Result<u16, FetchError> {
        let ask = async {
            let tls = self.open(url).await?;
            exchange::status(TokioIo::new(tls), url, head, limits).await
        };
        tokio::time::timeout(limits.timeout, ask)
            .await
            .unwrap_or(Err(FetchError::Timeout(limits.timeout)))
    }

    /// Whether `url`'s host resolves to addresses the policy admits only, without connecting;
    /// a resolution taking longer than `deadline` is a failure (a stranger's URL must not hold
    /// a request open).
    pub async fn check_address(&self, url: &url::Url, deadline: Duration) -> Result<(), FetchError> {
        tokio::time::timeout(deadline, self.addresses(url))
            .await
            .unwrap_or(Err(FetchError::Timeout(deadline)))
            .map(|_| ())
    }
}

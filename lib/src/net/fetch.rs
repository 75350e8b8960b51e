//! Fetching a document from an https URL a client handed us without opening a door into our
//! own network (SSRF): the host is resolved once, every address it resolves to must be one the
//! [`AddressPolicy`] admits, the connection goes to an address that was checked (no second
//! resolution), TLS is verified against the system's roots (rustls with ring), redirects are
//! not followed, the body is read to at most its limit, and the whole fetch has a deadline.

use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use bytes::Bytes;
use http_body_util::BodyExt;
use hyper_util::rt::TokioIo;
use rustls::pki_types::{CertificateDer, ServerName};
use tokio::net::TcpStream;
use tokio_rustls::TlsConnector;

use super::AddressPolicy;

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

/// Where the fetcher's trusted roots come from.
#[derive(Debug, Clone)]
enum Roots {
    /// The system's certificate store (`/etc/pki/tls/certs` on Lambda's Amazon Linux).
    System,
    /// Only these certificates (test support).
    #[cfg_attr(not(any(test, feature = "testing")), allow(dead_code))]
    Only(Vec<CertificateDer<'static>>),
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

    fn tls(&self) -> Result<Arc<rustls::ClientConfig>, FetchError> {
        self.tls.get_or_init(|| tls_config(&self.roots)).clone()
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
        get(TokioIo::new(tls), url, limits).await
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
            post(TokioIo::new(tls), url, headers, body, limits).await
        };
        tokio::time::timeout(limits.timeout, post)
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

    /// The checked addresses of `url`'s host and the name TLS verifies.
    async fn addresses(&self, url: &url::Url) -> Result<(Vec<SocketAddr>, ServerName<'static>), FetchError> {
        if url.scheme() != "https" {
            return Err(FetchError::NotHttps(url.to_string()));
        }
        let host = url.host().ok_or_else(|| FetchError::NotHttps(url.to_string()))?;
        let port = url.port_or_known_default().unwrap_or(443);
        // Nothing but https's own port: the fetcher must not become a way to probe others.
        if port != 443 && !self.any_port {
            return Err(FetchError::Port(port));
        }
        let (addresses, server_name) = match host {
            url::Host::Domain(name) => {
                let found: Vec<SocketAddr> = tokio::net::lookup_host((name, port))
                    .await
                    .map_err(|_| FetchError::Unresolvable(name.to_string()))?
                    .collect();
                let server_name =
                    ServerName::try_from(name.to_string()).map_err(|_| FetchError::Unresolvable(name.to_string()))?;
                (found, server_name)
            }
            url::Host::Ipv4(ip) => (
                vec![SocketAddr::new(ip.into(), port)],
                ServerName::from(IpAddr::from(ip)),
            ),
            url::Host::Ipv6(ip) => (
                vec![SocketAddr::new(ip.into(), port)],
                ServerName::from(IpAddr::from(ip)),
            ),
        };
        let host = url.host_str().unwrap_or_default().to_string();
        if addresses.is_empty() {
            return Err(FetchError::Unresolvable(host));
        }
        // Every address the name resolves to must be admitted: a name that mixes a public and a
        // private address is refused, whichever one a connection would pick.
        if let Some(refused) = addresses.iter().find(|a| !self.policy.admits(a.ip())) {
            return Err(FetchError::NotPublic { host, ip: refused.ip() });
        }
        Ok((addresses, server_name))
    }

    /// A verified TLS connection to one of `url`'s checked addresses.
    async fn open(&self, url: &url::Url) -> Result<tokio_rustls::client::TlsStream<TcpStream>, FetchError> {
        let (addresses, server_name) = self.addresses(url).await?;
        let host = url.host_str().unwrap_or_default().to_string();
        let tcp = connect(&addresses, &host).await?;
        let tls = TlsConnector::from(self.tls()?)
            .connect(server_name, tcp)
            .await
            .map_err(|e| FetchError::Tls {
                host: host.clone(),
                reason: e.to_string(),
            })?;
        Ok(tls)
    }
}

/// A TCP connection to the first of the checked addresses that answers.
async fn connect(addresses: &[SocketAddr], host: &str) -> Result<TcpStream, FetchError> {
    let mut last = String::new();
    for address in addresses {
        match TcpStream::connect(address).await {
            Ok(stream) => return Ok(stream),
            Err(e) => last = e.to_string(),
        }
    }
    Err(FetchError::Connect {
        host: host.to_string(),
        reason: last,
    })
}

/// What a receiver answered to a post.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Posted {
    pub status: u16,
    /// How long it asked to wait (`Retry-After`, in seconds or as a date), if it did.
    pub retry_after: Option<Duration>,
}

/// A request for `url`'s path and query with its `Host`, our `User-Agent` and `Accept`.
fn request_to(method: hyper::Method, url: &url::Url, limits: &Limits) -> hyper::http::request::Builder {
    let path = match url.query() {
        Some(query) => format!("{}?{query}", url.path()),
        None => url.path().to_string(),
    };
    let authority = match url.port() {
        Some(port) => format!("{}:{port}", url.host_str().unwrap_or_default()),
        None => url.host_str().unwrap_or_default().to_string(),
    };
    hyper::Request::builder()
        .method(method)
        .uri(path)
        .header(hyper::header::HOST, authority)
        .header(hyper::header::USER_AGENT, limits.user_agent)
        .header(hyper::header::ACCEPT, limits.accept)
}

/// An HTTP/1.1 exchange over `io`: the sender, and the task driving the connection (aborted
/// once the answer is read).
async fn handshake<T, B>(
    io: TokioIo<T>,
) -> Result<(hyper::client::conn::http1::SendRequest<B>, tokio::task::JoinHandle<()>), FetchError>
where
    T: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
    B: hyper::body::Body + Send + 'static,
    B::Data: Send,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    let (sender, connection) = hyper::client::conn::http1::handshake(io)
        .await
        .map_err(|e| FetchError::Http(e.to_string()))?;
    let driver = tokio::spawn(async move {
        let _ = connection.await;
    });
    Ok((sender, driver))
}

/// One `POST` over an open connection; the answer's body is not read.
async fn post<T>(
    io: TokioIo<T>,
    url: &url::Url,
    headers: &[(&'static str, String)],
    body: String,
    limits: &Limits,
) -> Result<Posted, FetchError>
where
    T: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let (mut sender, driver) = handshake(io).await?;
    let mut request =
        request_to(hyper::Method::POST, url, limits).header(hyper::header::CONTENT_TYPE, "application/json");
    for (name, value) in headers {
        request = request.header(*name, value);
    }
    let request = request
        .body(http_body_util::Full::new(Bytes::from(body)))
        .map_err(|e| FetchError::Http(e.to_string()))?;
    let response = sender
        .send_request(request)
        .await
        .map_err(|e| FetchError::Http(e.to_string()))?;
    let retry_after = response
        .headers()
        .get(hyper::header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| retry_after(v, chrono::Utc::now()));
    driver.abort();
    Ok(Posted {
        status: response.status().as_u16(),
        retry_after,
    })
}

/// A `Retry-After` value: whole seconds, or an HTTP date (the wait until then; none if past).
pub fn retry_after(value: &str, now: chrono::DateTime<chrono::Utc>) -> Option<Duration> {
    let value = value.trim();
    if let Ok(seconds) = value.parse::<u64>() {
        return Some(Duration::from_secs(seconds));
    }
    let at = chrono::DateTime::parse_from_rfc2822(value).ok()?;
    (at.with_timezone(&chrono::Utc) - now).to_std().ok()
}

/// One `GET` over an open connection: 200 only, no redirects, at most `limits.max_bytes`.
async fn get<T>(io: TokioIo<T>, url: &url::Url, limits: &Limits) -> Result<Fetched, FetchError>
where
    T: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let http = |e: hyper::Error| FetchError::Http(e.to_string());
    let (mut sender, driver) = handshake(io).await?;
    let request = request_to(hyper::Method::GET, url, limits)
        .header(hyper::header::ACCEPT_ENCODING, "identity")
        .body(http_body_util::Empty::<Bytes>::new())
        .map_err(|e| FetchError::Http(e.to_string()))?;
    let (request_head, body) = request.into_parts();
    let request = hyper::Request::from_parts(request_head.clone(), body);
    let response = sender.send_request(request).await.map_err(http)?;
    let status = response.status();
    let policy = http_cache_semantics::CachePolicy::new(&request_head, &response);
    let lifetime = if policy.is_storable() {
        policy.time_to_live(std::time::SystemTime::now())
    } else {
        Duration::ZERO
    };
    let result = if status.is_redirection() {
        let location = response
            .headers()
            .get(hyper::header::LOCATION)
            .and_then(|l| l.to_str().ok())
            .unwrap_or("nowhere")
            .to_string();
        Err(FetchError::Redirect {
            status: status.as_u16(),
            location,
        })
    } else if status != hyper::StatusCode::OK {
        Err(FetchError::Status(status.as_u16()))
    } else {
        read_body(response.into_body(), limits.max_bytes)
            .await
            .map(|body| Fetched { body, lifetime })
    };
    driver.abort();
    result
}

/// The body, refused as soon as it declares or delivers more than `max_bytes`.
async fn read_body(mut body: hyper::body::Incoming, max_bytes: usize) -> Result<Vec<u8>, FetchError> {
    use hyper::body::Body as _;
    if body.size_hint().lower() > max_bytes as u64 {
        return Err(FetchError::TooLarge(max_bytes));
    }
    let mut bytes = Vec::new();
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|e| FetchError::Http(e.to_string()))?;
        if let Ok(data) = frame.into_data() {
            bytes.extend_from_slice(&data);
            if bytes.len() > max_bytes {
                return Err(FetchError::TooLarge(max_bytes));
            }
        }
    }
    Ok(bytes)
}

fn tls_config(roots: &Roots) -> Result<Arc<rustls::ClientConfig>, FetchError> {
    let mut store = rustls::RootCertStore::empty();
    match roots {
        Roots::System => {
            let found = rustls_native_certs::load_native_certs();
            store.add_parsable_certificates(found.certs);
        }
        Roots::Only(certs) => {
            store.add_parsable_certificates(certs.iter().cloned());
        }
    }
    if store.is_empty() {
        return Err(FetchError::NoRoots("the certificate store is empty".into()));
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| FetchError::NoRoots(e.to_string()))?
        .with_root_certificates(store)
        .with_no_client_auth();
    Ok(Arc::new(config))
}

#[cfg(test)]
mod tests;

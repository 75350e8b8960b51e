//! Where a fetch connects: the host resolved once and every address checked against the
//! [`AddressPolicy`], a TCP connection to a checked address (no second resolution), and TLS
//! verified against the fetcher's roots (rustls with ring).

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use rustls::pki_types::{CertificateDer, ServerName};
use tokio::net::TcpStream;
use tokio_rustls::TlsConnector;

use super::{FetchError, Fetcher};

/// Where the fetcher's trusted roots come from.
#[derive(Debug, Clone)]
pub(super) enum Roots {
    /// The system's certificate store (`/etc/pki/tls/certs` on Lambda's Amazon Linux).
    System,
    /// Only these certificates (test support).
    #[cfg_attr(not(any(test, feature = "testing")), allow(dead_code))]
    Only(Vec<CertificateDer<'static>>),
}

impl Fetcher {
    pub(super) fn tls(&self) -> Result<Arc<rustls::ClientConfig>, FetchError> {
        self.tls.get_or_init(|| tls_config(&self.roots)).clone()
    }

    /// The checked addresses of `url`'s host and the name TLS verifies.
    pub(super) async fn addresses(&self, url: &url::Url) -> Result<(Vec<SocketAddr>, ServerName<'static>), FetchError> {
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
    pub(super) async fn open(&self, url: &url::Url) -> Result<tokio_rustls::client::TlsStream<TcpStream>, FetchError> {
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

/// The TLS client configuration trusting `roots` (ring's provider, safe protocol versions).
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

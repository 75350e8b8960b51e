//! Logos for QR tests: the same small logo as PNG, JPEG, WebP and SVG, as data URLs, and an
//! https server on this machine that serves them (and misbehaves on request), with the fetcher
//! that trusts its certificate and may reach loopback. Nothing here exists in a Lambda: the
//! loopback allowance is built only by this test support.

use std::sync::Arc;
use std::time::Duration;

use base64::Engine as _;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

use crate::net::AddressPolicy;
use crate::qr::LogoFetcher;

pub const PNG: &[u8] = include_bytes!("fixtures/logo.png");
pub const JPEG: &[u8] = include_bytes!("fixtures/logo.jpg");
pub const WEBP: &[u8] = include_bytes!("fixtures/logo.webp");
pub const SVG: &[u8] = include_bytes!("fixtures/logo.svg");

/// Every fixture logo with its media type.
pub const ALL: [(&str, &[u8]); 4] = [
    ("image/png", PNG),
    ("image/jpeg", JPEG),
    ("image/webp", WEBP),
    ("image/svg+xml", SVG),
];

/// `bytes` as a base64 data URL of `media_type`.
pub fn data_url(media_type: &str, bytes: &[u8]) -> String {
    format!(
        "data:{media_type};base64,{}",
        base64::engine::general_purpose::STANDARD.encode(bytes)
    )
}

/// How long `/slow` keeps a fetch waiting before it answers.
pub const SLOW_FOR: Duration = Duration::from_secs(20);

/// An https server on `localhost` with a self-signed certificate. Paths:
/// `/logo.png`, `/logo.jpg`, `/logo.webp`, `/logo.svg` (the fixtures), `/redirect` (302 to
/// `/logo.png`), `/huge` (300 KB with its `Content-Length`), `/huge-unannounced` (300 KB
/// without one), `/slow` (answers after [`SLOW_FOR`]), `/not-an-image` (HTML), `/server-error`
/// (500), anything else 404.
#[derive(Debug)]
pub struct LogoServer {
    pub port: u16,
    certificate: CertificateDer<'static>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for LogoServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl LogoServer {
    pub async fn start() -> Self {
        let generated = rcgen::generate_simple_self_signed(vec!["localhost".to_string(), "127.0.0.1".to_string()])
            .expect("a self-signed certificate");
        let certificate = generated.cert.der().clone();
        let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(generated.signing_key.serialize_der()));
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let config = rustls::ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .expect("TLS versions")
            .with_no_client_auth()
            .with_single_cert(vec![certificate.clone()], key)
            .expect("server certificate");
        let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let port = listener.local_addr().expect("address").port();
        let task = tokio::spawn(async move {
            while let Ok((tcp, _)) = listener.accept().await {
                let acceptor = acceptor.clone();
                tokio::spawn(async move {
                    if let Ok(tls) = acceptor.accept(tcp).await {
                        serve(tls).await;
                    }
                });
            }
        });
        Self {
            port,
            certificate,
            task,
        }
    }

    /// `https://localhost:<port><path>`.
    pub fn url(&self, path: &str) -> String {
        format!("https://localhost:{}{path}", self.port)
    }

    /// A fetcher that trusts this server's certificate and may connect to loopback.
    pub fn fetcher(&self) -> LogoFetcher {
        LogoFetcher::for_tests(AddressPolicy::public_and_loopback(), self.certificate.clone())
    }

    /// A plain fetcher (the link-health checker's) that trusts this server's certificate and may
    /// connect to loopback.
    pub fn plain_fetcher(&self) -> crate::net::Fetcher {
        crate::net::Fetcher::for_tests(AddressPolicy::public_and_loopback(), self.certificate.clone())
    }

    /// A fetcher that trusts this server's certificate under the production address policy.
    pub fn public_only_fetcher(&self) -> LogoFetcher {
        LogoFetcher::for_tests(AddressPolicy::PUBLIC_ONLY, self.certificate.clone())
    }
}

/// Answers one request on a connection, as its path says.
async fn serve<S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin>(mut stream: S) {
    let mut request = Vec::new();
    let mut buffer = [0u8; 1024];
    while !request.windows(4).any(|w| w == b"\r\n\r\n") {
        match stream.read(&mut buffer).await {
            Ok(0) | Err(_) => return,
            Ok(n) => request.extend_from_slice(&buffer[..n]),
        }
    }
    let text = String::from_utf8_lossy(&request);
    let path = text.split_whitespace().nth(1).unwrap_or("/").to_string();
    let huge = vec![b'x'; 300 * 1024];
    let (head, body): (String, &[u8]) = match path.as_str() {
        "/logo.png" => (ok("image/png", PNG.len()), PNG),
        "/logo.jpg" => (ok("image/jpeg", JPEG.len()), JPEG),
        "/logo.webp" => (ok("image/webp", WEBP.len()), WEBP),
        "/logo.svg" => (ok("image/svg+xml", SVG.len()), SVG),
        "/not-an-image" => (ok("text/html", 15), b"<p>not it</p>\r\n"),
        "/server-error" => (
            "HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".into(),
            b"",
        ),
        "/redirect" => (
            "HTTP/1.1 302 Found\r\nLocation: /logo.png\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".into(),
            b"",
        ),
        "/huge" => (ok("image/png", huge.len()), &huge),
        "/huge-unannounced" => (
            "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nConnection: close\r\n\r\n".into(),
            &huge,
        ),
        "/slow" => {
            tokio::time::sleep(SLOW_FOR).await;
            (ok("image/png", PNG.len()), PNG)
        }
        _ => (
            "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".into(),
            b"",
        ),
    };
    let _ = stream.write_all(head.as_bytes()).await;
    let _ = stream.write_all(body).await;
    let _ = stream.shutdown().await;
}

fn ok(content_type: &str, length: usize) -> String {
    format!("HTTP/1.1 200 OK\r\nContent-Type: {content_type}\r\nContent-Length: {length}\r\nConnection: close\r\n\r\n")
}

//! A local https server for documents a fetch under SSRF rules reads (client ID metadata
//! documents), with its own self-signed certificate for `localhost`, and the one explicit
//! test-only allowance that lets a [`Fetcher`] reach it: loopback admitted, only that
//! certificate trusted. Nothing a deployed function can configure builds such a fetcher.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{Full, StreamBody};
use hyper::body::Frame;
use hyper::service::service_fn;
use hyper_util::rt::{TokioExecutor, TokioIo};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use tokio_rustls::TlsAcceptor;

use crate::net::{AddressPolicy, Fetcher};

pub type Body = http_body_util::Either<
    Full<Bytes>,
    StreamBody<futures::stream::Iter<std::vec::IntoIter<Result<Frame<Bytes>, Infallible>>>>,
>;

/// An https server on `localhost` serving the documents given to [`DocumentServer::serve`],
/// and a few misbehaving paths: `/redirect` (302), `/huge` (a declared body of 10 MB),
/// `/huge-unannounced` (2 MB sent chunked), `/slow` (answers after 30 s), `/server-error` (500);
/// 404 otherwise.
pub struct DocumentServer {
    port: u16,
    certificate: CertificateDer<'static>,
    documents: Arc<Mutex<HashMap<String, Served>>>,
    hits: Arc<Mutex<HashMap<String, u64>>>,
}

/// A document and the `Cache-Control` it is served with.
#[derive(Debug, Clone)]
struct Served {
    body: String,
    cache_control: Option<String>,
}

/// Serves https on a free loopback port with a fresh self-signed certificate for `localhost`,
/// each request answered by `handler`; answers the port and the certificate to trust.
pub async fn serve_https<F, Fut>(handler: F) -> (u16, CertificateDer<'static>)
where
    F: Fn(hyper::Request<hyper::body::Incoming>) -> Fut + Clone + Send + Sync + 'static,
    Fut: std::future::Future<Output = Result<hyper::Response<Body>, Infallible>> + Send + 'static,
{
    let generated = rcgen::generate_simple_self_signed(vec!["localhost".to_string()]).expect("certificate");
    let certificate = generated.cert.der().clone();
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(generated.signing_key.serialize_der()));
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("protocol versions")
        .with_no_client_auth()
        .with_single_cert(vec![certificate.clone()], key)
        .expect("server certificate");
    let acceptor = TlsAcceptor::from(Arc::new(config));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let port = listener.local_addr().expect("address").port();
    tokio::spawn(async move {
        while let Ok((tcp, _)) = listener.accept().await {
            let acceptor = acceptor.clone();
            let handler = handler.clone();
            tokio::spawn(async move {
                let Ok(tls) = acceptor.accept(tcp).await else { return };
                let builder = hyper_util::server::conn::auto::Builder::new(TokioExecutor::new());
                let _ = builder.serve_connection(TokioIo::new(tls), service_fn(handler)).await;
            });
        }
    });
    (port, certificate)
}

impl DocumentServer {
    pub async fn start() -> Self {
        let documents: Arc<Mutex<HashMap<String, Served>>> = Arc::default();
        let hits: Arc<Mutex<HashMap<String, u64>>> = Arc::default();
        let (served, counted) = (documents.clone(), hits.clone());
        let (port, certificate) = serve_https(move |req| answer(served.clone(), counted.clone(), req)).await;
        Self {
            port,
            certificate,
            documents,
            hits,
        }
    }

    /// Serves `body` (as JSON) at `path` from now on, without caching headers.
    pub fn serve(&self, path: &str, body: &str) {
        self.serve_cached(path, body, None);
    }

    /// Serves `body` at `path` with `Cache-Control: <cache_control>`.
    pub fn serve_cached(&self, path: &str, body: &str, cache_control: Option<&str>) {
        let served = Served {
            body: body.to_string(),
            cache_control: cache_control.map(str::to_string),
        };
        self.documents
            .lock()
            .expect("documents")
            .insert(path.to_string(), served);
    }

    /// How many requests for `path` the server answered.
    pub fn hits(&self, path: &str) -> u64 {
        self.hits.lock().expect("hits").get(path).copied().unwrap_or(0)
    }

    /// `https://localhost:<port><path>`.
    pub fn url(&self, path: &str) -> String {
        format!("https://localhost:{}{path}", self.port)
    }

    /// A fetcher that may reach this server: loopback admitted, only its certificate trusted.
    pub fn fetcher(&self) -> Fetcher {
        Fetcher::for_tests(AddressPolicy::public_and_loopback(), self.certificate.clone())
    }
}

async fn answer(
    documents: Arc<Mutex<HashMap<String, Served>>>,
    hits: Arc<Mutex<HashMap<String, u64>>>,
    req: hyper::Request<hyper::body::Incoming>,
) -> Result<hyper::Response<Body>, Infallible> {
    let full = |status: u16, body: Vec<u8>| {
        hyper::Response::builder()
            .status(status)
            .header("content-type", "application/json")
            .body(http_body_util::Either::Left(Full::new(Bytes::from(body))))
            .expect("response")
    };
    let path = req.uri().path().to_string();
    *hits.lock().expect("hits").entry(path.clone()).or_default() += 1;
    let found = documents.lock().expect("documents").get(&path).cloned();
    Ok(match (path.as_str(), found) {
        (_, Some(served)) => {
            let mut response = full(200, served.body.into_bytes());
            if let Some(value) = served
                .cache_control
                .and_then(|v| hyper::header::HeaderValue::from_str(&v).ok())
            {
                response.headers_mut().insert(hyper::header::CACHE_CONTROL, value);
            }
            response
        }
        ("/redirect", None) => hyper::Response::builder()
            .status(302)
            .header("location", "/doc.json")
            .body(http_body_util::Either::Left(Full::new(Bytes::new())))
            .expect("response"),
        ("/huge", None) => {
            let mut response = full(200, vec![b' '; 10 * 1024 * 1024]);
            response.headers_mut().remove("transfer-encoding");
            response
        }
        ("/huge-unannounced", None) => {
            let chunks: Vec<Result<Frame<Bytes>, Infallible>> = (0..32)
                .map(|_| Ok(Frame::data(Bytes::from(vec![b' '; 64 * 1024]))))
                .collect();
            hyper::Response::builder()
                .status(200)
                .body(http_body_util::Either::Right(StreamBody::new(futures::stream::iter(
                    chunks,
                ))))
                .expect("response")
        }
        ("/slow", None) => {
            tokio::time::sleep(Duration::from_secs(30)).await;
            full(200, b"{}".to_vec())
        }
        ("/server-error", None) => full(500, b"{}".to_vec()),
        _ => full(404, b"{}".to_vec()),
    })
}

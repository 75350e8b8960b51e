//! A local https webhook receiver for tests: records every post (headers and body) and answers
//! each path as scripted (a list of statuses, with a `Retry-After` if asked, then 200), or
//! `/moved` with a redirect. Reached through its [`Fetcher`] (loopback admitted, its own
//! certificate trusted), as the production fetcher reaches a public receiver.

use std::collections::{HashMap, VecDeque};
use std::convert::Infallible;
use std::sync::{Arc, Mutex};

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use rustls::pki_types::CertificateDer;

use super::documents::{Body, serve_https};
use crate::net::{AddressPolicy, Fetcher};

/// One post the receiver got.
#[derive(Debug, Clone)]
pub struct Received {
    pub headers: HashMap<String, String>,
    pub body: String,
}

impl Received {
    pub fn header(&self, name: &str) -> &str {
        self.headers.get(name).map(String::as_str).unwrap_or_default()
    }

    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).expect("a JSON body")
    }
}

/// A scripted answer: a status and, perhaps, a `Retry-After` value.
pub type Scripted = (u16, Option<&'static str>);

#[derive(Default)]
struct State {
    received: HashMap<String, Vec<Received>>,
    scripts: HashMap<String, VecDeque<Scripted>>,
}

pub struct WebhookReceiver {
    port: u16,
    certificate: CertificateDer<'static>,
    state: Arc<Mutex<State>>,
}

impl WebhookReceiver {
    pub async fn start() -> Self {
        let state: Arc<Mutex<State>> = Arc::default();
        let shared = state.clone();
        let (port, certificate) = serve_https(move |req| receive(shared.clone(), req)).await;
        Self {
            port,
            certificate,
            state,
        }
    }

    /// Posts to `path` are answered with these statuses in turn, then 200.
    pub fn script(&self, path: &str, answers: &[Scripted]) {
        let mut state = self.state.lock().expect("state");
        state
            .scripts
            .insert(path.to_string(), answers.iter().copied().collect());
    }

    /// Every post to `path` so far, oldest first.
    pub fn received(&self, path: &str) -> Vec<Received> {
        let state = self.state.lock().expect("state");
        state.received.get(path).cloned().unwrap_or_default()
    }

    pub fn url(&self, path: &str) -> String {
        format!("https://localhost:{}{path}", self.port)
    }

    /// A fetcher that may reach this receiver: loopback admitted, only its certificate trusted.
    pub fn fetcher(&self) -> Fetcher {
        Fetcher::for_tests(AddressPolicy::public_and_loopback(), self.certificate.clone())
    }
}

async fn receive(
    state: Arc<Mutex<State>>,
    req: hyper::Request<hyper::body::Incoming>,
) -> Result<hyper::Response<Body>, Infallible> {
    let path = req.uri().path().to_string();
    let headers = req
        .headers()
        .iter()
        .map(|(name, value)| {
            (
                name.as_str().to_string(),
                value.to_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    let body = req
        .into_body()
        .collect()
        .await
        .map(|b| b.to_bytes())
        .unwrap_or_default();
    let (status, retry_after) = {
        let mut state = state.lock().expect("state");
        state.received.entry(path.clone()).or_default().push(Received {
            headers,
            body: String::from_utf8_lossy(&body).into_owned(),
        });
        state
            .scripts
            .get_mut(&path)
            .and_then(VecDeque::pop_front)
            .unwrap_or((200, None))
    };
    let mut response = hyper::Response::builder().status(status);
    if path == "/moved" {
        response = response.status(308).header("location", "/elsewhere");
    }
    if let Some(value) = retry_after {
        response = response.header("retry-after", value);
    }
    Ok(response
        .body(http_body_util::Either::Left(Full::new(Bytes::new())))
        .expect("response"))
}

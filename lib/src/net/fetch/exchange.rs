//! The HTTP/1.1 exchange over an open, verified connection: one `GET` (200 only, no redirect
//! followed, the body read to at most its limit, with how long caching lets it be reused) or one
//! `POST` (any status, and `Retry-After`).

use std::time::Duration;

use bytes::Bytes;
use http_body_util::BodyExt;
use hyper_util::rt::TokioIo;

use super::{FetchError, Fetched, Limits};

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
pub(super) async fn post<T>(
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
pub(super) async fn get<T>(io: TokioIo<T>, url: &url::Url, limits: &Limits) -> Result<Fetched, FetchError>
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

/// One request over an open connection of which only the answer's status is read: a `HEAD`, or
/// a `GET` asking for the first `limits.max_bytes` (`Range`). The body is never read; the
/// connection is dropped once the status is in.
pub(super) async fn status<T>(io: TokioIo<T>, url: &url::Url, head: bool, limits: &Limits) -> Result<u16, FetchError>
where
    T: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let (mut sender, driver) = handshake(io).await?;
    let method = if head { hyper::Method::HEAD } else { hyper::Method::GET };
    let mut request = request_to(method, url, limits).header(hyper::header::ACCEPT_ENCODING, "identity");
    if !head {
        request = request.header(
            hyper::header::RANGE,
            format!("bytes=0-{}", limits.max_bytes.saturating_sub(1)),
        );
    }
    let request = request
        .body(http_body_util::Empty::<Bytes>::new())
        .map_err(|e| FetchError::Http(e.to_string()))?;
    let answer = sender
        .send_request(request)
        .await
        .map(|response| response.status().as_u16())
        .map_err(|e| FetchError::Http(e.to_string()));
    driver.abort();
    answer
}

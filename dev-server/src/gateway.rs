//! The dev server's stand-in for API Gateway: one HTTP server that converts each request into
//! the `lambda_http::Request` API Gateway would build (request context, query and path
//! parameters, source IP), routes it by the manifest, calls the function's handler and converts
//! the answer back.

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;

use http_body_util::{BodyExt, Full};
use hyper::body::{Bytes, Incoming};
use hyper::service::service_fn;
use hyper_util::rt::{TokioExecutor, TokioIo};
use lambda_http::aws_lambda_events::apigw::{
    ApiGatewayV2httpRequestContext, ApiGatewayV2httpRequestContextHttpDescription,
};
use lambda_http::aws_lambda_events::query_map::QueryMap;
use lambda_http::http::StatusCode;
use lambda_http::request::RequestContext;
use lambda_http::{Body, Request, RequestExt, Response};
use tokio::net::TcpListener;

use crate::{Functions, dynamodb_count, handlers};

/// How long the dev server keeps reading a body it already answered as too large (so the
/// client reads the answer instead of a reset connection).
const DRAIN_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(30);

/// Serves until the listener fails.
pub async fn serve(listener: TcpListener, functions: Arc<Functions>) -> std::io::Result<()> {
    loop {
        let (stream, peer) = listener.accept().await?;
        let functions = functions.clone();
        tokio::spawn(async move {
            let handler = service_fn(move |req| {
                let functions = functions.clone();
                async move { Ok::<_, Infallible>(handle(&functions, req, peer).await) }
            });
            let builder = hyper_util::server::conn::auto::Builder::new(TokioExecutor::new());
            if let Err(err) = builder.serve_connection(TokioIo::new(stream), handler).await {
                tracing::debug!(%peer, error = %err, "connection closed");
            }
        });
    }
}

/// Converts one HTTP request, routes it, converts the response back.
pub async fn handle(
    functions: &Functions,
    req: hyper::Request<Incoming>,
    peer: SocketAddr,
) -> hyper::Response<Full<Bytes>> {
    let (mut parts, body) = req.into_parts();
    // A body over the functions' limit is not read: the function answers from the declared
    // length at once (API Gateway's own limit, 10 MB, is far above it).
    let limit = lib::http::MAX_BODY_BYTES;
    let bytes = if lib::http::declared_length(&parts.headers).is_some_and(|n| n > limit as u64) {
        tokio::spawn(drain(body));
        Bytes::new()
    } else {
        match read_at_most(body, limit).await {
            Some(bytes) => bytes,
            None => {
                parts.headers.insert(
                    lambda_http::http::header::CONTENT_LENGTH,
                    lambda_http::http::HeaderValue::from(limit + 1),
                );
                Bytes::new()
            }
        }
    };
    let request_id = format!("dev-{}", functions.service.new_id());
    let lambda_request = to_lambda_request(parts, bytes, peer, &request_id);
    let method = lambda_request.method().clone();
    let path = lambda_request.uri().path().to_string();
    let started = std::time::Instant::now();
    let mut response = route(functions, lambda_request).await;
    // What `lib::http::run` adds to every answer of every HTTP function.
    lib::http::transport_security(response.headers_mut());
    tracing::info!(%method, %path, status = response.status().as_u16(), elapsed_ms = started.elapsed().as_millis() as u64, request_id, "request");
    from_lambda_response(response)
}

/// The body, or `None` once it grows over `limit` (the rest is drained in the background).
async fn read_at_most(mut body: Incoming, limit: usize) -> Option<Bytes> {
    let mut read = Vec::new();
    while let Some(frame) = body.frame().await {
        let Ok(frame) = frame else { break };
        if let Ok(data) = frame.into_data() {
            read.extend_from_slice(&data);
            if read.len() > limit {
                tokio::spawn(drain(body));
                return None;
            }
        }
    }
    Some(Bytes::from(read))
}

/// Reads and drops what is left of a body, for at most [`DRAIN_TIMEOUT`].
async fn drain(mut body: Incoming) {
    let _ = tokio::time::timeout(DRAIN_TIMEOUT, async { while let Some(Ok(_)) = body.frame().await {} }).await;
}

/// Builds the request API Gateway (HTTP API, payload 2.0) would hand to a function.
pub fn to_lambda_request(
    parts: lambda_http::http::request::Parts,
    bytes: Bytes,
    peer: SocketAddr,
    request_id: &str,
) -> Request {
    let source_ip = parts
        .headers
        .get("x-forwarded-for")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(',').next())
        .map(|ip| ip.trim().to_string())
        .filter(|ip| !ip.is_empty())
        .unwrap_or_else(|| peer.ip().to_string());
    let path = parts.uri.path().to_string();
    let mut query: HashMap<String, Vec<String>> = HashMap::new();
    if let Some(q) = parts.uri.query() {
        for (k, v) in url::form_urlencoded::parse(q.as_bytes()) {
            query.entry(k.into_owned()).or_default().push(v.into_owned());
        }
    }
    let mut http = ApiGatewayV2httpRequestContextHttpDescription::default();
    http.method = parts.method.clone();
    http.path = Some(path.clone());
    http.protocol = Some("HTTP/1.1".into());
    http.source_ip = Some(source_ip);
    http.user_agent = parts
        .headers
        .get("user-agent")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let mut context = ApiGatewayV2httpRequestContext::default();
    context.stage = Some("$default".into());
    context.request_id = Some(request_id.to_string());
    context.time_epoch = chrono::Utc::now().timestamp_millis();
    context.http = http;
    let body = lib::http::body_of(&bytes);
    Request::from_parts(parts, body)
        .with_request_context(RequestContext::ApiGatewayV2(context))
        .with_query_string_parameters(QueryMap::from(query))
        .with_raw_http_path(path)
}

/// Which HTTP API of the template a request reaches. In AWS they have their own hostnames; here
/// the service API (and the pages) answer on loopback names (`localhost`, `127.0.0.1`, `[::1]`),
/// and every other host name is a short-link domain (`sl.localhost`, or a custom domain sent as
/// `Host`), whose redirect answers 404 for a host it does not know.
pub fn api_for_host(host: Option<&str>) -> lib::manifest::Api {
    let host = host.unwrap_or("localhost");
    let name = match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    };
    let loopback = ["localhost", "127.0.0.1", "[::1]", "::1", "0.0.0.0"];
    if loopback.iter().any(|l| name.eq_ignore_ascii_case(l)) {
        lib::manifest::Api::Service
    } else {
        lib::manifest::Api::ShortLinks
    }
}

/// Routes a request as API Gateway would (see [`lib::manifest::FUNCTIONS`]) and calls the handler
/// the matching Lambda function runs.
pub async fn route(functions: &Functions, req: Request) -> Response<Body> {
    let host = req
        .headers()
        .get("host")
        .and_then(|h| h.to_str().ok())
        .map(str::to_string);
    let api = api_for_host(host.as_deref());
    let path = req.uri().path().to_string();
    let method = req.method().as_str().to_string();
    use lib::manifest::{Api, default_route, find_route};
    if api == Api::Service
        && path == dynamodb_count::PATH
        && let Some(counts) = &functions.dynamodb_counts
    {
        return counts.response();
    }
    // A function URL has its own host in AWS; here it answers on the service host, before the
    // service API's $default route.
    let matched = find_route(api, &method, &path)
        .or_else(|| {
            (api == Api::Service)
                .then(|| find_route(Api::FunctionUrl, &method, &path))
                .flatten()
        })
        .or_else(|| default_route(api))
        .expect("every API of the manifest has a $default route");
    let req = if matched.parameters.is_empty() {
        req
    } else {
        let parameters: HashMap<String, Vec<String>> = matched
            .parameters
            .into_iter()
            .map(|(name, value)| (name.to_string(), vec![value]))
            .collect();
        req.with_path_parameters(QueryMap::from(parameters))
    };
    handlers::call(functions, matched.function.name, req)
        .await
        .unwrap_or_else(|err| {
            tracing::error!(error = %err, "handler failed");
            let mut response = Response::new(Body::Text(r#"{"message":"Internal Server Error"}"#.into()));
            *response.status_mut() = StatusCode::INTERNAL_SERVER_ERROR;
            response
        })
}

fn from_lambda_response(response: Response<Body>) -> hyper::Response<Full<Bytes>> {
    let (parts, body) = response.into_parts();
    let bytes = match body {
        Body::Empty => Bytes::new(),
        Body::Text(text) => Bytes::from(text),
        Body::Binary(bytes) => Bytes::from(bytes),
        _ => Bytes::new(),
    };
    hyper::Response::from_parts(parts, Full::new(bytes))
}

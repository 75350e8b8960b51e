//! The dev server: one local HTTP server that routes like API Gateway and calls exactly the
//! handlers the Lambda functions run, with the `lambda_http::Request` API Gateway would
//! build (request context, query and path parameters, source IP).

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;

use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::service::service_fn;
use hyper_util::rt::{TokioExecutor, TokioIo};
use lambda_http::aws_lambda_events::apigw::{
    ApiGatewayV2httpRequestContext, ApiGatewayV2httpRequestContextHttpDescription,
};
use lambda_http::aws_lambda_events::query_map::QueryMap;
use lambda_http::http::{Method, StatusCode};
use lambda_http::request::RequestContext;
use lambda_http::{Body, Request, RequestExt, Response};
use lib::redirect::Redirector;
use lib::service::Service;
use tokio::net::TcpListener;

pub mod index;
pub mod manifest;
pub mod streams;

/// API Gateway's own payload limit.
const MAX_GATEWAY_BODY: usize = 10 * 1024 * 1024;

/// What the dev server mounts: the service every API function shares, and the redirect
/// function's state (its own link cache, as in Lambda).
#[derive(Debug)]
pub struct Functions {
    pub service: Service,
    pub redirector: Redirector,
    /// The `click-aggregator` function, fed from the table's stream.
    pub aggregator: streams::StreamPoller,
    /// The `mcp` function (settings from `MCP_ALLOWED_ORIGINS`, `MCP_PUBLIC_BASE_URL`).
    pub mcp: mcp::Endpoint,
    /// The demo workspace `--seed-demo` made, shown on the `GET /` page.
    pub demo_workspace: Option<lib::ids::ObjectId>,
}

impl Functions {
    pub fn new(
        service: Service,
        streams: aws_sdk_dynamodbstreams::Client,
        demo_workspace: Option<lib::ids::ObjectId>,
    ) -> Arc<Self> {
        Arc::new(Self {
            redirector: Redirector::new(service.clone()),
            aggregator: streams::StreamPoller::new(streams, service.clone()),
            mcp: mcp::Endpoint::new(service.clone(), mcp::Settings::from_env()),
            service,
            demo_workspace,
        })
    }
}

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
    let (parts, body) = req.into_parts();
    let bytes = match Limited::new(body, MAX_GATEWAY_BODY).collect().await {
        Ok(collected) => collected.to_bytes(),
        Err(_) => {
            return plain(
                StatusCode::PAYLOAD_TOO_LARGE,
                r#"{"message":"Request Entity Too Large"}"#,
            );
        }
    };
    let request_id = format!("dev-{}", functions.service.new_id());
    let lambda_request = to_lambda_request(parts, bytes, peer, &request_id);
    let method = lambda_request.method().clone();
    let path = lambda_request.uri().path().to_string();
    let started = std::time::Instant::now();
    let response = route(functions, lambda_request).await;
    tracing::info!(%method, %path, status = response.status().as_u16(), elapsed_ms = started.elapsed().as_millis() as u64, request_id, "request");
    from_lambda_response(response)
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
    let body = if bytes.is_empty() {
        Body::Empty
    } else {
        match String::from_utf8(bytes.to_vec()) {
            Ok(text) => Body::Text(text),
            Err(e) => Body::Binary(e.into_bytes()),
        }
    };
    Request::from_parts(parts, body)
        .with_request_context(RequestContext::ApiGatewayV2(context))
        .with_query_string_parameters(QueryMap::from(query))
        .with_raw_http_path(path)
}

/// Which HTTP API of the template a request reaches. In AWS they have their own hostnames; here
/// the service API (and the pages) answer on loopback names (`localhost`, `127.0.0.1`, `[::1]`),
/// and every other host name is a short-link domain (`sl.localhost`, or a custom domain sent as
/// `Host`), whose redirect answers 404 for a host it does not know.
pub fn api_for_host(host: Option<&str>) -> manifest::Api {
    let host = host.unwrap_or("localhost");
    let name = match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    };
    let loopback = ["localhost", "127.0.0.1", "[::1]", "::1", "0.0.0.0"];
    if loopback.iter().any(|l| name.eq_ignore_ascii_case(l)) {
        manifest::Api::Service
    } else {
        manifest::Api::ShortLinks
    }
}

/// Routes a request as API Gateway would (see [`manifest::FUNCTIONS`]) and calls the handler
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
    if api == manifest::Api::Service && path == "/" && matches!(req.method(), &Method::GET | &Method::HEAD) {
        return index::page(host.as_deref().unwrap_or("localhost"), functions);
    }
    let function_url = || {
        (api == manifest::Api::Service)
            .then(|| manifest::find(manifest::Api::FunctionUrl, &method, &path))
            .flatten()
    };
    let Some(matched) = manifest::find(api, &method, &path).or_else(function_url) else {
        return not_found();
    };
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
    call(functions, matched.function.name, req).await.unwrap_or_else(|err| {
        tracing::error!(error = %err, "handler failed");
        let mut response = Response::new(Body::Text(r#"{"message":"Internal Server Error"}"#.into()));
        *response.status_mut() = StatusCode::INTERNAL_SERVER_ERROR;
        response
    })
}

/// Calls the handler of the function named `name`, as its Lambda would.
async fn call(functions: &Functions, name: &str, req: Request) -> Result<Response<Body>, lambda_http::Error> {
    let service = &functions.service;
    match name {
        "create-link" => create_link::handler(service, req).await,
        "update-link" => update_link::handler(service, req).await,
        "delete-link" => delete_link::handler(service, req).await,
        "bulk-create-links" => bulk_create_links::handler(service, req).await,
        "list-links" => list_links::handler(service, req).await,
        "get-link" => get_link::handler(service, req).await,
        "link-analytics" => link_analytics::handler(service, req).await,
        "workspace-analytics" => workspace_analytics::handler(service, req).await,
        "mcp" => mcp::handler(&functions.mcp, req).await,
        "redirect" => redirect::handler(&functions.redirector, req).await,
        other => Err(format!("the dev server has no handler for the routed function {other}").into()),
    }
}

/// What API Gateway answers for a route it does not know.
fn not_found() -> Response<Body> {
    let mut response = Response::new(Body::Text(r#"{"message":"Not Found"}"#.into()));
    *response.status_mut() = StatusCode::NOT_FOUND;
    response.headers_mut().insert(
        "content-type",
        lambda_http::http::HeaderValue::from_static("application/json"),
    );
    response
}

fn plain(status: StatusCode, text: &'static str) -> hyper::Response<Full<Bytes>> {
    let mut response = hyper::Response::new(Full::new(Bytes::from_static(text.as_bytes())));
    *response.status_mut() = status;
    response
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

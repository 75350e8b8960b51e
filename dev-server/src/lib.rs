//! The dev server: one local HTTP server that routes like API Gateway and calls exactly the
//! handlers the Lambda functions run, with the `lambda_http::Request` API Gateway would
//! build (request context, query and path parameters, source IP).

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
use lib::redirect::Redirector;
use lib::redirect::location::LocationDoor;
use lib::service::Service;
use tokio::net::TcpListener;

pub mod demo;

pub mod dynamodb_count;

pub mod streams;

pub mod imports;
mod queue_source;
pub mod webhooks;

/// The stack of each runtime thread. The dev server runs debug builds, whose futures and frames
/// are many times their release size: with tokio's default 2 MiB a worker once overflowed
/// under the browser tests (after the app's test visits, while the aggregator folded them);
/// 8 MiB is the main thread's own.
const WORKER_STACK_BYTES: usize = 8 << 20;

/// The runtime every dev server binary runs on (multi-threaded, 8 MiB stacks).
pub fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_stack_size(WORKER_STACK_BYTES)
        .build()
}

/// How long the dev server keeps reading a body it already answered as too large (so the
/// client reads the answer instead of a reset connection).
const DRAIN_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(30);

/// What the dev server mounts: the service every API function shares, and the redirect
/// function's state (its own link cache, as in Lambda).
#[derive(Debug)]
pub struct Functions {
    pub service: Service,
    pub redirector: Redirector,
    /// The `visitor-location` function: the positions people share on location consent pages
    /// (with the redirect's signing key, as both functions share the secret in AWS).
    pub location: LocationDoor,
    /// The `click-aggregator` function, fed from the table's stream.
    pub aggregator: streams::StreamPoller,
    /// The `webhook-producer` function, fed from the table's stream, queueing deliveries.
    pub webhook_producer: streams::StreamPoller,
    /// The `webhook-worker` function, fed from the delivery queue.
    pub webhook_worker: webhooks::WebhookWorker,
    /// The `import-worker` function, fed from the import queue (which `import-links` and the
    /// app's import page hand jobs to).
    pub import_worker: imports::ImportWorker,
    /// The `mcp` function (settings from `MCP_ALLOWED_ORIGINS`, `PUBLIC_BASE_URL`).
    pub mcp: lib::mcp::Endpoint,
    /// The page functions (`account`, `app`; settings from `PUBLIC_BASE_URL`).
    pub site: lib::pages::Site,
    /// The `oauth` function: the authorization server (with the production fetcher of client
    /// ID metadata documents unless a test gives another).
    pub oauth: lib::oauth::AuthorizationServer,
    /// The DynamoDB requests counted for `scripts/load` (see [`dynamodb_count`]).
    pub dynamodb_counts: Option<dynamodb_count::DynamoDbCounts>,
}

impl Functions {
    /// Every function with the settings given (from the environment; in tests a public base or
    /// a test-only fetcher).
    pub fn with_settings(service: Service, streams: aws_sdk_dynamodbstreams::Client, settings: Settings) -> Arc<Self> {
        let import_queue = settings
            .import_queue
            .unwrap_or_else(|| lib::queue::Queue::local(lib::service::IMPORT_QUEUE_VISIBILITY));
        let site = lib::pages::Site::new(service.clone(), settings.pages)
            .with_import_queue(import_queue.clone())
            .with_after_response(lib::after_response::AfterResponse::detached());
        let webhook_queue = settings
            .webhook_queue
            .unwrap_or_else(|| lib::queue::Queue::local(lib::service::WEBHOOK_QUEUE_VISIBILITY));
        let location_key = settings
            .location_key
            .unwrap_or_else(|| lib::redirect::random_location_key(service.entropy.as_ref()));
        Arc::new(Self {
            redirector: Redirector::new(service.clone())
                .with_dead_letters(settings.dead_letters)
                .with_origin_secret(settings.origin_secret)
                .with_location_key(location_key.clone())
                .with_pass_key(settings.pass_key.unwrap_or_else(|| {
                    lib::redirect::random_key(service.entropy.as_ref(), lib::domain::PASSWORD_PURPOSE)
                }))
                .with_visitor_key(settings.visitor_key.unwrap_or_else(|| {
                    lib::redirect::random_key(service.entropy.as_ref(), lib::visitor::VISITOR_PURPOSE)
                })),
            location: LocationDoor::new(service.clone(), location_key),
            aggregator: streams::StreamPoller::new(
                streams.clone(),
                settings.aggregator_service.unwrap_or_else(|| service.clone()),
            ),
            webhook_producer: streams::StreamPoller::for_consumer(
                streams,
                streams::Consumer::WebhookProducer {
                    service: service.clone(),
                    queue: webhook_queue.clone(),
                },
            ),
            webhook_worker: webhooks::WebhookWorker::new(service.clone(), webhook_queue),
            import_worker: imports::ImportWorker::new(service.clone(), import_queue),
            dynamodb_counts: settings.dynamodb_counts,
            mcp: lib::mcp::Endpoint::new(service.clone(), settings.mcp),
            oauth: lib::oauth::AuthorizationServer::new(site.clone(), settings.fetcher),
            site,
            service,
        })
    }
}

/// The functions' settings besides the service.
#[derive(Debug, Default)]
pub struct Settings {
    pub mcp: lib::mcp::Settings,
    pub pages: lib::pages::Settings,
    /// How the authorization server fetches client ID metadata documents.
    pub fetcher: lib::net::Fetcher,
    /// The secret the redirect requires in `X-Origin-Verify` (as CloudFront sends it in AWS);
    /// none on the dev server.
    pub origin_secret: Option<String>,
    /// The key location grants are signed with (`VISITOR_SIGNING_SECRET`); a random one for
    /// this process when none is set.
    pub location_key: Option<lib::domain::SigningKey>,
    /// The key the redirect signs password passes with (from `VISITOR_SIGNING_SECRET`; random
    /// without it).
    pub pass_key: Option<lib::domain::SigningKey>,
    /// The key the redirect makes visitor hashes with (from `VISITOR_SIGNING_SECRET`; random
    /// without it).
    pub visitor_key: Option<lib::domain::SigningKey>,
    /// Where the redirect keeps clicks it could not write (`CLICK_DEAD_LETTER_QUEUE_URL`, with
    /// `AWS_ENDPOINT_URL_SQS` for the local SQS `scripts/serve` starts); none when unset.
    pub dead_letters: Option<lib::store::DeadLetters>,
    /// Counts the DynamoDB requests per operation (`DEV_SERVER_COUNT_DYNAMODB=1`; see
    /// [`dynamodb_count`]); none by default.
    pub dynamodb_counts: Option<dynamodb_count::DynamoDbCounts>,
    /// The click aggregator's own service (with its own client, as its Lambda has); the
    /// functions' service when `None`.
    pub aggregator_service: Option<Service>,
    /// Where webhook deliveries wait: SQS when `WEBHOOK_QUEUE_URL` is set, else a queue in
    /// this process (see `lib::queue` for what it emulates).
    pub webhook_queue: Option<lib::queue::Queue>,
    /// How webhook endpoints are checked and called: the production fetcher unless a test's
    /// binary gives its receiver's (`dev-server-test-receiver`).
    pub webhook_fetcher: Option<lib::net::Fetcher>,
    /// Where import jobs wait: SQS when `IMPORT_QUEUE_URL` is set, else a queue in this process.
    pub import_queue: Option<lib::queue::Queue>,
}

impl Settings {
    /// The settings a deployed function reads (which must be valid), and the production fetcher.
    pub async fn from_env() -> Result<Self, lib::config::ConfigError> {
        Ok(Self {
            dead_letters: lib::store::DeadLetters::from_env().await,
            mcp: lib::mcp::Settings::from_env()?,
            pages: lib::pages::Settings::from_env()?,
            fetcher: lib::net::Fetcher::public(),
            origin_secret: None,
            location_key: lib::redirect::key_from_env_if_set(lib::domain::LOCATION_PURPOSE)?,
            pass_key: lib::redirect::key_from_env_if_set(lib::domain::PASSWORD_PURPOSE)?,
            visitor_key: lib::redirect::key_from_env_if_set(lib::visitor::VISITOR_PURPOSE)?,
            dynamodb_counts: dynamodb_count::DynamoDbCounts::from_env(),
            aggregator_service: None,
            webhook_queue: lib::service::webhook_queue_from_env(),
            webhook_fetcher: None,
            import_queue: lib::service::import_queue_from_env(),
        })
    }
}

/// What the `dev-server` binary does: the table (created when missing), the demo data with
/// `seed`, then every function on `$PORT` (default 3000) and the stream poller, until Ctrl-C.
pub async fn run(mut settings: Settings, seed: bool) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    if std::env::var_os("AWS_ENDPOINT_URL_DYNAMODB").is_none() {
        tracing::warn!("AWS_ENDPOINT_URL_DYNAMODB is not set: the dev server will talk to real DynamoDB");
    }
    let service = match &settings.dynamodb_counts {
        Some(counts) => {
            tracing::info!(path = dynamodb_count::PATH, "counting DynamoDB requests");
            settings.aggregator_service = Some(dynamodb_count::counted_service(&counts.aggregator).await?);
            dynamodb_count::counted_service(&counts.functions).await?
        }
        None => Service::from_env().await?,
    };
    if service.mailer.is_configured() {
        tracing::info!(mailer = ?service.mailer, "mail leaves over SMTP (SMTP_URL)");
    } else {
        tracing::info!("SMTP_URL is not set: mail is written to this log at warn");
    }
    let mut service = service.with_resolver(lib::dns::TxtResolver::from_env()?);
    if let Some(fetcher) = settings.webhook_fetcher.take() {
        service = service.with_webhook_fetcher(fetcher);
    }
    if service.ensure_table().await? {
        tracing::info!(table = service.table_name(), "created table");
    }
    let port: u16 = std::env::var("PORT").ok().and_then(|p| p.parse().ok()).unwrap_or(3000);
    if seed {
        demo::seed_demo(&service, port).await?;
    }
    let listener = TcpListener::bind(("0.0.0.0", port)).await?;
    tracing::info!(port, "dev server listening");
    let streams = streams::StreamPoller::client_from_env().await;
    let functions = Functions::with_settings(service, streams, settings);
    let aggregator = functions.clone();
    tokio::spawn(async move { aggregator.aggregator.run(std::time::Duration::from_secs(1)).await });
    let producer = functions.clone();
    tokio::spawn(async move { producer.webhook_producer.run(std::time::Duration::from_secs(1)).await });
    let worker = functions.clone();
    tokio::spawn(async move { worker.webhook_worker.run().await });
    let importer = functions.clone();
    tokio::spawn(async move { importer.import_worker.run().await });
    tokio::spawn(recheck_domains(functions.service.clone()));
    tokio::select! {
        result = serve(listener, functions) => result?,
        _ = tokio::signal::ctrl_c() => tracing::info!("stopping"),
    }
    Ok(())
}

/// The `domain-check` function's schedule: every custom domain looked up again each
/// `DOMAIN_CHECK_SECONDS` (3600, as the template's rule).
async fn recheck_domains(service: Service) {
    let seconds = std::env::var("DOMAIN_CHECK_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3600);
    let mut every = tokio::time::interval(std::time::Duration::from_secs(seconds));
    every.tick().await;
    loop {
        every.tick().await;
        match service.recheck_domains().await {
            Ok(done) => tracing::info!(?done, "custom domains re-checked"),
            Err(err) => tracing::warn!(error = %err, "re-checking custom domains failed"),
        }
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
        "list-tags" => list_tags::handler(service, req).await,
        "create-tag" => create_tag::handler(service, req).await,
        "update-tag" => update_tag::handler(service, req).await,
        "delete-tag" => delete_tag::handler(service, req).await,
        "list-domains" => list_domains::handler(service, req).await,
        "list-utm-templates" => list_utm_templates::handler(service, req).await,
        "create-utm-template" => create_utm_template::handler(service, req).await,
        "delete-utm-template" => delete_utm_template::handler(service, req).await,
        "list-webhooks" => list_webhooks::handler(service, req).await,
        "create-webhook" => create_webhook::handler(service, req).await,
        "update-webhook" => update_webhook::handler(service, req).await,
        "delete-webhook" => delete_webhook::handler(service, req).await,
        "bulk-create-links" => bulk_create_links::handler(service, req).await,
        "import-links" => import_links::handler(service, functions.import_worker.queue(), req).await,
        "get-import" => get_import::handler(service, req).await,
        "export-links" => export_links::handler(service, req).await,
        "export-clicks" => export_clicks::handler(service, req).await,
        "list-links" => list_links::handler(service, req).await,
        "get-link" => get_link::handler(service, req).await,
        "link-analytics" => link_analytics::handler(service, req).await,
        "link-qr" => link_qr::handler(service, req).await,
        "workspace-analytics" => workspace_analytics::handler(service, req).await,
        "mcp" => mcp::handler(&functions.mcp, req).await,
        "redirect" => redirect::handler(&functions.redirector, req).await,
        "conversion-pixel" => conversion_pixel::handler(service, req).await,
        "visitor-location" => visitor_location::handler(&functions.location, req).await,
        "report-conversion" => report_conversion::handler(service, req).await,
        "fallback" => fallback::handler(req).await,
        "api-docs" => api_docs::handler(req).await,
        "account" => account::handler(&functions.site, req).await,
        "oauth" => oauth::handler(&functions.oauth, req).await,
        "app" => app::handler(&functions.site, req).await,
        other => Err(format!("the dev server has no handler for the routed function {other}").into()),
    }
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

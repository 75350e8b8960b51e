//! The dev server: one local HTTP server that routes like API Gateway and calls exactly the
//! handlers the Lambda functions run, with the `lambda_http::Request` API Gateway would
//! build (request context, query and path parameters, source IP).

use lib::service::Service;
use tokio::net::TcpListener;

pub mod demo;

pub mod dynamodb_count;

pub mod streams;

mod functions;
mod gateway;
pub mod handlers;
pub mod imports;
mod queue_source;
pub mod sample_events;
pub mod webhooks;

pub use functions::{Functions, Settings};
pub use gateway::{api_for_host, handle, route, serve, to_lambda_request};

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
    tokio::spawn(check_link_health(functions.service.clone()));
    if let Some(url) = lib::service::safety::BlocklistUrl::from_lookup(|name| std::env::var(name).ok())? {
        tokio::spawn(fetch_blocklist(functions.service.clone(), url));
    }
    tokio::select! {
        result = serve(listener, functions) => result?,
        _ = tokio::signal::ctrl_c() => tracing::info!("stopping"),
    }
    Ok(())
}

/// A schedule of every `variable` seconds (3600 when unset, as the template's rules), its
/// first tick taken.
async fn hourly_unless(variable: &str) -> tokio::time::Interval {
    let seconds = std::env::var(variable)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3600);
    let mut every = tokio::time::interval(std::time::Duration::from_secs(seconds));
    every.tick().await;
    every
}

/// The `link-health` function's schedule: a run of the check (and the daily mail) each
/// `LINK_HEALTH_SECONDS` (3600, as the template's rule); `linkctl health check` runs one now.
async fn check_link_health(service: Service) {
    let mut every = hourly_unless("LINK_HEALTH_SECONDS").await;
    loop {
        every.tick().await;
        match service.check_link_health().await {
            Ok(done) => tracing::info!(?done, "link health checked"),
            Err(err) => tracing::warn!(error = %err, "checking link health failed"),
        }
        if let Err(err) = service.mail_broken_links().await {
            tracing::warn!(error = %err, "mailing broken links failed");
        }
    }
}

/// The `blocklist-fetch` function's schedule, when `BLOCKLIST_URL` is set: the list fetched at
/// start and each `BLOCKLIST_FETCH_SECONDS` (3600, as the template's rule); `linkctl safety
/// fetch` runs one now.
async fn fetch_blocklist(service: Service, url: lib::service::safety::BlocklistUrl) {
    let fetcher = lib::net::Fetcher::public();
    let mut every = hourly_unless("BLOCKLIST_FETCH_SECONDS").await;
    loop {
        match service.fetch_blocklist(&fetcher, &url, false).await {
            Ok(done) => tracing::info!(?done, "blocklist fetched"),
            Err(err) => tracing::warn!(error = %lib::telemetry::error_chain(&err), "fetching the blocklist failed"),
        }
        every.tick().await;
    }
}

/// The `domain-check` function's schedule: every custom domain looked up again each
/// `DOMAIN_CHECK_SECONDS` (3600, as the template's rule).
async fn recheck_domains(service: Service) {
    let mut every = hourly_unless("DOMAIN_CHECK_SECONDS").await;
    loop {
        every.tick().await;
        match service.recheck_domains().await {
            Ok(done) => tracing::info!(?done, "custom domains re-checked"),
            Err(err) => tracing::warn!(error = %err, "re-checking custom domains failed"),
        }
    }
}

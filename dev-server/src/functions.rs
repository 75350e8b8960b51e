//! What the dev server mounts: every function's state, built once from the settings (the
//! environment's in the binary, a test's own in tests).

use std::sync::Arc;

use lib::redirect::Redirector;
use lib::redirect::location::LocationDoor;
use lib::service::Service;

use crate::{dynamodb_count, imports, streams, webhooks};

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
    pub oauth: crate::handlers::oauth::OAuth,
    /// The DynamoDB requests counted for `scripts/load` (see [`dynamodb_count`]).
    pub dynamodb_counts: Option<dynamodb_count::DynamoDbCounts>,
}

impl Functions {
    /// Every function with the settings given (from the environment; in tests a public base or
    /// a test-only fetcher).
    pub fn with_settings(service: Service, streams: aws_sdk_dynamodbstreams::Client, settings: Settings) -> Arc<Self> {
        let import_queue = settings
            .import_queue
            .unwrap_or_else(|| lib::queue::Queue::local(lib::service::transfer::IMPORT_QUEUE_VISIBILITY));
        let site = lib::pages::Site::new(service.clone(), settings.pages)
            .with_import_queue(import_queue.clone())
            .with_after_response(lib::after_response::AfterResponse::detached());
        let webhook_queue = settings
            .webhook_queue
            .unwrap_or_else(|| lib::queue::Queue::local(lib::service::webhooks::WEBHOOK_QUEUE_VISIBILITY));
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
            import_worker: imports::ImportWorker::new(service.clone(), import_queue.clone()),
            dynamodb_counts: settings.dynamodb_counts,
            mcp: match settings.confirm_key {
                Some(key) => lib::mcp::Endpoint::with_confirm_key(service.clone(), settings.mcp, key),
                None => lib::mcp::Endpoint::new(service.clone(), settings.mcp),
            }
            .with_task_queue(import_queue.clone()),
            oauth: crate::handlers::oauth::OAuth::new(site.clone(), settings.fetcher),
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
    /// The key the MCP endpoint signs confirmations' request states with (from
    /// `VISITOR_SIGNING_SECRET`; random without it).
    pub confirm_key: Option<lib::domain::SigningKey>,
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
            confirm_key: lib::redirect::key_from_env_if_set(lib::mcp::confirm::PURPOSE)?,
            dynamodb_counts: dynamodb_count::DynamoDbCounts::from_env(),
            aggregator_service: None,
            webhook_queue: lib::service::webhooks::webhook_queue_from_env(),
            webhook_fetcher: None,
            import_queue: lib::service::transfer::import_queue_from_env(),
        })
    }
}

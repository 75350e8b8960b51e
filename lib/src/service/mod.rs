//! Service operations: what both doors (HTTP API and MCP) call.

mod account;
mod analytics;
mod app_associations;
mod auth;
mod automated;
mod bulk;
mod catalogue;
mod conversions;
mod destination;
mod domains;
mod error;
mod exports;
pub mod idempotency;
mod import_rows;
mod import_worker;
mod import_write;
mod imports;
mod joining;
mod keys;
pub mod limits;
mod link_cache;
mod links;
mod list_cursor;
mod locations;
mod mails;
pub mod oauth;
mod operator;
mod password_gate;
mod qr;
mod queues;
mod reading;
mod recording;
mod refused_credentials;
mod sign_in;
mod table;
mod tags;
mod team;
mod utm_templates;
mod visit;
mod webhook_events;
mod webhook_log;
mod webhook_producer;
mod webhook_worker;
mod webhooks;
mod workspace_settings;

use std::sync::Arc;

pub use crate::domain::RateClass;
pub use account::{SignUp, reset_path, verification_path};
pub use analytics::{LinkAnalytics, WorkspaceAnalytics};
pub use auth::{Access, Caller, Credential, GrantAccess, PresentedKey, generate_api_key, hash_api_key, short_id};
pub use automated::BOT_VISIT_RETENTION_DAYS;
pub use bulk::MAX_BULK_LINKS;
pub use conversions::PixelOutcome;
pub use domains::{DomainSetup, RECHECK_PAGE, Recheck, Verification};
pub use error::{LinkAction, QuotaResource, ServiceError};
pub use exports::{ClicksExport, DEFAULT_EXPORT_PAGE, LinksExport, MAX_EXPORT_PAGE, parse_export_limit};
pub use import_worker::{
    IMPORT_QUEUE_VARIABLE, IMPORT_QUEUE_VISIBILITY, IMPORT_REQUEST_BUDGET, IMPORT_WORKER_BUDGET, ImportRun,
    import_queue_from_env,
};
pub use imports::{ImportStarted, parse_import_id};
pub use keys::{Integrations, IssuedKey, KeyGrants};
pub use limits::{Policy, RateLimited, RateStatus, collection_full, metered};
pub use link_cache::LinkCache;
pub use links::{parse_analytics_link_id, parse_link_id};
pub use locations::SharedOutcome;
pub use operator::OperatorError;
pub use queues::queue_from_env;
pub use reading::{DEFAULT_PAGE_SIZE, LIST_READ_BUDGET, ListQuery, MAX_PAGE_SIZE};
pub use recording::{ClickRecorder, PendingClick, Recorded, Replayed, Visited};

pub use app_associations::DomainApps;
pub use destination::{CLICK_ID_PARAMETER, compose};
pub use password_gate::{LINK_WRONG_GUESSES_PER_HOUR, LockReason, LockedPage, PASSWORD_TRIES_PER_HOUR, Unlock};
pub use refused_credentials::{REFUSED_CREDENTIALS_PER_MINUTE, RefusedCredentials};
pub use sign_in::{
    ACCOUNT_FAILURE_LIMIT, ADDRESS_FAILURE_LIMIT, COOKIE_LIFETIME, FAILURE_WINDOW, SessionUser, SignInAttempt, SignedIn,
};
pub use tags::parse_tag_id;
pub use team::{Invited, Member, OpenInvitation, Team, invitation_path};
pub use utm_templates::parse_template_id;
pub use visit::{AppOpening, Location, LocationRequest, Visit, VisitOutcome, plan};
pub use webhook_events::{ClickedData, ConversionData, DeletedData, EventData, LinkData, clicked};
pub use webhook_log::{TestSent, WebhookWithLog};
pub use webhook_producer::{MAX_BATCH_EVENTS, ProduceReport};
pub use webhook_worker::{
    DELIVERY_LIMITS, Handled, WEBHOOK_QUEUE_VARIABLE, WEBHOOK_QUEUE_VISIBILITY, webhook_queue_from_env,
};
pub use webhooks::{WebhookWithSecret, parse_webhook_id};

use crate::clock::{Clock, Entropy, OsEntropy, SystemClock};
use crate::config::{Config, ConfigError};
use crate::ids::ObjectId;
use crate::mail::Mailer;
use crate::qr::LogoFetcher;
use crate::store::Store;

/// Everything an operation needs, built once per process and shared by reference.
#[derive(Clone)]
pub struct Service {
    /// The service's own: doors, the operator's tools and other crates go through its methods
    /// (tests and benches reach it with `lib::testing::store`).
    pub(crate) store: Store,
    pub config: Config,
    pub clock: Arc<dyn Clock>,
    pub entropy: Arc<dyn Entropy>,
    /// Fetches QR logos given as https URLs (public addresses only).
    pub logos: Arc<LogoFetcher>,
    /// How many index entries one list request may examine ([`LIST_READ_BUDGET`]).
    pub list_read_budget: usize,
    /// How mail leaves (invitations, password resets, verification): SMTP when `SMTP_URL` is
    /// set, else the log.
    pub mailer: Mailer,
    /// Looks custom domains' TXT records up (the functions that verify domains have one).
    pub resolver: Option<Arc<crate::dns::TxtResolver>>,
    /// Checks and calls webhook endpoints (public addresses only).
    pub hooks: Arc<crate::net::Fetcher>,
    /// How long the request that starts an import runs it before answering `202`
    /// ([`IMPORT_REQUEST_BUDGET`]; tests shorten it).
    pub import_budget: std::time::Duration,
}

impl std::fmt::Debug for Service {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Service")
            .field("config", &self.config)
            .field("mailer", &self.mailer)
            .finish_non_exhaustive()
    }
}

impl Service {
    pub fn new(store: Store, config: Config, clock: Arc<dyn Clock>, entropy: Arc<dyn Entropy>) -> Self {
        Self {
            store: store
                .with_entropy(entropy.clone())
                .with_default_domain(&config.default_domain),
            config,
            clock,
            entropy,
            logos: Arc::new(LogoFetcher::public()),
            list_read_budget: LIST_READ_BUDGET,
            mailer: Mailer::log_only(),
            resolver: None,
            hooks: Arc::new(crate::net::Fetcher::public()),
            import_budget: IMPORT_REQUEST_BUDGET,
        }
    }

    /// The same service checking and calling webhook endpoints with `hooks` (tests receive on
    /// this machine).
    pub fn with_import_budget(self, import_budget: std::time::Duration) -> Self {
        Self { import_budget, ..self }
    }

    pub fn with_webhook_fetcher(self, hooks: crate::net::Fetcher) -> Self {
        Self {
            hooks: Arc::new(hooks),
            ..self
        }
    }

    /// The same service with another list read budget (tests show it with few links).
    pub fn with_list_read_budget(self, list_read_budget: usize) -> Self {
        Self {
            list_read_budget,
            ..self
        }
    }

    /// The same service fetching logos with `logos` (tests serve logos from this machine).
    pub fn with_logo_fetcher(self, logos: LogoFetcher) -> Self {
        Self {
            logos: Arc::new(logos),
            ..self
        }
    }

    /// The same service sending mail with `mailer` (tests send to the SMTP catcher).
    pub fn with_mailer(self, mailer: Mailer) -> Self {
        Self { mailer, ..self }
    }

    /// The production wiring: configuration, mailer and DynamoDB client from the environment,
    /// the system clock and OS randomness.
    pub async fn from_env() -> Result<Self, ConfigError> {
        let config = Config::from_env()?;
        let mailer = Mailer::from_env()?;
        let client = Store::client_from_env().await;
        Ok(Self::new(
            Store::new(client, config.table_name.clone()),
            config,
            Arc::new(SystemClock),
            Arc::new(OsEntropy),
        )
        .with_mailer(mailer))
    }

    /// What a Lambda function's `main` builds once, before its first request: JSON logs, the
    /// production wiring, and a connection to DynamoDB opening beside the rest of init
    /// ([`Store::start_warm_up`]), so that neither init nor the first request waits for the TLS
    /// handshake alone.
    ///
    /// Each step ends with an init boundary (`crate::telemetry::init_phase`: debug events that
    /// scripts/bench-lambda turns into the cold start's breakdown). Mail goes to the log: the
    /// page functions, the only ones that send any, add theirs ([`Service::with_mailer`]).
    pub async fn for_lambda() -> Result<Self, ConfigError> {
        use crate::telemetry::{init_phase, mark_start};
        mark_start();
        crate::telemetry::init_lambda();
        init_phase("telemetry");
        let config = Config::from_env()?;
        init_phase("configuration");
        let store = Store::new(Store::lambda_client(), config.table_name.clone());
        init_phase("sdk_client");
        store.start_warm_up();
        Ok(Self::new(store, config, Arc::new(SystemClock), Arc::new(OsEntropy)))
    }

    /// A new object id at the current time.
    pub fn new_id(&self) -> ObjectId {
        ObjectId::generate(self.clock.now(), self.entropy.as_ref())
    }
}

//! Service operations: what every door (HTTP API, MCP, pages, OAuth, the redirect) calls, by
//! feature. The service takes typed input and returns typed results that carry their message.

pub mod accounts;
mod error;
pub mod guards;
pub mod health;
pub mod links;
pub mod oauth;
pub mod operator;
pub mod queues;
pub mod reports;
pub mod safety;
pub mod switch;
mod table;
pub mod tasks;
pub mod teams;
pub mod transfer;
pub mod visits;
pub mod webhooks;
pub mod workspace;

pub use error::{LinkAction, QuotaResource, ServiceError, StoreError};

use std::sync::Arc;

use crate::clock::{Clock, Entropy, OsEntropy, SystemClock};
use crate::config::{Config, ConfigError};
use crate::domain::ids::ObjectId;
use crate::mail::Mailer;
use crate::qr::LogoFetcher;
use crate::store::Store;
use links::LIST_READ_BUDGET;
use transfer::IMPORT_REQUEST_BUDGET;

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
    /// Asks links' destinations how they are (the link-health checker; public addresses only).
    pub probes: Arc<crate::net::Fetcher>,
    /// How long the request that starts an import runs it before answering `202`
    /// ([`IMPORT_REQUEST_BUDGET`]; tests shorten it).
    pub import_budget: std::time::Duration,
    /// The destinations no link may send anyone to, as this process holds them.
    pub(crate) blocklist: Arc<safety::BlocklistCache>,
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
            probes: Arc::new(crate::net::Fetcher::public()),
            import_budget: IMPORT_REQUEST_BUDGET,
            blocklist: Arc::default(),
        }
    }

    /// The same service checking destinations against the list file `file` as well (read now).
    pub fn with_blocklist_file(self, file: safety::BlocklistFile) -> Result<Self, ConfigError> {
        let now = self.clock.now();
        Ok(Self {
            blocklist: Arc::new(safety::BlocklistCache::with_file(file, now)?),
            ..self
        })
    }

    /// The same service checking destinations against the list `blocklist-fetch` stored in the
    /// table as well (read at the first check, its head again after `refresh`).
    pub fn with_stored_blocklist(self, refresh: chrono::Duration) -> Self {
        Self {
            blocklist: Arc::new(safety::BlocklistCache::with_stored_list(refresh)),
            ..self
        }
    }

    /// The same service with the list file `BLOCKLIST_FILE` names, when it names one, else with
    /// the table's stored list ([`safety::ListSource::from_lookup`]).
    pub fn with_blocklist_from_env(self) -> Result<Self, ConfigError> {
        match safety::ListSource::from_lookup(|name| std::env::var(name).ok())? {
            safety::ListSource::File(file) => self.with_blocklist_file(file),
            safety::ListSource::Table { refresh } => Ok(self.with_stored_blocklist(refresh)),
            safety::ListSource::Nothing => Ok(self),
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
        Self::new(
            Store::new(client, config.table_name.clone()),
            config,
            Arc::new(SystemClock),
            Arc::new(OsEntropy),
        )
        .with_mailer(mailer)
        .with_blocklist_from_env()
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
        Self::new(store, config, Arc::new(SystemClock), Arc::new(OsEntropy)).with_blocklist_from_env()
    }

    /// A new object id at the current time.
    pub fn new_id(&self) -> ObjectId {
        ObjectId::generate(self.clock.now(), self.entropy.as_ref())
    }
}

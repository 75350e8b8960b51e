//! The MCP door: the official Rust SDK (`rmcp`) speaks the protocol (JSON-RPC 2.0 over
//! stateless streamable HTTP, both the `initialize` handshake revisions and the stateless
//! 2026-07-28 revision), behind a thin adapter that keeps this service's own rules: the path,
//! `Origin`, the method, the body's size and shape, JSON answers, and authentication with
//! the contract's statuses. The tools call the same service code as the HTTP API.

mod adapter;
mod admission;
pub mod app;
pub mod args;
pub mod channel;
pub mod confirm;
pub mod errors;
pub mod icons;
pub mod prompts;
pub mod resources;
pub mod server;
pub mod tasks;
pub mod tools;

use std::sync::Arc;

use rmcp::transport::streamable_http_server::session::never::NeverSessionManager;
use rmcp::transport::{StreamableHttpServerConfig, StreamableHttpService};

pub use channel::{Admitted, Meter};
pub use server::{INSTRUCTIONS, Server};

use crate::config::ConfigError;
use crate::origin::PublicBase;
use crate::service::Service;

/// The paths the endpoint answers on: `/apiv1/mcp` behind the HTTP API, `/mcp` on the
/// function's own URL (which passes every path through).
pub const PATHS: [&str; 2] = ["/apiv1/mcp", "/mcp"];

/// Bodies larger than this are refused (a bulk call of 100 rich links fits easily).
pub const MAX_BODY_BYTES: usize = crate::http::MAX_BODY_BYTES;

/// What the endpoint needs besides the service (from the environment).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Settings {
    /// Browser origins allowed to call (`MCP_ALLOWED_ORIGINS`, comma-separated) besides the
    /// endpoint's own.
    pub allowed_origins: Vec<String>,
    /// The public origin of the API (`PUBLIC_BASE_URL`, see [`crate::origin`]): the endpoint's
    /// own origin, where the 401 challenge points OAuth clients, and the base of the OAuth
    /// resource bearer tokens must be issued for.
    pub public_base: PublicBase,
}

impl Settings {
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        Ok(Self {
            allowed_origins: lookup("MCP_ALLOWED_ORIGINS")
                .unwrap_or_default()
                .split(',')
                .map(|o| o.trim().trim_end_matches('/').to_ascii_lowercase())
                .filter(|o| !o.is_empty())
                .collect(),
            public_base: PublicBase::from_lookup(lookup)?,
        })
    }
}

/// The endpoint: the service, its settings and rmcp's stateless HTTP service, built once per
/// process.
#[derive(Clone)]
pub struct Endpoint {
    pub service: Service,
    pub settings: Settings,
    /// Signs and checks the request states of confirmations before deleting.
    confirmer: confirm::Confirmer,
    rmcp: StreamableHttpService<Server, NeverSessionManager>,
    /// Sources whose credentials keep being refused (answered `429` for a while).
    refused: Arc<crate::service::guards::RefusedCredentials>,
}

impl std::fmt::Debug for Endpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Endpoint")
            .field("settings", &self.settings)
            .finish_non_exhaustive()
    }
}

/// How rmcp serves this endpoint: stateless (no sessions, in either era), answering plain
/// JSON. Host and Origin are checked in front of rmcp (see `adapter`), with rules that know
/// where it runs.
pub fn stateless_config() -> StreamableHttpServerConfig {
    StreamableHttpServerConfig::default()
        .with_legacy_session_mode(false)
        .with_json_response(true)
        .with_sse_keep_alive(None)
        .with_sse_retry(None)
        .disable_allowed_hosts()
        .disable_allowed_origins()
        .with_max_request_body_bytes(MAX_BODY_BYTES)
}

impl Endpoint {
    /// The endpoint signing confirmations' request states with a key of this process's own
    /// (the dev server, tests and benches: one process answers every round).
    pub fn new(service: Service, settings: Settings) -> Self {
        let key = crate::config::random_key(service.entropy.as_ref(), confirm::PURPOSE);
        Self::with_confirm_key(service, settings, key)
    }

    /// The endpoint signing confirmations' request states with `key` (derived for
    /// [`confirm::PURPOSE`] from the deployment's secret, so any instance checks another's).
    pub fn with_confirm_key(service: Service, settings: Settings, key: crate::domain::SigningKey) -> Self {
        Self::serving(service, settings, confirm::Confirmer::new(key), None)
    }

    /// This endpoint, running long calls as MCP tasks carried on through `queue` (the import
    /// queue, which the `import-worker` function reads).
    pub fn with_task_queue(self, queue: crate::queue::Queue) -> Self {
        Self::serving(self.service, self.settings, self.confirmer, Some(queue))
    }

    fn serving(
        service: Service,
        settings: Settings,
        confirmer: confirm::Confirmer,
        tasks: Option<crate::queue::Queue>,
    ) -> Self {
        let per_request = service.clone();
        let per_server = confirmer.clone();
        let rmcp = StreamableHttpService::new(
            move || Ok(Server::new(per_request.clone(), per_server.clone()).with_tasks(tasks.clone())),
            Arc::new(NeverSessionManager::default()),
            stateless_config(),
        );
        Self {
            service,
            settings,
            confirmer,
            rmcp,
            refused: Arc::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_read_allowed_origins_and_the_public_base() {
        let s = Settings::from_lookup(|n| match n {
            "MCP_ALLOWED_ORIGINS" => Some(" https://App.example.com/ , ,http://localhost:6274".into()),
            "PUBLIC_BASE_URL" => Some("https://api.example.com/".into()),
            _ => None,
        })
        .unwrap();
        assert_eq!(s.allowed_origins, ["https://app.example.com", "http://localhost:6274"]);
        assert_eq!(s.public_base.configured(), Some("https://api.example.com"));
    }
}

//! TXT look-ups that verify custom domains: an outbound adapter like the store and the mailer.
//! A real stub resolver (hickory) asks the system's name servers (`/etc/resolv.conf`), or the
//! one `DNS_RESOLVER` names (`ip:port`; the tests' DNS server on loopback). Nothing is cached:
//! "Verify now" must see a record the moment it is published.

use std::net::SocketAddr;
use std::time::Duration;

use hickory_resolver::config::{ConnectionConfig, NameServerConfig, ResolverConfig};
use hickory_resolver::net::runtime::TokioRuntimeProvider;
use hickory_resolver::proto::rr::RData;
use hickory_resolver::{Resolver, TokioResolver};

use crate::config::ConfigError;
use crate::domain::TxtLookup;

/// The variable naming the name server to ask instead of the system's (`ip:port`).
pub const DNS_RESOLVER_VARIABLE: &str = "DNS_RESOLVER";

/// How long one question may take before it is asked again (twice in all).
const QUESTION_TIMEOUT: Duration = Duration::from_secs(3);

/// Looks up TXT records.
#[derive(Clone)]
pub struct TxtResolver {
    inner: TokioResolver,
    server: Option<SocketAddr>,
}

impl std::fmt::Debug for TxtResolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TxtResolver")
            .field("server", &self.server)
            .finish_non_exhaustive()
    }
}

impl TxtResolver {
    /// The name server `DNS_RESOLVER` names, else the system's.
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        match lookup(DNS_RESOLVER_VARIABLE)
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
        {
            Some(raw) => raw.parse().map(Self::at).map_err(|_| ConfigError::Invalid {
                name: DNS_RESOLVER_VARIABLE,
                reason: format!("{raw:?} is not an address and port such as 127.0.0.1:53"),
            }),
            None => Self::system(),
        }
    }

    /// Asks the name server at `server` (UDP, then TCP for long answers).
    pub fn at(server: SocketAddr) -> Self {
        let connection = |mut c: ConnectionConfig| {
            c.port = server.port();
            c
        };
        let mut name_server = NameServerConfig::udp_and_tcp(server.ip());
        name_server.connections = vec![connection(ConnectionConfig::udp()), connection(ConnectionConfig::tcp())];
        let config = ResolverConfig::from_name_servers(vec![name_server]);
        Self::build(
            Resolver::builder_with_config(config, TokioRuntimeProvider::default()),
            Some(server),
        )
    }

    fn system() -> Result<Self, ConfigError> {
        let builder = Resolver::builder_tokio().map_err(|e| ConfigError::Invalid {
            name: DNS_RESOLVER_VARIABLE,
            reason: format!("unset, and the system's resolver configuration cannot be read: {e}"),
        })?;
        Ok(Self::build(builder, None))
    }

    fn build(mut builder: hickory_resolver::ResolverBuilder<TokioRuntimeProvider>, server: Option<SocketAddr>) -> Self {
        let options = builder.options_mut();
        options.timeout = QUESTION_TIMEOUT;
        options.attempts = 2;
        options.cache_size = 0;
        options.positive_max_ttl = Some(Duration::ZERO);
        options.negative_max_ttl = Some(Duration::ZERO);
        options.use_hosts_file = hickory_resolver::config::ResolveHosts::Never;
        let inner = builder
            .build()
            .expect("a resolver with one name server or the system's always builds");
        Self { inner, server }
    }

    /// The TXT records at `name` (a fully qualified name, without the final dot).
    pub async fn txt(&self, name: &str) -> TxtLookup {
        match self.inner.txt_lookup(format!("{name}.")).await {
            Ok(lookup) => TxtLookup::Records(
                lookup
                    .answers()
                    .iter()
                    .filter_map(|record| match &record.data {
                        RData::TXT(txt) => Some(
                            txt.txt_data
                                .iter()
                                .map(|part| String::from_utf8_lossy(part).into_owned())
                                .collect::<String>(),
                        ),
                        _ => None,
                    })
                    .collect(),
            ),
            Err(e) if e.is_no_records_found() || e.is_nx_domain() => TxtLookup::NoRecord,
            Err(e) => {
                tracing::warn!(error = %e, name, "TXT look-up failed");
                TxtLookup::Failed
            }
        }
    }
}

//! The DynamoDB client: how each kind of process builds it, and the store around it.

use std::sync::Arc;

use aws_sdk_dynamodb::Client;

use super::{Store, keys};
use crate::clock::{Entropy, OsEntropy};

/// The HTTPS client of every SDK client: rustls with ring (the SDK's default, aws-lc, is a C
/// build and about a megabyte more per function), with the system's root certificates.
pub fn https_client() -> aws_smithy_runtime_api::client::http::SharedHttpClient {
    use aws_smithy_http_client::tls::{self, rustls_provider::CryptoMode};
    aws_smithy_http_client::Builder::new()
        .tls_provider(tls::Provider::Rustls(CryptoMode::Ring))
        .build_https()
}

/// The root certificates AWS service endpoints chain to (Amazon Trust Services' four roots and
/// the Starfield Services root that cross-signs them), embedded: a function talks to AWS only,
/// and reading the system's whole store (a directory of ~150 files on Debian) cost about 5 ms of
/// every cold start (scripts/bench-lambda's breakdown).
const AMAZON_ROOTS: &str = include_str!("amazon_roots.pem");

/// A Lambda function's one HTTPS client, shared by its SDK clients: [`https_client`] trusting
/// only [`AMAZON_ROOTS`].
pub fn lambda_https_client() -> aws_smithy_runtime_api::client::http::SharedHttpClient {
    use aws_smithy_http_client::tls::{self, TlsContext, TrustStore, rustls_provider::CryptoMode};
    static CLIENT: std::sync::OnceLock<aws_smithy_runtime_api::client::http::SharedHttpClient> =
        std::sync::OnceLock::new();
    CLIENT
        .get_or_init(|| {
            let roots = amazon_root_pems().fold(TrustStore::empty(), |store, pem| {
                store.with_pem_certificate(pem.as_bytes())
            });
            let context = TlsContext::builder()
                .with_trust_store(roots)
                .build()
                .expect("the embedded roots are certificates");
            aws_smithy_http_client::Builder::new()
                .tls_provider(tls::Provider::Rustls(CryptoMode::Ring))
                .tls_context(context)
                .build_https()
        })
        .clone()
}

/// Each certificate of [`AMAZON_ROOTS`], as PEM.
fn amazon_root_pems() -> impl Iterator<Item = &'static str> {
    AMAZON_ROOTS
        .split_inclusive("-----END CERTIFICATE-----")
        .filter_map(|piece| piece.find("-----BEGIN CERTIFICATE-----").map(|at| &piece[at..]))
}

/// The SDK configuration aws-config resolves from the environment, with [`https_client`].
pub async fn sdk_config_from_env() -> aws_config::SdkConfig {
    aws_config::defaults(aws_config::BehaviorVersion::latest())
        .http_client(https_client())
        .load()
        .await
}

/// What a Lambda function's SDK clients share: region and credentials from the environment
/// variables Lambda sets (`AWS_REGION`, `AWS_ACCESS_KEY_ID`…), `AWS_MAX_ATTEMPTS`, and
/// [`lambda_https_client`], without aws-config's default chain (profile files, instance metadata, SSO,
/// STS), which a function never needs and which would add to every binary and to its start-up.
/// Each client adds its own endpoint override (`AWS_ENDPOINT_URL_<SERVICE>`, for local stand-ins).
pub fn lambda_sdk_config() -> aws_config::SdkConfig {
    use aws_config::{BehaviorVersion, Region, retry::RetryConfig};
    let mut config = aws_config::SdkConfig::builder()
        .behavior_version(BehaviorVersion::latest())
        .http_client(lambda_https_client())
        .credentials_provider(aws_sdk_dynamodb::config::SharedCredentialsProvider::new(
            aws_config::environment::EnvironmentVariableCredentialsProvider::new(),
        ))
        .region(env("AWS_REGION").or_else(|| env("AWS_DEFAULT_REGION")).map(Region::new));
    if let Some(attempts) = env("AWS_MAX_ATTEMPTS").and_then(|a| a.trim().parse().ok()) {
        config = config.retry_config(RetryConfig::standard().with_max_attempts(attempts));
    }
    config.build()
}

/// An environment variable's value, unless unset or blank.
pub(crate) fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

impl Store {
    pub fn new(client: Client, table: impl Into<String>) -> Self {
        Self {
            client,
            table: table.into(),
            entropy: Arc::new(OsEntropy),
            default_domain: None,
        }
    }

    /// The same store knowing the service's own short domain (no holder item counts its links).
    pub fn with_default_domain(self, host: &str) -> Self {
        Self {
            default_domain: crate::domain::Hostname::parse("domain", host).ok(),
            ..self
        }
    }

    /// The same store pausing its retries by `entropy` (the service's own).
    pub fn with_entropy(self, entropy: Arc<dyn Entropy>) -> Self {
        Self { entropy, ..self }
    }

    /// A client configured from the environment the way aws-config resolves it (profiles, SSO,
    /// instance metadata, `AWS_ENDPOINT_URL_DYNAMODB`…), for the dev server and the CLI.
    pub async fn client_from_env() -> Client {
        Client::new(&sdk_config_from_env().await)
    }

    /// A Lambda function's client: [`lambda_sdk_config`], and the endpoint from
    /// `AWS_ENDPOINT_URL_DYNAMODB` or `AWS_ENDPOINT_URL` (DynamoDB Local).
    pub fn lambda_client() -> Client {
        let mut config = aws_sdk_dynamodb::config::Builder::from(&lambda_sdk_config());
        if let Some(url) = env("AWS_ENDPOINT_URL_DYNAMODB").or_else(|| env("AWS_ENDPOINT_URL")) {
            config = config.endpoint_url(url);
        }
        Client::from_conf(config.build())
    }

    /// Opens the connection to DynamoDB (DNS, TCP, TLS) before the first request needs it: one
    /// `GetItem` of a key no item has, bounded to two seconds. A failure is only logged; the
    /// first real request then connects as it would have anyway.
    pub async fn warm_up(&self) {
        let started = std::time::Instant::now();
        let key = keys::warm_up();
        match tokio::time::timeout(std::time::Duration::from_secs(2), self.get(&key, false)).await {
            Ok(Ok(_)) => tracing::debug!(
                elapsed_ms = started.elapsed().as_millis() as u64,
                "DynamoDB connection warmed"
            ),
            Ok(Err(err)) => tracing::warn!(error = %crate::telemetry::error_chain(&err), "DynamoDB warm-up failed"),
            Err(_) => tracing::warn!("DynamoDB warm-up timed out"),
        }
    }

    /// Starts [`Store::warm_up`] on the runtime and returns at once, so that the rest of init
    /// (the runtime's client, an extension's registration, the first poll) goes on while the
    /// connection opens. The first request takes the warmed connection if it is ready, or races
    /// it with one of its own (the HTTP client's pool hands over whichever is ready first), so it
    /// never waits longer than without a warm-up. Its end is the init event `warm_up`.
    pub fn start_warm_up(&self) {
        let store = self.clone();
        tokio::spawn(async move {
            store.warm_up().await;
            crate::telemetry::init_phase("warm_up");
        });
    }

    pub fn client(&self) -> &Client {
        &self.client
    }

    pub fn table(&self) -> &str {
        &self.table
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_roots_are_the_five_trust_anchors_aws_endpoints_chain_to() {
        use tokio_rustls::rustls::pki_types::{CertificateDer, pem::PemObject};
        let mut anchors = tokio_rustls::rustls::RootCertStore::empty();
        for pem in amazon_root_pems() {
            let der = CertificateDer::from_pem_slice(pem.as_bytes()).expect("a PEM certificate");
            anchors.add(der).expect("a trust anchor");
        }
        assert_eq!(anchors.len(), 5);
    }
}

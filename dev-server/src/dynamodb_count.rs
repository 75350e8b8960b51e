//! Counts the DynamoDB requests the dev server sends, per operation and per client, when
//! `DEV_SERVER_COUNT_DYNAMODB=1` asks for it: `scripts/load` reads the counts at
//! `GET /_dev/dynamodb-requests` on the service host (loopback) before and after each load
//! level. The functions' requests and the click aggregator's are counted apart (the aggregator
//! gets a client of its own, as its Lambda has). No Lambda function has any of this.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use aws_smithy_runtime_api::box_error::BoxError;
use aws_smithy_runtime_api::client::interceptors::Intercept;
use aws_smithy_runtime_api::client::interceptors::context::BeforeTransmitInterceptorContextRef;
use aws_smithy_runtime_api::client::orchestrator::Metadata;
use aws_smithy_runtime_api::client::runtime_components::RuntimeComponents;
use aws_smithy_types::config_bag::ConfigBag;
use lambda_http::http::{HeaderValue, header};
use lambda_http::{Body, Response};
use lib::service::Service;

/// The environment variable that turns counting on (`1`).
pub const VARIABLE: &str = "DEV_SERVER_COUNT_DYNAMODB";

/// Where the counts are answered, on the service host only.
pub const PATH: &str = "/_dev/dynamodb-requests";

/// Requests sent per operation name (`GetItem`, `PutItem`…), every attempt counted (a retry is
/// a request DynamoDB answers too).
#[derive(Debug, Clone, Default)]
pub struct OperationCounts(Arc<Mutex<BTreeMap<String, u64>>>);

impl OperationCounts {
    pub fn snapshot(&self) -> BTreeMap<String, u64> {
        self.0.lock().expect("count lock").clone()
    }
}

impl Intercept for OperationCounts {
    fn name(&self) -> &'static str {
        "DevServerDynamoDbCount"
    }

    /// Runs once per attempt, just before the request goes on the wire.
    fn read_before_transmit(
        &self,
        _context: &BeforeTransmitInterceptorContextRef<'_>,
        _runtime_components: &RuntimeComponents,
        cfg: &mut ConfigBag,
    ) -> Result<(), BoxError> {
        let name = cfg.load::<Metadata>().map_or("unknown", Metadata::name).to_string();
        *self.0.lock().expect("count lock").entry(name).or_default() += 1;
        Ok(())
    }
}

/// The counts of the functions' client and of the aggregator's.
#[derive(Debug, Clone, Default)]
pub struct DynamoDbCounts {
    pub functions: OperationCounts,
    pub aggregator: OperationCounts,
}

impl DynamoDbCounts {
    /// Counting when `DEV_SERVER_COUNT_DYNAMODB=1`.
    pub fn from_env() -> Option<Self> {
        (std::env::var(VARIABLE).ok().as_deref() == Some("1")).then(Self::default)
    }

    /// `{"functions": {"GetItem": 3, …}, "aggregator": {…}}`, counted since the start.
    pub fn response(&self) -> Response<Body> {
        let body = serde_json::json!({
            "functions": self.functions.snapshot(),
            "aggregator": self.aggregator.snapshot(),
        });
        let mut response = Response::new(Body::Text(body.to_string()));
        response
            .headers_mut()
            .insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
        response
    }
}

/// The production wiring of [`Service::from_env`], with a client counting into `counts`.
pub async fn counted_service(counts: &OperationCounts) -> Result<Service, lib::config::ConfigError> {
    let config = lib::config::Config::from_env()?;
    let sdk = lib::store::sdk_config_from_env().await;
    let client = aws_sdk_dynamodb::Client::from_conf(
        aws_sdk_dynamodb::config::Builder::from(&sdk)
            .interceptor(counts.clone())
            .build(),
    );
    Service::new(
        lib::store::Store::new(client, config.table_name.clone()),
        config,
        Arc::new(lib::clock::SystemClock),
        Arc::new(lib::clock::OsEntropy),
    )
    .with_mailer(lib::mail::Mailer::from_env()?)
    .with_blocklist_from_env()
}

//! Counts DynamoDB requests by operation (tests and benchmarks assert request budgets).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use aws_smithy_runtime_api::box_error::BoxError;
use aws_smithy_runtime_api::client::interceptors::Intercept;
use aws_smithy_runtime_api::client::interceptors::context::BeforeTransmitInterceptorContextRef;
use aws_smithy_runtime_api::client::orchestrator::Metadata;
use aws_smithy_runtime_api::client::runtime_components::RuntimeComponents;
use aws_smithy_types::config_bag::ConfigBag;

/// An SDK interceptor that counts every request sent on the wire (retries included).
#[derive(Debug, Clone, Default)]
pub struct RequestCounter {
    counts: Arc<Mutex<BTreeMap<String, u64>>>,
}

impl RequestCounter {
    pub fn new() -> Self {
        Self::default()
    }

    /// Requests per operation name since the last reset.
    pub fn snapshot(&self) -> BTreeMap<String, u64> {
        self.counts.lock().expect("counter lock").clone()
    }

    pub fn total(&self) -> u64 {
        self.counts.lock().expect("counter lock").values().sum()
    }

    pub fn reset(&self) {
        self.counts.lock().expect("counter lock").clear();
    }
}

impl Intercept for RequestCounter {
    fn name(&self) -> &'static str {
        "RequestCounter"
    }

    fn read_before_transmit(
        &self,
        _context: &BeforeTransmitInterceptorContextRef<'_>,
        _runtime_components: &RuntimeComponents,
        cfg: &mut ConfigBag,
    ) -> Result<(), BoxError> {
        let name = cfg
            .load::<Metadata>()
            .map(|m| m.name().to_string())
            .unwrap_or_else(|| "unknown".into());
        *self.counts.lock().expect("counter lock").entry(name).or_default() += 1;
        Ok(())
    }
}

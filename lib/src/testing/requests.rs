//! Counts DynamoDB requests by operation, and records the IAM actions they need (tests and
//! benchmarks assert request budgets; the template test checks each function's policy), what
//! the reads examined and cost (items and read capacity units, which every read is asked to
//! report), and a client for DynamoDB Local that counts its requests.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Mutex};

use aws_sdk_dynamodb::operation::query::QueryInput;
use aws_sdk_dynamodb::operation::transact_write_items::TransactWriteItemsInput;
use aws_sdk_dynamodb::types::{ConsumedCapacity, ReturnConsumedCapacity};
use aws_smithy_runtime_api::box_error::BoxError;
use aws_smithy_runtime_api::client::interceptors::Intercept;
use aws_smithy_runtime_api::client::interceptors::context::{
    AfterDeserializationInterceptorContextRef, BeforeSerializationInterceptorContextMut,
    BeforeSerializationInterceptorContextRef, BeforeTransmitInterceptorContextRef,
};
use aws_smithy_runtime_api::client::orchestrator::Metadata;
use aws_smithy_runtime_api::client::runtime_components::RuntimeComponents;
use aws_smithy_types::config_bag::ConfigBag;

/// An SDK interceptor that counts every request sent on the wire (retries included) and
/// records the IAM actions the requests needed.
#[derive(Debug, Clone, Default)]
pub struct RequestCounter {
    counts: Arc<Mutex<BTreeMap<String, u64>>>,
    actions: Arc<Mutex<BTreeSet<IamAction>>>,
    reads: Arc<Mutex<Reads>>,
}

/// What the reads since the last reset examined and cost.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Reads {
    /// Items a read looked at: a query's `ScannedCount` (before its filter), the items a
    /// `GetItem` or `BatchGetItem` found.
    pub items_examined: u64,
    /// Read capacity units, as DynamoDB (Local too) reports them.
    pub capacity_units: f64,
}

/// An IAM action a request needs, and whether it is on the table or on an index.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct IamAction {
    /// `dynamodb:GetItem`, …
    pub action: String,
    /// The index a query read (`None`: the table).
    pub index: Option<String>,
}

impl IamAction {
    fn on_table(action: &str) -> Self {
        Self {
            action: format!("dynamodb:{action}"),
            index: None,
        }
    }
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

    /// The IAM actions the requests since the last reset needed.
    pub fn actions(&self) -> BTreeSet<IamAction> {
        self.actions.lock().expect("counter lock").clone()
    }

    /// What the reads since the last reset examined and cost.
    pub fn reads(&self) -> Reads {
        *self.reads.lock().expect("counter lock")
    }

    pub fn reset(&self) {
        self.counts.lock().expect("counter lock").clear();
        self.actions.lock().expect("counter lock").clear();
        *self.reads.lock().expect("counter lock") = Reads::default();
    }
}

/// Asks a read to report the capacity it consumes (reporting costs nothing).
fn report_capacity(input: &mut aws_smithy_runtime_api::client::interceptors::context::Input) {
    use aws_sdk_dynamodb::operation as op;
    let total = Some(ReturnConsumedCapacity::Total);
    if let Some(query) = input.downcast_mut::<op::query::QueryInput>() {
        query.return_consumed_capacity = total;
    } else if let Some(get) = input.downcast_mut::<op::get_item::GetItemInput>() {
        get.return_consumed_capacity = total;
    } else if let Some(batch) = input.downcast_mut::<op::batch_get_item::BatchGetItemInput>() {
        batch.return_consumed_capacity = total;
    }
}

/// What one read's answer says it examined and cost.
fn read_of(output: &aws_smithy_runtime_api::client::interceptors::context::Output) -> Option<Reads> {
    use aws_sdk_dynamodb::operation as op;
    let units = |c: &[ConsumedCapacity]| c.iter().filter_map(|c| c.capacity_units).sum::<f64>();
    if let Some(query) = output.downcast_ref::<op::query::QueryOutput>() {
        return Some(Reads {
            items_examined: u64::try_from(query.scanned_count).unwrap_or(0),
            capacity_units: units(query.consumed_capacity.as_slice()),
        });
    }
    if let Some(get) = output.downcast_ref::<op::get_item::GetItemOutput>() {
        return Some(Reads {
            items_examined: u64::from(get.item.is_some()),
            capacity_units: units(get.consumed_capacity.as_slice()),
        });
    }
    if let Some(batch) = output.downcast_ref::<op::batch_get_item::BatchGetItemOutput>() {
        let found = batch
            .responses
            .iter()
            .flat_map(|r| r.values())
            .map(Vec::len)
            .sum::<usize>();
        return Some(Reads {
            items_examined: found as u64,
            capacity_units: units(batch.consumed_capacity.as_deref().unwrap_or_default()),
        });
    }
    None
}

/// What IAM checks for one request: a transaction needs the action of each of its parts
/// (there is no `TransactWriteItems` action), a query or scan on an index is allowed on the index,
/// and every other operation is its own action.
fn iam_actions(input: &aws_smithy_runtime_api::client::interceptors::context::Input) -> Vec<IamAction> {
    use aws_sdk_dynamodb::operation as op;
    if let Some(tx) = input.downcast_ref::<TransactWriteItemsInput>() {
        return tx
            .transact_items()
            .iter()
            .map(|item| {
                IamAction::on_table(if item.put().is_some() {
                    "PutItem"
                } else if item.update().is_some() {
                    "UpdateItem"
                } else if item.delete().is_some() {
                    "DeleteItem"
                } else {
                    "ConditionCheckItem"
                })
            })
            .collect();
    }
    if let Some(query) = input.downcast_ref::<QueryInput>() {
        return vec![IamAction {
            action: "dynamodb:Query".into(),
            index: query.index_name().map(str::to_string),
        }];
    }
    if let Some(scan) = input.downcast_ref::<aws_sdk_dynamodb::operation::scan::ScanInput>() {
        return vec![IamAction {
            action: "dynamodb:Scan".into(),
            index: scan.index_name().map(str::to_string),
        }];
    }
    macro_rules! operation {
        ($($module:ident :: $input:ident => $action:literal),+ $(,)?) => {
            $(if input.downcast_ref::<op::$module::$input>().is_some() {
                return vec![IamAction::on_table($action)];
            })+
        };
    }
    operation!(
        get_item::GetItemInput => "GetItem",
        batch_get_item::BatchGetItemInput => "BatchGetItem",
        put_item::PutItemInput => "PutItem",
        update_item::UpdateItemInput => "UpdateItem",
        delete_item::DeleteItemInput => "DeleteItem",
        batch_write_item::BatchWriteItemInput => "BatchWriteItem",
        transact_get_items::TransactGetItemsInput => "GetItem",
        scan::ScanInput => "Scan",
        describe_table::DescribeTableInput => "DescribeTable",
        create_table::CreateTableInput => "CreateTable",
        update_time_to_live::UpdateTimeToLiveInput => "UpdateTimeToLive",
    );
    vec![IamAction::on_table("UnrecognisedOperation")]
}

impl Intercept for RequestCounter {
    fn name(&self) -> &'static str {
        "RequestCounter"
    }

    fn read_before_execution(
        &self,
        context: &BeforeSerializationInterceptorContextRef<'_>,
        _cfg: &mut ConfigBag,
    ) -> Result<(), BoxError> {
        let needed = iam_actions(context.input());
        self.actions.lock().expect("counter lock").extend(needed);
        Ok(())
    }

    fn modify_before_serialization(
        &self,
        context: &mut BeforeSerializationInterceptorContextMut<'_>,
        _runtime_components: &RuntimeComponents,
        _cfg: &mut ConfigBag,
    ) -> Result<(), BoxError> {
        report_capacity(context.input_mut());
        Ok(())
    }

    fn read_after_deserialization(
        &self,
        context: &AfterDeserializationInterceptorContextRef<'_>,
        _runtime_components: &RuntimeComponents,
        _cfg: &mut ConfigBag,
    ) -> Result<(), BoxError> {
        if let Ok(output) = context.output_or_error()
            && let Some(read) = read_of(output)
        {
            let mut reads = self.reads.lock().expect("counter lock");
            reads.items_examined += read.items_examined;
            reads.capacity_units += read.capacity_units;
        }
        Ok(())
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

/// The access key test code reaches DynamoDB Local with. DynamoDB Local keeps a database per
/// access key and serves one request of a database at a time: under cargo-nextest each of its
/// test slots gets a key (so a database) of its own, and the tests running at once are not
/// queued behind each other (about a third more requests a second on two cores; DynamoDB Local
/// takes keys of letters and digits only); elsewhere it
/// is `local`, the key scripts/serve and scripts/test give everything else. A process a test
/// starts must be given the same key (`AWS_ACCESS_KEY_ID`) to see the test's table.
pub fn local_access_key() -> String {
    match std::env::var("NEXTEST_TEST_GLOBAL_SLOT") {
        Ok(slot) if !slot.is_empty() => format!("localslot{slot}"),
        _ => "local".to_string(),
    }
}

/// A client for an explicit endpoint (DynamoDB Local) with static local credentials,
/// counting its requests in `counter`. Used by tests, benchmarks and tools.
pub async fn local_client(endpoint: &str, counter: &RequestCounter) -> aws_sdk_dynamodb::Client {
    local_client_with_attempts(endpoint, counter, 10).await
}

/// [`local_client`] making at most `attempts` attempts per request (a test of a DynamoDB that
/// cannot be reached gives up sooner).
pub async fn local_client_with_attempts(
    endpoint: &str,
    counter: &RequestCounter,
    attempts: u32,
) -> aws_sdk_dynamodb::Client {
    use aws_sdk_dynamodb::config::{BehaviorVersion, Credentials, Region};
    let config = aws_sdk_dynamodb::config::Builder::new()
        .behavior_version(BehaviorVersion::latest())
        .region(Region::new("us-east-1"))
        .credentials_provider(Credentials::new(local_access_key(), "local", None, None, "local"))
        .endpoint_url(endpoint)
        .http_client(crate::store::https_client())
        .interceptor(counter.clone())
        // DynamoDB Local answers lock timeouts under heavy load with a retryable 500.
        .retry_config(aws_sdk_dynamodb::config::retry::RetryConfig::standard().with_max_attempts(attempts))
        // The SDK's retry quota is one token bucket per partition for the whole process: the
        // tests of a binary share it, and a burst of 500s in one test (hundreds of guesses at
        // one item) would leave the others no retries on a loaded machine. DynamoDB Local is
        // no service to protect, so its clients retry without a quota.
        .retry_partition(
            aws_smithy_runtime::client::retries::RetryPartition::custom("dynamodb-local")
                .token_bucket(aws_smithy_runtime::client::retries::TokenBucket::unlimited())
                .build(),
        )
        .build();
    aws_sdk_dynamodb::Client::from_conf(config)
}

/// A fresh table of its own on DynamoDB Local and the configuration that names it (default
/// domain `sl.test`), for a benchmark's service.
pub async fn bench_table(client: &aws_sdk_dynamodb::Client) -> (String, crate::config::Config) {
    use crate::clock::Entropy;
    let table = format!("bench-{:016x}", crate::clock::OsEntropy.next_u64());
    crate::store::create_table(client, &table).await.expect("table");
    let config = crate::config::Config::from_lookup(|name| match name {
        "TABLE_NAME" => Some(table.clone()),
        "DEFAULT_DOMAIN" => Some("sl.test".into()),
        _ => None,
    })
    .expect("config");
    (table, config)
}

/// A benchmark's workspace, named `bench`, owned by a new user, with these options, opened as
/// its owner.
pub async fn bench_workspace(
    service: &crate::service::Service,
    options: crate::admin::NewWorkspace,
) -> crate::service::accounts::Access {
    let owner = crate::admin::create_user(service, &format!("bench-{}@example.com", service.new_id()))
        .await
        .expect("owner");
    let options = crate::admin::NewWorkspace {
        name: "bench".into(),
        ..options
    };
    let ws = crate::admin::create_workspace(service, owner.id.as_str(), options)
        .await
        .expect("workspace");
    service.open_workspace_as(owner.id.clone(), &ws.id).await.expect("open")
}

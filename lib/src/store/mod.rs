//! The single-table DynamoDB store. Key formats live in [`keys`]; items go through
//! serde_dynamo; every access pattern is listed in docs/data-model.md.

mod accounts;
mod clicks;
mod idempotency;
pub mod keys;
mod limits;
mod links;
mod listing;
mod oauth;
pub mod rollups;
mod sessions;
mod sign_in;
mod table;
mod throttle;

use std::collections::HashMap;

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::error::SdkError;
use aws_sdk_dynamodb::types::{AttributeValue, KeysAndAttributes};
use serde::Serialize;
use serde::de::DeserializeOwned;

pub use accounts::{CreateUserError, KeyRotation, WorkspaceView};
pub use clicks::{Click, ClickPlacement};
pub use idempotency::{Claim, IdempotencyRecord, IdempotencyState, Lease, MAX_STORED_BODY_BYTES, StoredAnswer};
pub use limits::{Counter, RateCharge};
pub use links::{CreateLinkFailure, LinkRef, MoveOutcome, StoredLink, UpdateOutcome};
pub use listing::{Continuation, LinkFilter, LinkSlice, ListPosition, ListRead};
pub use oauth::{CodeExchange, CodeIssue, GrantView, NewToken, Rotation};
pub use sign_in::{AttemptRules, AttemptSlot, SlotTake};
pub use table::{DEFINITION as TABLE_DEFINITION, IndexDefinition, TableDefinition, create_table, ensure_table};

use keys::Key;

/// The HTTPS client of every SDK client: rustls with ring (the SDK's default, aws-lc, is a C
/// build and about a megabyte more per function), with the system's root certificates.
pub fn https_client() -> aws_smithy_runtime_api::client::http::SharedHttpClient {
    use aws_smithy_http_client::tls::{self, rustls_provider::CryptoMode};
    aws_smithy_http_client::Builder::new()
        .tls_provider(tls::Provider::Rustls(CryptoMode::Ring))
        .build_https()
}

/// The SDK configuration aws-config resolves from the environment, with [`https_client`].
pub async fn sdk_config_from_env() -> aws_config::SdkConfig {
    aws_config::defaults(aws_config::BehaviorVersion::latest())
        .http_client(https_client())
        .load()
        .await
}

/// One DynamoDB item.
pub type Item = HashMap<String, AttributeValue>;

/// Failures of the storage layer. Expected outcomes (a taken slug, a lost race) are not
/// errors here: operations return them as values.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("DynamoDB request {operation} failed")]
    Request {
        operation: &'static str,
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    #[error("could not build the {0} request")]
    Build(&'static str, #[source] aws_sdk_dynamodb::error::BuildError),
    #[error("stored item {pk} is malformed")]
    Malformed {
        pk: String,
        #[source]
        source: serde_dynamo::Error,
    },
    #[error("stored item {pk} is malformed: {reason}")]
    Corrupt { pk: String, reason: &'static str },
    #[error("could not encode an item")]
    Encode(#[source] serde_dynamo::Error),
    #[error("DynamoDB kept rejecting {0} because of concurrent transactions")]
    Contention(&'static str),
}

impl StoreError {
    fn request<E, R>(operation: &'static str, err: SdkError<E, R>) -> Self
    where
        E: std::error::Error + Send + Sync + 'static,
        R: std::fmt::Debug + Send + Sync + 'static,
    {
        Self::Request {
            operation,
            source: Box::new(err),
        }
    }
}

/// The store: a DynamoDB client (built once per process) and the table name.
#[derive(Debug, Clone)]
pub struct Store {
    client: Client,
    table: String,
}

impl Store {
    pub fn new(client: Client, table: impl Into<String>) -> Self {
        Self {
            client,
            table: table.into(),
        }
    }

    /// A client configured from the environment the way aws-config resolves it (profiles, SSO,
    /// instance metadata, `AWS_ENDPOINT_URL_DYNAMODB`…), for the dev server and the CLI.
    pub async fn client_from_env() -> Client {
        Client::new(&sdk_config_from_env().await)
    }

    /// A Lambda function's client: region, credentials and endpoint from the environment
    /// variables Lambda sets (`AWS_REGION`, `AWS_ACCESS_KEY_ID`…; `AWS_ENDPOINT_URL_DYNAMODB` or
    /// `AWS_ENDPOINT_URL` for DynamoDB Local, `AWS_MAX_ATTEMPTS`), without aws-config's default
    /// chain (profile files, instance metadata, SSO, STS), which a function never needs and
    /// which would add to every binary and to its start-up.
    pub fn lambda_client() -> Client {
        use aws_sdk_dynamodb::config::{BehaviorVersion, Region, retry::RetryConfig};
        let env = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let mut config = aws_sdk_dynamodb::Config::builder()
            .behavior_version(BehaviorVersion::latest())
            .http_client(https_client())
            .credentials_provider(aws_config::environment::EnvironmentVariableCredentialsProvider::new())
            .region(env("AWS_REGION").or_else(|| env("AWS_DEFAULT_REGION")).map(Region::new));
        if let Some(url) = env("AWS_ENDPOINT_URL_DYNAMODB").or_else(|| env("AWS_ENDPOINT_URL")) {
            config = config.endpoint_url(url);
        }
        if let Some(attempts) = env("AWS_MAX_ATTEMPTS").and_then(|a| a.trim().parse().ok()) {
            config = config.retry_config(RetryConfig::standard().with_max_attempts(attempts));
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

    pub fn client(&self) -> &Client {
        &self.client
    }

    pub fn table(&self) -> &str {
        &self.table
    }

    async fn get(&self, key: &Key, consistent: bool) -> Result<Option<Item>, StoreError> {
        let out = self
            .client
            .get_item()
            .table_name(&self.table)
            .set_key(Some(key_map(key)))
            .consistent_read(consistent)
            .send()
            .await
            .map_err(|e| StoreError::request("GetItem", e))?;
        Ok(out.item)
    }

    /// Writes an item under a key nobody holds yet (a fresh random or hashed token: a failed
    /// condition is a fault, not an outcome).
    async fn put_new(&self, item: Item) -> Result<(), StoreError> {
        self.client
            .put_item()
            .table_name(&self.table)
            .set_item(Some(item))
            .condition_expression("attribute_not_exists(PK)")
            .send()
            .await
            .map_err(|e| StoreError::request("PutItem", e))?;
        Ok(())
    }

    async fn get_as<T: DeserializeOwned>(&self, key: &Key, consistent: bool) -> Result<Option<T>, StoreError> {
        self.get(key, consistent).await?.map(|item| decode(item)).transpose()
    }

    /// `BatchGetItem` of up to any number of keys (chunks of 100, unprocessed keys retried).
    async fn batch_get(&self, keys: &[Key], consistent: bool) -> Result<Vec<Item>, StoreError> {
        use futures::{StreamExt, TryStreamExt};
        let mut seen = std::collections::HashSet::with_capacity(keys.len());
        let unique: Vec<&Key> = keys.iter().filter(|k| seen.insert(*k)).collect();
        // Chunks of 100 (BatchGetItem's limit), a few at a time.
        let requests: Vec<Vec<Item>> = unique
            .chunks(100)
            .map(|chunk| chunk.iter().map(|k| key_map(k)).collect())
            .collect();
        let chunks: Vec<Vec<Item>> = futures::stream::iter(requests)
            .map(|pending| self.batch_get_chunk(pending, consistent))
            .buffered(BATCH_GETS_AT_ONCE)
            .try_collect()
            .await?;
        Ok(chunks.into_iter().flatten().collect())
    }

    /// One `BatchGetItem` of at most 100 keys, retrying what DynamoDB left unprocessed.
    async fn batch_get_chunk(&self, mut pending: Vec<Item>, consistent: bool) -> Result<Vec<Item>, StoreError> {
        let mut found = Vec::with_capacity(pending.len());
        let mut attempt = 0u32;
        while !pending.is_empty() {
            let request = KeysAndAttributes::builder()
                .set_keys(Some(std::mem::take(&mut pending)))
                .consistent_read(consistent)
                .build()
                .map_err(|e| StoreError::Build("BatchGetItem", e))?;
            let out = self
                .client
                .batch_get_item()
                .request_items(&self.table, request)
                .send()
                .await
                .map_err(|e| StoreError::request("BatchGetItem", e))?;
            if let Some(mut responses) = out.responses {
                found.extend(responses.remove(&self.table).unwrap_or_default());
            }
            if let Some(rest) = out.unprocessed_keys.and_then(|mut u| u.remove(&self.table)) {
                pending = rest.keys;
            }
            if !pending.is_empty() {
                attempt += 1;
                backoff(attempt).await;
            }
        }
        Ok(found)
    }
}

/// How many `BatchGetItem`s of one read run at once.
const BATCH_GETS_AT_ONCE: usize = 4;

/// Exponential backoff with full jitter and a cap, for throttling and transaction
/// conflicts (jitter keeps racing writers from retrying in lockstep).
async fn backoff(attempt: u32) {
    let ceiling = 10u64 * (1 << attempt.min(6));
    let millis = rand::random_range(1..=ceiling);
    tokio::time::sleep(std::time::Duration::from_millis(millis)).await;
}

/// Whether a conditional `UpdateItem` applied (`Ok(false)`: its condition did not hold).
fn update_applied<O, R>(
    result: Result<O, SdkError<aws_sdk_dynamodb::operation::update_item::UpdateItemError, R>>,
) -> Result<bool, StoreError>
where
    R: std::fmt::Debug + Send + Sync + 'static,
{
    applied("UpdateItem", result)
}

/// Whether a conditional `PutItem` applied (`Ok(false)`: its condition did not hold).
fn put_applied<O, R>(
    result: Result<O, SdkError<aws_sdk_dynamodb::operation::put_item::PutItemError, R>>,
) -> Result<bool, StoreError>
where
    R: std::fmt::Debug + Send + Sync + 'static,
{
    applied("PutItem", result)
}

/// Whether a conditional `DeleteItem` applied (`Ok(false)`: its condition did not hold).
fn delete_applied<O, R>(
    result: Result<O, SdkError<aws_sdk_dynamodb::operation::delete_item::DeleteItemError, R>>,
) -> Result<bool, StoreError>
where
    R: std::fmt::Debug + Send + Sync + 'static,
{
    applied("DeleteItem", result)
}

/// Whether a conditional write applied: `Ok(false)` when DynamoDB refused it because its
/// condition did not hold, an error for any other failure.
fn applied<O, E, R>(operation: &'static str, result: Result<O, SdkError<E, R>>) -> Result<bool, StoreError>
where
    E: aws_sdk_dynamodb::error::ProvideErrorMetadata + std::error::Error + Send + Sync + 'static,
    R: std::fmt::Debug + Send + Sync + 'static,
{
    match result {
        Ok(_) => Ok(true),
        Err(e) if e.as_service_error().and_then(|s| s.code()) == Some("ConditionalCheckFailedException") => Ok(false),
        Err(e) => Err(StoreError::request(operation, e)),
    }
}

/// Runs a query to its end, following `LastEvaluatedKey` page by page.
async fn query_all(
    query: aws_sdk_dynamodb::operation::query::builders::QueryFluentBuilder,
) -> Result<Vec<Item>, StoreError> {
    let mut items = Vec::new();
    let mut start = None;
    loop {
        let out = query
            .clone()
            .set_exclusive_start_key(start)
            .send()
            .await
            .map_err(|e| StoreError::request("Query", e))?;
        items.extend(out.items.unwrap_or_default());
        start = out.last_evaluated_key;
        if start.is_none() {
            return Ok(items);
        }
    }
}

fn key_map(key: &Key) -> Item {
    HashMap::from([
        (keys::PK.to_string(), AttributeValue::S(key.pk.clone())),
        (keys::SK.to_string(), AttributeValue::S(key.sk.clone())),
    ])
}

/// Serialises a value and adds its primary key (and optional GSI1 key).
fn encode<T: Serialize>(value: &T, key: &Key, gsi1: Option<&Key>) -> Result<Item, StoreError> {
    let mut item: Item = serde_dynamo::to_item(value).map_err(StoreError::Encode)?;
    item.extend(key_map(key));
    if let Some(gsi) = gsi1 {
        item.insert(keys::GSI1PK.into(), AttributeValue::S(gsi.pk.clone()));
        item.insert(keys::GSI1SK.into(), AttributeValue::S(gsi.sk.clone()));
    }
    Ok(item)
}

fn decode<T: DeserializeOwned>(item: Item) -> Result<T, StoreError> {
    let pk = match item.get(keys::PK) {
        Some(AttributeValue::S(pk)) => pk.clone(),
        _ => String::from("?"),
    };
    serde_dynamo::from_item(item).map_err(|source| StoreError::Malformed { pk, source })
}

fn item_key(item: &Item) -> Option<Key> {
    match (item.get(keys::PK), item.get(keys::SK)) {
        (Some(AttributeValue::S(pk)), Some(AttributeValue::S(sk))) => Some(Key {
            pk: pk.clone(),
            sk: sk.clone(),
        }),
        _ => None,
    }
}

fn s(value: impl Into<String>) -> AttributeValue {
    AttributeValue::S(value.into())
}

fn n(value: impl ToString) -> AttributeValue {
    AttributeValue::N(value.to_string())
}

/// A TTL value: epoch seconds.
fn epoch(at: chrono::DateTime<chrono::Utc>) -> AttributeValue {
    n(at.timestamp())
}

/// An item with its TTL attribute set to `at`.
fn with_ttl(mut item: Item, at: chrono::DateTime<chrono::Utc>) -> Item {
    item.insert(keys::TTL.into(), epoch(at));
    item
}

/// Reasons DynamoDB gave for a cancelled transaction, one per action.
#[derive(Debug, Clone, Default)]
struct Cancellation {
    codes: Vec<String>,
}

impl Cancellation {
    fn failed(&self, index: usize) -> bool {
        self.codes.get(index).is_some_and(|c| c == "ConditionalCheckFailed")
    }

    fn conflict(&self) -> bool {
        self.codes
            .iter()
            .any(|c| c == "TransactionConflict" || c == "ThrottlingError" || c == "ProvisionedThroughputExceeded")
    }
}

/// How often a transaction cancelled only by conflicts is retried.
const MAX_TRANSACTION_ATTEMPTS: u32 = 16;

/// Sends a transaction; `Ok(Err(cancellation))` when conditions failed.
async fn transact(
    client: &Client,
    items: Vec<aws_sdk_dynamodb::types::TransactWriteItem>,
) -> Result<Result<(), Cancellation>, StoreError> {
    use aws_sdk_dynamodb::operation::transact_write_items::TransactWriteItemsError;
    let mut attempt = 0u32;
    loop {
        let result = client
            .transact_write_items()
            .set_transact_items(Some(items.clone()))
            .send()
            .await;
        match result {
            Ok(_) => return Ok(Ok(())),
            Err(err) => {
                let retry = match err.as_service_error() {
                    Some(TransactWriteItemsError::TransactionCanceledException(e)) => {
                        let cancellation = Cancellation {
                            codes: e
                                .cancellation_reasons()
                                .iter()
                                .map(|r| r.code().unwrap_or("None").to_string())
                                .collect(),
                        };
                        if !cancellation.conflict() || cancellation.codes.iter().any(|c| c == "ConditionalCheckFailed")
                        {
                            return Ok(Err(cancellation));
                        }
                        true
                    }
                    Some(TransactWriteItemsError::TransactionInProgressException(_)) => true,
                    _ => false,
                };
                attempt += 1;
                if !retry {
                    return Err(StoreError::request("TransactWriteItems", err));
                }
                if attempt > MAX_TRANSACTION_ATTEMPTS {
                    return Err(StoreError::Contention("TransactWriteItems"));
                }
                backoff(attempt).await;
            }
        }
    }
}

/// Builders for transaction actions.
mod tx {
    use aws_sdk_dynamodb::types::{
        AttributeValue, ConditionCheck, Delete, Put, ReturnValuesOnConditionCheckFailure, TransactWriteItem, Update,
    };

    use super::{Item, Key, StoreError, key_map};

    pub fn put(table: &str, item: Item, condition: Option<&str>) -> Result<TransactWriteItem, StoreError> {
        let put = Put::builder()
            .table_name(table)
            .set_item(Some(item))
            .set_condition_expression(condition.map(str::to_string))
            .build()
            .map_err(|e| StoreError::Build("Put", e))?;
        Ok(TransactWriteItem::builder().put(put).build())
    }

    pub fn delete(
        table: &str,
        key: &Key,
        condition: Option<&str>,
        values: &[(&str, AttributeValue)],
    ) -> Result<TransactWriteItem, StoreError> {
        let mut delete = Delete::builder()
            .table_name(table)
            .set_key(Some(key_map(key)))
            .set_condition_expression(condition.map(str::to_string));
        for (name, value) in values {
            delete = delete.expression_attribute_values(*name, value.clone());
        }
        let delete = delete.build().map_err(|e| StoreError::Build("Delete", e))?;
        Ok(TransactWriteItem::builder().delete(delete).build())
    }

    pub fn update(
        table: &str,
        key: &Key,
        expression: &str,
        condition: Option<&str>,
        names: &[(&str, &str)],
        values: &[(&str, AttributeValue)],
    ) -> Result<TransactWriteItem, StoreError> {
        let mut update = Update::builder()
            .table_name(table)
            .set_key(Some(key_map(key)))
            .update_expression(expression)
            .set_condition_expression(condition.map(str::to_string))
            .return_values_on_condition_check_failure(ReturnValuesOnConditionCheckFailure::AllOld);
        for (name, value) in names {
            update = update.expression_attribute_names(*name, *value);
        }
        for (name, value) in values {
            update = update.expression_attribute_values(*name, value.clone());
        }
        let update = update.build().map_err(|e| StoreError::Build("Update", e))?;
        Ok(TransactWriteItem::builder().update(update).build())
    }

    pub fn check_exists(table: &str, key: &Key) -> Result<TransactWriteItem, StoreError> {
        let check = ConditionCheck::builder()
            .table_name(table)
            .set_key(Some(key_map(key)))
            .condition_expression("attribute_exists(PK)")
            .build()
            .map_err(|e| StoreError::Build("ConditionCheck", e))?;
        Ok(TransactWriteItem::builder().condition_check(check).build())
    }
}

//! The store's primitives: reading and writing single items, batches and queries, whether a
//! conditional write applied, and (de)serialising items with their keys.

use std::collections::HashMap;

use aws_sdk_dynamodb::error::SdkError;
use aws_sdk_dynamodb::types::{AttributeValue, KeysAndAttributes};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::keys::{self, Key};
use super::{Item, Store, StoreError};
use crate::retry::{DYNAMODB, Retry};

impl Store {
    pub(super) async fn get(&self, key: &Key, consistent: bool) -> Result<Option<Item>, StoreError> {
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

    /// Writes an item, replacing whatever held its key.
    pub(super) async fn put(&self, item: Item) -> Result<(), StoreError> {
        self.client
            .put_item()
            .table_name(&self.table)
            .set_item(Some(item))
            .send()
            .await
            .map_err(|e| StoreError::request("PutItem", e))?;
        Ok(())
    }

    /// Writes an item under a key nobody holds yet (a fresh random or hashed token: a failed
    /// condition is a fault, not an outcome).
    pub(super) async fn put_new(&self, item: Item) -> Result<(), StoreError> {
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

    /// Writes an item unless one holds its key already (`false` then: an outcome, not a fault).
    pub(super) async fn put_if_absent(&self, item: Item) -> Result<bool, StoreError> {
        let result = self
            .client
            .put_item()
            .table_name(&self.table)
            .set_item(Some(item))
            .condition_expression("attribute_not_exists(PK)")
            .send()
            .await;
        put_applied(result)
    }

    pub(super) async fn get_as<T: DeserializeOwned>(
        &self,
        key: &Key,
        consistent: bool,
    ) -> Result<Option<T>, StoreError> {
        self.get(key, consistent).await?.map(|item| decode(item)).transpose()
    }

    /// Every item of the 32 shard partitions of a workspace-day (`partition(shard)`), read as
    /// `T`, every page of each (tests and recovery only: reports read rollups).
    pub(super) async fn every_shard<T: DeserializeOwned>(
        &self,
        partition: impl Fn(u64) -> String,
    ) -> Result<Vec<T>, StoreError> {
        let mut found = Vec::new();
        for shard in 0..keys::CLICK_SHARDS {
            let query = self
                .client
                .query()
                .table_name(&self.table)
                .key_condition_expression("PK = :pk")
                .expression_attribute_values(":pk", AttributeValue::S(partition(shard)));
            for item in query_all(query).await? {
                found.push(decode(item)?);
            }
        }
        Ok(found)
    }

    /// `BatchGetItem` of up to any number of keys (chunks of 100, unprocessed keys retried a
    /// bounded number of times).
    pub(super) async fn batch_get(&self, keys: &[Key], consistent: bool) -> Result<Vec<Item>, StoreError> {
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
    pub(super) async fn batch_get_chunk(
        &self,
        mut pending: Vec<Item>,
        consistent: bool,
    ) -> Result<Vec<Item>, StoreError> {
        let mut found = Vec::with_capacity(pending.len());
        let mut retry = Retry::new(self.entropy.as_ref(), DYNAMODB);
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
            if !pending.is_empty() && !retry.again().await {
                return Err(StoreError::Contention("BatchGetItem (keys left unprocessed)"));
            }
        }
        Ok(found)
    }
}

/// How many `BatchGetItem`s of one read run at once.
const BATCH_GETS_AT_ONCE: usize = 4;

/// Whether a conditional `UpdateItem` applied (`Ok(false)`: its condition did not hold).
pub(super) fn update_applied<O, R>(
    result: Result<O, SdkError<aws_sdk_dynamodb::operation::update_item::UpdateItemError, R>>,
) -> Result<bool, StoreError>
where
    R: std::fmt::Debug + Send + Sync + 'static,
{
    applied("UpdateItem", result)
}

/// Whether a conditional `PutItem` applied (`Ok(false)`: its condition did not hold).
pub(super) fn put_applied<O, R>(
    result: Result<O, SdkError<aws_sdk_dynamodb::operation::put_item::PutItemError, R>>,
) -> Result<bool, StoreError>
where
    R: std::fmt::Debug + Send + Sync + 'static,
{
    applied("PutItem", result)
}

/// Whether a conditional `DeleteItem` applied (`Ok(false)`: its condition did not hold).
pub(super) fn delete_applied<O, R>(
    result: Result<O, SdkError<aws_sdk_dynamodb::operation::delete_item::DeleteItemError, R>>,
) -> Result<bool, StoreError>
where
    R: std::fmt::Debug + Send + Sync + 'static,
{
    applied("DeleteItem", result)
}

/// Whether a conditional write applied: `Ok(false)` when DynamoDB refused it because its
/// condition did not hold, an error for any other failure.
pub(super) fn applied<O, E, R>(operation: &'static str, result: Result<O, SdkError<E, R>>) -> Result<bool, StoreError>
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

/// Whether DynamoDB refused a write because the item would pass its 400 KB limit (a
/// `ValidationException` naming the item size).
pub(super) fn too_large<E, R>(error: &SdkError<E, R>) -> bool
where
    E: aws_sdk_dynamodb::error::ProvideErrorMetadata,
{
    error.as_service_error().is_some_and(|e| {
        e.code() == Some("ValidationException") && e.message().is_some_and(|m| m.contains("Item size"))
    })
}

/// Runs a query to its end, following `LastEvaluatedKey` page by page.
pub(super) async fn query_all(
    query: aws_sdk_dynamodb::operation::query::builders::QueryFluentBuilder,
) -> Result<Vec<Item>, StoreError> {
    query_up_to(query, usize::MAX).await
}

/// Runs a query page by page until it ends or `max` items are read (a request's work stays
/// bounded); at most `max` items.
pub(super) async fn query_up_to(
    query: aws_sdk_dynamodb::operation::query::builders::QueryFluentBuilder,
    max: usize,
) -> Result<Vec<Item>, StoreError> {
    let mut items = Vec::new();
    let mut start = None;
    loop {
        // No `Limit` of ours when nothing bounds the read (DynamoDB's pages of 1 MB do).
        let page = match i32::try_from(max - items.len()) {
            Ok(left) => query.clone().limit(left),
            Err(_) => query.clone(),
        };
        let out = page
            .set_exclusive_start_key(start)
            .send()
            .await
            .map_err(|e| StoreError::request("Query", e))?;
        items.extend(out.items.unwrap_or_default());
        start = out.last_evaluated_key;
        if start.is_none() || items.len() >= max {
            items.truncate(max);
            return Ok(items);
        }
    }
}

pub(super) fn key_map(key: &Key) -> Item {
    HashMap::from([
        (keys::PK.to_string(), AttributeValue::S(key.pk.clone())),
        (keys::SK.to_string(), AttributeValue::S(key.sk.clone())),
    ])
}

/// Serialises a value and adds its primary key (and optional GSI1 key).
pub(super) fn encode<T: Serialize>(value: &T, key: &Key, gsi1: Option<&Key>) -> Result<Item, StoreError> {
    let mut item: Item = serde_dynamo::to_item(value).map_err(StoreError::Encode)?;
    item.extend(key_map(key));
    if let Some(gsi) = gsi1 {
        item.insert(keys::GSI1PK.into(), AttributeValue::S(gsi.pk.clone()));
        item.insert(keys::GSI1SK.into(), AttributeValue::S(gsi.sk.clone()));
    }
    Ok(item)
}

pub(super) fn decode<T: DeserializeOwned>(item: Item) -> Result<T, StoreError> {
    let pk = match item.get(keys::PK) {
        Some(AttributeValue::S(pk)) => pk.clone(),
        _ => String::from("?"),
    };
    serde_dynamo::from_item(item).map_err(|source| StoreError::Malformed { pk, source })
}

pub(super) fn item_key(item: &Item) -> Option<Key> {
    match (item.get(keys::PK), item.get(keys::SK)) {
        (Some(AttributeValue::S(pk)), Some(AttributeValue::S(sk))) => Some(Key {
            pk: pk.clone(),
            sk: sk.clone(),
        }),
        _ => None,
    }
}

pub(super) fn s(value: impl Into<String>) -> AttributeValue {
    AttributeValue::S(value.into())
}

pub(super) fn n(value: impl ToString) -> AttributeValue {
    AttributeValue::N(value.to_string())
}

/// A TTL value: epoch seconds.
pub(super) fn epoch(at: chrono::DateTime<chrono::Utc>) -> AttributeValue {
    n(at.timestamp())
}

/// An item with its TTL attribute set to `at`.
pub(super) fn with_ttl(mut item: Item, at: chrono::DateTime<chrono::Utc>) -> Item {
    item.insert(keys::TTL.into(), epoch(at));
    item
}

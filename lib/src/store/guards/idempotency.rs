//! `Idempotency-Key` records: one item per (workspace, key). A request claims the key with a
//! conditional put of an in-progress marker; its answer then replaces the marker (a put
//! conditioned on the claim still being its own), or, when the work failed, the claim is
//! released for a retry to take.

use aws_sdk_dynamodb::operation::put_item::PutItemError;
use aws_sdk_dynamodb::primitives::Blob;
use aws_sdk_dynamodb::types::{AttributeValue, ReturnValuesOnConditionCheckFailure};

use crate::store::{Item, Store, StoreError, key_map, keys, n, s, update_applied};

const FINGERPRINT: &str = "fingerprint";
const STATE: &str = "state";
const TOKEN: &str = "token";
const LEASE_UNTIL: &str = "leaseUntil";
const STATUS: &str = "status";
const BODY: &str = "body";
const PENDING: &str = "pending";
const DONE: &str = "done";

/// Stored answers larger than this (after compression) are not kept: a DynamoDB item holds at
/// most 400 KB.
pub const MAX_STORED_BODY_BYTES: usize = 350 * 1024;
/// The largest answer a stored item inflates to (a kept answer is a request's answer, never
/// more than a few MiB; a damaged item is refused rather than inflated without end).
const MAX_INFLATED_BYTES: usize = 4 * 1024 * 1024;

/// A stored answer: its status and its body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredAnswer {
    pub status: u16,
    pub body: Vec<u8>,
}

/// What a key's item holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IdempotencyState {
    /// A request holds the key until `lease_until` (epoch seconds).
    Pending { lease_until: i64 },
    /// The first request's answer.
    Done(StoredAnswer),
}

/// A key's item as read back: the fingerprint of the request that claimed it and its state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdempotencyRecord {
    pub fingerprint: String,
    pub state: IdempotencyState,
}

/// The outcome of a claim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    /// The key is this request's: do the work, then complete or release.
    Claimed,
    /// Another request claimed the key first (and may have answered already).
    Taken(IdempotencyRecord),
}

/// Who holds a claim and until when.
#[derive(Debug, Clone, Copy)]
pub struct Lease<'a> {
    pub token: &'a str,
    /// Epoch seconds: the current time, the end of the claim, and when the item expires.
    pub now: i64,
    pub until: i64,
    pub expires_at: i64,
}

fn number(item: &Item, name: &str) -> Option<i64> {
    match item.get(name)? {
        AttributeValue::N(value) => value.parse().ok(),
        _ => None,
    }
}

fn text<'a>(item: &'a Item, name: &str) -> Option<&'a str> {
    match item.get(name)? {
        AttributeValue::S(value) => Some(value),
        _ => None,
    }
}

fn record(item: &Item) -> Result<IdempotencyRecord, StoreError> {
    let malformed = || StoreError::Corrupt {
        pk: text(item, keys::PK).unwrap_or("?").to_string(),
        reason: "not an idempotency record",
    };
    let fingerprint = text(item, FINGERPRINT).ok_or_else(malformed)?.to_string();
    let state = match text(item, STATE) {
        Some(PENDING) => IdempotencyState::Pending {
            lease_until: number(item, LEASE_UNTIL).ok_or_else(malformed)?,
        },
        Some(DONE) => {
            let compressed = match item.get(BODY) {
                Some(AttributeValue::B(blob)) => blob.as_ref(),
                _ => return Err(malformed()),
            };
            let body = miniz_oxide::inflate::decompress_to_vec_with_limit(compressed, MAX_INFLATED_BYTES)
                .map_err(|_| malformed())?;
            let status = number(item, STATUS)
                .and_then(|s| u16::try_from(s).ok())
                .ok_or_else(malformed)?;
            IdempotencyState::Done(StoredAnswer { status, body })
        }
        _ => return Err(malformed()),
    };
    Ok(IdempotencyRecord { fingerprint, state })
}

impl Store {
    /// Puts `item` if `condition` holds; `Ok(Some(old))` with the item that stopped it when it
    /// does not.
    async fn put_if(
        &self,
        item: Item,
        condition: &str,
        names: &[(&str, &str)],
        values: &[(&str, AttributeValue)],
    ) -> Result<Option<Option<Item>>, StoreError> {
        let mut request = self
            .client
            .put_item()
            .table_name(&self.table)
            .set_item(Some(item))
            .condition_expression(condition)
            .return_values_on_condition_check_failure(ReturnValuesOnConditionCheckFailure::AllOld);
        for (name, attribute) in names {
            request = request.expression_attribute_names(*name, *attribute);
        }
        for (name, value) in values {
            request = request.expression_attribute_values(*name, value.clone());
        }
        match request.send().await {
            Ok(_) => Ok(None),
            Err(err) => match err.as_service_error() {
                Some(PutItemError::ConditionalCheckFailedException(stopped)) => Ok(Some(stopped.item.clone())),
                _ => Err(StoreError::request("PutItem", err)),
            },
        }
    }

    /// Claims `key` for a request with `fingerprint`: a conditional put of an in-progress
    /// marker that succeeds when no live record holds the key (none, one past its time to
    /// live, or a claim whose lease ran out); otherwise the record that holds it.
    pub async fn claim_idempotency(
        &self,
        key: &keys::Key,
        fingerprint: &str,
        lease: Lease<'_>,
    ) -> Result<Claim, StoreError> {
        let mut item = key_map(key);
        item.insert(FINGERPRINT.into(), s(fingerprint));
        item.insert(STATE.into(), s(PENDING));
        item.insert(TOKEN.into(), s(lease.token));
        item.insert(LEASE_UNTIL.into(), n(lease.until));
        item.insert(keys::TTL.into(), n(lease.expires_at));
        let stopped = self
            .put_if(
                item,
                "attribute_not_exists(PK) OR #ttl < :now OR (#state = :pending AND #lease < :now)",
                &[("#ttl", keys::TTL), ("#state", STATE), ("#lease", LEASE_UNTIL)],
                &[(":now", n(lease.now)), (":pending", s(PENDING))],
            )
            .await?;
        match stopped {
            None => Ok(Claim::Claimed),
            Some(Some(holder)) => Ok(Claim::Taken(record(&holder)?)),
            Some(None) => Err(StoreError::Corrupt {
                pk: key.pk.clone(),
                reason: "a refused claim returned no item",
            }),
        }
    }

    /// Replaces this request's claim with its answer. `Ok(false)`: the claim was no longer
    /// its own (its lease ran out and another request took the key), or the answer is too
    /// large to keep (the claim is then released).
    pub async fn complete_idempotency(
        &self,
        key: &keys::Key,
        fingerprint: &str,
        lease: Lease<'_>,
        answer: &StoredAnswer,
    ) -> Result<bool, StoreError> {
        let compressed = miniz_oxide::deflate::compress_to_vec(&answer.body, 6);
        if compressed.len() > MAX_STORED_BODY_BYTES {
            self.release_idempotency(key, lease.token).await?;
            return Ok(false);
        }
        let mut item = key_map(key);
        item.insert(FINGERPRINT.into(), s(fingerprint));
        item.insert(STATE.into(), s(DONE));
        item.insert(STATUS.into(), n(answer.status));
        item.insert(BODY.into(), AttributeValue::B(Blob::new(compressed)));
        item.insert(keys::TTL.into(), n(lease.expires_at));
        let stopped = self
            .put_if(
                item,
                "#token = :token",
                &[("#token", TOKEN)],
                &[(":token", s(lease.token))],
            )
            .await?;
        Ok(stopped.is_none())
    }

    /// Gives a claim up (its work failed): its lease ends now, so the next request with the
    /// key takes it. `Ok(false)`: it was no longer this request's.
    pub async fn release_idempotency(&self, key: &keys::Key, token: &str) -> Result<bool, StoreError> {
        let request = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(key_map(key)))
            .update_expression("SET #lease = :zero")
            .condition_expression("#token = :token AND #state = :pending")
            .expression_attribute_names("#lease", LEASE_UNTIL)
            .expression_attribute_names("#token", TOKEN)
            .expression_attribute_names("#state", STATE)
            .expression_attribute_values(":zero", n(0))
            .expression_attribute_values(":token", s(token))
            .expression_attribute_values(":pending", s(PENDING));
        update_applied(request.send().await)
    }
}

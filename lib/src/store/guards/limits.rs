//! Fixed-window rate-limit counters: one conditional `UpdateItem` per request adds one to each
//! counter the request is charged to, unless one of them is already at its limit. Nothing is
//! read first: the new counts come back with the write, the refusing ones with its failure.

use aws_sdk_dynamodb::operation::update_item::UpdateItemError;
use aws_sdk_dynamodb::types::{AttributeValue, ReturnValue, ReturnValuesOnConditionCheckFailure};

use crate::store::{Item, Store, StoreError, key_map, keys, n};

/// One counter a request is charged to: the attribute of the window's item and its limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counter {
    pub attribute: String,
    pub limit: u64,
}

/// What a charge did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RateCharge {
    /// Every counter took the request: their counts now, in the order given.
    Counted(Vec<u64>),
    /// A counter was at its limit, so none was charged: their counts, in the order given.
    Refused(Vec<u64>),
}

fn counts(item: Option<&Item>, counters: &[Counter]) -> Vec<u64> {
    counters
        .iter()
        .map(|c| match item.and_then(|i| i.get(&c.attribute)) {
            Some(AttributeValue::N(count)) => count.parse().unwrap_or(0),
            _ => 0,
        })
        .collect()
}

impl Store {
    /// Charges one request to `counters` of the window item `key` (expiring at `expires_at`,
    /// epoch seconds), unless a counter has reached its limit.
    pub async fn charge_rate(
        &self,
        key: &keys::Key,
        counters: &[Counter],
        expires_at: i64,
    ) -> Result<RateCharge, StoreError> {
        let mut adds = Vec::with_capacity(counters.len());
        let mut conditions = Vec::with_capacity(counters.len());
        let mut request = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(key_map(key)))
            .expression_attribute_names("#ttl", keys::TTL)
            .expression_attribute_values(":one", n(1))
            .expression_attribute_values(":ttl", n(expires_at))
            .return_values(ReturnValue::UpdatedNew)
            .return_values_on_condition_check_failure(ReturnValuesOnConditionCheckFailure::AllOld);
        for (i, counter) in counters.iter().enumerate() {
            adds.push(format!("#c{i} :one"));
            conditions.push(format!("(attribute_not_exists(#c{i}) OR #c{i} < :l{i})"));
            request = request
                .expression_attribute_names(format!("#c{i}"), &counter.attribute)
                .expression_attribute_values(format!(":l{i}"), n(counter.limit));
        }
        let request = request
            .update_expression(format!("ADD {} SET #ttl = :ttl", adds.join(", ")))
            .condition_expression(conditions.join(" AND "));
        match request.send().await {
            Ok(out) => Ok(RateCharge::Counted(counts(out.attributes.as_ref(), counters))),
            Err(err) => match err.as_service_error() {
                Some(UpdateItemError::ConditionalCheckFailedException(refused)) => {
                    Ok(RateCharge::Refused(counts(refused.item.as_ref(), counters)))
                }
                _ => Err(StoreError::request("UpdateItem", err)),
            },
        }
    }
}

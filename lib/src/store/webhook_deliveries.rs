//! An endpoint's delivery log (`WEBHOOK#<id>` / `DELIVERY#<at>#<delivery>#<attempt>`): one item
//! per attempt, expiring after [`DELIVERY_LOG_DAYS`] by the table's TTL, read newest first.

use chrono::Duration;

use super::{Store, StoreError, decode, encode, keys, n, s};
use crate::domain::ids::ObjectId;
use crate::domain::webhook_delivery::{DELIVERY_LOG_DAYS, DeliveryAttempt};

/// The most attempts the app shows (one page, newest first).
pub const RECENT_DELIVERIES: i32 = 25;

impl Store {
    /// Logs an attempt.
    pub async fn record_delivery(&self, attempt: &DeliveryAttempt) -> Result<(), StoreError> {
        let key = keys::webhook_delivery(&attempt.webhook_id, attempt.at, &attempt.delivery_id, attempt.attempt);
        let mut item = encode(attempt, &key, None)?;
        let expires = attempt.at + Duration::days(DELIVERY_LOG_DAYS);
        item.insert(keys::TTL.into(), n(expires.timestamp()));
        self.put(item).await
    }

    /// The endpoint's latest attempts, newest first (one `Query` page of at most
    /// [`RECENT_DELIVERIES`]).
    pub async fn recent_deliveries(&self, webhook: &ObjectId) -> Result<Vec<DeliveryAttempt>, StoreError> {
        let out = self
            .client
            .query()
            .table_name(&self.table)
            .key_condition_expression("#pk = :pk AND begins_with(#sk, :prefix)")
            .expression_attribute_names("#pk", keys::PK)
            .expression_attribute_names("#sk", keys::SK)
            .expression_attribute_values(":pk", s(keys::webhook_log_partition(webhook)))
            .expression_attribute_values(":prefix", s(keys::WEBHOOK_DELIVERY_PREFIX))
            .scan_index_forward(false)
            .limit(RECENT_DELIVERIES)
            .send()
            .await
            .map_err(|e| StoreError::request("Query", e))?;
        out.items.unwrap_or_default().into_iter().map(decode).collect()
    }
}

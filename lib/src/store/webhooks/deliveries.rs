//! An endpoint's delivery log (`WEBHOOK#<id>` / `DELIVERY#<at>#<delivery>#<attempt>`): one item
//! per attempt, expiring after [`DELIVERY_LOG_DAYS`] by the table's TTL, read newest first.

use chrono::Duration;

use crate::domain::ids::ObjectId;
use crate::domain::webhook_delivery::{DELIVERY_LOG_DAYS, DeliveryAttempt};
use crate::store::queries::Keys;
use crate::store::{Store, StoreError, decode, encode, keys, n};

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
            .prefix_query(
                Keys::Table,
                keys::webhook_log_partition(webhook),
                keys::WEBHOOK_DELIVERY_PREFIX,
            )
            .scan_index_forward(false)
            .limit(RECENT_DELIVERIES)
            .send()
            .await
            .map_err(|e| StoreError::request("Query", e))?;
        out.items.unwrap_or_default().into_iter().map(decode).collect()
    }
}

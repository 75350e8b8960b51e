//! Conversion items: one per (click, event), written only if absent, so a reloaded thank-you
//! page or a retried call counts once. They carry what the aggregator attributes them by (the
//! click's link, rule and variant) and expire with the clicks (docs/data-model.md).

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use super::{Store, StoreError, encode, keys, n, put_applied};
use crate::ids::ObjectId;

/// A recorded outcome of a click.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Conversion {
    pub id: ObjectId,
    pub workspace_id: ObjectId,
    pub click_id: ObjectId,
    pub link_id: ObjectId,
    pub event: String,
    /// When it happened; it counts on this UTC day.
    pub at: DateTime<Utc>,
    pub day: NaiveDate,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant_id: Option<String>,
    /// In minor units of `currency` (a sale reported by the API; the pixel never has one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub currency: Option<String>,
}

impl Store {
    /// Records a conversion unless its click already has one of that event: one conditional
    /// `PutItem`; `false` when it was there (the first one stands).
    pub async fn record_conversion(
        &self,
        conversion: &Conversion,
        expires_at: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let key = keys::conversion(&conversion.workspace_id, &conversion.click_id, &conversion.event);
        let mut item = encode(conversion, &key, None)?;
        item.insert(keys::TTL.into(), n(expires_at.timestamp()));
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
}

//! Conversion items: one per (click, event), written only if absent, so a reloaded thank-you
//! page or a retried call counts once. They carry what the aggregator attributes them by (the
//! click's link, rule and variant) and expire with the clicks (docs/data-model.md).

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use aws_sdk_dynamodb::operation::put_item::PutItemError;
use aws_sdk_dynamodb::types::ReturnValuesOnConditionCheckFailure;

use super::{Store, StoreError, decode, encode, keys, n};
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

/// What recording a conversion came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Recorded {
    New,
    /// The click already had it: the first one, which stands.
    Duplicate(Box<Conversion>),
}

impl Store {
    /// Records a conversion unless its click already has one under `name` (the event, and the
    /// caller's event id when it gave one): one conditional `PutItem`, which on a duplicate
    /// answers the first conversion.
    pub async fn record_conversion(
        &self,
        conversion: &Conversion,
        name: &str,
        expires_at: DateTime<Utc>,
    ) -> Result<Recorded, StoreError> {
        let key = keys::conversion(&conversion.workspace_id, &conversion.click_id, name);
        let mut item = encode(conversion, &key, None)?;
        item.insert(keys::TTL.into(), n(expires_at.timestamp()));
        let result = self
            .client
            .put_item()
            .table_name(&self.table)
            .set_item(Some(item))
            .condition_expression("attribute_not_exists(PK)")
            .return_values_on_condition_check_failure(ReturnValuesOnConditionCheckFailure::AllOld)
            .send()
            .await;
        match result {
            Ok(_) => Ok(Recorded::New),
            Err(err) => match err.as_service_error() {
                Some(PutItemError::ConditionalCheckFailedException(refused)) => match refused.item.clone() {
                    Some(first) => Ok(Recorded::Duplicate(Box::new(decode(first)?))),
                    None => Err(StoreError::request("PutItem", err)),
                },
                _ => Err(StoreError::request("PutItem", err)),
            },
        }
    }
}

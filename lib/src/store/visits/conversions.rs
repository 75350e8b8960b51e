//! Conversion items: a marker per (click, source, event), written only if absent, so a reloaded
//! thank-you page or a retried call counts once, and the pixel's markers never take the API's;
//! and, in the same transaction, the record the aggregator folds, sharded per workspace-day like
//! the clicks; and, for events anyone may fire (the pixel's), a per-click count that caps them
//! and tells the click's first. Both carry what the conversion is attributed by (the click's
//! link, rule and variant) and expire with the clicks (docs/data-model.md).

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use crate::domain::ConversionSource;
use crate::domain::ids::ObjectId;
use crate::store::transactions::tx;
use crate::store::{Store, StoreError, encode, keys, n};

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
    /// Who reported it; `None` for a conversion recorded before sources were kept (its marker
    /// is where the API's are).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<ConversionSource>,
    /// The first conversion the pixel recorded for its click (set by the store, from the
    /// click's count): the A/B comparison counts the clicks the pixel converted, not its events.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub first_of_click: bool,
}

/// What recording a conversion came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Recorded {
    New,
    /// The click already had it: the first one, which stands.
    Duplicate(Box<Conversion>),
    /// The click has taken as many capped events as it may; nothing was written.
    OverCap,
}

/// What the click's count of capped events must be for a conversion to be recorded.
#[derive(Debug, Clone, Copy)]
enum Count {
    /// None yet: this is the click's first.
    Absent,
    /// Below the cap.
    Below(u64),
}

impl Store {
    /// Records a conversion unless its click already has one from the same source under `name`
    /// (the event, and the caller's event id when it gave one): one transaction of the marker
    /// (conditional) and the record on `shard` of its workspace-day. A repeat reads the marker,
    /// and answers the first conversion. With a `cap`, the click's count of capped events goes
    /// up in the same transaction, only while below the cap; the click's first such event is
    /// recorded as its first (a transaction requiring no count yet), a later one by a second
    /// transaction.
    pub async fn record_conversion(
        &self,
        conversion: &Conversion,
        name: &str,
        shard: u64,
        expires_at: DateTime<Utc>,
        cap: Option<u64>,
    ) -> Result<Recorded, StoreError> {
        let Some(cap) = cap else {
            return self.attempt(conversion, name, shard, expires_at, None).await;
        };
        let first = Conversion {
            first_of_click: true,
            ..conversion.clone()
        };
        match self
            .attempt(&first, name, shard, expires_at, Some(Count::Absent))
            .await?
        {
            // The click has a count already: this is a later event.
            Recorded::OverCap => {
                let later = Conversion {
                    first_of_click: false,
                    ..conversion.clone()
                };
                self.attempt(&later, name, shard, expires_at, Some(Count::Below(cap)))
                    .await
            }
            recorded => Ok(recorded),
        }
    }

    /// One recording transaction; `OverCap` when the count was not as `count` requires.
    async fn attempt(
        &self,
        conversion: &Conversion,
        name: &str,
        shard: u64,
        expires_at: DateTime<Utc>,
        count: Option<Count>,
    ) -> Result<Recorded, StoreError> {
        let ttl = n(expires_at.timestamp());
        let (ws, click) = (&conversion.workspace_id, &conversion.click_id);
        let marker = keys::conversion(ws, click, conversion.source, name);
        let record = keys::conversion_record(ws, conversion.at, shard % keys::CLICK_SHARDS, &conversion.id);
        let mut marker_item = encode(conversion, &marker, None)?;
        marker_item.insert(keys::TTL.into(), ttl.clone());
        let mut record_item = encode(conversion, &record, None)?;
        record_item.insert(keys::TTL.into(), ttl.clone());
        let mut actions = vec![
            tx::put(&self.table, marker_item, Some("attribute_not_exists(PK)"))?,
            tx::put(&self.table, record_item, None)?,
        ];
        if let Some(count) = count {
            let (condition, mut values) = match count {
                Count::Absent => ("attribute_not_exists(events)", vec![]),
                Count::Below(cap) => ("events < :cap", vec![(":cap", n(cap))]),
            };
            values.extend([(":one", n(1)), (":ttl", ttl)]);
            actions.push(tx::update(
                &self.table,
                &keys::conversion_count(ws, click),
                "ADD events :one SET #ttl = :ttl",
                Some(condition),
                &[("#ttl", keys::TTL)],
                &values,
            )?);
        }
        match self.transact(actions).await? {
            Ok(()) => Ok(Recorded::New),
            Err(cancellation) if cancellation.failed(0) => match self.get_as::<Conversion>(&marker, true).await? {
                Some(first) => Ok(Recorded::Duplicate(Box::new(first))),
                // The first was there a moment ago: it expired in between; this one is not new.
                None => Err(StoreError::Contention("TransactWriteItems")),
            },
            Err(cancellation) if cancellation.failed(2) => Ok(Recorded::OverCap),
            Err(_) => Err(StoreError::Contention("TransactWriteItems")),
        }
    }

    /// Every conversion of a workspace on a day, from its 32 shards (tests and recovery; the
    /// reports read rollups).
    pub async fn conversions_on(&self, workspace: &ObjectId, day: NaiveDate) -> Result<Vec<Conversion>, StoreError> {
        self.every_shard(|shard| keys::conversion_day(workspace, day, shard))
            .await
    }
}

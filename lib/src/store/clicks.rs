//! Raw click items: one per counted visit, sharded per link-day (docs/data-model.md).

use aws_sdk_dynamodb::types::AttributeValue;
use chrono::{DateTime, NaiveDate, SecondsFormat, Utc};
use serde::{Deserialize, Serialize};

use super::{Item, Store, StoreError, decode, encode, keys, n, s, transact, tx};
use crate::domain::{Browser, Device, Hostname, Os, Slug};
use crate::ids::ObjectId;

/// A counted click, as the redirect records it and the aggregator reads it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Click {
    pub id: ObjectId,
    pub link_id: ObjectId,
    pub workspace_id: ObjectId,
    pub at: DateTime<Utc>,
    pub day: NaiveDate,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant_id: Option<String>,
    /// ISO alpha-2, absent when unknown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub city: Option<String>,
    pub device: Device,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub os: Option<Os>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub browser: Option<Browser>,
    /// Referrer host, absent for direct visits.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub referrer: Option<String>,
    /// Hash of IP and user agent (the IP itself is never stored).
    pub visitor: String,
}

/// Where a click is written and how long it is kept.
#[derive(Debug, Clone, Copy)]
pub struct ClickPlacement {
    pub shard: u64,
    pub expires_at: DateTime<Utc>,
}

fn click_item(click: &Click, placement: ClickPlacement) -> Result<Item, StoreError> {
    let sort = format!("{}#{}", click.at.to_rfc3339_opts(SecondsFormat::Millis, true), click.id);
    let mut item = encode(
        click,
        &keys::click(&click.link_id, click.day, placement.shard % keys::CLICK_SHARDS, &sort),
        None,
    )?;
    item.insert(keys::TTL.into(), n(placement.expires_at.timestamp()));
    Ok(item)
}

impl Store {
    /// Records a click of a link without a click limit: one `PutItem`.
    pub async fn record_click(&self, click: &Click, placement: ClickPlacement) -> Result<(), StoreError> {
        self.client
            .put_item()
            .table_name(&self.table)
            .set_item(Some(click_item(click, placement)?))
            .send()
            .await
            .map_err(|e| StoreError::request("PutItem", e))?;
        Ok(())
    }

    /// Records a click of a click-limited link, counting it on the link item in the same
    /// transaction. `false` (and nothing written) when the link is inactive or its limit is
    /// already reached: never more than `clicksLimit` clicks are counted.
    pub async fn record_limited_click(
        &self,
        domain: &Hostname,
        slug: &Slug,
        click: &Click,
        placement: ClickPlacement,
    ) -> Result<bool, StoreError> {
        let items = vec![
            tx::update(
                &self.table,
                &keys::link(domain, slug),
                "ADD limitedClicks :one",
                Some("id = :id AND active = :true AND limitedClicks < clicksLimit"),
                &[],
                &[
                    (":one", n(1)),
                    (":id", s(click.link_id.as_str())),
                    (":true", AttributeValue::Bool(true)),
                ],
            )?,
            tx::put(&self.table, click_item(click, placement)?, None)?,
        ];
        Ok(transact(&self.client, items).await?.is_ok())
    }

    /// Every raw click of a link on one day (all shards, every page).
    pub async fn clicks_on(&self, link: &ObjectId, day: NaiveDate) -> Result<Vec<Click>, StoreError> {
        let mut clicks = Vec::new();
        for shard in 0..keys::CLICK_SHARDS {
            let partition = keys::click(link, day, shard, "").pk;
            let mut start = None;
            loop {
                let out = self
                    .client
                    .query()
                    .table_name(&self.table)
                    .key_condition_expression("PK = :pk")
                    .expression_attribute_values(":pk", s(partition.clone()))
                    .set_exclusive_start_key(start)
                    .send()
                    .await
                    .map_err(|e| StoreError::request("Query", e))?;
                for item in out.items.unwrap_or_default() {
                    clicks.push(decode(item)?);
                }
                start = out.last_evaluated_key;
                if start.is_none() {
                    break;
                }
            }
        }
        Ok(clicks)
    }
}

//! Raw click items: one per counted visit, and one per automated visit (a bot's or a preview
//! crawler's), sharded per workspace-day (docs/data-model.md).

use aws_sdk_dynamodb::types::AttributeValue;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Deserializer, Serialize};

use crate::domain::ids::ObjectId;
use crate::domain::{Area, BotFamily, Browser, ClickToken, Device, Hostname, Os, Slug, Vocabulary};
use crate::store::{Item, Store, StoreError, decode, encode, keys, n, put_applied, s, update_applied};
use crate::visitor::Trigger;

/// A visit of a live link, as the redirect records it: a person's counted click, or an automated
/// visit (a bot's or a preview crawler's `GET`), which the aggregator folds apart from clicks, by
/// family (on a click-limited link a bot's delivery also consumed the limit).
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
    /// CloudFront's estimate of where the visitor was, 0.1° (about 11 km); absent when it sent
    /// none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub area: Option<Area>,
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
    /// An automated visit (a bot or a preview crawler): never a click.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bot: bool,
    /// What kind of robot made an automated visit; read it through [`Click::family`].
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "any_family")]
    pub bot_family: Option<BotFamily>,
    /// What brought the visitor: the link, or a scan of its QR code (`qr=1`). Clicks stored
    /// before it existed read back as `link`.
    #[serde(default)]
    pub trigger: Trigger,
}

impl Click {
    /// The family of an automated visit, `None` for a person's click. A bot item written before
    /// families existed, or naming one this code does not know, is `other`.
    pub fn family(&self) -> Option<BotFamily> {
        self.bot.then(|| self.bot_family.unwrap_or(BotFamily::Other))
    }
}

/// A stored family, read leniently: a name this code does not know is `other`, never an error
/// that would stop the aggregator.
fn any_family<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<BotFamily>, D::Error> {
    let name: Option<String> = Option::deserialize(deserializer)?;
    Ok(name.map(|name| BotFamily::parse(&name).unwrap_or(BotFamily::Other)))
}

/// Where a click is written and how long it is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClickPlacement {
    pub shard: u64,
    pub expires_at: DateTime<Utc>,
}

fn click_item(click: &Click, placement: ClickPlacement) -> Result<Item, StoreError> {
    let key = keys::click_at(
        &click.workspace_id,
        click.at,
        placement.shard % keys::CLICK_SHARDS,
        &click.id,
    );
    let mut item = encode(click, &key, None)?;
    item.insert(keys::TTL.into(), n(placement.expires_at.timestamp()));
    Ok(item)
}

/// A click's item as the table (and so its stream) holds it, for benchmarks and tests of the
/// stream's consumers.
#[cfg(any(test, feature = "testing"))]
pub fn click_image(click: &Click) -> Result<Item, StoreError> {
    click_item(
        click,
        ClickPlacement {
            shard: 0,
            expires_at: click.at + chrono::Duration::days(90),
        },
    )
}

impl Store {
    /// The click a token names, if it is stored: one consistent `GetItem` of the key the token
    /// carries (a token that names no stored click, or a bot's delivery, finds nothing).
    pub async fn get_click(&self, token: &ClickToken) -> Result<Option<Click>, StoreError> {
        let key = keys::click_at(&token.workspace_id, token.at, u64::from(token.shard), &token.click_id);
        let Some(item) = self.get(&key, true).await? else {
            return Ok(None);
        };
        let click: Click = decode(item)?;
        Ok((click.id == token.click_id && !click.bot).then_some(click))
    }

    /// Records a click (or an automated visit): one `PutItem`.
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

    /// Records a click unless it is stored already (a replay of one whose first write went
    /// through after all): one conditional `PutItem`; `false` when it was there. The aggregator
    /// counts a click from its stream `INSERT`, so the click is counted once either way.
    pub async fn record_click_once(&self, click: &Click, placement: ClickPlacement) -> Result<bool, StoreError> {
        let result = self
            .client
            .put_item()
            .table_name(&self.table)
            .set_item(Some(click_item(click, placement)?))
            .condition_expression("attribute_not_exists(PK)")
            .send()
            .await;
        put_applied(result)
    }

    /// Counts a click against a link's click limit: one conditional `UpdateItem` on the link
    /// (DynamoDB serialises writes to one item, so concurrent visits can never count more
    /// than `clicksLimit`). `false` when the link is inactive or its limit already reached.
    pub async fn count_limited_click(
        &self,
        domain: &Hostname,
        slug: &Slug,
        link: &ObjectId,
    ) -> Result<bool, StoreError> {
        let result = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(crate::store::key_map(&keys::link(domain, slug))))
            .update_expression("ADD limitedClicks :one")
            .condition_expression("id = :id AND active = :true AND limitedClicks < clicksLimit")
            .expression_attribute_values(":one", n(1))
            .expression_attribute_values(":id", s(link.as_str()))
            .expression_attribute_values(":true", AttributeValue::Bool(true))
            .send()
            .await;
        update_applied(result)
    }

    /// The raw clicks of one shard of a workspace's day (every page), for an export.
    pub async fn clicks_in_shard(
        &self,
        workspace: &ObjectId,
        day: NaiveDate,
        shard: u64,
    ) -> Result<Vec<Click>, StoreError> {
        let query = self
            .client
            .query()
            .table_name(&self.table)
            .key_condition_expression("PK = :pk")
            .expression_attribute_values(":pk", s(keys::click(workspace, day, shard, "").pk));
        crate::store::query_all(query).await?.into_iter().map(decode).collect()
    }

    /// At most `limit` raw clicks of one day-shard, in sort-key order from after `after` (a sort
    /// key this returned); with the sort key to go on from when the shard may hold more.
    pub async fn clicks_in_shard_page(
        &self,
        workspace: &ObjectId,
        day: NaiveDate,
        shard: u64,
        after: Option<&str>,
        limit: usize,
    ) -> Result<(Vec<Click>, Option<String>), StoreError> {
        let pk = keys::click(workspace, day, shard, "").pk;
        let mut start = after.map(|sk| {
            std::collections::HashMap::from([(keys::PK.to_string(), s(pk.clone())), (keys::SK.to_string(), s(sk))])
        });
        let mut clicks = Vec::new();
        loop {
            let left = i32::try_from(limit - clicks.len()).unwrap_or(i32::MAX);
            let out = self
                .client
                .query()
                .table_name(&self.table)
                .key_condition_expression("PK = :pk")
                .expression_attribute_values(":pk", s(pk.clone()))
                .limit(left)
                .set_exclusive_start_key(start)
                .send()
                .await
                .map_err(|e| StoreError::request("Query", e))?;
            for item in out.items.unwrap_or_default() {
                clicks.push(decode(item)?);
            }
            start = out.last_evaluated_key;
            let Some(last) = &start else {
                return Ok((clicks, None));
            };
            if clicks.len() >= limit {
                let sk = match last.get(keys::SK) {
                    Some(aws_sdk_dynamodb::types::AttributeValue::S(sk)) => sk.clone(),
                    _ => {
                        return Err(StoreError::Corrupt {
                            pk,
                            reason: "a click page ended without its sort key",
                        });
                    }
                };
                return Ok((clicks, Some(sk)));
            }
        }
    }

    /// Every raw click of a workspace on one day (all shards, every page).
    pub async fn clicks_on(&self, workspace: &ObjectId, day: NaiveDate) -> Result<Vec<Click>, StoreError> {
        self.every_shard(|shard| keys::click(workspace, day, shard, "").pk)
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bot_item(family: Option<&str>) -> serde_json::Value {
        let mut item = serde_json::json!({
            "id": "65a1b2c3d4e5f60718293a4d", "linkId": "65a1b2c3d4e5f60718293a4c",
            "workspaceId": "65a1b2c3d4e5f60718293a4b", "at": "2026-03-02T12:00:00Z", "day": "2026-03-02",
            "device": "desktop", "visitor": "00", "bot": true
        });
        if let Some(family) = family {
            item["botFamily"] = family.into();
        }
        item
    }

    fn family_of(item: serde_json::Value) -> Option<BotFamily> {
        serde_json::from_value::<Click>(item).expect("a click item").family()
    }

    #[test]
    fn an_automated_visit_reads_back_with_its_family() {
        assert_eq!(family_of(bot_item(Some("search"))), Some(BotFamily::Search));
    }

    #[test]
    fn a_bot_item_without_a_family_or_with_an_unknown_one_is_other() {
        assert_eq!(family_of(bot_item(None)), Some(BotFamily::Other));
        assert_eq!(family_of(bot_item(Some("scraper"))), Some(BotFamily::Other));
    }

    #[test]
    fn a_persons_click_has_no_family() {
        let mut item = bot_item(None);
        item["bot"] = false.into();
        assert_eq!(family_of(item), None);
    }
}

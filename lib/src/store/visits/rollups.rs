//! Per-day rollups written by the click aggregator and read by analytics.
//!
//! Counters are folded with `ADD` and guarded per source partition: every rollup item
//! keeps, for each raw-click partition (`seen|<shard>`), the stream sequence number of the
//! last record folded in. An update only applies if its first record is newer, so a batch
//! delivered twice (or split and retried) is never counted twice. Sketches merge by taking
//! register maxima, which is idempotent by nature; they are rewritten with an optimistic
//! version check.

use std::collections::{BTreeMap, BTreeSet};

use aws_sdk_dynamodb::types::AttributeValue;

use crate::store::keys::{self, Key, StatsOwner};
use crate::store::{Item, Store, StoreError, key_map, n, query_all, s, update_applied};

/// The guard attribute of one source partition.
pub fn guard_attribute(source: &str) -> String {
    format!("seen|{source}")
}

/// Stream sequence numbers are decimal strings of up to 40 digits; padded, they compare as
/// strings in the same order as numbers.
pub fn padded_sequence(sequence: &str) -> String {
    format!("{sequence:0>40}")
}

/// What one counter fold did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fold {
    Applied,
    /// Those records were folded in before (a retried batch).
    AlreadyFolded,
    /// DynamoDB refused the update because the item would pass its 400 KB limit.
    TooLarge,
}

/// What a rollup item holds already of the names an update brings.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Held {
    /// Those of the names the item has a counter for.
    pub names: BTreeSet<String>,
    /// How many distinct counters the item has taken under [`DISTINCT`].
    pub distinct: u64,
}

/// Bytes of every sketch in a sketch item, by name.
pub type Sketches = BTreeMap<String, Vec<u8>>;

const SKETCH_PREFIX: &str = "sketch|";
const VERSION: &str = "version";
/// The attribute counting the distinct counters an item of a capped part took (not a counter).
const DISTINCT: &str = "distinct";

impl Store {
    /// Which of `names` the item at `key` has counters for, and how many distinct counters
    /// it took (one strongly consistent read of those attributes only).
    pub async fn held_counters(&self, key: &Key, names: &[&str]) -> Result<Held, StoreError> {
        let mut projection = vec!["#d".to_string()];
        let mut request = self
            .client
            .get_item()
            .table_name(&self.table)
            .set_key(Some(key_map(key)))
            .consistent_read(true)
            .expression_attribute_names("#d", DISTINCT);
        for (i, name) in names.iter().enumerate() {
            projection.push(format!("#n{i}"));
            request = request.expression_attribute_names(format!("#n{i}"), *name);
        }
        let out = request
            .projection_expression(projection.join(", "))
            .send()
            .await
            .map_err(|e| StoreError::request("GetItem", e))?;
        let item = out.item.unwrap_or_default();
        Ok(Held {
            distinct: counter(&item, DISTINCT),
            names: item.into_keys().filter(|name| name != DISTINCT).collect(),
        })
    }

    /// Adds `deltas` to the counters of the item at `key` (and `new_distinct` to the count of
    /// its distinct counters), unless records of `source` up to sequence `first` or later were
    /// already folded into it.
    pub async fn fold_counts(
        &self,
        key: &Key,
        source: &str,
        first: &str,
        last: &str,
        deltas: &BTreeMap<String, i128>,
        new_distinct: u64,
    ) -> Result<Fold, StoreError> {
        let mut adds = Vec::with_capacity(deltas.len());
        let mut request = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(key_map(key)))
            .condition_expression("attribute_not_exists(#guard) OR #guard < :first")
            .expression_attribute_names("#guard", guard_attribute(source))
            .expression_attribute_values(":first", s(padded_sequence(first)))
            .expression_attribute_values(":last", s(padded_sequence(last)));
        for (i, (name, delta)) in deltas.iter().enumerate() {
            adds.push(format!("#c{i} :c{i}"));
            request = request
                .expression_attribute_names(format!("#c{i}"), name)
                .expression_attribute_values(format!(":c{i}"), n(delta));
        }
        if new_distinct > 0 {
            adds.push("#distinct :distinct".into());
            request = request
                .expression_attribute_names("#distinct", DISTINCT)
                .expression_attribute_values(":distinct", n(new_distinct));
        }
        let expression = format!("SET #guard = :last ADD {}", adds.join(", "));
        let result = request.update_expression(expression).send().await;
        if result.as_ref().is_err_and(crate::store::items::too_large) {
            return Ok(Fold::TooLarge);
        }
        Ok(if update_applied(result)? {
            Fold::Applied
        } else {
            Fold::AlreadyFolded
        })
    }

    /// Reads the sketches at `key`, lets `merge` change them, and writes them back if nobody
    /// else did meanwhile (retrying from a fresh read otherwise).
    pub async fn merge_sketches(&self, key: &Key, merge: impl Fn(&mut Sketches)) -> Result<(), StoreError> {
        let mut retry = crate::retry::Retry::new(self.entropy.as_ref(), crate::retry::DYNAMODB);
        loop {
            let current = self.get(key, true).await?;
            let version = match current.as_ref().and_then(|i| i.get(VERSION)) {
                Some(AttributeValue::N(v)) => v.parse::<u64>().unwrap_or(0),
                _ => 0,
            };
            let mut sketches = current.as_ref().map(sketches_of).unwrap_or_default();
            merge(&mut sketches);
            let mut item = key_map(key);
            item.insert(VERSION.into(), n(version + 1));
            for (name, bytes) in sketches {
                item.insert(format!("{SKETCH_PREFIX}{name}"), AttributeValue::B(bytes.into()));
            }
            let request = self.client.put_item().table_name(&self.table).set_item(Some(item));
            let request = if current.is_some() {
                request
                    .condition_expression("#v = :v")
                    .expression_attribute_names("#v", VERSION)
                    .expression_attribute_values(":v", n(version))
            } else {
                request.condition_expression("attribute_not_exists(PK)")
            };
            if crate::store::put_applied(request.send().await)? {
                return Ok(());
            }
            if !retry.again().await {
                return Err(StoreError::Contention("merge sketches"));
            }
        }
    }

    /// Every rollup item of `owner` for the days `from..=to` (all pages).
    pub async fn day_stats(
        &self,
        owner: &StatsOwner,
        from: chrono::NaiveDate,
        to: chrono::NaiveDate,
    ) -> Result<Vec<Item>, StoreError> {
        let (low, high) = keys::day_stats_range(from, to);
        self.query_range(keys::stats_partition(owner), low, high).await
    }

    /// A link's all-time click count (the sum of its monthly totals).
    pub async fn link_total(&self, link: &ObjectId) -> Result<u64, StoreError> {
        let partition = keys::stats_partition(&StatsOwner::Link(link.clone()));
        let items = self
            .query_range(partition, "MONTH#".into(), "MONTH#\u{10ffff}".into())
            .await?;
        Ok(items.iter().map(|item| counter(item, "clicks")).sum())
    }

    async fn query_range(&self, partition: String, low: String, high: String) -> Result<Vec<Item>, StoreError> {
        let query = self
            .client
            .query()
            .table_name(&self.table)
            .key_condition_expression("PK = :pk AND SK BETWEEN :low AND :high")
            .expression_attribute_values(":pk", s(partition))
            .expression_attribute_values(":low", s(low))
            .expression_attribute_values(":high", s(high));
        query_all(query).await
    }
}

use crate::domain::ids::ObjectId;

/// A counter of a rollup item (0 when absent).
pub fn counter(item: &Item, name: &str) -> u64 {
    match item.get(name) {
        Some(AttributeValue::N(v)) => v.parse().unwrap_or(0),
        _ => 0,
    }
}

/// Every counter of a rollup item, by name (guards, keys and sketches left out).
pub fn counters(item: &Item) -> impl Iterator<Item = (&str, u64)> {
    item.iter().filter_map(|(name, value)| match value {
        AttributeValue::N(v) if name != VERSION && name != DISTINCT => Some((name.as_str(), v.parse().unwrap_or(0))),
        _ => None,
    })
}

/// Every counter of a rollup item that may go below zero (the location cells), by name.
pub fn signed_counters(item: &Item) -> impl Iterator<Item = (&str, i64)> {
    item.iter().filter_map(|(name, value)| match value {
        AttributeValue::N(v) if name != VERSION && name != DISTINCT => Some((name.as_str(), v.parse().unwrap_or(0))),
        _ => None,
    })
}

/// Every sketch of a sketch item, by name.
pub fn sketches_of(item: &Item) -> Sketches {
    item.iter()
        .filter_map(|(name, value)| match (name.strip_prefix(SKETCH_PREFIX), value) {
            (Some(name), AttributeValue::B(bytes)) => Some((name.to_string(), bytes.as_ref().to_vec())),
            _ => None,
        })
        .collect()
}

/// The sort key of an item.
pub fn sort_key(item: &Item) -> Option<&str> {
    match item.get(keys::SK) {
        Some(AttributeValue::S(sk)) => Some(sk),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padded_sequence_numbers_sort_like_numbers() {
        let small = padded_sequence("999");
        let large = padded_sequence("1000");
        assert!(small < large);
        assert_eq!(large.len(), 40);
    }
}

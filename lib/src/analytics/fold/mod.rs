//! The aggregator: folds raw clicks, automated visits, conversions and shared positions (as the
//! table's stream delivers them) into per-day rollups with `ADD` counters and unique-visitor
//! sketches. No rollup item takes a write per record: each takes one write per chunk of records
//! that touches it.

mod cap;
mod plan;

use std::collections::{BTreeMap, BTreeSet};

use futures::{StreamExt, TryStreamExt};

use super::dimension;
use super::record::StreamRecord;
use super::sketch::{self, RouteSketch, VisitorSketch};
use crate::store::keys::Key;
use crate::store::rollups::Fold;
use crate::store::{Store, StoreError};
use cap::Capped;
use plan::{Deltas, plan};

/// Most distinct counters one update carries (keeps each expression well under 4 KB).
pub const MAX_COUNTERS_PER_UPDATE: usize = 100;
/// Most records folded in one round.
pub const MAX_CHUNK: usize = 10_000;

/// Rollup writes in flight at once per fold.
const PARALLEL_WRITES: usize = 8;

/// What a fold did (the aggregator's logged result).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FoldReport {
    pub records: usize,
    pub updates_applied: usize,
    /// Updates skipped because their records were folded in before (retries).
    pub updates_skipped: usize,
    /// Updates DynamoDB refused because their item would pass 400 KB: each is logged and
    /// skipped, so one item never stalls a batch (and the stream shard other tenants share).
    pub updates_refused: usize,
}

impl std::ops::AddAssign for FoldReport {
    fn add_assign(&mut self, other: Self) {
        self.records += other.records;
        self.updates_applied += other.updates_applied;
        self.updates_skipped += other.updates_skipped;
        self.updates_refused += other.updates_refused;
    }
}

/// Folds records, in stream order, into the rollups. Safe to repeat: a record folded once
/// is never counted again.
pub async fn fold(store: &Store, records: &[StreamRecord]) -> Result<FoldReport, StoreError> {
    let mut report = FoldReport::default();
    for chunk in chunks(records) {
        let (counters, visitors) = plan(chunk);
        report.records += chunk.len();
        let folds: Vec<_> = counters
            .0
            .iter()
            .map(|((key, source), deltas)| fold_one(store, key, source, deltas))
            .collect();
        let folds: Vec<Fold> = futures::stream::iter(folds)
            .buffer_unordered(PARALLEL_WRITES)
            .try_collect()
            .await?;
        for fold in folds {
            match fold {
                Fold::Applied => report.updates_applied += 1,
                Fold::AlreadyFolded => report.updates_skipped += 1,
                Fold::TooLarge => report.updates_refused += 1,
            }
        }
        let merges: Vec<_> = visitors
            .0
            .iter()
            .map(|(key, by_sketch)| merge_visitors(store, key, by_sketch))
            .collect();
        futures::stream::iter(merges)
            .buffer_unordered(PARALLEL_WRITES)
            .try_collect::<Vec<()>>()
            .await?;
    }
    Ok(report)
}

/// Folds one item's deltas, within its cap of distinct counters.
async fn fold_one(store: &Store, key: &Key, source: &str, deltas: &Deltas) -> Result<Fold, StoreError> {
    let Capped { counts, new_distinct } = match cap::cap_of(key) {
        Some(cap) => {
            // The names and their `Other`s, each once (a projection may not name a path twice).
            let others: BTreeSet<String> = deltas.counts.keys().filter_map(|n| dimension::other(n)).collect();
            let names: BTreeSet<&str> = deltas.counts.keys().chain(&others).map(String::as_str).collect();
            let names: Vec<&str> = names.into_iter().collect();
            let held = store.held_counters(key, &names).await?;
            cap::within_cap(deltas, &held, cap)
        }
        None => cap::uncapped(deltas),
    };
    let fold = store
        .fold_counts(key, source, &deltas.first, &deltas.last, &counts, new_distinct)
        .await?;
    if fold == Fold::TooLarge {
        tracing::error!(
            pk = %key.pk,
            sk = %key.sk,
            counters = counts.len(),
            "a rollup update would take its item past DynamoDB's 400 KB; skipped it"
        );
    }
    Ok(fold)
}

/// Splits records, in order, into the longest runs whose updates stay within
/// `MAX_COUNTERS_PER_UPDATE` distinct counters per item (a busy link's batch folds in one
/// round; a batch touching thousands of distinct cities in several).
fn chunks(records: &[StreamRecord]) -> Vec<&[StreamRecord]> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut names: BTreeMap<(Key, String), BTreeSet<String>> = BTreeMap::new();
    for (i, record) in records.iter().enumerate() {
        let (contribution, _) = plan(std::slice::from_ref(record));
        let overflows = i - start >= MAX_CHUNK
            || contribution.0.iter().any(|(item, deltas)| {
                let known = names.get(item);
                let new = deltas
                    .counts
                    .keys()
                    .filter(|n| !known.is_some_and(|k| k.contains(*n)))
                    .count();
                known.map_or(0, BTreeSet::len) + new > MAX_COUNTERS_PER_UPDATE
            });
        if overflows {
            out.push(&records[start..i]);
            start = i;
            names.clear();
        }
        for (item, deltas) in contribution.0 {
            names.entry(item).or_default().extend(deltas.counts.into_keys());
        }
    }
    if start < records.len() {
        out.push(&records[start..]);
    }
    out
}

/// Adds a chunk's visitors to the sketches of one sketch item.
async fn merge_visitors(
    store: &Store,
    key: &Key,
    by_sketch: &BTreeMap<String, BTreeSet<u64>>,
) -> Result<(), StoreError> {
    store
        .merge_sketches(key, |stored| {
            for (name, hashes) in by_sketch {
                let hashes: Vec<u64> = hashes.iter().copied().collect();
                let bytes = stored.get(name).map(Vec::as_slice);
                let merged = if name == dimension::ALL {
                    sketch::add_all::<14, 6>(bytes, &hashes)
                } else {
                    sketch::add_all::<12, 6>(bytes, &hashes)
                };
                stored.insert(name.clone(), merged);
            }
        })
        .await
}

/// Unique visitors of merged day sketches.
pub fn estimate_all(sketches: &[&[u8]]) -> u64 {
    let mut merged = VisitorSketch::new();
    for bytes in sketches {
        merged.merge(&sketch::decode(bytes));
    }
    merged.estimate() as u64
}

/// Unique visitors of merged rule or variant day sketches.
pub fn estimate_route(sketches: &[&[u8]]) -> u64 {
    let mut merged = RouteSketch::new();
    for bytes in sketches {
        merged.merge(&sketch::decode(bytes));
    }
    merged.estimate() as u64
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::super::record::ClickRecord;
    use super::*;
    use crate::domain::Device;
    use crate::domain::ids::ObjectId;
    use crate::store::Click;
    use crate::visitor::Trigger;

    fn record(i: u64, city: &str) -> StreamRecord {
        let ws = ObjectId::parse("65a1b2c3d4e5f60718293a4b").unwrap();
        let link = ObjectId::parse("65a1b2c3d4e5f60718293a4c").unwrap();
        let day: NaiveDate = "2026-03-02".parse().unwrap();
        ClickRecord {
            sequence: format!("{}", 1000 + i),
            shard: 3,
            click: Click {
                id: ObjectId::parse(&format!("{:024x}", i)).unwrap(),
                link_id: link,
                workspace_id: ws,
                at: day.and_hms_opt(12, 0, 0).unwrap().and_utc(),
                day,
                rule_id: Some("r".into()),
                variant_id: None,
                country: Some("DE".into()),
                city: Some(city.into()),
                area: None,
                device: Device::Desktop,
                os: None,
                browser: None,
                referrer: None,
                visitor: format!("{i:032x}"),
                bot: false,
                bot_family: None,
                trigger: Trigger::Link,
            },
        }
        .into()
    }

    #[test]
    fn a_busy_link_folds_in_one_round() {
        let records: Vec<StreamRecord> = (0..1000).map(|i| record(i, "Berlin")).collect();
        assert_eq!(chunks(&records).len(), 1);
    }

    #[test]
    fn many_distinct_counters_split_into_bounded_rounds_in_order() {
        let records: Vec<StreamRecord> = (0..250).map(|i| record(i, &format!("City {i}"))).collect();
        let rounds = chunks(&records);
        assert_eq!(rounds.iter().map(|r| r.len()).sum::<usize>(), 250);
        assert!(rounds.len() >= 3);
        for round in &rounds {
            let (counters, _) = plan(round);
            assert!(counters.0.values().all(|d| d.counts.len() <= MAX_COUNTERS_PER_UPDATE));
        }
        assert_eq!(
            rounds[1][0].sequence(),
            rounds[0]
                .last()
                .map(|r| format!("{}", r.sequence().parse::<u64>().unwrap() + 1))
                .unwrap()
        );
    }

    #[test]
    fn a_chunk_guards_each_item_with_its_first_and_last_sequence() {
        let records: Vec<StreamRecord> = (0..3).map(|i| record(i, "Berlin")).collect();
        let (counters, _) = plan(&records);
        let deltas = counters.0.values().next().unwrap();
        assert_eq!((deltas.first.as_str(), deltas.last.as_str()), ("1000", "1002"));
    }
}

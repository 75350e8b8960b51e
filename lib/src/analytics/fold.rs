//! The click aggregator: folds raw clicks (as the table's stream delivers them) into per-day
//! rollups with `ADD` counters and unique-visitor sketches. No rollup item takes a write
//! per click: each takes one write per chunk of records that touches it.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use aws_sdk_dynamodb::types::AttributeValue;
use chrono::NaiveDate;
use futures::{StreamExt, TryStreamExt};

use super::dimension;
use super::sketch::{self, RouteSketch, VisitorSketch};
use crate::ids::ObjectId;
use crate::store::keys::{self, Key, StatsOwner};
use crate::store::rollups::Fold;
use crate::store::{Click, Store, StoreError};
use crate::visitor::Trigger;

/// Most distinct counters one update carries (keeps each expression well under 4 KB).
pub const MAX_COUNTERS_PER_UPDATE: usize = 100;
/// Most records folded in one round.
pub const MAX_CHUNK: usize = 10_000;

/// Rollup writes in flight at once per fold.
const PARALLEL_WRITES: usize = 8;

/// One stream record of a raw click.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClickRecord {
    /// The stream sequence number.
    pub sequence: String,
    /// The shard of the click's partition (`CLICK#<ws>#<day>#<shard>`); with the click's
    /// workspace and day it names the partition whose stream order the guards rely on.
    pub shard: u64,
    pub click: Click,
}

impl ClickRecord {
    /// A stream `INSERT` image of a raw click; `None` for any other item.
    pub fn from_image(sequence: &str, image: HashMap<String, AttributeValue>) -> Option<Result<Self, StoreError>> {
        let Some(AttributeValue::S(pk)) = image.get(keys::PK) else {
            return None;
        };
        let (_, _, shard) = keys::parse_click_partition(pk)?;
        let pk = pk.clone();
        match serde_dynamo::from_item::<_, Click>(image) {
            // A bot's visit of a click-limited link consumed the limit; it is not a click.
            Ok(click) if click.bot => None,
            Ok(click) => Some(Ok(Self {
                sequence: sequence.to_string(),
                shard,
                click,
            })),
            Err(source) => Some(Err(StoreError::Malformed { pk, source })),
        }
    }
}

/// What a fold did (the aggregator's logged result).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FoldReport {
    pub records: usize,
    pub updates_applied: usize,
    /// Updates skipped because their records were folded in before (retries).
    pub updates_skipped: usize,
}

/// Counter deltas for one rollup item from one source partition.
#[derive(Debug, Default)]
struct Deltas {
    first: String,
    last: String,
    counts: BTreeMap<String, u64>,
}

/// Counter deltas of a chunk, by (item, source partition).
#[derive(Debug, Default)]
struct Counters(BTreeMap<(Key, String), Deltas>);

impl Counters {
    fn add(&mut self, key: Key, record: &ClickRecord, names: &[String]) {
        // The source partition within the workspace: day and shard (a month item takes
        // clicks from every day's partitions).
        let source = format!("{}#{}", record.click.day, record.shard);
        let entry = self.0.entry((key, source)).or_insert_with(|| Deltas {
            first: record.sequence.clone(),
            ..Default::default()
        });
        entry.last = record.sequence.clone();
        for name in names {
            *entry.counts.entry(name.clone()).or_default() += 1;
        }
    }
}

/// Visitor hashes of a chunk, by sketch item and sketch name.
#[derive(Debug, Default)]
struct Visitors(BTreeMap<Key, BTreeMap<String, BTreeSet<u64>>>);

impl Visitors {
    fn add(&mut self, key: Key, sketch: String, hash: u64) {
        self.0.entry(key).or_default().entry(sketch).or_default().insert(hash);
    }
}

/// Folds records, in stream order, into the rollups. Safe to repeat: a record folded once
/// is never counted again.
pub async fn fold(store: &Store, records: &[ClickRecord]) -> Result<FoldReport, StoreError> {
    let mut report = FoldReport::default();
    for chunk in chunks(records) {
        let (counters, visitors) = plan(chunk);
        report.records += chunk.len();
        let folds: Vec<_> = counters
            .0
            .iter()
            .map(|((key, source), deltas)| store.fold_counts(key, source, &deltas.first, &deltas.last, &deltas.counts))
            .collect();
        let folds: Vec<Fold> = futures::stream::iter(folds)
            .buffer_unordered(PARALLEL_WRITES)
            .try_collect()
            .await?;
        for fold in folds {
            match fold {
                Fold::Applied => report.updates_applied += 1,
                Fold::AlreadyFolded => report.updates_skipped += 1,
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

/// Splits records, in order, into the longest runs whose updates stay within
/// `MAX_COUNTERS_PER_UPDATE` distinct counters per item (a busy link's batch folds in one
/// round; a batch touching thousands of distinct cities in several).
fn chunks(records: &[ClickRecord]) -> Vec<&[ClickRecord]> {
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

/// What a chunk adds to which items (no I/O).
fn plan(chunk: &[ClickRecord]) -> (Counters, Visitors) {
    let mut counters = Counters::default();
    let mut visitors = Visitors::default();
    for record in chunk {
        let c = &record.click;
        let day: NaiveDate = c.day;
        let link = StatsOwner::Link(c.link_id.clone());
        let ws = StatsOwner::Workspace(c.workspace_id.clone());
        let referrer = dimension::referrer(c.referrer.as_deref());
        let hash = sketch::visitor_hash64(&c.visitor);

        let mut core = vec![
            dimension::CLICKS.to_string(),
            dimension::device(c.device),
            dimension::os(c.os),
            dimension::browser(c.browser),
        ];
        if c.trigger == Trigger::Qr {
            core.push(dimension::trigger(Trigger::Qr));
        }
        let ws_core = core.clone();
        if let Some(rule) = &c.rule_id {
            core.push(dimension::rule(rule));
            counters.add(
                keys::day_stats(&link, day, "ruleref"),
                record,
                &[dimension::rule_referrer(rule, &referrer)],
            );
            visitors.add(keys::day_stats(&link, day, "sketch"), dimension::rule(rule), hash);
        }
        if let Some(variant) = &c.variant_id {
            core.push(dimension::variant(variant));
            counters.add(
                keys::day_stats(&link, day, "variantref"),
                record,
                &[dimension::variant_referrer(variant, &referrer)],
            );
            visitors.add(keys::day_stats(&link, day, "sketch"), dimension::variant(variant), hash);
        }
        let country = [dimension::country(c.country.as_deref())];
        let city = c
            .city
            .as_deref()
            .map(|city| [dimension::city(c.country.as_deref(), city)]);

        for (owner, core) in [(&link, &core), (&ws, &ws_core)] {
            counters.add(keys::day_stats(owner, day, "core"), record, core);
            counters.add(keys::day_stats(owner, day, "country"), record, &country);
            if let Some(city) = &city {
                counters.add(keys::day_stats(owner, day, "city"), record, city);
            }
            visitors.add(keys::day_stats(owner, day, "sketch"), dimension::ALL.to_string(), hash);
        }
        counters.add(
            keys::day_stats(&link, day, "referrer"),
            record,
            std::slice::from_ref(&referrer),
        );
        counters.add(
            keys::day_stats(&ws, day, "link"),
            record,
            &[dimension::link(&c.link_id)],
        );
        counters.add(
            keys::link_month_total(&c.link_id, day),
            record,
            &[dimension::CLICKS.to_string()],
        );
    }
    (counters, visitors)
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

/// A link id from a `link|<id>` counter name.
pub fn link_of(name: &str) -> Option<ObjectId> {
    name.strip_prefix("link|").and_then(|id| ObjectId::parse(id).ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Device;

    fn record(i: u64, city: &str) -> ClickRecord {
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
                device: Device::Desktop,
                os: None,
                browser: None,
                referrer: None,
                visitor: format!("{i:032x}"),
                bot: false,
                trigger: Trigger::Link,
            },
        }
    }

    #[test]
    fn a_busy_link_folds_in_one_round() {
        let records: Vec<ClickRecord> = (0..1000).map(|i| record(i, "Berlin")).collect();
        assert_eq!(chunks(&records).len(), 1);
    }

    #[test]
    fn many_distinct_counters_split_into_bounded_rounds_in_order() {
        let records: Vec<ClickRecord> = (0..250).map(|i| record(i, &format!("City {i}"))).collect();
        let rounds = chunks(&records);
        assert_eq!(rounds.iter().map(|r| r.len()).sum::<usize>(), 250);
        assert!(rounds.len() >= 3);
        for round in &rounds {
            let (counters, _) = plan(round);
            assert!(counters.0.values().all(|d| d.counts.len() <= MAX_COUNTERS_PER_UPDATE));
        }
        assert_eq!(
            rounds[1][0].sequence,
            rounds[0]
                .last()
                .map(|r| format!("{}", r.sequence.parse::<u64>().unwrap() + 1))
                .unwrap()
        );
    }

    #[test]
    fn a_chunk_guards_each_item_with_its_first_and_last_sequence() {
        let records: Vec<ClickRecord> = (0..3).map(|i| record(i, "Berlin")).collect();
        let (counters, _) = plan(&records);
        let deltas = counters.0.values().next().unwrap();
        assert_eq!((deltas.first.as_str(), deltas.last.as_str()), ("1000", "1002"));
    }
}

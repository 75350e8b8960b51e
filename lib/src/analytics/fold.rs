//! The aggregator: folds raw clicks, automated visits, conversions and shared positions (as the
//! table's stream delivers them) into per-day rollups with `ADD` counters and unique-visitor
//! sketches. No rollup item takes a write per record: each takes one write per chunk of records
//! that touches it.

use std::collections::{BTreeMap, BTreeSet};

use chrono::NaiveDate;
use futures::{StreamExt, TryStreamExt};

use super::dimension;
use super::record::StreamRecord;
use super::sketch::{self, RouteSketch, VisitorSketch};
use crate::domain::BotFamily;
use crate::store::keys::{self, Key, StatsOwner};
use crate::store::rollups::Fold;
use crate::store::{Click, Conversion, SharedLocation, Store, StoreError};
use crate::visitor::Trigger;

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
}

/// Counter deltas for one rollup item from one source partition. Signed: a shared position
/// moves its click out of its area's cell (the only counters that ever go down).
#[derive(Debug, Default)]
struct Deltas {
    first: String,
    last: String,
    counts: BTreeMap<String, i128>,
}

/// Counter deltas of a chunk, by (item, source partition).
#[derive(Debug, Default)]
struct Counters(BTreeMap<(Key, String), Deltas>);

impl Counters {
    /// One more of each name.
    fn add(&mut self, key: Key, record: &StreamRecord, names: &[String]) {
        self.add_deltas(key, record, names.iter().map(|name| (name.clone(), 1)));
    }

    fn add_deltas(&mut self, key: Key, record: &StreamRecord, deltas: impl IntoIterator<Item = (String, i128)>) {
        let entry = self.0.entry((key, record.source())).or_insert_with(|| Deltas {
            first: record.sequence().to_string(),
            ..Default::default()
        });
        entry.last = record.sequence().to_string();
        for (name, delta) in deltas {
            *entry.counts.entry(name).or_default() += delta;
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
pub async fn fold(store: &Store, records: &[StreamRecord]) -> Result<FoldReport, StoreError> {
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

/// What a chunk adds to which items (no I/O).
fn plan(chunk: &[StreamRecord]) -> (Counters, Visitors) {
    let mut counters = Counters::default();
    let mut visitors = Visitors::default();
    for record in chunk {
        let c = match record {
            StreamRecord::Click(r) if r.click.bot => {
                plan_bot(&mut counters, record, &r.click);
                continue;
            }
            StreamRecord::Click(r) => &r.click,
            StreamRecord::Conversion(r) => {
                plan_conversion(&mut counters, record, &r.conversion);
                continue;
            }
            StreamRecord::Location(r) => {
                plan_shared_location(&mut counters, record, &r.location);
                continue;
            }
        };
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

        let area = c
            .area
            .map(|area| [dimension::LOCATED.to_string(), dimension::location_cell(&area.cell())]);
        for (owner, core) in [(&link, &core), (&ws, &ws_core)] {
            counters.add(keys::day_stats(owner, day, "core"), record, core);
            counters.add(keys::day_stats(owner, day, "country"), record, &country);
            if let Some(city) = &city {
                counters.add(keys::day_stats(owner, day, "city"), record, city);
            }
            if let Some(area) = &area {
                counters.add(keys::day_stats(owner, day, dimension::LOCATION_PART), record, area);
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

/// What an automated visit adds, on its day, to its link's and workspace's bot items: one visit,
/// and one of its family. Nothing else: a robot is never a click, a visitor or a place.
fn plan_bot(counters: &mut Counters, record: &StreamRecord, c: &Click) {
    let family = c.family().unwrap_or(BotFamily::Other);
    let names = [dimension::BOTS.to_string(), dimension::bot_family(family)];
    for owner in [
        StatsOwner::Link(c.link_id.clone()),
        StatsOwner::Workspace(c.workspace_id.clone()),
    ] {
        counters.add(keys::day_stats(&owner, c.day, dimension::BOT_PART), record, &names);
    }
}

/// What a conversion adds: on its day, to its link's and workspace's conversion items (by
/// event, with amounts; the link's also by rule and variant) and the workspace's per-link
/// counts.
fn plan_conversion(counters: &mut Counters, record: &StreamRecord, c: &Conversion) {
    let link = StatsOwner::Link(c.link_id.clone());
    let ws = StatsOwner::Workspace(c.workspace_id.clone());
    let sale = c.amount.map(i128::from).zip(c.currency.as_deref());
    let mut shared = vec![
        (dimension::CONVERSIONS.to_string(), 1),
        (dimension::conversion_event(&c.event), 1),
    ];
    if let Some((amount, currency)) = sale {
        shared.push((dimension::conversion_amount(&c.event, currency), amount));
    }
    let mut by_route = Vec::new();
    for (conversions, amounts) in [
        c.rule_id
            .as_deref()
            .map(|r| (dimension::rule_conversions(r), dimension::rule_amount(r))),
        c.variant_id
            .as_deref()
            .map(|v| (dimension::variant_conversions(v), dimension::variant_amount(v))),
    ]
    .into_iter()
    .flatten()
    {
        by_route.push((conversions, 1));
        if let Some((amount, currency)) = sale {
            by_route.push((format!("{amounts}|{currency}"), amount));
        }
    }
    counters.add_deltas(
        keys::day_stats(&link, c.day, dimension::CONVERSION_PART),
        record,
        shared.iter().cloned().chain(by_route),
    );
    counters.add_deltas(keys::day_stats(&ws, c.day, dimension::CONVERSION_PART), record, shared);
    counters.add(
        keys::day_stats(&ws, c.day, "link"),
        record,
        &[dimension::link_conversions(&c.link_id)],
    );
}

/// What a shared position adds, on its click's day, to its link's and workspace's location
/// items: the click moves from its area's cell (or, without an area, joins the located clicks)
/// to the position's cell, where it counts as precise.
fn plan_shared_location(counters: &mut Counters, record: &StreamRecord, l: &SharedLocation) {
    let cell = l.position.cell();
    let mut deltas = vec![
        (dimension::GPS_SHARED.to_string(), 1),
        (dimension::location_cell(&cell), 1),
        (dimension::precise_cell(&cell), 1),
    ];
    deltas.push(match l.replaces {
        Some(area) => (dimension::location_cell(&area.cell()), -1),
        None => (dimension::LOCATED.to_string(), 1),
    });
    for owner in [
        StatsOwner::Link(l.link_id.clone()),
        StatsOwner::Workspace(l.workspace_id.clone()),
    ] {
        counters.add_deltas(
            keys::day_stats(&owner, l.day, dimension::LOCATION_PART),
            record,
            deltas.iter().cloned(),
        );
    }
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
    use super::super::record::ClickRecord;
    use super::*;
    use crate::domain::Device;
    use crate::ids::ObjectId;

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

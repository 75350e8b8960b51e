//! What a chunk of stream records adds to which rollup items (no I/O): a click's counters, a
//! robot's visit, a conversion, a shared position.

use std::collections::{BTreeMap, BTreeSet};

use chrono::NaiveDate;

use super::super::dimension;
use super::super::record::StreamRecord;
use super::super::sketch;
use crate::domain::{BotFamily, ConversionSource};
use crate::store::keys::{self, Key, StatsOwner};
use crate::store::{Click, Conversion, SharedLocation};
use crate::visitor::Trigger;

/// Counter deltas for one rollup item from one source partition. Signed: a shared position
/// moves its click out of its area's cell (the only counters that ever go down).
#[derive(Debug, Default)]
pub(super) struct Deltas {
    pub(super) first: String,
    pub(super) last: String,
    pub(super) counts: BTreeMap<String, i128>,
}

/// Counter deltas of a chunk, by (item, source partition).
#[derive(Debug, Default)]
pub(super) struct Counters(pub(super) BTreeMap<(Key, String), Deltas>);

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
pub(super) struct Visitors(pub(super) BTreeMap<Key, BTreeMap<String, BTreeSet<u64>>>);

impl Visitors {
    fn add(&mut self, key: Key, sketch: String, hash: u64) {
        self.0.entry(key).or_default().entry(sketch).or_default().insert(hash);
    }
}

/// What a chunk adds to which items (no I/O).
pub(super) fn plan(chunk: &[StreamRecord]) -> (Counters, Visitors) {
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
/// event, with amounts; the link's also by rule and variant, and by variant and source) and the
/// workspace's per-link counts.
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
    let mut by_route = by_source(c);
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

/// What a conversion adds to its variant's counts by source, which the A/B comparison reads:
/// nothing for one recorded before sources were kept, or of no variant.
fn by_source(c: &Conversion) -> Vec<(String, i128)> {
    let Some(variant) = c.variant_id.as_deref() else {
        return Vec::new();
    };
    match c.source {
        Some(ConversionSource::Api) => vec![(dimension::variant_api_conversions(variant), 1)],
        Some(ConversionSource::Pixel) => {
            let mut counts = vec![(dimension::variant_pixel_conversions(variant), 1)];
            if c.first_of_click {
                counts.push((dimension::variant_pixel_clicks(variant), 1));
            }
            counts
        }
        None => Vec::new(),
    }
}

/// What a shared position adds, on its click's day, to its link's and workspace's location
/// items: the click moves from its area's cell (or, without an area, joins the located clicks)
/// to the position's cell, where it counts as precise.
fn plan_shared_location(counters: &mut Counters, record: &StreamRecord, l: &SharedLocation) {
    let cell = l.cell.clone();
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ids::ObjectId;

    fn conversion(source: Option<ConversionSource>, first_of_click: bool) -> Conversion {
        let at = "2026-03-02T12:00:00Z".parse().unwrap();
        let id = ObjectId::parse("6b0ac8a21eec3d47f0d9c072").unwrap();
        Conversion {
            id: id.clone(),
            workspace_id: id.clone(),
            click_id: id.clone(),
            link_id: id,
            event: "signup".into(),
            at,
            day: at.date_naive(),
            rule_id: None,
            variant_id: Some("b".into()),
            amount: None,
            currency: None,
            source,
            first_of_click,
        }
    }

    fn names(c: &Conversion) -> Vec<String> {
        by_source(c).into_iter().map(|(name, _)| name).collect()
    }

    #[test]
    fn a_variants_conversions_count_by_source_and_the_pixels_once_per_click() {
        assert_eq!(
            names(&conversion(Some(ConversionSource::Api), false)),
            ["convvariantapi|b"]
        );
        assert_eq!(
            names(&conversion(Some(ConversionSource::Pixel), true)),
            ["convvariantpixel|b", "convvariantpixelclick|b"]
        );
        assert_eq!(
            names(&conversion(Some(ConversionSource::Pixel), false)),
            ["convvariantpixel|b"]
        );
        assert!(names(&conversion(None, false)).is_empty(), "unsourced: as before");
    }
}

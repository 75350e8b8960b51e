//! Analytics responses, built from the rollup items of a date range (no I/O).

use std::collections::BTreeMap;

use chrono::NaiveDate;

mod shape;

pub use shape::{
    Breakdown, Entry, LinkAnalytics, LinkEntry, LocationEntry, Locations, RouteStats, Totals, TriggerEntry, Triggers,
    WorkspaceAnalytics,
};

use super::conversion_report;
use super::dimension::{self, UNKNOWN};
use super::fold::{estimate_all, estimate_route};
use crate::domain::ids::ObjectId;
use crate::domain::{Cell, CountryCode, Link};
use crate::store::Item;
use crate::store::rollups::{counters, signed_counters, sketches_of, sort_key};
use crate::visitor::Trigger;

/// What a [`RouteStats`] is of: a routing rule or an A/B variant (their counters are named
/// apart; nothing else differs).
#[derive(Debug, Clone, Copy)]
enum RouteKind {
    Rule,
    Variant,
}

/// Counters summed over the range, and the day sketches, of one owner.
#[derive(Debug, Default)]
pub struct Summed {
    pub daily: BTreeMap<NaiveDate, u64>,
    pub daily_conversions: BTreeMap<NaiveDate, u64>,
    pub counts: BTreeMap<String, u64>,
    pub sketches: BTreeMap<String, Vec<Vec<u8>>>,
    /// The location counters, signed (see [`dimension::LOCATION_PART`]).
    pub locations: BTreeMap<String, i64>,
}

impl Summed {
    /// Sums rollup items (as the store returns them) over their days.
    pub fn of(items: &[Item]) -> Self {
        let mut summed = Self::default();
        for item in items {
            let Some((day, part)) = sort_key(item).and_then(|sk| {
                let mut parts = sk.strip_prefix("DAY#")?.splitn(2, '#');
                Some((parts.next()?.parse::<NaiveDate>().ok()?, parts.next()?))
            }) else {
                continue;
            };
            if part == "sketch" {
                for (name, bytes) in sketches_of(item) {
                    summed.sketches.entry(name).or_default().push(bytes);
                }
                continue;
            }
            if part == dimension::LOCATION_PART {
                for (name, value) in signed_counters(item) {
                    *summed.locations.entry(name.to_string()).or_default() += value;
                }
                continue;
            }
            for (name, value) in counters(item) {
                if name == dimension::CLICKS {
                    *summed.daily.entry(day).or_default() += value;
                }
                if name == dimension::CONVERSIONS {
                    *summed.daily_conversions.entry(day).or_default() += value;
                }
                *summed.counts.entry(name.to_string()).or_default() += value;
            }
        }
        summed
    }

    pub(super) fn count(&self, name: &str) -> u64 {
        self.counts.get(name).copied().unwrap_or(0)
    }

    /// Counters `<prefix>|<rest>` as (rest, value).
    pub(super) fn prefixed<'a>(&'a self, prefix: &'a str) -> impl Iterator<Item = (&'a str, u64)> + 'a {
        self.counts
            .iter()
            .filter_map(move |(name, value)| name.strip_prefix(prefix)?.strip_prefix('|').map(|rest| (rest, *value)))
    }

    /// Counters `<prefix>|<rest>` above 0 as (rest, value).
    fn with_prefix<'a>(&'a self, prefix: &'a str) -> impl Iterator<Item = (&'a str, u64)> + 'a {
        self.prefixed(prefix).filter(|(_, value)| *value > 0)
    }

    fn unique(&self, name: &str, route: bool) -> u64 {
        let sketches: Vec<&[u8]> = self
            .sketches
            .get(name)
            .map(|s| s.iter().map(Vec::as_slice).collect())
            .unwrap_or_default();
        if route {
            estimate_route(&sketches)
        } else {
            estimate_all(&sketches)
        }
    }

    fn triggers(&self) -> Triggers {
        Triggers::new(
            self.count(dimension::CLICKS),
            self.count(&dimension::trigger(Trigger::Qr)),
        )
    }

    fn daily_traffic(&self, from: NaiveDate, to: NaiveDate) -> BTreeMap<String, u64> {
        Self::every_day(&self.daily, from, to)
    }

    /// Every day of the range with its count (0 where none).
    pub(super) fn every_day(
        counts: &BTreeMap<NaiveDate, u64>,
        from: NaiveDate,
        to: NaiveDate,
    ) -> BTreeMap<String, u64> {
        from.iter_days()
            .take_while(|d| *d <= to)
            .map(|d| (d.to_string(), counts.get(&d).copied().unwrap_or(0)))
            .collect()
    }

    fn plain(&self, prefix: &str) -> Breakdown {
        self.with_prefix(prefix)
            .map(|(key, value)| {
                (
                    key.to_string(),
                    Entry {
                        title: key.to_string(),
                        value,
                        flag: None,
                    },
                )
            })
            .collect()
    }

    fn countries(&self) -> Breakdown {
        self.with_prefix("country")
            .map(|(code, value)| {
                let entry = match CountryCode::parse(code) {
                    Some(country) => Entry {
                        title: country.name().to_string(),
                        value,
                        flag: Some(code.to_string()),
                    },
                    None => Entry {
                        title: UNKNOWN.to_string(),
                        value,
                        flag: None,
                    },
                };
                (
                    if entry.flag.is_some() {
                        code.to_string()
                    } else {
                        UNKNOWN.to_string()
                    },
                    entry,
                )
            })
            .collect()
    }

    /// Cities keyed by name; the flag is the country that gave the name most clicks.
    fn cities(&self) -> Breakdown {
        let mut by_name: BTreeMap<String, (u64, BTreeMap<String, u64>)> = BTreeMap::new();
        for (rest, value) in self.with_prefix("city") {
            let Some((country, name)) = rest.split_once('|') else {
                continue;
            };
            let entry = by_name.entry(name.to_string()).or_default();
            entry.0 += value;
            *entry.1.entry(country.to_string()).or_default() += value;
        }
        by_name
            .into_iter()
            .map(|(name, (value, countries))| {
                let flag = countries
                    .into_iter()
                    .filter(|(c, _)| !c.is_empty())
                    .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))
                    .map(|(c, _)| c);
                (
                    name.clone(),
                    Entry {
                        title: name,
                        value,
                        flag,
                    },
                )
            })
            .collect()
    }

    /// A rule's or variant's clicks, visitors, referrers and what it converted.
    fn route_stats(&self, kind: RouteKind, id: &str, name: String, target_url: &str) -> RouteStats {
        let (counter, referrers) = match kind {
            RouteKind::Rule => (dimension::rule(id), "ruleref"),
            RouteKind::Variant => (dimension::variant(id), "variantref"),
        };
        let clicks = self.count(&counter);
        let outcome = match kind {
            RouteKind::Rule => self.rule_outcome(id, clicks),
            RouteKind::Variant => self.variant_outcome(id, clicks),
        };
        RouteStats {
            name,
            target_url: target_url.to_string(),
            clicks,
            unique_clicks: self.unique(&counter, true),
            referrers: self.referrers_of(referrers, id),
            conversions: outcome.conversions,
            conversion_rate: outcome.conversion_rate,
            amounts: outcome.amounts,
        }
    }

    /// A location counter over the range (0 while a position was folded before its click).
    fn located(&self, name: &str) -> u64 {
        self.locations.get(name).map_or(0, |v| u64::try_from(*v).unwrap_or(0))
    }

    fn totals(&self) -> Totals {
        Totals {
            total: 0,
            period_total: self.count(dimension::CLICKS),
            unique: self.unique(dimension::ALL, false),
            conversions: self.count(dimension::CONVERSIONS),
            located: self.located(dimension::LOCATED),
            gps_shared: self.located(dimension::GPS_SHARED),
            bots: self.bot_visits(),
        }
    }

    /// Located clicks by report cell, with how many a shared position placed there.
    fn location_cells(&self) -> Locations {
        self.locations
            .keys()
            .filter_map(|name| Cell::parse(name.strip_prefix("loc|")?))
            .filter_map(|cell| {
                let precise = self.located(&dimension::precise_cell(&cell));
                let value = self.located(&dimension::location_cell(&cell)).max(precise);
                (value > 0).then(|| {
                    let centre = cell.centre();
                    let entry = LocationEntry {
                        title: cell.title(),
                        value,
                        lat: thousandth(centre.lat),
                        lon: thousandth(centre.lon),
                        precise,
                    };
                    (cell.as_str().to_string(), entry)
                })
            })
            .collect()
    }

    fn referrers_of(&self, prefix: &str, id: &str) -> Breakdown {
        self.with_prefix(prefix)
            .filter_map(|(rest, value)| {
                let (owner, host) = rest.split_once('|')?;
                (owner == id).then(|| {
                    (
                        host.to_string(),
                        Entry {
                            title: host.to_string(),
                            value,
                            flag: None,
                        },
                    )
                })
            })
            .collect()
    }
}

/// A cell centre to 0.001° (finer says nothing about a 5 km cell).
fn thousandth(degrees: f64) -> f64 {
    (degrees * 1000.0).round() / 1000.0 + 0.0
}

/// The single-link report over `from..=to`, given the link's all-time total.
pub fn link_report(link: &Link, summed: &Summed, total: u64, from: NaiveDate, to: NaiveDate) -> LinkAnalytics {
    let settings = &link.settings;
    let mut rules_stats = BTreeMap::new();
    let mut position = 0;
    for rule in &settings.rules {
        let id = rule.id.to_string();
        if !rule.is_default {
            position += 1;
        }
        // Unnamed rules are labelled by their place in the evaluation order.
        let name = match (&rule.name, rule.is_default) {
            (Some(name), _) => name.as_str().to_string(),
            (None, true) => "Default rule".to_string(),
            (None, false) => format!("Rule {position}"),
        };
        let stats = summed.route_stats(RouteKind::Rule, &id, name, rule.target_url.as_str());
        rules_stats.insert(id, stats);
    }
    let mut ab_variants_stats = BTreeMap::new();
    let mut ab_test_result = None;
    if let Some(test) = settings.ab_test.as_ref().filter(|t| t.enabled) {
        let ids: Vec<&str> = test.variants.iter().map(|v| v.id.as_str()).collect();
        let mut arms = Vec::new();
        for (variant, counted) in test.variants.iter().zip(summed.ab_conversions(&ids)) {
            let id = variant.id.as_str();
            let name = variant.name.as_str().to_string();
            let stats = summed.route_stats(RouteKind::Variant, id, name, variant.url.as_str());
            arms.push((id.to_string(), stats.clicks, counted));
            ab_variants_stats.insert(id.to_string(), stats);
        }
        ab_test_result = Some(conversion_report::ab_test_result(&arms));
    }
    LinkAnalytics {
        totals: Totals {
            total,
            ..summed.totals()
        },
        daily_traffic: summed.daily_traffic(from, to),
        countries: summed.countries(),
        cities: summed.cities(),
        devices: summed.plain("device"),
        browsers: summed.plain("browser"),
        os: summed.plain("os"),
        referrers: summed.plain("referrer"),
        triggers: summed.triggers(),
        rules_stats,
        ab_variants_stats,
        conversions: summed.conversions(),
        daily_conversions: summed.daily_conversions(from, to),
        locations: summed.location_cells(),
        bots: summed.bots(),
        ab_test_result,
    }
}

/// The links with clicks or conversions in the range.
pub fn clicked_links(summed: &Summed) -> Vec<ObjectId> {
    let ids: std::collections::BTreeSet<ObjectId> = summed
        .with_prefix("link")
        .chain(summed.with_prefix("convlink"))
        .filter_map(|(id, _)| ObjectId::parse(id).ok())
        .collect();
    ids.into_iter().collect()
}

/// The workspace report over `from..=to`; `names` maps link ids to their current names.
pub fn workspace_report(
    summed: &Summed,
    names: &BTreeMap<ObjectId, String>,
    from: NaiveDate,
    to: NaiveDate,
) -> WorkspaceAnalytics {
    let period_total = summed.count(dimension::CLICKS);
    let links = clicked_links(summed)
        .into_iter()
        .map(|id| {
            let title = names.get(&id).cloned().unwrap_or_else(|| "Deleted link".to_string());
            let entry = LinkEntry {
                title,
                value: summed.count(&dimension::link(&id)),
                conversions: summed.count(&dimension::link_conversions(&id)),
            };
            (id.to_string(), entry)
        })
        .collect();
    WorkspaceAnalytics {
        totals: Totals {
            total: period_total,
            ..summed.totals()
        },
        daily_traffic: summed.daily_traffic(from, to),
        links,
        countries: summed.countries(),
        cities: summed.cities(),
        devices: summed.plain("device"),
        browsers: summed.plain("browser"),
        os: summed.plain("os"),
        triggers: summed.triggers(),
        conversions: summed.conversions(),
        daily_conversions: summed.daily_conversions(from, to),
        locations: summed.location_cells(),
        bots: summed.bots(),
    }
}

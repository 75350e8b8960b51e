//! Keeps every rollup item of an open dimension (referrer hosts, cities, event names, location
//! cells, a workspace's links) within its cap of distinct counters: a value the item holds
//! already is always counted; a new one while the item has room; past the cap, a new value
//! counts as its dimension's `Other`. No stranger can so grow one item towards DynamoDB's
//! 400 KB, where every fold into it would fail.

use std::collections::BTreeMap;

use super::super::dimension;
use super::plan::Deltas;
use crate::store::keys::{self, Key};
use crate::store::rollups::Held;

/// The counters one rollup update adds, within its item's cap.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Capped {
    pub(super) counts: BTreeMap<String, i128>,
    /// How many counters the item takes that it did not hold before.
    pub(super) new_distinct: u64,
}

/// The cap of the item at `key`, when its part has one.
pub(super) fn cap_of(key: &Key) -> Option<u64> {
    keys::day_stats_part(key).and_then(dimension::distinct_cap)
}

/// `deltas` for an item capped at `cap` that holds `held`: the largest new values take the
/// room left, the others move to their `Other`.
pub(super) fn within_cap(deltas: &Deltas, held: &Held, cap: u64) -> Capped {
    let mut room = cap.saturating_sub(held.distinct);
    let mut ordered: Vec<(&String, i128)> = deltas.counts.iter().map(|(n, d)| (n, *d)).collect();
    ordered.sort_by(|a, b| b.1.abs().cmp(&a.1.abs()).then_with(|| a.0.cmp(b.0)));
    let mut counts: BTreeMap<String, i128> = BTreeMap::new();
    for (name, delta) in ordered {
        let kept = held.names.contains(name.as_str()) || counts.contains_key(name.as_str());
        let target = match dimension::other(name) {
            Some(other) if !kept && room == 0 => other,
            _ => {
                if !kept {
                    room = room.saturating_sub(1);
                }
                name.clone()
            }
        };
        *counts.entry(target).or_default() += delta;
    }
    let new_distinct = counts.keys().filter(|n| !held.names.contains(n.as_str())).count() as u64;
    Capped { counts, new_distinct }
}

/// `deltas` as they are, for an item without a cap.
pub(super) fn uncapped(deltas: &Deltas) -> Capped {
    Capped {
        counts: deltas.counts.clone(),
        new_distinct: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deltas(counts: &[(&str, i128)]) -> Deltas {
        Deltas {
            counts: counts.iter().map(|(n, d)| (n.to_string(), *d)).collect(),
            ..Default::default()
        }
    }

    fn held(names: &[&str], distinct: u64) -> Held {
        Held {
            names: names.iter().map(|n| n.to_string()).collect(),
            distinct,
        }
    }

    #[test]
    fn an_item_with_room_takes_every_new_value() {
        let capped = within_cap(
            &deltas(&[("referrer|a.com", 2), ("referrer|b.com", 1)]),
            &held(&[], 0),
            5,
        );
        assert_eq!(
            capped.counts,
            deltas(&[("referrer|a.com", 2), ("referrer|b.com", 1)]).counts
        );
        assert_eq!(capped.new_distinct, 2);
    }

    #[test]
    fn a_full_item_counts_new_values_as_other_and_held_ones_as_themselves() {
        let capped = within_cap(
            &deltas(&[("referrer|a.com", 2), ("referrer|b.com", 1), ("referrer|c.com", 4)]),
            &held(&["referrer|a.com"], 3),
            3,
        );
        assert_eq!(
            capped.counts,
            deltas(&[("referrer|a.com", 2), ("referrer|Other", 5)]).counts
        );
        assert_eq!(capped.new_distinct, 1, "only Other is new");
    }

    #[test]
    fn the_last_room_goes_to_the_largest_new_value() {
        let capped = within_cap(
            &deltas(&[("city|DE|Bonn", 1), ("city|DE|Berlin", 7), ("city|DE|Köln", 2)]),
            &held(&[], 9),
            10,
        );
        assert_eq!(
            capped.counts,
            deltas(&[("city|DE|Berlin", 7), ("city||Other", 3)]).counts
        );
    }

    #[test]
    fn totals_and_routes_are_never_moved_to_other() {
        let capped = within_cap(
            &deltas(&[("conversions", 2), ("convrule|r1", 2), ("conv|signup", 2)]),
            &held(&[], 500),
            500,
        );
        assert_eq!(
            capped.counts,
            deltas(&[("conversions", 2), ("convrule|r1", 2), ("conv|Other", 2)]).counts
        );
    }

    #[test]
    fn an_amount_moves_to_the_other_event_in_its_own_currency() {
        assert_eq!(
            dimension::other("convamount|sale|EUR").as_deref(),
            Some("convamount|Other|EUR")
        );
        assert_eq!(
            dimension::other("ruleref|r1|news.example").as_deref(),
            Some("ruleref|r1|Other")
        );
    }
}

//! Keys of the aggregator's rollups: per owner and day, and a link's monthly totals.

use chrono::NaiveDate;

use super::Key;
use crate::domain::ids::ObjectId;

/// Whose statistics a rollup item holds.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StatsOwner {
    Link(ObjectId),
    Workspace(ObjectId),
}

/// The partition of an owner's rollups: one item per (day, part), plus the link's total.
pub fn stats_partition(owner: &StatsOwner) -> String {
    match owner {
        StatsOwner::Link(id) => format!("STATS#LINK#{id}"),
        StatsOwner::Workspace(id) => format!("STATS#WS#{id}"),
    }
}

/// One part (`core`, `country`, `city`, `referrer`, `ruleref`, `variantref`, `link`,
/// `sketch`) of an owner's rollup for a day.
pub fn day_stats(owner: &StatsOwner, day: NaiveDate, part: &str) -> Key {
    Key::new(stats_partition(owner), &format!("DAY#{day}#{part}"))
}

/// The part of a day's rollup item ([`day_stats`]); `None` for any other key.
pub fn day_stats_part(key: &Key) -> Option<&str> {
    let rest = key.sk.strip_prefix("DAY#")?;
    Some(rest.split_once('#')?.1)
}

/// Sort-key bounds of every rollup item of the days `from..=to`.
pub fn day_stats_range(from: NaiveDate, to: NaiveDate) -> (String, String) {
    (format!("DAY#{from}"), format!("DAY#{to}#\u{10ffff}"))
}

/// A link's click counter for the month of `day` (their sum is the all-time total).
pub fn link_month_total(link: &ObjectId, day: NaiveDate) -> Key {
    Key::new(
        stats_partition(&StatsOwner::Link(link.clone())),
        &format!("MONTH#{}", day.format("%Y-%m")),
    )
}

//! Keys of reports of links: every report in one partition in the order they came, which the
//! operator reads newest first over a period (`linkctl reports list --since --until --cursor`).
//! Reports are few (each is throttled per address and network, and what is kept is capped per
//! link, per workspace and overall each hour), so one partition holds them all.

use chrono::{DateTime, SecondsFormat, Utc};

use super::Key;
use crate::domain::ids::ObjectId;

/// The partition of every report.
pub const REPORTS_PARTITION: &str = "REPORTS";

/// A report's key: its time (RFC 3339, milliseconds, `Z`, so that text order is time order) and
/// its id.
pub fn report(at: DateTime<Utc>, id: &ObjectId) -> Key {
    Key::new(REPORTS_PARTITION.to_string(), &format!("{}#{id}", report_time(at)))
}

/// The key of the report whose sort key is `sort_key` (where a page of reports ended).
pub fn report_with_sort_key(sort_key: &str) -> Key {
    Key::new(REPORTS_PARTITION.to_string(), sort_key)
}

/// Whether `text` could be a report's sort key (what a cursor handed to the operator holds).
pub fn looks_like_report_sort_key(text: &str) -> bool {
    text.len() <= 64
        && text.starts_with(|c: char| c.is_ascii_digit())
        && text
            .split_once('#')
            .is_some_and(|(at, id)| at.ends_with('Z') && !id.is_empty())
        && text.bytes().all(|b| b.is_ascii_alphanumeric() || b":.-#".contains(&b))
}

/// The sort key every report made at `at` or later sorts at or after, and every report made
/// before `at` before.
pub fn reports_from(at: DateTime<Utc>) -> String {
    report_time(at)
}

fn report_time(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Millis, true)
}

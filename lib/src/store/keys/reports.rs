//! Keys of reports of links: every report in one partition in the order they came, which the
//! operator reads from a time on (`linkctl reports list --since`). Reports are few (each is
//! throttled per address and per link), so one partition holds them all.

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

/// The sort key every report made at `at` or later sorts at or after.
pub fn reports_from(at: DateTime<Utc>) -> String {
    report_time(at)
}

fn report_time(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Millis, true)
}

//! Keys of the operator's audit items: one partition per month, newest last by time and id,
//! so a month of actions is one `Query` and no partition grows without end.

use chrono::{DateTime, Utc};

use super::Key;
use crate::domain::ids::ObjectId;

/// The partition of the audit items of the month of `at` (`AUDIT#2026-11`).
pub fn audit_partition(at: DateTime<Utc>) -> String {
    format!("AUDIT#{}", at.format("%Y-%m"))
}

/// One operator action, at its time (milliseconds, so the sort key orders by time) and id.
pub fn audit_entry(at: DateTime<Utc>, id: &ObjectId) -> Key {
    Key::new(
        audit_partition(at),
        &format!("{}#{id}", at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)),
    )
}

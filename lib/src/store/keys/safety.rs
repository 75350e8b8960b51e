//! Keys of the operator's safety items: blocked destinations (one partition, read whole by
//! every process at most once a minute).

use super::Key;

/// The partition of every destination the operator blocked.
pub const BLOCKED_DESTINATIONS_PARTITION: &str = "BLOCKLIST";

/// One blocked destination, by its text (`evil.example`, `evil.example/phish`).
pub fn blocked_destination(entry: &str) -> Key {
    Key::new(BLOCKED_DESTINATIONS_PARTITION.to_string(), &format!("ENTRY#{entry}"))
}

//! Keys of the operator's safety items: blocked destinations (one partition, read whole by
//! every process at most once a minute) and the stored list file (a head naming the current
//! version, and that version's chunks in a partition of their own).

use super::Key;

/// The partition of every destination the operator blocked.
pub const BLOCKED_DESTINATIONS_PARTITION: &str = "BLOCKLIST";

/// One blocked destination, by its text (`evil.example`, `evil.example/phish`).
pub fn blocked_destination(entry: &str) -> Key {
    Key::new(BLOCKED_DESTINATIONS_PARTITION.to_string(), &format!("ENTRY#{entry}"))
}

/// The head of the stored list file: which version is current, with its counts and source.
pub fn stored_list_head() -> Key {
    Key::new("BLOCKLISTFILE".to_string(), "HEAD")
}

/// The partition holding one version's chunks (read with one paginated `Query`).
pub fn stored_list_partition(version: &str) -> String {
    format!("BLOCKLISTFILE#{version}")
}

/// Chunk `index` of a version, numbered so that the partition reads back in order.
pub fn stored_list_chunk(version: &str, index: usize) -> Key {
    Key::new(stored_list_partition(version), &format!("CHUNK#{index:05}"))
}

//! Keys of link health: a link's health beside its id pointer, the workspace's broken links on
//! GSI1 (only while broken), the checker's cursor, and the day's breaks the daily mail reads.

use super::Key;
use crate::domain::ids::ObjectId;

/// A link's health item (in the link's id partition, beside [`super::link_ref`]).
pub fn link_health(id: &ObjectId) -> Key {
    Key::new(format!("LINK#{id}"), "HEALTH")
}

/// GSI1 keys of a broken link's health item: the workspace's broken links, by when they broke.
pub fn broken_link(workspace: &ObjectId, since_rfc3339: &str, id: &ObjectId) -> Key {
    Key::new(broken_links_partition(workspace), &format!("{since_rfc3339}#{id}"))
}

pub fn broken_links_partition(workspace: &ObjectId) -> String {
    format!("WS#{workspace}#BROKEN")
}

/// Where the scheduled checker stopped in its pass over every link.
pub fn health_cursor() -> Key {
    Key::new("HEALTHCHECK".to_string(), "CURSOR")
}

/// A link that broke on `day` (`YYYY-MM-DD`): the daily mail's list, one partition a day.
pub fn broke_on(day: &str, workspace: &ObjectId, id: &ObjectId) -> Key {
    Key::new(broke_on_partition(day), &format!("{workspace}#{id}"))
}

pub fn broke_on_partition(day: &str) -> String {
    format!("HEALTHBROKE#{day}")
}

/// The daily mail's mark that `day` was mailed (written once, conditionally).
pub fn health_mail_sent(day: &str) -> Key {
    Key::new(broke_on_partition(day), "MAILED")
}

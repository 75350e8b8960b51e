//! Keys of links: the link item (by domain and slug), its id pointer, and its place in the
//! workspace's list on GSI1.

use super::Key;
use crate::domain::ids::ObjectId;
use crate::domain::{Hostname, Slug};

/// The link item, keyed by where visitors find it.
pub fn link(domain: &Hostname, slug: &Slug) -> Key {
    Key::new(
        format!("{LINK_PARTITION_PREFIX}{}#{}", domain.as_str(), slug.as_str()),
        LINK_SORT_KEY,
    )
}

/// How a link item's partition key begins.
pub const LINK_PARTITION_PREFIX: &str = "SLUG#";

/// A link item's sort key.
pub const LINK_SORT_KEY: &str = "LINK";

/// The partition-key prefix of a domain's links (`SLUG#<host>#`).
pub fn links_on_domain_prefix(host: &Hostname) -> String {
    format!("{LINK_PARTITION_PREFIX}{}#", host.as_str())
}

/// GSI1 keys of a link: a workspace's links, oldest first by creation time.
pub fn link_by_workspace(workspace: &ObjectId, created_at_rfc3339: &str, id: &ObjectId) -> Key {
    Key::new(format!("WS#{workspace}#LINKS"), &format!("{created_at_rfc3339}#{id}"))
}

pub fn workspace_links_partition(workspace: &ObjectId) -> String {
    format!("WS#{workspace}#LINKS")
}

/// The id → (domain, slug) pointer of a link.
pub fn link_ref(id: &ObjectId) -> Key {
    Key::new(format!("LINK#{id}"), "REF")
}

//! Every key format of the single table, in one place (see docs/data-model.md): the table's
//! attribute and index names and [`Key`] here, the formats by entity in the files beside it,
//! all re-exported so that a key is always `keys::<name>`.

mod accounts;
mod audit;
mod domains;
mod health;
mod imports;
mod limits;
mod links;
mod oauth;
mod reports;
mod safety;
mod stats;
mod tasks;
#[cfg(test)]
mod tests;
mod visits;
mod webhooks;
mod workspaces;

pub use accounts::*;
pub use audit::*;
pub use domains::*;
pub use health::*;
pub use imports::*;
pub use limits::*;
pub use links::*;
pub use oauth::*;
pub use reports::*;
pub use safety::*;
pub use stats::*;
pub use tasks::*;
pub use visits::*;
pub use webhooks::*;
pub use workspaces::*;

pub const PK: &str = "PK";
pub const SK: &str = "SK";
pub const GSI1: &str = "GSI1";
/// GSI1's keys again, projecting only what listing links filters on ([`LINK_LIST_ATTRIBUTES`]):
/// a list reads a few hundred bytes per link here instead of the whole link.
pub const GSI1_LEAN: &str = "GSI1Lean";
/// The lower-cased name and slug of a link, which a list's `search` looks in.
pub const SEARCH_TEXT: &str = "searchText";
/// The attributes [`GSI1_LEAN`] projects besides the keys.
pub const LINK_LIST_ATTRIBUTES: &[&str] = &[SEARCH_TEXT, "tagIds"];
pub const GSI1PK: &str = "GSI1PK";
pub const GSI1SK: &str = "GSI1SK";
pub const TTL: &str = "ttl";

/// A primary key.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key {
    pub pk: String,
    pub sk: String,
}

impl Key {
    fn new(pk: String, sk: &str) -> Self {
        Self { pk, sk: sk.to_string() }
    }
}

/// The key the init warm-up reads: no item ever has it.
pub fn warm_up() -> Key {
    Key::new("WARMUP".to_string(), "WARMUP")
}

//! What visits leave: raw clicks, conversions, shared locations, the per-day rollups, and the dead-letter queue of clicks the table refused.

pub(crate) mod clicks;
pub(crate) mod conversions;
pub mod dead_letters;
pub(crate) mod locations;
pub mod rollups;

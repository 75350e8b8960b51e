//! The automated visits of the reports: what the clicks leave out, by family, from the rollups'
//! bot counters (no I/O).

use std::collections::BTreeMap;

use serde::Serialize;

use super::dimension;
use super::report::Summed;
use crate::domain::{BotFamily, Vocabulary};

/// `{ title, value }` of one family of robots.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct BotEntry {
    /// The family in words (`Search engines`).
    pub title: String,
    /// Its automated visits in the range.
    pub value: u64,
}

/// Automated visits by family (`search`, `seo`, `monitor`, `preview`, `library`, `other`): the
/// families with at least one visit.
pub type Bots = BTreeMap<String, BotEntry>;

impl Summed {
    /// Automated visits in the range (bots and preview crawlers), never counted as clicks.
    pub fn bot_visits(&self) -> u64 {
        self.count(dimension::BOTS)
    }

    /// Automated visits in the range by family; a family this code does not know is `other`.
    pub fn bots(&self) -> Bots {
        let mut bots = Bots::new();
        for (name, value) in self.prefixed(dimension::BOTS).filter(|(_, value)| *value > 0) {
            let family = BotFamily::parse(name).unwrap_or(BotFamily::Other);
            let entry = bots.entry(family.name().to_string()).or_insert_with(|| BotEntry {
                title: family.title().to_string(),
                value: 0,
            });
            entry.value += value;
        }
        bots
    }
}

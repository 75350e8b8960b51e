//! The shapes of the analytics responses.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::analytics::bot_report::Bots;
use crate::analytics::conversion_report::{AbTestResult, Amounts, Conversions};

/// `{ title, value, flag? }`, keyed by the dimension value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Entry {
    pub title: String,
    pub value: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flag: Option<String>,
}

pub type Breakdown = BTreeMap<String, Entry>;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Totals {
    pub total: u64,
    pub period_total: u64,
    pub unique: u64,
    /// Conversions in the range (every event).
    pub conversions: u64,
    /// Clicks in the range with a location: CloudFront's estimate or a shared position.
    pub located: u64,
    /// Clicks in the range whose visitor shared a position.
    pub gps_shared: u64,
    /// Automated visits in the range (bots and preview crawlers): left out of every click count,
    /// `total` and `periodTotal` included.
    pub bots: u64,
}

/// Clicks in one report cell (a geohash of precision 5, about 5 km): `{ title, value, lat, lon,
/// precise }`, keyed by the geohash.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct LocationEntry {
    /// The cell's centre to 0.1° (`48.9, 2.3`).
    pub title: String,
    /// Located clicks in the cell, each by its best location.
    pub value: u64,
    /// The cell's centre.
    pub lat: f64,
    pub lon: f64,
    /// How many of them a person's shared position placed here.
    pub precise: u64,
}

pub type Locations = BTreeMap<String, LocationEntry>;

/// Visits by what brought them: the link itself, or a scan of its QR code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Triggers {
    pub link: TriggerEntry,
    pub qr: TriggerEntry,
}

/// `{ title, value }` of one trigger.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct TriggerEntry {
    pub title: String,
    pub value: u64,
}

impl Default for Triggers {
    fn default() -> Self {
        Self::new(0, 0)
    }
}

impl Triggers {
    /// From a range's clicks and the QR scans among them.
    pub(super) fn new(clicks: u64, scans: u64) -> Self {
        let entry = |title: &str, value| TriggerEntry {
            title: title.to_string(),
            value,
        };
        Self {
            link: entry("Link", clicks.saturating_sub(scans)),
            qr: entry("QR code", scans),
        }
    }
}

/// Statistics of one rule or variant.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RouteStats {
    pub name: String,
    pub target_url: String,
    pub clicks: u64,
    pub unique_clicks: u64,
    pub referrers: Breakdown,
    /// Conversions attributed to this rule or variant, counted on the day they happened.
    pub conversions: u64,
    /// `conversions ÷ clicks` in the range, to 4 decimals; 0 without clicks.
    pub conversion_rate: f64,
    /// Sales attributed to it, per currency in minor units.
    pub amounts: Amounts,
}

/// The single-link analytics response.
#[derive(Debug, Clone, Default, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkAnalytics {
    pub totals: Totals,
    pub daily_traffic: BTreeMap<String, u64>,
    pub countries: Breakdown,
    pub cities: Breakdown,
    pub devices: Breakdown,
    pub browsers: Breakdown,
    pub os: Breakdown,
    pub referrers: Breakdown,
    /// Clicks by trigger: `link` (the short URL) and `qr` (a scan of the QR code).
    pub triggers: Triggers,
    pub rules_stats: BTreeMap<String, RouteStats>,
    pub ab_variants_stats: BTreeMap<String, RouteStats>,
    /// Conversions by event name, with sales per currency.
    pub conversions: Conversions,
    /// Every day of the range with its conversions (0 where none).
    pub daily_conversions: BTreeMap<String, u64>,
    /// Located clicks by report cell.
    pub locations: Locations,
    /// Automated visits left out of the clicks, by family (`search`, `seo`, `monitor`, `preview`,
    /// `library`, `other`): the families with at least one.
    pub bots: Bots,
    /// For a link with an A/B test: which variant converts best, and how likely.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ab_test_result: Option<AbTestResult>,
}

/// `{ title: link name, value, conversions }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct LinkEntry {
    pub title: String,
    pub value: u64,
    pub conversions: u64,
}

/// The workspace analytics response.
#[derive(Debug, Clone, Default, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkspaceAnalytics {
    pub totals: Totals,
    pub daily_traffic: BTreeMap<String, u64>,
    pub links: BTreeMap<String, LinkEntry>,
    pub countries: Breakdown,
    pub cities: Breakdown,
    pub devices: Breakdown,
    pub browsers: Breakdown,
    pub os: Breakdown,
    /// Clicks by trigger: `link` (the short URL) and `qr` (a scan of the QR code).
    pub triggers: Triggers,
    /// Conversions by event name, with sales per currency.
    pub conversions: Conversions,
    /// Every day of the range with its conversions (0 where none).
    pub daily_conversions: BTreeMap<String, u64>,
    /// Located clicks by report cell.
    pub locations: Locations,
    /// Automated visits left out of the clicks, by family (`search`, `seo`, `monitor`, `preview`,
    /// `library`, `other`): the families with at least one.
    pub bots: Bots,
}

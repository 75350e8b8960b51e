//! Counter names of rollup items (`<dimension>|<value>`), written by the aggregator and read
//! by the reports, in one place.

use crate::domain::ids::ObjectId;
use crate::domain::{BotFamily, Browser, Cell, Device, Os, Vocabulary};
use crate::visitor::Trigger;

pub const CLICKS: &str = "clicks";
/// The sketch of every visitor (as opposed to one rule's or variant's).
pub const ALL: &str = "all";
pub const UNKNOWN: &str = "Unknown";
pub const OTHER: &str = "Other";
pub const DIRECT: &str = "Direct";

/// Visits by a trigger. Only QR scans are counted (`trigger|qr`): link visits are the clicks
/// that are not scans, which also holds for days folded before triggers existed.
pub fn trigger(trigger: Trigger) -> String {
    format!("trigger|{}", trigger.as_str())
}

pub fn device(device: Device) -> String {
    format!("device|{device}")
}

pub fn os(os: Option<Os>) -> String {
    format!("os|{}", os.map_or(OTHER, |o| o.name()))
}

pub fn browser(browser: Option<Browser>) -> String {
    format!("browser|{}", browser.map_or(OTHER, |b| b.name()))
}

pub fn country(country: Option<&str>) -> String {
    format!("country|{}", country.unwrap_or(UNKNOWN))
}

/// A city counts per (country, name): the flag is the country with most clicks for a name.
pub fn city(country: Option<&str>, city: &str) -> String {
    format!("city|{}|{city}", country.unwrap_or_default())
}

pub fn referrer(host: Option<&str>) -> String {
    format!("referrer|{}", host.unwrap_or(DIRECT))
}

pub fn rule(rule: &str) -> String {
    format!("rule|{rule}")
}

pub fn variant(variant: &str) -> String {
    format!("variant|{variant}")
}

/// `referrer` is a `referrer|<host>` name.
pub fn rule_referrer(rule: &str, referrer: &str) -> String {
    format!("ruleref|{rule}|{}", referrer.trim_start_matches("referrer|"))
}

pub fn variant_referrer(variant: &str, referrer: &str) -> String {
    format!("variantref|{variant}|{}", referrer.trim_start_matches("referrer|"))
}

pub fn link(link: &ObjectId) -> String {
    format!("link|{link}")
}

/// The rollup part holding an owner-day's conversions (apart from the click counters, whose
/// names the conversion counters would otherwise share).
pub const CONVERSION_PART: &str = "conv";
/// Conversions of every event.
pub const CONVERSIONS: &str = "conversions";

pub fn conversion_event(event: &str) -> String {
    format!("conv|{event}")
}

/// Minor units of one currency summed over an event's sales.
pub fn conversion_amount(event: &str, currency: &str) -> String {
    format!("convamount|{event}|{currency}")
}

pub fn rule_conversions(rule: &str) -> String {
    format!("convrule|{rule}")
}

/// The prefix of a rule's amounts (`convruleamount|<rule>|<currency>`).
pub fn rule_amount(rule: &str) -> String {
    format!("convruleamount|{rule}")
}

pub fn variant_conversions(variant: &str) -> String {
    format!("convvariant|{variant}")
}

/// The prefix of a variant's amounts (`convvariantamount|<variant>|<currency>`).
pub fn variant_amount(variant: &str) -> String {
    format!("convvariantamount|{variant}")
}

/// A variant's conversions the API reported (beside [`variant_conversions`], which counts every
/// source, and conversions recorded before sources were kept).
pub fn variant_api_conversions(variant: &str) -> String {
    format!("convvariantapi|{variant}")
}

/// A variant's conversions the pixel recorded.
pub fn variant_pixel_conversions(variant: &str) -> String {
    format!("convvariantpixel|{variant}")
}

/// A variant's clicks the pixel converted (each click's first pixel conversion).
pub fn variant_pixel_clicks(variant: &str) -> String {
    format!("convvariantpixelclick|{variant}")
}

/// A link's conversions in the workspace's per-link counts.
pub fn link_conversions(link: &ObjectId) -> String {
    format!("convlink|{link}")
}

/// The rollup part holding an owner-day's locations. Its cell counters are the only ones that
/// go down: a shared position moves its click out of its area's cell (for a moment one may read
/// below zero, when the position is folded before its click).
pub const LOCATION_PART: &str = "loc";
/// Clicks with a location: an area from CloudFront, or a shared position.
pub const LOCATED: &str = "located";
/// Clicks whose visitor shared a position.
pub const GPS_SHARED: &str = "gpsShared";

/// Located clicks in a report cell, by their best location.
pub fn location_cell(cell: &Cell) -> String {
    format!("loc|{}", cell.as_str())
}

/// Clicks in a report cell placed by a shared position.
pub fn precise_cell(cell: &Cell) -> String {
    format!("gps|{}", cell.as_str())
}

/// The rollup part holding an owner-day's automated visits (bots and preview crawlers), apart
/// from every click counter: a robot is never a click.
pub const BOT_PART: &str = "bot";
/// Automated visits of every family.
pub const BOTS: &str = "bots";

/// Automated visits of one family.
pub fn bot_family(family: BotFamily) -> String {
    format!("{BOTS}|{}", family.name())
}

/// Most distinct counters a day's rollup item of `part` holds, for the parts whose values
/// come from outside (referrer hosts, cities, event names, location cells, a workspace's
/// links); `None` for the parts whose values a closed vocabulary or the link's own settings
/// bound. Past its cap an item counts each new value as its dimension's [`OTHER`], so no
/// stranger can grow an item towards DynamoDB's 400 KB.
pub fn distinct_cap(part: &str) -> Option<u64> {
    match part {
        "referrer" | "ruleref" | "variantref" | "city" | CONVERSION_PART | LOCATION_PART => Some(MAX_DISTINCT_VALUES),
        "link" => Some(MAX_DISTINCT_LINKS),
        _ => None,
    }
}

/// Most distinct values of an open dimension per owner-day (a name of at most ~300 bytes:
/// 500 of them stay under 160 KB).
pub const MAX_DISTINCT_VALUES: u64 = 500;
/// Most distinct counters of a workspace-day's per-link counts (two per link: clicks and
/// conversions, ~60 bytes each).
pub const MAX_DISTINCT_LINKS: u64 = 2_000;

/// The counter a name of an open dimension counts in once its item is full (`referrer|Other`,
/// `ruleref|<rule>|Other`, `city||Other`, `conv|Other`, `convamount|Other|EUR`, `loc|Other`,
/// `link|Other`); `None` for a name that is always kept (a total, a rule's or variant's count).
pub fn other(name: &str) -> Option<String> {
    let (dimension, value) = name.split_once('|')?;
    let other = match dimension {
        "referrer" | "conv" | "loc" | "gps" | "link" | "convlink" => format!("{dimension}|{OTHER}"),
        "city" => city(None, OTHER),
        "ruleref" | "variantref" => format!("{dimension}|{}|{OTHER}", value.split_once('|')?.0),
        "convamount" => format!("{dimension}|{OTHER}|{}", value.rsplit_once('|')?.1),
        _ => return None,
    };
    Some(other)
}

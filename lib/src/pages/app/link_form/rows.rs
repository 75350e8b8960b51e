//! The builder's rows: a conditional rule and an A/B variant as the form holds them, the form
//! field names each row's controls carry, and the vocabularies a rule's checkboxes offer.

use crate::domain::{Browser, Device, Os, RuleFields, Vocabulary};

/// One conditional rule as the form holds it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RuleForm {
    pub name: String,
    pub target_url: String,
    /// Where a person goes when an app-scheme destination's app did not open.
    pub app_fallback_url: String,
    pub countries: Vec<String>,
    /// One city per line (a city name may hold a comma).
    pub cities: String,
    pub devices: Vec<String>,
    pub os: Vec<String>,
    pub browsers: Vec<String>,
    /// Language codes separated by commas or spaces.
    pub locales: String,
    pub time_start: String,
    pub time_end: String,
    /// Day numbers, 0 (Sunday) to 6.
    pub days: Vec<String>,
}

/// One A/B variant as the form holds it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct VariantForm {
    /// The key of the variant in analytics: kept as it was, made up for a new row.
    pub id: String,
    pub name: String,
    pub url: String,
    pub app_fallback_url: String,
    pub weight: String,
}

/// The form field names of rule `i` (`rules[0].country`) and variant `i`.
pub fn rule_field(i: usize, name: &str) -> String {
    format!("rules[{i}].{name}")
}

pub fn variant_field(i: usize, name: &str) -> String {
    format!("abTest.variants[{i}].{name}")
}

impl RuleForm {
    pub(super) fn from_fields(fields: RuleFields) -> Self {
        Self {
            name: fields.name.unwrap_or_default(),
            target_url: fields.target_url.unwrap_or_default(),
            app_fallback_url: fields.app_fallback_url.unwrap_or_default(),
            countries: fields.country.unwrap_or_default(),
            cities: fields.city.unwrap_or_default().join("\n"),
            devices: fields.device.unwrap_or_default(),
            os: fields.os.unwrap_or_default(),
            browsers: fields.browser.unwrap_or_default(),
            locales: fields.locale.unwrap_or_default().join(", "),
            time_start: fields.time_start.unwrap_or_default(),
            time_end: fields.time_end.unwrap_or_default(),
            days: fields
                .days_of_week
                .unwrap_or_default()
                .iter()
                .map(i64::to_string)
                .collect(),
        }
    }

    pub fn has(&self, list: &[String], value: &str) -> bool {
        list.iter().any(|v| v == value)
    }
}

/// The vocabularies a rule's checkboxes offer, as the contract spells them.
pub fn devices() -> Vec<&'static str> {
    Device::ALL.iter().map(|d| d.name()).collect()
}

pub fn operating_systems() -> Vec<&'static str> {
    Os::ALL.iter().map(|o| o.name()).collect()
}

pub fn browsers() -> Vec<&'static str> {
    Browser::ALL.iter().map(|b| b.name()).collect()
}

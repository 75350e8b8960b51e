//! Exports: a workspace's links as JSON lines and as CSV, each link in the shape an import
//! reads back (the fields of a create, tags by name). A cell a
//! spreadsheet would run as a formula is written with a leading `'`, which the import takes off.

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::import::OUR_COLUMNS;
use crate::domain::{AbTest, Link, QrSettings, Tag, TargetUrl, Utm};

/// The characters that make a spreadsheet read a cell as a formula.
pub const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// A text cell a spreadsheet would read as a formula is written with a leading `'` (OWASP's
/// advice against CSV injection); counts are never touched.
pub fn cell(text: &str) -> String {
    match text.chars().next() {
        Some(c) if FORMULA_STARTS.contains(&c) => format!("'{text}"),
        _ => text.to_string(),
    }
}

/// A link as an export line: what a create takes, tags by name, and whether it had a password
/// (which is never exported).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ExportedLink<'a> {
    pub slug: &'a str,
    pub domain: &'a str,
    pub name: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<&'a str>,
    pub active: bool,
    /// The rules without their ids (a create makes new ones).
    pub rules: Vec<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ab_test: Option<&'a AbTest>,
    pub qr_settings: &'a QrSettings,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clicks_limit: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expiration_date: Option<DateTime<Utc>>,
    pub tags: Vec<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub og_title: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub og_description: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub appearance_color: Option<&'a str>,
    pub conversion_tracking: bool,
    pub gps_tracking: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub utm: Option<&'a Utm>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fallback_url: Option<&'a TargetUrl>,
    pub password_protected: bool,
    /// The default rule's destination (the CSV's `url` column, for reading).
    #[serde(skip)]
    pub default_target: &'a str,
}

fn rule_without_id(rule: &crate::domain::Rule) -> serde_json::Value {
    let mut value = serde_json::to_value(rule).expect("a rule encodes");
    if let Some(object) = value.as_object_mut() {
        object.remove("id");
    }
    value
}

impl<'a> ExportedLink<'a> {
    pub fn new(link: &'a Link, tags: &'a [Tag]) -> Self {
        let s = &link.settings;
        Self {
            slug: link.slug.as_str(),
            domain: link.domain.as_str(),
            name: s.name.as_str(),
            description: s.description.as_ref().map(|d| d.as_str()),
            active: s.active,
            rules: s.rules.iter().map(rule_without_id).collect(),
            default_target: s.rules.default_rule().target_url.as_str(),
            ab_test: s.ab_test.as_ref(),
            qr_settings: &s.qr_settings,
            clicks_limit: s.clicks_limit.map(|l| l.get()),
            expiration_date: s.expiration_date,
            tags: s
                .tag_ids
                .iter()
                .filter_map(|id| tags.iter().find(|t| &t.id == id))
                .map(|t| t.name.as_str())
                .collect(),
            og_title: s.og_title.as_ref().map(|t| t.as_str()),
            og_description: s.og_description.as_ref().map(|t| t.as_str()),
            appearance_color: s.appearance_color.as_ref().map(|c| c.as_str()),
            conversion_tracking: s.conversion_tracking,
            gps_tracking: s.gps_tracking,
            utm: s.utm.as_ref(),
            fallback_url: s.fallback_url.as_ref(),
            password_protected: s.password_hash.is_some(),
        }
    }

    /// One JSON line, with its newline.
    pub fn json_line(&self) -> String {
        let mut line = serde_json::to_string(self).expect("a link encodes");
        line.push('\n');
        line
    }

    /// The cells of our CSV, in [`OUR_COLUMNS`] order.
    fn csv_row(&self) -> [String; OUR_COLUMNS.len()] {
        let json = |v: &dyn erased::Json| v.text();
        let optional = |v: Option<&str>| v.map(cell).unwrap_or_default();
        [
            self.slug.to_string(),
            self.default_target.to_string(),
            cell(self.name),
            self.domain.to_string(),
            cell(&self.tags.join(", ")),
            self.expiration_date.map(|d| d.to_rfc3339()).unwrap_or_default(),
            self.clicks_limit.map(|l| l.to_string()).unwrap_or_default(),
            optional(self.description),
            self.active.to_string(),
            self.fallback_url.map(|u| u.as_str().to_string()).unwrap_or_default(),
            optional(self.og_title),
            optional(self.og_description),
            self.appearance_color.unwrap_or_default().to_string(),
            self.conversion_tracking.to_string(),
            self.gps_tracking.to_string(),
            self.utm.map(|u| json(&u)).unwrap_or_default(),
            json(&self.qr_settings),
            json(&self.rules),
            self.ab_test.map(|t| json(&t)).unwrap_or_default(),
            self.password_protected.to_string(),
        ]
    }
}

/// JSON text of a value, behind one object-safe door for the CSV row's closures.
mod erased {
    pub trait Json {
        fn text(&self) -> String;
    }
    impl<T: serde::Serialize> Json for T {
        fn text(&self) -> String {
            serde_json::to_string(self).expect("a setting encodes")
        }
    }
}

/// Links as our CSV, with the header when `header` is set (the first page of an export).
pub fn links_csv(links: &[ExportedLink<'_>], header: bool) -> String {
    let mut out = csv::Writer::from_writer(Vec::new());
    if header {
        out.write_record(OUR_COLUMNS).expect("writing to memory cannot fail");
    }
    for link in links {
        out.write_record(link.csv_row()).expect("writing to memory cannot fail");
    }
    String::from_utf8(out.into_inner().expect("writing to memory cannot fail")).expect("CSV of UTF-8 text")
}

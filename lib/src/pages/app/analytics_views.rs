//! The analytics pages' templates (`lib/templates/app/link_analytics.html`,
//! `workspace_analytics.html`): what each shows, already worded; the templates only lay it out.

use askama::Template;

use super::super::templates::Chrome;
use super::views::FormError;

/// The range picker of an analytics page.
#[derive(Debug, Clone)]
pub struct RangeView {
    pub presets: Vec<Preset>,
    pub from: String,
    pub to: String,
    /// `from` and `to` as the report covers them.
    pub shown: String,
    pub error: Option<FormError>,
}

impl RangeView {
    pub fn err(&self, path: &str) -> Option<&str> {
        self.error
            .as_ref()
            .filter(|e| e.at.as_deref() == Some(path))
            .map(|e| e.message.as_str())
    }
}

#[derive(Debug, Clone)]
pub struct Preset {
    pub label: &'static str,
    pub href: String,
    pub current: bool,
}

/// One breakdown (countries, cities, devices…): its chart, its rows and its CSV.
#[derive(Debug, Clone)]
pub struct Breakdown {
    pub key: &'static str,
    pub title: &'static str,
    pub chart: Option<String>,
    pub rows: Vec<BreakdownRow>,
    pub csv_href: String,
}

#[derive(Debug, Clone)]
pub struct BreakdownRow {
    pub title: String,
    /// A country code shown as a small badge (no emoji font is needed).
    pub flag: Option<String>,
    pub value: u64,
    pub share: String,
}

/// Per rule or per variant: clicks, unique visitors, what they converted and where they came
/// from.
#[derive(Debug, Clone)]
pub struct RouteRow {
    pub name: String,
    pub target: String,
    pub clicks: u64,
    pub unique: u64,
    pub referrers: String,
    pub conversions: u64,
    /// The report's conversion rate as a percentage (`25.00 %`).
    pub rate: String,
    /// Sales per currency as money (`49.99 EUR`).
    pub sales: String,
}

/// A series drawn per day (clicks, conversions), for wide screens and for phones.
#[derive(Debug, Clone)]
pub struct DailyChart {
    /// The section's id (`daily`, `conversions-daily`).
    pub key: &'static str,
    /// `Clicks per day`: the heading, and what its CSV link downloads.
    pub heading: &'static str,
    pub wide: Option<String>,
    pub narrow: Option<String>,
    pub csv_href: String,
}

/// One event's conversions in the range, and the sales reported with it.
#[derive(Debug, Clone)]
pub struct EventRow {
    pub event: String,
    pub conversions: u64,
    pub sales: String,
}

/// Conversions per day and by event, shown for a link that tracks them (or has any) and for a
/// workspace that has any.
#[derive(Debug, Clone)]
pub struct ConversionsView {
    pub daily: DailyChart,
    pub events: Vec<EventRow>,
    pub csv_href: String,
}

/// Where visitors were: the dot map of location cells and the country map, each with its table.
#[derive(Debug, Clone)]
pub struct WhereView {
    /// The world's shapes, once per page (both maps use them).
    pub defs: &'static str,
    /// How many clicks have a location, and where it came from, in a sentence.
    pub summary: String,
    pub dots: Option<String>,
    pub cells: Vec<CellRow>,
    pub choropleth: Option<String>,
    pub legend: Vec<LegendStep>,
    pub countries: Vec<CountryRow>,
}

/// One location cell in words: where, how many clicks, how many shared by their visitor.
#[derive(Debug, Clone)]
pub struct CellRow {
    /// The cell's geohash.
    pub key: String,
    /// Its centre (`48.9, 2.3`).
    pub title: String,
    pub clicks: u64,
    pub precise: u64,
}

/// One step of the country map's colours.
#[derive(Debug, Clone)]
pub struct LegendStep {
    pub class: &'static str,
    pub fill: &'static str,
    /// `12+`: the fewest clicks of a country in the step.
    pub label: String,
}

#[derive(Debug, Clone)]
pub struct CountryRow {
    pub name: String,
    pub clicks: u64,
}

#[derive(Template)]
#[template(path = "app/link_analytics.html")]
pub struct LinkAnalyticsPage {
    pub chrome: Chrome,
    pub name: String,
    pub full_link: String,
    pub edit_href: String,
    pub range: RangeView,
    pub total: u64,
    pub period_total: u64,
    pub unique: u64,
    pub conversions_total: u64,
    /// The automated visits the clicks leave out, in a sentence (`None` without any).
    pub bots_left_out: Option<String>,
    pub daily: Option<DailyChart>,
    pub conversions: Option<ConversionsView>,
    pub breakdowns: Vec<Breakdown>,
    pub places: WhereView,
    pub rules: Vec<RouteRow>,
    pub rules_csv: String,
    pub ab_enabled: bool,
    /// Which variant converts best, in a sentence.
    pub ab_verdict: Option<String>,
    pub variants: Vec<RouteRow>,
    pub variants_csv: String,
    /// Whether its destinations answer, as the hourly check last found.
    pub health: HealthView,
}

/// The link page's health section: a sentence, and each destination's last check.
#[derive(Debug, Clone)]
pub struct HealthView {
    pub sentence: String,
    pub destinations: Vec<DestinationLine>,
}

/// One destination's last check, in words.
#[derive(Debug, Clone)]
pub struct DestinationLine {
    pub url: String,
    pub status: &'static str,
    pub checked: String,
    pub failing: bool,
}

impl From<&crate::wire::HealthRecord> for HealthView {
    fn from(health: &crate::wire::HealthRecord) -> Self {
        use crate::wire::{DestinationStatus as D, HealthStatus};
        let day = |at: &chrono::DateTime<chrono::Utc>| at.format("%Y-%m-%d %H:%M UTC").to_string();
        let sentence = match (health.status, &health.failing_url, &health.since) {
            (HealthStatus::Broken, Some(url), Some(since)) => {
                format!("Broken since {}: {url} failed twice in a row.", day(since))
            }
            (HealthStatus::Ok, _, _) => "Every destination answered when last checked.".to_string(),
            _ => "Not checked enough yet. Destinations are checked every hour (app links and http:// \
                  destinations are not)."
                .to_string(),
        };
        Self {
            sentence,
            destinations: health
                .destinations
                .iter()
                .map(|d| DestinationLine {
                    url: d.url.clone(),
                    status: match d.status {
                        D::Ok => "ok",
                        D::Redirect => "redirect",
                        D::ClientError => "client error (4xx)",
                        D::ServerError => "server error (5xx)",
                        D::Dns => "name does not resolve",
                        D::Tls => "TLS failed",
                        D::Timeout => "no answer",
                    },
                    checked: day(&d.checked_at),
                    failing: d.failures > 0,
                })
                .collect(),
        }
    }
}

/// A link in the workspace's top-links table.
#[derive(Debug, Clone)]
pub struct TopLink {
    pub name: String,
    pub href: String,
    pub clicks: u64,
    pub share: String,
    pub conversions: u64,
}

#[derive(Template)]
#[template(path = "app/workspace_analytics.html")]
pub struct WorkspaceAnalyticsPage {
    pub chrome: Chrome,
    pub workspace: String,
    pub range: RangeView,
    /// The service's refusal for a member (only owners and managers see these numbers).
    pub refusal: Option<String>,
    pub period_total: u64,
    pub unique: u64,
    pub conversions_total: u64,
    /// The automated visits the clicks leave out, in a sentence (`None` without any).
    pub bots_left_out: Option<String>,
    pub daily: Option<DailyChart>,
    pub conversions: Option<ConversionsView>,
    pub top_links: Vec<TopLink>,
    pub links_csv: String,
    pub breakdowns: Vec<Breakdown>,
    /// Absent for a member, who sees no workspace numbers.
    pub places: Option<WhereView>,
}

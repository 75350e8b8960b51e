//! The analytics pages: one link's (`/app/w/<ws>/links/<id>/analytics`) and the workspace's
//! (`/app/w/<ws>/analytics`, owners and managers). Both read the same reports as the HTTP API
//! (`Service::link_analytics`, `Service::workspace_analytics`) over a [`Range`] chosen by a preset
//! or two dates, and draw them: clicks and conversions per day, breakdown bars, tables, CSV
//! downloads (the conversions' words are in `conversions.rs`, the automated visits' in `bots.rs`).

use crate::domain::counted;
use crate::wire;
use chrono::NaiveDate;
use lambda_http::http::StatusCode;
use lambda_http::{Body, Response};

use super::super::{Page, PageRequest};
use super::analytics_views::{
    Breakdown, BreakdownRow, DailyChart, LinkAnalyticsPage, RouteRow, TopLink, WorkspaceAnalyticsPage,
};
use super::bots;
use super::charts::{self, Fit, Tone};
use super::context::Workspace;
use super::conversions;
use super::locations;
use super::range::Range;
use crate::analytics::report::{Breakdown as Entries, LinkEntry, RouteStats};
use crate::domain::ids::ObjectId;
use crate::service::{ServiceError, links::LinkAnalytics, links::WorkspaceAnalytics};
use crate::wire::LinkRecord;

/// The days of a report in order, with their counts.
pub fn days(daily: &std::collections::BTreeMap<String, u64>) -> Vec<(NaiveDate, u64)> {
    daily
        .iter()
        .filter_map(|(day, count)| Some((day.parse().ok()?, *count)))
        .collect()
}

/// What a daily chart counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Series {
    Clicks,
    Conversions,
}

impl Series {
    /// (section id, heading, one, many, the chart's colour).
    fn words(self) -> (&'static str, &'static str, &'static str, &'static str, Tone) {
        match self {
            Self::Clicks => ("daily", "Clicks per day", "click", "clicks", Tone::Clicks),
            Self::Conversions => (
                "conversions-daily",
                "Conversions per day",
                "conversion",
                "conversions",
                Tone::Conversions,
            ),
        }
    }
}

/// A series per day, every day of the range; both series download as the one daily CSV.
fn daily_chart(series: Series, daily: &std::collections::BTreeMap<String, u64>, csv_href: String) -> DailyChart {
    let (key, heading, one, many, tone) = series.words();
    let days = days(daily);
    let total: u64 = days.iter().map(|(_, v)| v).sum();
    let label = format!(
        "{heading}, {}, {} in total",
        counted(days.len(), "day", "days"),
        counted(total, one, many)
    );
    DailyChart {
        key,
        heading,
        wide: charts::daily(&days, Fit::Wide, tone, &label),
        narrow: charts::daily(&days, Fit::Narrow, tone, &label),
        csv_href,
    }
}

/// A breakdown's entries, largest first (then by name): (key, entry).
pub fn ranked(entries: &Entries) -> Vec<(&String, &crate::analytics::report::Entry)> {
    let mut ranked: Vec<_> = entries.iter().collect();
    ranked.sort_by(|a, b| b.1.value.cmp(&a.1.value).then_with(|| a.1.title.cmp(&b.1.title)));
    ranked
}

/// How many entries a breakdown's chart draws (its table and CSV have every one).
const CHART_ROWS: usize = 10;

fn share(value: u64, total: u64) -> String {
    if total == 0 {
        return "0%".into();
    }
    let percent = value as f64 * 100.0 / total as f64;
    if percent < 10.0 && percent.fract() != 0.0 {
        format!("{percent:.1}%")
    } else {
        format!("{percent:.0}%")
    }
}

fn breakdown(key: &'static str, title: &'static str, entries: &Entries, csv_base: &str, range: &str) -> Breakdown {
    let ranked = ranked(entries);
    let total: u64 = ranked.iter().map(|(_, e)| e.value).sum();
    let top: Vec<(String, u64)> = ranked
        .iter()
        .take(CHART_ROWS)
        .map(|(_, e)| (e.title.clone(), e.value))
        .collect();
    Breakdown {
        key,
        title,
        chart: charts::bars(&top, &format!("{title}: clicks of the top {}", top.len())),
        rows: ranked
            .iter()
            .map(|(_, e)| BreakdownRow {
                title: e.title.clone(),
                flag: e.flag.clone(),
                value: e.value,
                share: share(e.value, total),
            })
            .collect(),
        csv_href: format!("{csv_base}?part={key}&{range}"),
    }
}

/// The link report's breakdowns, in the page's order.
pub const LINK_BREAKDOWNS: &[(&str, &str)] = &[
    ("countries", "Countries"),
    ("cities", "Cities"),
    ("devices", "Devices"),
    ("os", "Operating systems"),
    ("browsers", "Browsers"),
    ("referrers", "Referrers"),
];

/// The workspace report's breakdowns: the link's but referrers (the last).
pub const WORKSPACE_BREAKDOWNS: &[(&str, &str)] = LINK_BREAKDOWNS.split_at(5).0;

/// A breakdown both reports have (countries, cities, devices, systems, browsers), by its CSV
/// part name, among `parts` given in [`WORKSPACE_BREAKDOWNS`]' order.
fn shared<'r>(key: &str, parts: [&'r Entries; 5]) -> Option<&'r Entries> {
    let i = WORKSPACE_BREAKDOWNS.iter().position(|(k, _)| *k == key)?;
    Some(parts[i])
}

/// A link report's breakdown by its CSV part name.
pub fn link_entries<'r>(report: &'r LinkAnalytics, key: &str) -> Option<&'r Entries> {
    if key == "referrers" {
        return Some(&report.referrers);
    }
    let r = report;
    shared(key, [&r.countries, &r.cities, &r.devices, &r.os, &r.browsers])
}

/// A workspace report's breakdown by its CSV part name.
pub fn workspace_entries<'r>(report: &'r WorkspaceAnalytics, key: &str) -> Option<&'r Entries> {
    let r = report;
    shared(key, [&r.countries, &r.cities, &r.devices, &r.os, &r.browsers])
}

/// The top referrers of a rule or variant, in words (`google.com 5, Direct 2`).
fn referrer_words(stats: &RouteStats) -> String {
    let ranked = ranked(&stats.referrers);
    let mut words: Vec<String> = ranked
        .iter()
        .take(3)
        .map(|(_, e)| format!("{} {}", e.title, e.value))
        .collect();
    if ranked.len() > 3 {
        words.push(format!("{} more", ranked.len() - 3));
    }
    words.join(", ")
}

/// Rules in evaluation order (the default last), with their statistics.
pub fn rule_stats<'r>(record: &LinkRecord, report: &'r LinkAnalytics) -> Vec<(String, &'r RouteStats)> {
    let mut rules: Vec<_> = record.rules.iter().collect();
    rules.sort_by_key(|r| r.is_default);
    rules
        .into_iter()
        .filter_map(|rule| {
            let id = rule.id.to_string();
            let stats = report.rules_stats.get(&id)?;
            Some((id, stats))
        })
        .collect()
}

/// Variants in the link's order, with their statistics (while the test is on).
pub fn variant_stats<'r>(record: &LinkRecord, report: &'r LinkAnalytics) -> Vec<(String, &'r RouteStats)> {
    record
        .ab_test
        .variants
        .iter()
        .filter_map(|v| {
            let stats = report.ab_variants_stats.get(v.id.as_str())?;
            Some((v.id.as_str().to_string(), stats))
        })
        .collect()
}

fn route_rows(stats: &[(String, &RouteStats)]) -> Vec<RouteRow> {
    stats
        .iter()
        .map(|(_, stats)| RouteRow {
            name: stats.name.clone(),
            target: stats.target_url.clone(),
            clicks: stats.clicks,
            unique: stats.unique_clicks,
            referrers: referrer_words(stats),
            conversions: stats.conversions,
            rate: conversions::rate(stats.conversion_rate),
            sales: conversions::sales(&stats.amounts),
        })
        .collect()
}

/// A link's report and record, both read for the page's workspace (another workspace's link
/// is refused as the analytics endpoint refuses it).
pub async fn link_report(
    page: &PageRequest<'_>,
    ws: &Workspace,
    id: &ObjectId,
    range: &mut Range,
) -> Result<(LinkAnalytics, LinkRecord), ServiceError> {
    let service = page.service;
    let report = range
        .report(page, |asked| service.link_analytics(&ws.access, id, asked))
        .await?;
    let record = service.get_link_record(&ws.access, id).await?;
    Ok((report, record))
}

pub async fn link(page: &PageRequest<'_>, raw_ws: &str, raw_id: &str) -> Result<Response<Body>, ServiceError> {
    let ws = Workspace::open(page, raw_ws).await?;
    let id = wire::parse_analytics_link_id(Some(raw_id))?;
    let mut range = Range::of(page);
    let (report, record) = link_report(page, &ws, &id, &mut range).await?;
    let href = format!("{}/links/{id}/analytics", ws.base());
    let csv = format!("{href}.csv");
    let query = range.query();
    let daily_csv = format!("{csv}?part=daily&{query}");
    // Conversions are shown for a link that tracks them, and for one that had some in the range.
    let converting = record.conversion_tracking || report.totals.conversions > 0;
    let variants = variant_stats(&record, &report);
    let template = LinkAnalyticsPage {
        chrome: ws.chrome("links"),
        name: record.name.clone(),
        full_link: record.full_link.clone(),
        edit_href: format!("{}/links/{id}/edit", ws.base()),
        range: range.view(&href, &report.daily_traffic),
        total: report.totals.total,
        period_total: report.totals.period_total,
        unique: report.totals.unique,
        conversions_total: report.totals.conversions,
        bots_left_out: bots::left_out(report.totals.bots, &report.bots),
        daily: Some(daily_chart(Series::Clicks, &report.daily_traffic, daily_csv.clone())),
        conversions: converting.then(|| {
            let daily = daily_chart(Series::Conversions, &report.daily_conversions, daily_csv);
            conversions::section(&report.conversions, daily, format!("{csv}?part=conversions&{query}"))
        }),
        breakdowns: LINK_BREAKDOWNS
            .iter()
            .filter_map(|(key, title)| Some(breakdown(key, title, link_entries(&report, key)?, &csv, &query)))
            .collect(),
        places: locations::view(&report.totals, &report.locations, &report.countries),
        rules: route_rows(&rule_stats(&record, &report)),
        rules_csv: format!("{csv}?part=rules&{query}"),
        ab_enabled: record.ab_test.enabled,
        ab_verdict: report
            .ab_test_result
            .as_ref()
            .map(|result| conversions::ab_verdict(result, &variants)),
        variants: route_rows(&variants),
        variants_csv: format!("{csv}?part=variants&{query}"),
        health: (&record.health).into(),
    };
    let status = if range.error.is_some() {
        StatusCode::BAD_REQUEST
    } else {
        StatusCode::OK
    };
    Ok(ws.finish(page, Page::new(status, &template).into_response()))
}

/// The links of a workspace report, most clicked first (then most converted, then by name).
pub fn top_links(report: &WorkspaceAnalytics) -> Vec<(&String, &LinkEntry)> {
    let mut links: Vec<_> = report.links.iter().collect();
    links.sort_by(|a, b| {
        (b.1.value, b.1.conversions)
            .cmp(&(a.1.value, a.1.conversions))
            .then_with(|| a.1.title.cmp(&b.1.title))
    });
    links
}

pub async fn workspace(page: &PageRequest<'_>, raw_ws: &str) -> Result<Response<Body>, ServiceError> {
    let ws = Workspace::open(page, raw_ws).await?;
    let mut range = Range::of(page);
    let href = format!("{}/analytics", ws.base());
    let csv = format!("{href}.csv");
    let query = range.query();
    let service = page.service;
    let (report, refusal) = match range
        .report(page, |asked| service.workspace_analytics(&ws.access, asked))
        .await
    {
        Ok(report) => (report, None),
        Err(err @ ServiceError::NotOwnerOrManager) => (WorkspaceAnalytics::default(), Some(err.to_string())),
        Err(err) => return Err(err),
    };
    let total = report.totals.period_total;
    let daily_csv = format!("{csv}?part=daily&{query}");
    let template = WorkspaceAnalyticsPage {
        chrome: ws.chrome("analytics"),
        workspace: ws.access.workspace.name.clone(),
        range: range.view(&href, &report.daily_traffic),
        period_total: total,
        unique: report.totals.unique,
        conversions_total: report.totals.conversions,
        bots_left_out: bots::left_out(report.totals.bots, &report.bots),
        daily: refusal
            .is_none()
            .then(|| daily_chart(Series::Clicks, &report.daily_traffic, daily_csv.clone())),
        // A workspace's conversions are shown once it has some in the range.
        conversions: (report.totals.conversions > 0).then(|| {
            let daily = daily_chart(Series::Conversions, &report.daily_conversions, daily_csv);
            conversions::section(&report.conversions, daily, format!("{csv}?part=conversions&{query}"))
        }),
        top_links: top_links(&report)
            .into_iter()
            .map(|(id, entry)| TopLink {
                href: format!("{}/links/{id}/analytics?{query}", ws.base()),
                name: entry.title.clone(),
                clicks: entry.value,
                share: share(entry.value, total),
                conversions: entry.conversions,
            })
            .collect(),
        links_csv: format!("{csv}?part=links&{query}"),
        breakdowns: WORKSPACE_BREAKDOWNS
            .iter()
            .filter_map(|(key, title)| Some(breakdown(key, title, workspace_entries(&report, key)?, &csv, &query)))
            .collect(),
        places: refusal
            .is_none()
            .then(|| locations::view(&report.totals, &report.locations, &report.countries)),
        refusal: refusal.clone(),
    };
    let status = match (&refusal, &range.error) {
        (Some(_), _) => StatusCode::FORBIDDEN,
        (None, Some(_)) => StatusCode::BAD_REQUEST,
        _ => StatusCode::OK,
    };
    Ok(ws.finish(page, Page::new(status, &template).into_response()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_are_whole_percentages_above_ten() {
        assert_eq!(share(1, 3), "33%");
        assert_eq!(share(1, 40), "2.5%");
        assert_eq!(share(0, 0), "0%");
    }
}

//! "Download CSV" of the analytics pages: the daily series and each breakdown (and, for a
//! link, its rules and variants; for a workspace, its links), over the page's range, with the
//! numbers of the same report the API answers.

use lambda_http::{Body, Response};

use super::super::{PageRequest, download};
use super::analytics;
use super::context::Workspace;
use super::range::Range;
use crate::analytics::report::Breakdown as Entries;
use crate::service::{ServiceError, parse_analytics_link_id};

const CSV: &str = "text/csv; charset=utf-8";

/// A cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, tab, return) is written
/// with a leading `'` (OWASP's advice against CSV injection); counts are never touched.
fn cell(text: &str) -> String {
    match text.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r') => format!("'{text}"),
        _ => text.to_string(),
    }
}

/// Rows as CSV (the `csv` crate quotes what needs quoting).
fn write(header: &[&str], rows: impl IntoIterator<Item = Vec<String>>) -> String {
    let mut out = csv::Writer::from_writer(Vec::new());
    let mut write_row = |row: &[String]| out.write_record(row).expect("writing to memory cannot fail");
    write_row(&header.iter().map(|h| h.to_string()).collect::<Vec<_>>());
    for row in rows {
        write_row(&row);
    }
    String::from_utf8(out.into_inner().expect("writing to memory cannot fail")).expect("CSV of UTF-8 text")
}

fn daily(report: &std::collections::BTreeMap<String, u64>) -> String {
    write(
        &["date", "clicks"],
        report.iter().map(|(day, clicks)| vec![day.clone(), clicks.to_string()]),
    )
}

/// A breakdown, largest first: its key (a country code, a city, a device…), its title, the
/// country code of its flag (countries and cities) and its clicks.
fn breakdown(entries: &Entries) -> String {
    write(
        &["key", "title", "country", "clicks"],
        analytics::ranked(entries).into_iter().map(|(key, e)| {
            vec![
                cell(key),
                cell(&e.title),
                e.flag.clone().unwrap_or_default(),
                e.value.to_string(),
            ]
        }),
    )
}

/// `<what>-<part>-<from>-to-<to>.csv`, from the days the report covers.
fn file_name(what: &str, part: &str, daily: &std::collections::BTreeMap<String, u64>) -> String {
    let first = daily.keys().next().map_or("", String::as_str);
    let last = daily.keys().next_back().map_or("", String::as_str);
    let safe: String = what
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '-' })
        .collect();
    format!("{safe}-{part}-{first}-to-{last}.csv")
}

fn unknown_part(part: &str) -> ServiceError {
    ServiceError::BadRequest(format!(
        "part {part:?} is not a download of this page; use one of the page's \"Download CSV\" links."
    ))
}

/// `…/links/<id>/analytics.csv?part=…`: a link's series, breakdowns, rules or variants.
pub async fn link(page: &PageRequest<'_>, raw_ws: &str, raw_id: &str) -> Result<Response<Body>, ServiceError> {
    let ws = Workspace::open(page, raw_ws).await?;
    let id = parse_analytics_link_id(Some(raw_id))?;
    let mut range = Range::of(page);
    let part = crate::http::query(page.req, "part").unwrap_or_default();
    let (report, record) = analytics::link_report(page, &ws, &id, &mut range).await?;
    if let Some(invalid) = range.error {
        return Err(invalid.into());
    }
    let routes = |rows: Vec<(String, super::views::RouteRow)>, id_column: &'static str| {
        write(
            &[id_column, "name", "targetUrl", "clicks", "uniqueClicks"],
            rows.into_iter().map(|(id, row)| {
                vec![
                    id,
                    cell(&row.name),
                    cell(&row.target),
                    row.clicks.to_string(),
                    row.unique.to_string(),
                ]
            }),
        )
    };
    let body = match part.as_str() {
        "daily" => daily(&report.daily_traffic),
        "rules" => routes(analytics::rule_rows(&record, &report), "ruleId"),
        "variants" => routes(analytics::variant_rows(&record, &report), "variantId"),
        other => breakdown(analytics::link_entries(&report, other).ok_or_else(|| unknown_part(other))?),
    };
    let name = file_name(&record.slug, &part, &report.daily_traffic);
    Ok(ws.finish(page, download(&name, CSV, body)))
}

/// `…/analytics.csv?part=…`: the workspace's series, links or breakdowns.
pub async fn workspace(page: &PageRequest<'_>, raw_ws: &str) -> Result<Response<Body>, ServiceError> {
    let ws = Workspace::open(page, raw_ws).await?;
    let mut range = Range::of(page);
    let part = crate::http::query(page.req, "part").unwrap_or_default();
    let service = page.service;
    let report = range
        .report(page, |asked| service.workspace_analytics(&ws.access, asked))
        .await?;
    if let Some(invalid) = range.error {
        return Err(invalid.into());
    }
    let body = match part.as_str() {
        "daily" => daily(&report.daily_traffic),
        "links" => write(
            &["linkId", "name", "clicks"],
            analytics::top_links(&report)
                .into_iter()
                .map(|(id, name, clicks)| vec![id, cell(&name), clicks.to_string()]),
        ),
        other => breakdown(analytics::workspace_entries(&report, other).ok_or_else(|| unknown_part(other))?),
    };
    let name = file_name("workspace", &part, &report.daily_traffic);
    Ok(ws.finish(page, download(&name, CSV, body)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_defused_and_commas_quoted() {
        let csv = write(
            &["name", "clicks"],
            [
                vec![cell("=HYPERLINK(\"x\")"), "3".into()],
                vec![cell("a, b"), "1".into()],
            ],
        );
        assert_eq!(csv, "name,clicks\n\"'=HYPERLINK(\"\"x\"\")\",3\n\"a, b\",1\n");
    }

    #[test]
    fn file_names_say_what_and_when() {
        let days = [("2026-06-01".to_string(), 1), ("2026-06-30".to_string(), 2)]
            .into_iter()
            .collect();
        assert_eq!(
            file_name("spring sale", "daily", &days),
            "spring-sale-daily-2026-06-01-to-2026-06-30.csv"
        );
    }
}

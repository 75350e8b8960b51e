//! "Download CSV" of the analytics pages: the daily series and each breakdown (and, for a
//! link, its rules and variants; for a workspace, its links), and the conversions by event,
//! over the page's range, with the numbers of the same report the API answers.
//!
//! Columns added later come after the first ones, so a sheet that reads a file by position
//! keeps working: `daily` is `date, clicks, conversions`; `rules` and `variants` end with
//! `conversions`, `conversionRate` (the report's ratio, `0.25`, not a percentage) and one
//! `amount <CUR>` column per currency any row of the file has sales in (minor units, `4999`
//! for 49.99 EUR, `0` where a row has none), in code order; `links` ends with `conversions`;
//! `conversions` is `event, conversions` and the same amount columns.

use crate::wire;
use lambda_http::{Body, Response};

use super::super::{PageRequest, download};
use super::analytics;
use super::context::Workspace;
use super::range::Range;
use crate::analytics::conversion_report::{Amounts, Conversions};
use crate::analytics::report::{Breakdown as Entries, RouteStats};
use crate::service::ServiceError;
use crate::wire::export::cell;

const CSV: &str = "text/csv; charset=utf-8";

/// Rows as CSV (the `csv` crate quotes what needs quoting).
fn write(header: &[&str], rows: impl IntoIterator<Item = Vec<String>>) -> String {
    write_owned(&header.iter().map(|h| h.to_string()).collect::<Vec<_>>(), rows)
}

fn write_owned(header: &[String], rows: impl IntoIterator<Item = Vec<String>>) -> String {
    let mut out = csv::Writer::from_writer(Vec::new());
    let mut write_row = |row: &[String]| out.write_record(row).expect("writing to memory cannot fail");
    write_row(header);
    for row in rows {
        write_row(&row);
    }
    String::from_utf8(out.into_inner().expect("writing to memory cannot fail")).expect("CSV of UTF-8 text")
}

type Daily = std::collections::BTreeMap<String, u64>;

/// Clicks and conversions per day (both reports have every day of the range).
fn daily(clicks: &Daily, conversions: &Daily) -> String {
    write(
        &["date", "clicks", "conversions"],
        clicks.iter().map(|(day, count)| {
            let converted = conversions.get(day).copied().unwrap_or(0);
            vec![day.clone(), count.to_string(), converted.to_string()]
        }),
    )
}

/// The currencies any of `amounts` has sales in, in code order.
fn currencies<'a>(amounts: impl IntoIterator<Item = &'a Amounts>) -> Vec<String> {
    let all: std::collections::BTreeSet<&String> = amounts.into_iter().flat_map(|a| a.keys()).collect();
    all.into_iter().cloned().collect()
}

/// `header` followed by `amount <CUR>` for each of `currencies`.
fn with_amounts(header: &[&str], currencies: &[String]) -> Vec<String> {
    let mut all: Vec<String> = header.iter().map(|h| h.to_string()).collect();
    all.extend(currencies.iter().map(|c| format!("amount {c}")));
    all
}

/// A row's cells for `currencies`: its minor units in each, `0` where it has none.
fn amount_cells(amounts: &Amounts, currencies: &[String]) -> Vec<String> {
    currencies
        .iter()
        .map(|c| amounts.get(c).copied().unwrap_or(0).to_string())
        .collect()
}

/// Rules or variants in the page's order, with their clicks and conversions.
fn routes(rows: &[(String, &RouteStats)], id_column: &str) -> String {
    let currencies = currencies(rows.iter().map(|(_, s)| &s.amounts));
    let header = with_amounts(
        &[
            id_column,
            "name",
            "targetUrl",
            "clicks",
            "uniqueClicks",
            "conversions",
            "conversionRate",
        ],
        &currencies,
    );
    write_owned(
        &header,
        rows.iter().map(|(id, stats)| {
            let mut row = vec![
                id.clone(),
                cell(&stats.name),
                cell(&stats.target_url),
                stats.clicks.to_string(),
                stats.unique_clicks.to_string(),
                stats.conversions.to_string(),
                stats.conversion_rate.to_string(),
            ];
            row.extend(amount_cells(&stats.amounts, &currencies));
            row
        }),
    )
}

/// Conversions by event, most converted first, with their sales per currency.
fn conversions(conversions: &Conversions) -> String {
    let currencies = currencies(conversions.values().map(|e| &e.amounts));
    write_owned(
        &with_amounts(&["event", "conversions"], &currencies),
        super::conversions::ranked(conversions)
            .into_iter()
            .map(|(event, entry)| {
                let mut row = vec![cell(event), entry.value.to_string()];
                row.extend(amount_cells(&entry.amounts, &currencies));
                row
            }),
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

/// `…/links/<id>/analytics.csv?part=…`: a link's series, breakdowns, rules, variants or
/// conversions.
pub async fn link(page: &PageRequest<'_>, raw_ws: &str, raw_id: &str) -> Result<Response<Body>, ServiceError> {
    let ws = Workspace::open(page, raw_ws).await?;
    let id = wire::parse_analytics_link_id(Some(raw_id))?;
    let mut range = Range::of(page);
    let part = crate::http::query(page.req, "part").unwrap_or_default();
    let (report, record) = analytics::link_report(page, &ws, &id, &mut range).await?;
    if let Some(invalid) = range.error {
        return Err(invalid.into());
    }
    let body = match part.as_str() {
        "daily" => daily(&report.daily_traffic, &report.daily_conversions),
        "rules" => routes(&analytics::rule_stats(&record, &report), "ruleId"),
        "variants" => routes(&analytics::variant_stats(&record, &report), "variantId"),
        "conversions" => conversions(&report.conversions),
        other => breakdown(analytics::link_entries(&report, other).ok_or_else(|| unknown_part(other))?),
    };
    let name = file_name(&record.slug, &part, &report.daily_traffic);
    Ok(ws.finish(page, download(&name, CSV, body)))
}

/// `…/analytics.csv?part=…`: the workspace's series, links, breakdowns or conversions.
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
        "daily" => daily(&report.daily_traffic, &report.daily_conversions),
        "links" => write(
            &["linkId", "name", "clicks", "conversions"],
            analytics::top_links(&report).into_iter().map(|(id, entry)| {
                vec![
                    id.clone(),
                    cell(&entry.title),
                    entry.value.to_string(),
                    entry.conversions.to_string(),
                ]
            }),
        ),
        "conversions" => conversions(&report.conversions),
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
    fn sales_get_a_column_per_currency_in_minor_units() {
        let entry = |value, amounts: &[(&str, u64)]| crate::analytics::conversion_report::ConversionEntry {
            title: String::new(),
            value,
            amounts: amounts.iter().map(|(c, m)| ((*c).to_string(), *m)).collect(),
        };
        let events: Conversions = [
            ("signup".to_string(), entry(3, &[])),
            ("sale".to_string(), entry(2, &[("USD", 500), ("EUR", 4999)])),
        ]
        .into();
        assert_eq!(
            conversions(&events),
            "event,conversions,amount EUR,amount USD\nsignup,3,0,0\nsale,2,4999,500\n"
        );
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

//! `linkctl reports …`: what visitors reported (`/_sl/report/<slug>` on a short domain).

use chrono::{DateTime, Utc};
use clap::Subcommand;
use lib::admin::AdminError;
use lib::service::Service;
use lib::service::reports::{DEFAULT_REPORTS_PAGE, MAX_REPORTS_PAGE, ReportCursor};
use serde_json::{Value, json};

/// How far back `reports list` looks without `--since`.
const DEFAULT_DAYS: i64 = 7;

#[derive(Subcommand)]
pub(crate) enum ReportCommand {
    /// Reports, newest first, a page at a time: each report, and the page's reports by link
    /// (counts by reason, first and last report, notes); `nextCursor` reads the next page.
    List {
        /// Reports made at or after this ISO 8601 date-time (or date); default 7 days ago.
        #[arg(long, value_parser = crate::cli::parse_time)]
        since: Option<DateTime<Utc>>,
        /// Reports made before this ISO 8601 date-time (or date); default now.
        #[arg(long, value_parser = crate::cli::parse_time)]
        until: Option<DateTime<Utc>>,
        /// The `nextCursor` of the page before: the reports after it.
        #[arg(long)]
        cursor: Option<String>,
        /// Reports on one page, 1 to 1000.
        #[arg(long, default_value_t = DEFAULT_REPORTS_PAGE,
              value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=MAX_REPORTS_PAGE as u64))]
        limit: usize,
    },
}

pub(crate) async fn run(service: &Service, command: ReportCommand) -> Result<Value, AdminError> {
    match command {
        ReportCommand::List {
            since,
            until,
            cursor,
            limit,
        } => {
            let now = service.clock.now();
            let since = since.unwrap_or_else(|| now - chrono::Duration::days(DEFAULT_DAYS));
            let until = until.unwrap_or(now + chrono::Duration::seconds(1));
            let cursor = cursor.as_deref().map(ReportCursor::parse).transpose()?;
            let page = service.reports_page(since, until, cursor.as_ref(), limit).await?;
            let short_link = |domain: &lib::domain::Hostname, slug: &lib::domain::Slug| {
                format!("https://{}/{}", domain.as_str(), slug.as_str())
            };
            let reports: Vec<Value> = page
                .reports
                .iter()
                .map(|report| {
                    json!({
                        "id": report.id,
                        "linkId": report.link_id,
                        "workspaceId": report.workspace_id,
                        "shortLink": short_link(&report.domain, &report.slug),
                        "reason": report.reason.as_str(),
                        "note": report.note.as_ref().map(|n| n.as_str()),
                        "reportedAt": report.reported_at,
                    })
                })
                .collect();
            let links: Vec<Value> = page
                .links
                .iter()
                .map(|link| {
                    let reasons: serde_json::Map<String, Value> = link
                        .by_reason
                        .iter()
                        .map(|(reason, count)| (reason.as_str().to_string(), json!(count)))
                        .collect();
                    json!({
                        "linkId": link.link_id,
                        "workspaceId": link.workspace_id,
                        "shortLink": short_link(&link.domain, &link.slug),
                        "reports": link.count,
                        "reasons": reasons,
                        "firstReportedAt": link.first,
                        "lastReportedAt": link.last,
                        "notes": link.notes,
                    })
                })
                .collect();
            Ok(json!({
                "since": since,
                "until": until,
                "reports": reports,
                "links": links,
                "nextCursor": page.next.map(|c| c.as_text()),
            }))
        }
    }
}

//! `linkctl reports …`: what visitors reported (`/_sl/report/<slug>` on a short domain).

use chrono::{DateTime, Utc};
use clap::Subcommand;
use lib::admin::AdminError;
use lib::service::Service;
use serde_json::{Value, json};

/// How far back `reports list` looks without `--since`.
const DEFAULT_DAYS: i64 = 7;

#[derive(Subcommand)]
pub(crate) enum ReportCommand {
    /// Reported links, most reported first: counts by reason, first and last report, notes.
    List {
        /// Reports made at or after this ISO 8601 date-time (or date); default 7 days ago.
        #[arg(long, value_parser = crate::cli::parse_time)]
        since: Option<DateTime<Utc>>,
    },
}

pub(crate) async fn run(service: &Service, command: ReportCommand) -> Result<Value, AdminError> {
    match command {
        ReportCommand::List { since } => {
            let since = since.unwrap_or_else(|| service.clock.now() - chrono::Duration::days(DEFAULT_DAYS));
            let summary = service.reports_since(since).await?;
            let links: Vec<Value> = summary
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
                        "shortLink": format!("https://{}/{}", link.domain.as_str(), link.slug.as_str()),
                        "reports": link.count,
                        "reasons": reasons,
                        "firstReportedAt": link.first,
                        "lastReportedAt": link.last,
                        "notes": link.notes,
                    })
                })
                .collect();
            Ok(json!({ "since": since, "links": links, "truncated": summary.truncated }))
        }
    }
}

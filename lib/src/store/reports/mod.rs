//! Reports of links: one item each in the reports partition ([`keys::report`]), kept a year
//! and a month (their TTL), read in time order from a moment on.

use chrono::{DateTime, Utc};

use crate::domain::LinkReport;
use crate::store::queries::Keys;
use crate::store::{Store, StoreError, decode, encode, keys, query_up_to, s, with_ttl};

/// How long a report is kept.
pub const REPORT_MEMORY: chrono::Duration = chrono::Duration::days(400);

/// Reports read from a moment on, in the order they came, at most the number asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportRead {
    pub reports: Vec<LinkReport>,
    /// More reports came after the last one read.
    pub truncated: bool,
}

impl Store {
    /// Keeps a report (it expires after [`REPORT_MEMORY`]).
    pub async fn put_report(&self, report: &LinkReport) -> Result<(), StoreError> {
        let item = encode(report, &keys::report(report.reported_at, &report.id), None)?;
        self.put_new(with_ttl(item, report.reported_at + REPORT_MEMORY)).await
    }

    /// The reports made at `since` or later, oldest first, at most `max`.
    pub async fn reports_since(&self, since: DateTime<Utc>, max: usize) -> Result<ReportRead, StoreError> {
        let query = self
            .partition_query(Keys::Table, keys::REPORTS_PARTITION.to_string())
            .key_condition_expression("#pk = :pk AND #sk >= :since")
            .expression_attribute_names("#sk", keys::SK)
            .expression_attribute_values(":since", s(keys::reports_from(since)));
        let mut items = query_up_to(query, max.saturating_add(1)).await?;
        let truncated = items.len() > max;
        items.truncate(max);
        let reports = items.into_iter().map(decode).collect::<Result<_, _>>()?;
        Ok(ReportRead { reports, truncated })
    }
}

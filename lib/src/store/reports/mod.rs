//! Reports of links: one item each in the reports partition ([`keys::report`]), kept a year
//! and a month (their TTL), read newest first a page at a time over a period.

use chrono::{DateTime, Utc};

use crate::domain::LinkReport;
use crate::store::items::key_map;
use crate::store::queries::Keys;
use crate::store::{Store, StoreError, decode, encode, keys, s, with_ttl};

/// How long a report is kept.
pub const REPORT_MEMORY: chrono::Duration = chrono::Duration::days(400);

/// One page of reports, newest first, and the sort key of its last report when more follow.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportRead {
    pub reports: Vec<LinkReport>,
    /// The sort key of the page's last report, when older reports of the period follow it.
    pub after: Option<String>,
}

impl Store {
    /// Keeps a report (it expires after [`REPORT_MEMORY`]).
    pub async fn put_report(&self, report: &LinkReport) -> Result<(), StoreError> {
        let item = encode(report, &keys::report(report.reported_at, &report.id), None)?;
        self.put_new(with_ttl(item, report.reported_at + REPORT_MEMORY)).await
    }

    /// The reports made at `since` or later and before `until`, newest first, older than the
    /// report whose sort key is `after` when given, at most `max`.
    pub async fn reports_between(
        &self,
        since: DateTime<Utc>,
        until: DateTime<Utc>,
        after: Option<&str>,
        max: usize,
    ) -> Result<ReportRead, StoreError> {
        let query = self
            .partition_query(Keys::Table, keys::REPORTS_PARTITION.to_string())
            .key_condition_expression("#pk = :pk AND #sk BETWEEN :since AND :until")
            .expression_attribute_names("#sk", keys::SK)
            .expression_attribute_values(":since", s(keys::reports_from(since)))
            .expression_attribute_values(":until", s(keys::reports_from(until)))
            .scan_index_forward(false);
        let mut start = after.map(|sk| key_map(&keys::report_with_sort_key(sk)));
        let wanted = max.saturating_add(1);
        let mut items = Vec::new();
        loop {
            let out = query
                .clone()
                .limit(i32::try_from(wanted - items.len()).unwrap_or(i32::MAX))
                .set_exclusive_start_key(start)
                .send()
                .await
                .map_err(|e| StoreError::request("Query", e))?;
            items.extend(out.items.unwrap_or_default());
            start = out.last_evaluated_key;
            if start.is_none() || items.len() >= wanted {
                break;
            }
        }
        let more = items.len() > max;
        items.truncate(max);
        let after = more
            .then(|| items.last().and_then(|i| i.get(keys::SK)?.as_s().ok().cloned()))
            .flatten();
        let reports = items.into_iter().map(decode).collect::<Result<_, _>>()?;
        Ok(ReportRead { reports, after })
    }
}

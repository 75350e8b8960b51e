//! Reports of links by anyone who met them (the visitor door's `/_sl/report/<slug>`), and the
//! operator's view of them (`linkctl reports list`).
//!
//! A reporter learns nothing: every report that passes the form is thanked alike, whether the
//! link exists, was reported too often this hour already (then it is not kept again), or was
//! kept. Only the per-address limit answers differently, and it is counted before the link is
//! looked up, so it says nothing about the link either. The address is counted under a keyed
//! hash, never as it is.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};

use crate::domain::ids::ObjectId;
use crate::domain::{ClientAddress, Hostname, LinkReport, ReportForm, ReportReason, SigningKey, Slug};
use crate::service::{Service, ServiceError};
use crate::store::keys::Throttle;

/// Reports one client address may send in a clock hour.
pub const REPORTS_PER_ADDRESS_PER_HOUR: u32 = 10;
/// Reports of one link kept in a clock hour; more are thanked and not kept.
pub const REPORTS_PER_LINK_PER_HOUR: u32 = 100;
/// The most reports one listing reads.
pub const MAX_LISTED_REPORTS: usize = 10_000;

/// A report to file: where the reporter was, what they said, and from which address.
#[derive(Debug)]
pub struct NewReport<'a> {
    pub domain: Hostname,
    pub slug: Slug,
    pub form: ReportForm,
    pub address: &'a ClientAddress,
    /// The key the address is hashed with before it is counted.
    pub hash_key: &'a SigningKey,
}

/// The reports of one link over a period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportedLink {
    pub link_id: ObjectId,
    pub workspace_id: ObjectId,
    pub domain: Hostname,
    pub slug: Slug,
    pub count: usize,
    pub by_reason: BTreeMap<ReportReason, usize>,
    pub first: DateTime<Utc>,
    pub last: DateTime<Utc>,
    /// The notes reporters left, oldest first.
    pub notes: Vec<String>,
}

/// Reported links, most reported first, and whether the period held more reports than were read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportSummary {
    pub links: Vec<ReportedLink>,
    pub truncated: bool,
}

/// The counter source of an address: a keyed hash, so the table never holds an address.
fn address_source(address: &ClientAddress, key: &SigningKey) -> String {
    hex::encode(key.tag16(&[b"report", address.as_str().as_bytes()]))
}

impl Service {
    /// Files a report: `Ok(())` thanks the reporter (whatever became of it), or
    /// [`ServiceError::TooManyFromAddress`] past the address's hourly limit.
    pub async fn report_link(&self, report: NewReport<'_>) -> Result<(), ServiceError> {
        let now = self.clock.now();
        let throttle = Throttle::ReportsFromAddress;
        let source = address_source(report.address, report.hash_key);
        if !self
            .store
            .count_in_window(throttle, &source, now, REPORTS_PER_ADDRESS_PER_HOUR)
            .await?
        {
            return Err(ServiceError::TooManyFromAddress {
                retry_after: throttle.seconds_left(now),
            });
        }
        let Some(stored) = self.store.get_served_link(&report.domain, &report.slug).await? else {
            return Ok(());
        };
        let link = stored.link;
        if !self
            .store
            .count_in_window(
                Throttle::ReportsOfLink,
                link.id.as_str(),
                now,
                REPORTS_PER_LINK_PER_HOUR,
            )
            .await?
        {
            return Ok(());
        }
        let kept = LinkReport {
            id: ObjectId::generate(now, self.entropy.as_ref()),
            link_id: link.id,
            workspace_id: link.workspace_id,
            domain: report.domain,
            slug: report.slug,
            reason: report.form.reason,
            note: report.form.note,
            reported_at: now,
        };
        self.store.put_report(&kept).await?;
        Ok(())
    }

    /// The reports made since `since`, grouped by link (most reported first).
    pub async fn reports_since(&self, since: DateTime<Utc>) -> Result<ReportSummary, crate::store::StoreError> {
        let read = self.store.reports_since(since, MAX_LISTED_REPORTS).await?;
        Ok(ReportSummary {
            links: group(read.reports),
            truncated: read.truncated,
        })
    }
}

/// Reports (oldest first) grouped by link, the most reported first (then the latest reported).
fn group(reports: Vec<LinkReport>) -> Vec<ReportedLink> {
    let mut by_link: BTreeMap<ObjectId, ReportedLink> = BTreeMap::new();
    for report in reports {
        let entry = by_link.entry(report.link_id.clone()).or_insert_with(|| ReportedLink {
            link_id: report.link_id.clone(),
            workspace_id: report.workspace_id.clone(),
            domain: report.domain.clone(),
            slug: report.slug.clone(),
            count: 0,
            by_reason: BTreeMap::new(),
            first: report.reported_at,
            last: report.reported_at,
            notes: Vec::new(),
        });
        entry.count += 1;
        *entry.by_reason.entry(report.reason).or_default() += 1;
        entry.first = entry.first.min(report.reported_at);
        entry.last = entry.last.max(report.reported_at);
        entry.notes.extend(report.note.map(String::from));
    }
    let mut links: Vec<ReportedLink> = by_link.into_values().collect();
    links.sort_by(|a, b| b.count.cmp(&a.count).then(b.last.cmp(&a.last)));
    links
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(link: &str, reason: ReportReason, minute: u32, note: Option<&str>) -> LinkReport {
        LinkReport {
            id: ObjectId::parse(&format!("65a1b2c3d4e5f607182930{minute:02}")).unwrap(),
            link_id: ObjectId::parse(link).unwrap(),
            workspace_id: ObjectId::parse("65a1b2c3d4e5f60718293aaa").unwrap(),
            domain: Hostname::parse("host", "sl.test").unwrap(),
            slug: Slug::parse("x").unwrap(),
            reason,
            note: note.map(|n| crate::domain::ReportNote::parse("note", n).unwrap()),
            reported_at: format!("2026-11-28T10:{minute:02}:00Z").parse().unwrap(),
        }
    }

    #[test]
    fn reports_group_by_link_with_counts_per_reason_the_most_reported_first() {
        let a = "65a1b2c3d4e5f60718293a01";
        let b = "65a1b2c3d4e5f60718293a02";
        let grouped = group(vec![
            report(a, ReportReason::Spam, 1, None),
            report(b, ReportReason::Phishing, 2, Some("asks for my bank password")),
            report(b, ReportReason::Phishing, 3, None),
            report(b, ReportReason::Other, 4, None),
        ]);
        assert_eq!(grouped.len(), 2);
        assert_eq!(grouped[0].link_id.as_str(), b);
        assert_eq!(grouped[0].count, 3);
        assert_eq!(grouped[0].by_reason[&ReportReason::Phishing], 2);
        assert_eq!(grouped[0].by_reason[&ReportReason::Other], 1);
        assert_eq!(grouped[0].notes, ["asks for my bank password"]);
        assert_eq!(grouped[0].first.to_rfc3339(), "2026-11-28T10:02:00+00:00");
        assert_eq!(grouped[1].count, 1);
    }

    #[test]
    fn an_address_is_counted_under_a_keyed_hash_never_as_it_is() {
        let key = SigningKey::derive(b"a secret of at least thirty-two characters", "visitor");
        let address = ClientAddress::from_source(Some("203.0.113.9"));
        let source = address_source(&address, &key);
        assert!(!source.contains("203.0.113.9"));
        assert_eq!(source.len(), 32);
        let other = SigningKey::derive(b"another secret of at least thirty-two chars", "visitor");
        assert_ne!(source, address_source(&address, &other));
    }
}

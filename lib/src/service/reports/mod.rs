//! Reports of links by anyone who met them (the visitor door's `/_sl/report/<slug>`), and the
//! operator's view of them (`linkctl reports list`).
//!
//! A reporter learns nothing: every report that passes the form is thanked alike, whether the
//! link exists, was reported too often this hour already, its workspace's or the whole
//! service's kept reports reached their hourly cap (then it is not kept, and a log line the
//! `ReportsNotKeptAlarm` counts says so), or was kept. Only the per-address and per-network
//! limits answer differently, and they are counted before the link is looked up, so they say
//! nothing about the link either. Addresses are counted under a keyed hash, never as they are.

use std::collections::BTreeMap;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};

use crate::domain::ids::ObjectId;
use crate::domain::{ClientAddress, Hostname, Invalid, LinkReport, ReportForm, ReportReason, SigningKey, Slug};
use crate::service::{Service, ServiceError};
use crate::store::StoreError;
use crate::store::keys::{EVERY_SOURCE, Throttle, looks_like_report_sort_key};

/// Reports one client address (an IPv4 address, an IPv6 /64) may send in a clock hour.
pub const REPORTS_PER_ADDRESS_PER_HOUR: u32 = 10;
/// Reports one IPv6 /48 may send in a clock hour, whichever of its /64s sends them.
pub const REPORTS_PER_NETWORK_PER_HOUR: u32 = 30;
/// Reports of one link kept in a clock hour; more are thanked and not kept.
pub const REPORTS_PER_LINK_PER_HOUR: u32 = 100;
/// Reports of one workspace's links kept in a clock hour; more are thanked and not kept.
pub const REPORTS_KEPT_PER_WORKSPACE_PER_HOUR: u32 = 300;
/// Reports kept in a clock hour, every link together; more are thanked and not kept.
pub const REPORTS_KEPT_PER_HOUR: u32 = 2_000;
/// The reports one page of the operator's list holds unless asked otherwise.
pub const DEFAULT_REPORTS_PAGE: usize = 100;
/// The most reports one page of the operator's list holds.
pub const MAX_REPORTS_PAGE: usize = 1_000;

/// The log line (its message's start) of a report past a cap; the template's metric filter
/// counts it.
pub const NOT_KEPT_LOG: &str = "report not kept: past an hourly cap";

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

/// The reports of one link among those read.
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
    /// The notes reporters left, newest first.
    pub notes: Vec<String>,
}

/// Where a page of the operator's list ended: the next page starts after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportCursor(String);

impl ReportCursor {
    /// A cursor as a page of `reports list` gave it.
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        let refuse = || Invalid::new("cursor", "That cursor is not one `reports list` gave.");
        let bytes = URL_SAFE_NO_PAD.decode(raw.trim()).map_err(|_| refuse())?;
        let key = String::from_utf8(bytes).map_err(|_| refuse())?;
        if !looks_like_report_sort_key(&key) {
            return Err(refuse());
        }
        Ok(Self(key))
    }

    pub fn as_text(&self) -> String {
        URL_SAFE_NO_PAD.encode(self.0.as_bytes())
    }
}

/// One page of reports, newest first, grouped by link too, and where the next page starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportPage {
    pub reports: Vec<LinkReport>,
    /// The page's reports by link, most reported first.
    pub links: Vec<ReportedLink>,
    /// Older reports of the period follow: pass this to read them.
    pub next: Option<ReportCursor>,
}

/// The counter source of an address or network: a keyed hash, so the table never holds one.
fn address_source(address: &str, key: &SigningKey) -> String {
    hex::encode(key.tag16(&[b"report", address.as_bytes()]))
}

impl Service {
    /// Files a report: `Ok(())` thanks the reporter (whatever became of it), or
    /// [`ServiceError::TooManyFromAddress`] past the address's or its network's hourly limit.
    pub async fn report_link(&self, report: NewReport<'_>) -> Result<(), ServiceError> {
        let now = self.clock.now();
        let network = report.address.network_48();
        let senders = std::iter::once((
            Throttle::ReportsFromAddress,
            report.address.as_str(),
            REPORTS_PER_ADDRESS_PER_HOUR,
        ))
        .chain(
            network
                .as_deref()
                .map(|n| (Throttle::ReportsFromNetwork, n, REPORTS_PER_NETWORK_PER_HOUR)),
        );
        for (throttle, sender, limit) in senders {
            let source = address_source(sender, report.hash_key);
            if !self.store.count_in_window(throttle, &source, now, limit).await? {
                return Err(ServiceError::TooManyFromAddress {
                    retry_after: throttle.seconds_left(now),
                });
            }
        }
        let Some(stored) = self.store.get_served_link(&report.domain, &report.slug).await? else {
            return Ok(());
        };
        let link = stored.link;
        let caps = [
            (
                Throttle::ReportsOfLink,
                link.id.as_str(),
                REPORTS_PER_LINK_PER_HOUR,
                "link",
            ),
            (
                Throttle::ReportsOfWorkspace,
                link.workspace_id.as_str(),
                REPORTS_KEPT_PER_WORKSPACE_PER_HOUR,
                "workspace",
            ),
            (Throttle::ReportsKept, EVERY_SOURCE, REPORTS_KEPT_PER_HOUR, "overall"),
        ];
        for (throttle, source, limit, cap) in caps {
            if !self.store.count_in_window(throttle, source, now, limit).await? {
                tracing::warn!(cap, limit, link_id = %link.id, workspace_id = %link.workspace_id, "{NOT_KEPT_LOG}");
                return Ok(());
            }
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

    /// A page of the reports made at `since` or later and before `until`, newest first (after
    /// `cursor` when given), at most `limit` (1 to [`MAX_REPORTS_PAGE`]).
    pub async fn reports_page(
        &self,
        since: DateTime<Utc>,
        until: DateTime<Utc>,
        cursor: Option<&ReportCursor>,
        limit: usize,
    ) -> Result<ReportPage, StoreError> {
        let limit = limit.clamp(1, MAX_REPORTS_PAGE);
        let read = self
            .store
            .reports_between(since, until, cursor.map(|c| c.0.as_str()), limit)
            .await?;
        Ok(ReportPage {
            links: group(&read.reports),
            reports: read.reports,
            next: read.after.map(ReportCursor),
        })
    }
}

/// Reports grouped by link, the most reported first (then the latest reported).
fn group(reports: &[LinkReport]) -> Vec<ReportedLink> {
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
        entry.notes.extend(report.note.as_ref().map(|n| n.as_str().to_string()));
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
        let grouped = group(&[
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
    fn a_cursor_is_a_report_key_and_nothing_else() {
        let cursor = ReportCursor("2026-11-28T10:02:00.000Z#65a1b2c3d4e5f60718293002".into());
        assert_eq!(ReportCursor::parse(&cursor.as_text()), Ok(cursor));
        let refused = ReportCursor::parse(&URL_SAFE_NO_PAD.encode("LINK#x")).unwrap_err();
        assert_eq!(refused.message, "That cursor is not one `reports list` gave.");
        assert!(ReportCursor::parse("not base64!").is_err());
    }

    #[test]
    fn an_address_is_counted_under_a_keyed_hash_never_as_it_is() {
        let key = SigningKey::derive(b"a secret of at least thirty-two characters", "visitor");
        let address = ClientAddress::from_source(Some("203.0.113.9"));
        let source = address_source(address.as_str(), &key);
        assert!(!source.contains("203.0.113.9"));
        assert_eq!(source.len(), 32);
        let other = SigningKey::derive(b"another secret of at least thirty-two chars", "visitor");
        assert_ne!(source, address_source(address.as_str(), &other));
    }
}

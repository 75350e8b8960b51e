//! Analytics per link and per workspace, read from per-day rollups: a report reads
//! O(days in range) items, whatever the click volume.

use std::collections::BTreeMap;

use chrono::NaiveDate;

use crate::analytics::report::{self, Summed};
pub use crate::analytics::report::{LinkAnalytics, WorkspaceAnalytics};
use crate::analytics::{FoldReport, StreamRecord};
use crate::domain::Invalid;
use crate::domain::ids::ObjectId;
use crate::service::{Service, ServiceError, accounts::Access};
use crate::store::StoreError;
use crate::store::keys::StatsOwner;
use crate::wire::DayRange;

/// The longest range a report covers.
pub const MAX_RANGE_DAYS: i64 = 3660;

/// The days a report covers (UTC, both inclusive): `from` defaults to `created`, `to` to today.
pub(in crate::service) fn range(
    asked: DayRange,
    created: NaiveDate,
    today: NaiveDate,
) -> Result<(NaiveDate, NaiveDate), ServiceError> {
    // The parameter at fault when the range is too long: the one the caller chose.
    let blamed = if asked.from.is_none() && asked.to.is_some() {
        "to"
    } else {
        "from"
    };
    let to = asked.to.unwrap_or(today);
    let from = asked.from.unwrap_or(created.min(to));
    if from > to {
        return Err(Invalid::new("from", format!("from ({from}) must not be after to ({to}).")).into());
    }
    if (to - from).num_days() + 1 > MAX_RANGE_DAYS {
        return Err(Invalid::new(
            blamed,
            format!("The date range may span at most {MAX_RANGE_DAYS} days."),
        )
        .into());
    }
    Ok((from, to))
}

impl Service {
    fn today(&self) -> NaiveDate {
        self.clock.now().date_naive()
    }

    /// `GET /links/{id}/analytics` and the `get_link_analytics` tool.
    pub async fn link_analytics(
        &self,
        access: &Access,
        id: &ObjectId,
        asked: DayRange,
    ) -> Result<LinkAnalytics, ServiceError> {
        let stored = self
            .store
            .get_link(id)
            .await?
            .filter(|s| s.link.workspace_id == access.workspace.id);
        let link = stored.ok_or(ServiceError::LinkNotInWorkspace)?.link;
        let (from, to) = range(asked, link.created_at.date_naive(), self.today())?;
        let owner = StatsOwner::Link(id.clone());
        let (items, total) = tokio::try_join!(self.store.day_stats(&owner, from, to), self.store.link_total(id))?;
        Ok(report::link_report(&link, &Summed::of(&items), total, from, to))
    }

    /// `GET /links/analytics` and the `get_workspace_analytics` tool (owner or manager only).
    pub async fn workspace_analytics(
        &self,
        access: &Access,
        asked: DayRange,
    ) -> Result<WorkspaceAnalytics, ServiceError> {
        if !access.can_read_workspace_analytics() {
            return Err(ServiceError::NotOwnerOrManager);
        }
        let (from, to) = range(asked, access.workspace.created_at.date_naive(), self.today())?;
        let items = self
            .store
            .day_stats(&StatsOwner::Workspace(access.workspace.id.clone()), from, to)
            .await?;
        let summed = Summed::of(&items);
        let ids = report::clicked_links(&summed);
        let names: BTreeMap<ObjectId, String> = self.store.link_names(&ids).await?.into_iter().collect();
        Ok(report::workspace_report(&summed, &names, from, to))
    }

    /// All-time counted clicks of a link (the `clicks` of the full link record).
    pub async fn total_clicks(&self, link: &ObjectId) -> Result<u64, ServiceError> {
        Ok(self.store.link_total(link).await?)
    }

    /// Folds raw clicks and conversions from the table's stream into the per-day rollups (the
    /// `click-aggregator` function, and the dev server's stand-in for it); a record already
    /// counted is skipped, so a retried batch never counts a click or conversion twice.
    pub async fn fold_stream(&self, records: &[StreamRecord]) -> Result<FoldReport, StoreError> {
        crate::analytics::fold(&self.store, records).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> NaiveDate {
        s.parse().unwrap()
    }

    fn asked(from: Option<&str>, to: Option<&str>) -> DayRange {
        DayRange {
            from: from.map(day),
            to: to.map(day),
        }
    }

    #[test]
    fn range_defaults_to_creation_day_through_today() {
        assert_eq!(
            range(DayRange::default(), day("2026-01-05"), day("2026-02-01")).unwrap(),
            (day("2026-01-05"), day("2026-02-01"))
        );
    }

    #[test]
    fn range_rejects_from_after_to_and_overlong_ranges() {
        let (created, today) = (day("2026-01-01"), day("2026-04-01"));
        assert!(range(asked(Some("2026-03-02"), Some("2026-03-01")), created, today).is_err());
        assert!(range(asked(Some("2000-01-01"), Some("2026-03-01")), created, today).is_err());
        assert!(range(asked(Some("2016-03-10"), Some("2026-03-01")), created, today).is_ok());
    }

    #[test]
    fn an_overlong_range_blames_the_parameter_the_caller_sent() {
        let err = range(asked(None, Some("9999-12-31")), day("2026-01-01"), day("2026-04-01")).unwrap_err();
        assert!(
            matches!(&err, ServiceError::Invalid(i) if i.field.as_deref() == Some("to")),
            "{err:?}"
        );
    }
}

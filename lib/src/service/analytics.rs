//! Analytics per link and per workspace, read from per-day rollups: a report reads
//! O(days in range) items, whatever the click volume.

use std::collections::BTreeMap;

use chrono::NaiveDate;

use super::{Access, Service, ServiceError};
use crate::analytics::report::{self, Summed};
pub use crate::analytics::report::{LinkAnalytics, WorkspaceAnalytics};
use crate::domain::Invalid;
use crate::ids::ObjectId;
use crate::store::keys::StatsOwner;

/// The longest range a report covers.
pub const MAX_RANGE_DAYS: i64 = 3660;

/// Parses `from`/`to` (UTC days, both inclusive); `from` defaults to `created`, `to` to today.
fn range(
    from: Option<&str>,
    to: Option<&str>,
    created: NaiveDate,
    today: NaiveDate,
) -> Result<(NaiveDate, NaiveDate), ServiceError> {
    let parse = |field: &str, raw: Option<&str>, default: NaiveDate| -> Result<NaiveDate, ServiceError> {
        match raw.map(str::trim).filter(|r| !r.is_empty()) {
            None => Ok(default),
            Some(raw) => NaiveDate::parse_from_str(raw, "%Y-%m-%d")
                .ok()
                .filter(|_| raw.len() == 10)
                .ok_or_else(|| {
                    Invalid::new(
                        field,
                        format!("{field} must be a date written YYYY-MM-DD (got {raw:?})."),
                    )
                    .into()
                }),
        }
    };
    // The parameter at fault when the range is too long: the one the caller chose.
    let blamed = if from.is_none() && to.is_some() { "to" } else { "from" };
    let to = parse("to", to, today)?;
    let from = parse("from", from, created.min(to))?;
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

    /// `GET /links/{id}/analytics` and the `get_link_analytics` tool. `from`/`to` are
    /// `YYYY-MM-DD` as the caller sent them.
    pub async fn link_analytics(
        &self,
        access: &Access,
        link_id: &str,
        from: Option<&str>,
        to: Option<&str>,
    ) -> Result<LinkAnalytics, ServiceError> {
        let id = ObjectId::parse(link_id.trim()).map_err(|_| ServiceError::InvalidAnalyticsLinkId)?;
        let stored = self
            .store
            .get_link(&id)
            .await?
            .filter(|s| s.link.workspace_id == access.workspace.id);
        let link = stored.ok_or(ServiceError::LinkNotInWorkspace)?.link;
        let (from, to) = range(from, to, link.created_at.date_naive(), self.today())?;
        let owner = StatsOwner::Link(id.clone());
        let (items, total) = tokio::try_join!(self.store.day_stats(&owner, from, to), self.store.link_total(&id))?;
        Ok(report::link_report(&link, &Summed::of(&items), total, from, to))
    }

    /// `GET /links/analytics` and the `get_workspace_analytics` tool (owner or manager only).
    pub async fn workspace_analytics(
        &self,
        access: &Access,
        from: Option<&str>,
        to: Option<&str>,
    ) -> Result<WorkspaceAnalytics, ServiceError> {
        if !access.can_read_workspace_analytics() {
            return Err(ServiceError::NotOwnerOrManager);
        }
        let (from, to) = range(from, to, access.workspace.created_at.date_naive(), self.today())?;
        let items = self
            .store
            .day_stats(&StatsOwner::Workspace(access.workspace.id.clone()), from, to)
            .await?;
        let summed = Summed::of(&items);
        let ids: Vec<ObjectId> = report::clicked_links(&summed).into_iter().map(|(id, _)| id).collect();
        let names: BTreeMap<ObjectId, String> = self.store.link_names(&ids).await?.into_iter().collect();
        Ok(report::workspace_report(&summed, &names, from, to))
    }

    /// All-time counted clicks of a link (the `clicks` of the full link record).
    pub async fn total_clicks(&self, link: &ObjectId) -> Result<u64, ServiceError> {
        Ok(self.store.link_total(link).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> NaiveDate {
        s.parse().unwrap()
    }

    #[test]
    fn range_defaults_to_creation_day_through_today() {
        assert_eq!(
            range(None, None, day("2026-01-05"), day("2026-02-01")).unwrap(),
            (day("2026-01-05"), day("2026-02-01"))
        );
    }

    #[test]
    fn range_rejects_malformed_dates_naming_the_parameter() {
        for (from, to, field) in [
            (Some("2026-1-5"), None, "from"),
            (None, Some("yesterday"), "to"),
            (Some("2026-02-30"), None, "from"),
        ] {
            let err = range(from, to, day("2026-01-01"), day("2026-03-01")).unwrap_err();
            assert!(
                matches!(&err, ServiceError::Invalid(i) if i.field.as_deref() == Some(field)),
                "{err:?}"
            );
        }
    }

    #[test]
    fn range_rejects_from_after_to_and_overlong_ranges() {
        assert!(
            range(
                Some("2026-03-02"),
                Some("2026-03-01"),
                day("2026-01-01"),
                day("2026-04-01")
            )
            .is_err()
        );
        assert!(
            range(
                Some("2000-01-01"),
                Some("2026-03-01"),
                day("2026-01-01"),
                day("2026-04-01")
            )
            .is_err()
        );
        assert!(
            range(
                Some("2016-03-10"),
                Some("2026-03-01"),
                day("2026-01-01"),
                day("2026-04-01")
            )
            .is_ok()
        );
    }
}

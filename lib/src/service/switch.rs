//! The operator's switch (`linkctl link disable|enable`, `linkctl workspace
//! suspend|unsuspend`): each action written with its audit item (who, when, why), and the audit
//! read back (`linkctl audit list`). What a switched-off link or workspace answers is decided
//! where it is used: the visit (`451`, `visits/visit.rs`), the owner's edit (`links/edit.rs`),
//! the admission of keys and grants (`accounts/auth.rs`, `oauth/bearer.rs`).

use chrono::{DateTime, Datelike, Months, TimeZone, Utc};

use super::Service;
use crate::domain::ids::ObjectId;
use crate::domain::{AuditAction, AuditEntry, OperatorName, OperatorReason};
use crate::store::StoreError;
pub use crate::store::{Stamped, Switched};

/// The most audit items `linkctl audit list` prints in one run.
pub const MAX_AUDIT_ENTRIES: usize = 1000;
/// How many months back `linkctl audit list` reads at most.
pub const MAX_AUDIT_MONTHS: u32 = 36;

impl Service {
    /// Disables a link for abuse: its visitors get `451`, its owner sees `reason` and cannot
    /// switch it back on.
    pub async fn disable_link(
        &self,
        id: &ObjectId,
        reason: &OperatorReason,
        by: &OperatorName,
    ) -> Result<Switched, StoreError> {
        let entry = self.audit_entry(AuditAction::LinkDisabled, id.as_str(), reason, by);
        self.store.switch_link(id, Some(reason), &entry).await
    }

    /// Enables a link the operator disabled (`Unchanged` when it was not).
    pub async fn enable_link(
        &self,
        id: &ObjectId,
        reason: &OperatorReason,
        by: &OperatorName,
    ) -> Result<Switched, StoreError> {
        let entry = self.audit_entry(AuditAction::LinkEnabled, id.as_str(), reason, by);
        self.store.switch_link(id, None, &entry).await
    }

    /// Suspends a workspace: its keys and grants get `403` from the next request, and every
    /// link write holds on the workspace not being suspended (the workspace is written first,
    /// so no new link, moved link or link written by work in flight can follow); then every link
    /// of it is stamped with the reason and answers `451`, including those written just before
    /// the suspension that the link index lists late (see [`Store::stamp_workspace_links`]).
    /// Answers how many links were stamped, and how many the index had not listed in time.
    /// Running it again finishes a run that stopped halfway.
    ///
    /// [`Store::stamp_workspace_links`]: crate::store::Store::stamp_workspace_links
    pub async fn suspend_workspace(
        &self,
        id: &ObjectId,
        reason: &OperatorReason,
        by: &OperatorName,
    ) -> Result<(Switched, Stamped), StoreError> {
        let entry = self.audit_entry(AuditAction::WorkspaceSuspended, id.as_str(), reason, by);
        let switched = self.store.switch_workspace(id, Some(reason), &entry).await?;
        if switched == Switched::NotFound {
            return Ok((switched, Stamped::default()));
        }
        Ok((switched, self.store.stamp_workspace_links(id, Some(reason)).await?))
    }

    /// Lifts a workspace's suspension (`Unchanged` when it was not suspended) and takes the
    /// stamp off its links (whatever a run that stopped halfway left).
    pub async fn unsuspend_workspace(
        &self,
        id: &ObjectId,
        reason: &OperatorReason,
        by: &OperatorName,
    ) -> Result<(Switched, Stamped), StoreError> {
        let entry = self.audit_entry(AuditAction::WorkspaceUnsuspended, id.as_str(), reason, by);
        let switched = self.store.switch_workspace(id, None, &entry).await?;
        if switched == Switched::NotFound {
            return Ok((switched, Stamped::default()));
        }
        Ok((switched, self.store.stamp_workspace_links(id, None).await?))
    }

    /// The operator's actions since `since` (at most [`MAX_AUDIT_MONTHS`] back), oldest first:
    /// one `Query` per month up to now, at most [`MAX_AUDIT_ENTRIES`].
    pub async fn audit_list(&self, since: DateTime<Utc>) -> Result<Vec<AuditEntry>, StoreError> {
        let now = self.clock.now();
        let earliest = now.checked_sub_months(Months::new(MAX_AUDIT_MONTHS)).unwrap_or(now);
        let since = since.max(earliest);
        let mut month = Utc
            .with_ymd_and_hms(since.year(), since.month(), 1, 0, 0, 0)
            .single()
            .unwrap_or(since);
        let mut entries = Vec::new();
        while month <= now && entries.len() < MAX_AUDIT_ENTRIES {
            let left = MAX_AUDIT_ENTRIES - entries.len();
            entries.extend(self.store.audit_entries(month, since, left).await?);
            let Some(next) = month.checked_add_months(Months::new(1)) else {
                break;
            };
            month = next;
        }
        Ok(entries)
    }

    pub(super) fn audit_entry(
        &self,
        action: AuditAction,
        target: &str,
        reason: &OperatorReason,
        by: &OperatorName,
    ) -> AuditEntry {
        AuditEntry {
            id: self.new_id(),
            at: self.clock.now(),
            by: by.clone(),
            action,
            target: target.to_string(),
            reason: reason.clone(),
        }
    }
}

/// A write refused because the operator suspended the workspace after the request was
/// admitted: what the next request of the workspace gets at admission.
pub(crate) fn suspended(reason: &OperatorReason) -> super::ServiceError {
    super::ServiceError::WorkspaceSuspended(reason.as_str().to_string())
}

/// `403` with the operator's reason for a suspended workspace's keys, grants and pages.
pub(crate) fn refuse_suspended(workspace: &crate::domain::Workspace) -> Result<(), super::ServiceError> {
    match &workspace.suspended_reason {
        Some(reason) => Err(suspended(reason)),
        None => Ok(()),
    }
}

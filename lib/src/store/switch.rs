//! The operator's switch in the table: a link's `disabledReason`, a workspace's
//! `suspendedReason`, each written together with its audit item (all or nothing), and the audit
//! items read back a month at a time.

use aws_sdk_dynamodb::types::AttributeValue;
use chrono::{DateTime, Utc};

use super::links::index::IndexRead;
use super::links::stored::{DISABLED_REASON, SUSPENDED_REASON};
use super::{Store, StoreError, decode, encode, item_key, keys, n, query_up_to, s, tx, update_applied};
use crate::domain::ids::ObjectId;
use crate::domain::{AuditEntry, OperatorReason};

/// What a switch did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Switched {
    /// Written, with its audit item.
    Done,
    /// No such link or workspace.
    NotFound,
    /// Nothing to undo: the link was not disabled, the workspace not suspended (no audit item).
    Unchanged,
}

/// What stamping a workspace's links did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stamped {
    /// Links whose stamp was put on (or taken off).
    pub changed: u64,
    /// Links the workspace counts that the index did not list by the last pass: not stamped.
    /// Running the switch again stamps them.
    pub unlisted: u64,
}

/// How many times a stamping goes round waiting for the link index to list every link.
pub const STAMP_PASSES: u32 = 10;
/// How long a stamping waits between passes (the index settles within a second or so).
pub const STAMP_SETTLE: std::time::Duration = std::time::Duration::from_secs(1);

/// The update expression that sets `#reason` to `reason` (or removes it), followed by `rest`,
/// and the value it names.
fn reason_change(reason: Option<&OperatorReason>, rest: &str) -> (String, Vec<(&'static str, AttributeValue)>) {
    match reason {
        Some(reason) => (
            format!("SET #reason = :reason{rest}"),
            vec![(":reason", s(reason.as_str()))],
        ),
        None => (format!("REMOVE #reason{rest}"), Vec::new()),
    }
}

/// An audit item, under its month's partition.
fn audit_item(entry: &AuditEntry) -> Result<super::Item, StoreError> {
    encode(entry, &keys::audit_entry(entry.at, &entry.id), None)
}

/// How many times a switch follows a link that moves under it.
const MAX_FOLLOWS: usize = 5;

impl Store {
    /// Disables a link (`Some(reason)`) or enables it (`None`), with `entry` as its audit item.
    /// The link's version moves on, so an owner's edit read before it is retried on the new
    /// state.
    pub async fn switch_link(
        &self,
        id: &ObjectId,
        reason: Option<&OperatorReason>,
        entry: &AuditEntry,
    ) -> Result<Switched, StoreError> {
        for _ in 0..MAX_FOLLOWS {
            let Some(pointer) = self.get_link_ref(id).await? else {
                return Ok(Switched::NotFound);
            };
            let key = keys::link(&pointer.domain, &pointer.slug);
            let (expression, mut values) = reason_change(reason, " ADD version :one");
            values.extend([(":one", n(1)), (":id", s(id.as_str()))]);
            let names = [("#reason", DISABLED_REASON)];
            let change = tx::update(&self.table, &key, &expression, Some("id = :id"), &names, &values)?;
            if reason.is_none() {
                match self.get_link_at(&pointer.domain, &pointer.slug, true).await? {
                    Some(stored) if stored.link.id == *id && stored.disabled_reason.is_none() => {
                        return Ok(Switched::Unchanged);
                    }
                    _ => {}
                }
            }
            match self.transact(vec![change, self.audit_put(entry)?]).await? {
                Ok(()) => return Ok(Switched::Done),
                // Moved (or deleted) between the pointer and the write: read the pointer again.
                Err(c) if c.failed(0) => continue,
                Err(_) => return Err(StoreError::Contention("switch a link")),
            }
        }
        Err(StoreError::Contention("switch a link that keeps moving"))
    }

    /// Suspends a workspace (`Some(reason)`) or lifts it (`None`), with `entry` as its audit item.
    pub async fn switch_workspace(
        &self,
        id: &ObjectId,
        reason: Option<&OperatorReason>,
        entry: &AuditEntry,
    ) -> Result<Switched, StoreError> {
        let key = keys::workspace(id);
        let (expression, values) = reason_change(reason, "");
        // Lifting a suspension that is not there changes nothing (and leaves no audit item).
        let condition = if reason.is_some() {
            "attribute_exists(PK)"
        } else {
            "attribute_exists(#reason)"
        };
        let names = [("#reason", SUSPENDED_REASON)];
        let change = tx::update(&self.table, &key, &expression, Some(condition), &names, &values)?;
        match self.transact(vec![change, self.audit_put(entry)?]).await? {
            Ok(()) => Ok(Switched::Done),
            Err(c) if c.failed(0) => Ok(match self.get_workspace(id).await? {
                None => Switched::NotFound,
                Some(_) => Switched::Unchanged,
            }),
            Err(_) => Err(StoreError::Contention("switch a workspace")),
        }
    }

    /// Stamps the operator's reason on every link of a suspended workspace (`Some`), or takes it
    /// off (`None`), so that a visit tells a suspended workspace's link from the link alone.
    /// Each link changed has its version moved on; one already as asked is left alone. The
    /// link index lags the table a little, so a link written just before the suspension may
    /// not be listed yet: the stamping goes round again, [`STAMP_SETTLE`] apart, until the index
    /// lists as many links as the workspace counts, at most [`STAMP_PASSES`] times. Work bounded
    /// by the workspace's link quota per pass: one paginated `Query` of its link index, one
    /// `UpdateItem` a link.
    pub async fn stamp_workspace_links(
        &self,
        workspace: &ObjectId,
        reason: Option<&OperatorReason>,
    ) -> Result<Stamped, StoreError> {
        let mut stamped = Stamped::default();
        for pass in 1..=STAMP_PASSES {
            // Counted first: a link counted is in the table, and in the index once it settles.
            let counted = self.get_workspace(workspace).await?.map_or(0, |w| w.link_count);
            let listed = self.stamp_listed_links(workspace, reason, &mut stamped).await?;
            stamped.unlisted = counted.saturating_sub(listed);
            if stamped.unlisted == 0 || pass == STAMP_PASSES {
                break;
            }
            tokio::time::sleep(STAMP_SETTLE).await;
        }
        Ok(stamped)
    }

    /// One pass of [`Self::stamp_workspace_links`]: every link the index lists now. Answers how
    /// many it listed.
    async fn stamp_listed_links(
        &self,
        workspace: &ObjectId,
        reason: Option<&OperatorReason>,
        stamped: &mut Stamped,
    ) -> Result<u64, StoreError> {
        let read = IndexRead {
            filter: None,
            values: Vec::new(),
            projection: Some("#tpk, #tsk"),
        };
        let (entries, _) = self.read_link_index(workspace, read).await?;
        let listed = entries.len() as u64;
        for entry in entries {
            let Some(key) = item_key(&entry) else { continue };
            let request = self
                .client
                .update_item()
                .table_name(&self.table)
                .set_key(Some(super::key_map(&key)))
                .expression_attribute_names("#reason", SUSPENDED_REASON)
                .expression_attribute_values(":one", n(1));
            let request = match reason {
                Some(reason) => request
                    .update_expression("SET #reason = :reason ADD version :one")
                    .condition_expression(
                        "attribute_exists(#pk) AND (attribute_not_exists(#reason) OR #reason <> :reason)",
                    )
                    .expression_attribute_names("#pk", keys::PK)
                    .expression_attribute_values(":reason", s(reason.as_str())),
                None => request
                    .update_expression("REMOVE #reason ADD version :one")
                    .condition_expression("attribute_exists(#reason)"),
            };
            // A link deleted meanwhile is no longer there to stamp; one stamped already is left.
            if update_applied(request.send().await)? {
                stamped.changed += 1;
            }
        }
        Ok(listed)
    }

    /// Keeps an operator action that has no switch of its own to be written with (a
    /// destination blocked or unblocked, say): the audit item alone.
    pub async fn put_audit_entry(&self, entry: &AuditEntry) -> Result<(), StoreError> {
        self.put_new(audit_item(entry)?).await
    }

    pub(super) fn audit_put(
        &self,
        entry: &AuditEntry,
    ) -> Result<aws_sdk_dynamodb::types::TransactWriteItem, StoreError> {
        tx::put(&self.table, audit_item(entry)?, Some("attribute_not_exists(PK)"))
    }

    /// The audit items of the month of `month`, oldest first, at or after `since`: at most `max`.
    pub async fn audit_entries(
        &self,
        month: DateTime<Utc>,
        since: DateTime<Utc>,
        max: usize,
    ) -> Result<Vec<AuditEntry>, StoreError> {
        let from = since.to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
        let query = self
            .client
            .query()
            .table_name(&self.table)
            .key_condition_expression("#pk = :pk AND #sk >= :from")
            .expression_attribute_names("#pk", keys::PK)
            .expression_attribute_names("#sk", keys::SK)
            .expression_attribute_values(":pk", s(keys::audit_partition(month)))
            .expression_attribute_values(":from", s(from))
            .consistent_read(true);
        query_up_to(query, max).await?.into_iter().map(decode).collect()
    }
}

//! Safety: the destinations no link may send anyone to. The operator blocks hosts and URL
//! prefixes (`linkctl safety block`, items in the table) and may point `BLOCKLIST_FILE` at a
//! list in the hosts-file format; each process keeps the two merged in memory
//! ([`BlocklistCache`]) and every link's destinations are checked against it when the link is
//! written and when it is visited.

mod cache;
mod fetch;

pub use cache::{BlocklistCache, BlocklistFile, DEFAULT_FILE_REFRESH_SECONDS, ListSource, OPERATOR_REFRESH_SECONDS};
pub use fetch::{BlocklistUrl, LIST_LIMITS, LIST_USER_AGENT, ListFetchError, ListFetched, LoadedList};

use std::sync::Arc;

use super::{Service, ServiceError};
use crate::domain::{AuditAction, BlockEntry, BlockedDestination, Blocklist, Invalid, OperatorName, OperatorReason};
use crate::store::StoreError;

/// How an operator's block or unblock ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BlockChange {
    Done(BlockEntry),
    /// Blocked already (a block) or not blocked (an unblock): nothing changed.
    Unchanged(BlockEntry),
}

impl BlockChange {
    fn new(entry: &BlockEntry, changed: bool) -> Self {
        if changed {
            Self::Done(entry.clone())
        } else {
            Self::Unchanged(entry.clone())
        }
    }
}

impl Service {
    /// The blocklist as this process knows it: operator entries read at most every
    /// [`OPERATOR_REFRESH_SECONDS`], the list file re-read when older than its refresh period.
    /// A failed refresh keeps the list held (and logs); only a process that never read the
    /// operator entries (or the table's stored list) fails.
    pub async fn blocklist(&self) -> Result<Arc<Blocklist>, ServiceError> {
        let now = self.clock.now();
        if let Some(list) = self.blocklist.fresh(now) {
            return Ok(list);
        }
        match self.blocklist.refresh(&self.store, now).await {
            Ok(list) => Ok(list),
            Err(err) => match self.blocklist.held() {
                Some(list) => {
                    tracing::error!(error = %crate::telemetry::error_chain(&err), "blocklist not read again: keeping the list held");
                    Ok(list)
                }
                None => Err(err.into()),
            },
        }
    }

    /// What an operator typed to block, as an entry, unless it is too broad to block (a single
    /// label, a public suffix, this service's own domain): then the sentence saying why.
    pub fn blockable_entry(&self, raw: &str) -> Result<BlockEntry, Invalid> {
        BlockEntry::parse(raw)?.refuse_too_broad(&self.config.reserved_hosts())
    }

    /// Blocks a host or URL prefix (the operator's `linkctl safety block`), with an audit item
    /// (who, when, why) written in the same transaction.
    pub async fn block_destination(
        &self,
        entry: &BlockEntry,
        reason: &OperatorReason,
        by: &OperatorName,
    ) -> Result<BlockChange, StoreError> {
        let blocked = BlockedDestination {
            entry: entry.as_text(),
            reason: reason.as_str().to_string(),
            by: by.as_str().to_string(),
            at: self.clock.now(),
        };
        let audit = self.audit_entry(AuditAction::DestinationBlocked, &blocked.entry, reason, by);
        let written = self.store.put_blocked_destination(&blocked, &audit).await?;
        self.blocklist.forget_operator_entries();
        Ok(BlockChange::new(entry, written))
    }

    /// Unblocks a host or URL prefix blocked by the operator (a list file's entries stay), with
    /// an audit item written in the same transaction.
    pub async fn unblock_destination(
        &self,
        entry: &BlockEntry,
        reason: &OperatorReason,
        by: &OperatorName,
    ) -> Result<BlockChange, StoreError> {
        let text = entry.as_text();
        let audit = self.audit_entry(AuditAction::DestinationUnblocked, &text, reason, by);
        let removed = self.store.delete_blocked_destination(&text, &audit).await?;
        self.blocklist.forget_operator_entries();
        Ok(BlockChange::new(entry, removed))
    }

    /// Every destination the operator blocked, in entry order.
    pub async fn blocked_destinations(&self) -> Result<Vec<BlockedDestination>, StoreError> {
        self.store.blocked_destinations().await
    }

    /// How many entries the list file gave at its last read (`None` without a file).
    pub fn blocklist_file_entries(&self) -> Option<usize> {
        self.blocklist.file_entries()
    }
}

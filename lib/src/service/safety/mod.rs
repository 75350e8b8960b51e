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
use crate::domain::{BlockEntry, BlockedDestination, Blocklist, Invalid, LinkSettings};
use crate::store::StoreError;

/// How an operator's block or unblock ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BlockChange {
    Done(BlockEntry),
    /// Blocked already (a block) or not blocked (an unblock): nothing changed.
    Unchanged(BlockEntry),
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
        let refreshed = async {
            let operator = self.store.blocked_destinations().await?;
            self.blocklist.refresh(&self.store, now, operator).await
        };
        match refreshed.await {
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

    /// Refuses settings that send anyone to a blocked destination (`400`, naming the field).
    pub(in crate::service) fn check_destinations(
        blocklist: &Blocklist,
        settings: &LinkSettings,
    ) -> Result<(), ServiceError> {
        blocklist.check(settings).map_err(ServiceError::from)
    }

    /// Blocks a host or URL prefix (the operator's `linkctl safety block`).
    pub async fn block_destination(
        &self,
        entry: &str,
        reason: &str,
        by: &str,
    ) -> Result<BlockChange, OperatorBlockError> {
        let entry = BlockEntry::parse(entry)?;
        let reason = reason.trim();
        if reason.is_empty() {
            return Err(Invalid::new("reason", "reason is required: say why the destination is blocked.").into());
        }
        let blocked = BlockedDestination {
            entry: entry.as_text(),
            reason: reason.to_string(),
            by: by.to_string(),
            at: self.clock.now(),
        };
        let written = self.store.put_blocked_destination(&blocked).await?;
        self.blocklist.forget_operator_entries();
        Ok(if written {
            BlockChange::Done(entry)
        } else {
            BlockChange::Unchanged(entry)
        })
    }

    /// Unblocks a host or URL prefix blocked by the operator (a list file's entries stay).
    pub async fn unblock_destination(&self, entry: &str) -> Result<BlockChange, OperatorBlockError> {
        let entry = BlockEntry::parse(entry)?;
        let removed = self.store.delete_blocked_destination(&entry.as_text()).await?;
        self.blocklist.forget_operator_entries();
        Ok(if removed {
            BlockChange::Done(entry)
        } else {
            BlockChange::Unchanged(entry)
        })
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

/// What an operator's block or unblock can fail with: an entry or reason that does not parse,
/// or the store.
#[derive(Debug, thiserror::Error)]
pub enum OperatorBlockError {
    #[error("{}", .0.message)]
    Invalid(#[from] Invalid),
    #[error(transparent)]
    Store(#[from] StoreError),
}

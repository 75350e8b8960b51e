//! The operator's switch as conditions of the link writes themselves, not only of a read
//! before them, and the two writes that take a link off its short URL (a move, a deletion): every link write holds on the workspace not being suspended (a condition on
//! the workspace item in the write's transaction), and a link the operator withholds (disabled,
//! or stamped with its workspace's suspension) is never deleted nor moved off its short URL,
//! which would free the slug to be made again.

use aws_sdk_dynamodb::types::TransactWriteItem;

use crate::domain::ids::ObjectId;
use crate::domain::{Link, OperatorReason};
use crate::store::links::stored::{DeleteOutcome, LinkRef, MoveOutcome, StoredLink, link_item, ref_item, with_switch};
use crate::store::{Store, StoreError, keys, n, s, tx};

/// The condition on a link item that the operator does not withhold it (`DISABLED_REASON`,
/// `SUSPENDED_REASON` of `stored`).
pub(in crate::store) const LINK_NOT_WITHHELD: &str =
    "attribute_not_exists(disabledReason) AND attribute_not_exists(suspendedReason)";

/// The condition on a workspace item that it exists and is not suspended.
pub(in crate::store) const WORKSPACE_OPEN: &str = "attribute_exists(PK) AND attribute_not_exists(suspendedReason)";

impl Store {
    /// A transaction's check that `workspace` exists and is not suspended, for a write that
    /// does not otherwise change the workspace item.
    pub(in crate::store) fn workspace_open(&self, workspace: &ObjectId) -> Result<TransactWriteItem, StoreError> {
        tx::check(&self.table, &keys::workspace(workspace), WORKSPACE_OPEN, &[])
    }

    /// Why `workspace` is suspended (read consistently); `None` when it is not (or is gone).
    /// Tells a write its workspace check refused from one that lost a race.
    pub async fn suspension(&self, workspace: &ObjectId) -> Result<Option<OperatorReason>, StoreError> {
        Ok(self.get_workspace(workspace).await?.and_then(|w| w.suspended_reason))
    }

    /// Moves a link to a new domain/slug: the old slug is released only if the new one is
    /// won, only if nothing (no update, no counted click) changed the link meanwhile, only if
    /// the operator does not withhold it and its workspace is not suspended.
    /// A move to another domain is counted on the new host's holder (on condition that the
    /// workspace holds it verified) and taken off the old one's.
    pub async fn move_link(&self, old: &StoredLink, new: &Link) -> Result<MoveOutcome, StoreError> {
        let mut items = vec![
            tx::delete(
                &self.table,
                &keys::link(&old.link.domain, &old.link.slug),
                Some(&format!("version = :v AND limitedClicks = :c AND {LINK_NOT_WITHHELD}")),
                &[(":v", n(old.version)), (":c", n(old.limited_clicks))],
            )?,
            tx::put(
                &self.table,
                with_switch(link_item(new, old.version + 1, old.limited_clicks)?, old),
                Some("attribute_not_exists(PK)"),
            )?,
            tx::put(&self.table, ref_item(new)?, Some("attribute_exists(PK)"))?,
            self.workspace_open(&old.link.workspace_id)?,
        ];
        const WORKSPACE_AT: usize = 3;
        let (mut placed_at, mut uncounted_at) = (None, None);
        if old.link.domain != new.domain {
            if let Some(place) = self.place_on_domain(new, 1)? {
                placed_at = Some(items.len());
                items.push(place);
            }
            if let Some(uncount) = self.take_off_domain(&old.link.workspace_id, &old.link.domain)? {
                uncounted_at = Some(items.len());
                items.push(uncount);
            }
        }
        let outcome = match self.transact(items.clone()).await? {
            Ok(()) => return Ok(MoveOutcome::Moved),
            // The old host did not count the link (see `take_off_domain`): move it all the same.
            Err(c) if uncounted_at.is_some_and(|i| c.only_failed(i)) => {
                items.pop();
                self.transact(items).await?
            }
            Err(c) => Err(c),
        };
        Ok(match outcome {
            Ok(()) => MoveOutcome::Moved,
            Err(c) if c.failed(WORKSPACE_AT) => match self.suspension(&old.link.workspace_id).await? {
                Some(reason) => MoveOutcome::Suspended(reason),
                None => MoveOutcome::Conflict,
            },
            Err(c) if c.failed(1) && !c.failed(0) => MoveOutcome::SlugTaken,
            Err(c) if placed_at.is_some_and(|i| c.failed(i)) && !c.failed(0) => MoveOutcome::DomainUnavailable,
            Err(_) => MoveOutcome::Conflict,
        })
    }

    /// Deletes a link, its pointer, and gives its quota back (and its place on its custom
    /// domain's holder, when counted there): only a link the operator does not withhold, of a
    /// workspace that is not suspended.
    pub async fn delete_link(&self, pointer: &LinkRef) -> Result<DeleteOutcome, StoreError> {
        const WORKSPACE_AT: usize = 2;
        let items = vec![
            tx::delete(
                &self.table,
                &keys::link(&pointer.domain, &pointer.slug),
                Some(&format!("id = :id AND {LINK_NOT_WITHHELD}")),
                &[(":id", s(pointer.link_id.as_str()))],
            )?,
            tx::delete(
                &self.table,
                &keys::link_ref(&pointer.link_id),
                Some("attribute_exists(PK)"),
                &[],
            )?,
            tx::update(
                &self.table,
                &keys::workspace(&pointer.workspace_id),
                "ADD linkCount :minus",
                Some("attribute_not_exists(suspendedReason)"),
                &[],
                &[(":minus", n(-1))],
            )?,
        ];
        let mut outcome = None;
        if let Some(uncount) = self.take_off_domain(&pointer.workspace_id, &pointer.domain)? {
            let mut counted = items.clone();
            counted.push(uncount);
            match self.transact(counted).await? {
                Ok(()) => return Ok(DeleteOutcome::Deleted),
                // Not counted on the host (see `take_off_domain`): delete it all the same.
                Err(c) if c.only_failed(3) => {}
                Err(c) => outcome = Some(Err(c)),
            }
        }
        let outcome = match outcome {
            Some(refused) => refused,
            None => self.transact(items).await?,
        };
        Ok(match outcome {
            Ok(()) => DeleteOutcome::Deleted,
            Err(c) if c.failed(WORKSPACE_AT) => match self.suspension(&pointer.workspace_id).await? {
                Some(reason) => DeleteOutcome::Suspended(reason),
                None => DeleteOutcome::Conflict,
            },
            Err(_) => DeleteOutcome::Conflict,
        })
    }
}

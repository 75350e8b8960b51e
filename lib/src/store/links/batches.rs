//! Links written many at a time (bulk creates and imports): which slugs are taken, the quota
//! reserved for the batch, and the links in transactions of at most 100 actions.

use std::collections::HashSet;

use aws_sdk_dynamodb::types::AttributeValue;

use crate::domain::ids::ObjectId;
use crate::domain::{Hostname, Link, Slug};
use crate::store::links::stored::{link_item, ref_item};
use crate::store::{Store, StoreError, item_key, keys, n, tx, update_applied};

/// The most actions one `TransactWriteItems` takes.
const MAX_ACTIONS: usize = 100;

/// What became of one link of a batch write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placed {
    Written,
    SlugTaken,
    /// The workspace does not hold the link's domain verified (any more).
    DomainUnavailable,
    /// Not written: the operator suspended the workspace (see [`Store::suspension`]).
    Suspended,
}

impl Store {
    /// Which of these (domain, slug) pairs are already taken (a hint; the write decides).
    pub async fn taken_slugs(&self, wanted: &[(Hostname, Slug)]) -> Result<HashSet<(Hostname, Slug)>, StoreError> {
        let keys: Vec<keys::Key> = wanted.iter().map(|(d, sl)| keys::link(d, sl)).collect();
        let found: HashSet<keys::Key> = self
            .batch_get(&keys, false)
            .await?
            .iter()
            .filter_map(item_key)
            .collect();
        Ok(wanted
            .iter()
            .filter(|(d, sl)| found.contains(&keys::link(d, sl)))
            .cloned()
            .collect())
    }

    /// Reserves quota for `count` new links; `false` if the workspace would exceed
    /// `max_links` or is suspended (see [`Store::suspension`]).
    pub async fn reserve_links(&self, workspace: &ObjectId, count: u64, max_links: u64) -> Result<bool, StoreError> {
        let Some(ceiling) = max_links.checked_sub(count) else {
            return Ok(false);
        };
        let result = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(crate::store::key_map(&keys::workspace(workspace))))
            .update_expression("ADD linkCount :n")
            .condition_expression(
                "attribute_exists(PK) AND attribute_not_exists(suspendedReason) \
                 AND (attribute_not_exists(linkCount) OR linkCount <= :ceiling)",
            )
            .expression_attribute_values(":n", n(count))
            .expression_attribute_values(":ceiling", n(ceiling))
            .send()
            .await;
        update_applied(result)
    }

    /// Gives back quota reserved with [`Store::reserve_links`] but not used.
    pub async fn release_links(&self, workspace: &ObjectId, count: u64) -> Result<(), StoreError> {
        if count == 0 {
            return Ok(());
        }
        self.client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(crate::store::key_map(&keys::workspace(workspace))))
            .update_expression("ADD linkCount :n")
            .expression_attribute_values(":n", AttributeValue::N(format!("-{count}")))
            .send()
            .await
            .map_err(|e| StoreError::request("UpdateItem", e))?;
        Ok(())
    }

    /// Writes links of one workspace whose quota is already reserved, as many per transaction
    /// as fit its 100 actions (link + pointer each, one count per custom domain among them and
    /// the check that the workspace is not suspended: 49 links on the default domain). Says,
    /// per link, whether it was written; once the workspace is found suspended, nothing more is.
    pub async fn put_reserved_links(&self, links: &[Link]) -> Result<Vec<Placed>, StoreError> {
        let mut placed = vec![Placed::SlugTaken; links.len()];
        let Some(workspace) = links.first().map(|l| l.workspace_id.clone()) else {
            return Ok(placed);
        };
        debug_assert!(links.iter().all(|l| l.workspace_id == workspace));
        let chunks = self.transaction_chunks(links);
        for (at, chunk) in chunks.iter().enumerate() {
            let mut pending = chunk.clone();
            while !pending.is_empty() {
                let mut items = Vec::with_capacity(pending.len() * 3);
                for &i in &pending {
                    items.push(tx::put(
                        &self.table,
                        link_item(&links[i], 1, 0)?,
                        Some("attribute_not_exists(PK)"),
                    )?);
                    items.push(tx::put(
                        &self.table,
                        ref_item(&links[i])?,
                        Some("attribute_not_exists(PK)"),
                    )?);
                }
                // One count per host, after the links: (host, action index).
                let mut hosts: Vec<(&Hostname, usize)> = Vec::new();
                for &i in &pending {
                    let host = &links[i].domain;
                    if hosts.iter().any(|(h, _)| *h == host) {
                        continue;
                    }
                    let count = pending.iter().filter(|&&j| &links[j].domain == host).count() as u64;
                    if let Some(place) = self.place_on_domain(&links[i], count)? {
                        hosts.push((host, items.len()));
                        items.push(place);
                    }
                }
                let workspace_at = items.len();
                items.push(self.workspace_open(&workspace)?);
                match self.transact(items).await? {
                    Ok(()) => {
                        for &i in &pending {
                            placed[i] = Placed::Written;
                        }
                        pending.clear();
                    }
                    Err(cancellation) if cancellation.failed(workspace_at) => {
                        let unwritten = pending.iter().chain(chunks[at + 1..].iter().flatten());
                        for &i in unwritten {
                            placed[i] = Placed::Suspended;
                        }
                        return Ok(placed);
                    }
                    Err(cancellation) => {
                        let before = pending.len();
                        let lost: Vec<&Hostname> = hosts
                            .iter()
                            .filter(|(_, at)| cancellation.failed(*at))
                            .map(|(h, _)| *h)
                            .collect();
                        let mut position = 0;
                        pending.retain(|&i| {
                            let taken = cancellation.failed(position * 2) || cancellation.failed(position * 2 + 1);
                            position += 1;
                            if lost.contains(&&links[i].domain) {
                                placed[i] = Placed::DomainUnavailable;
                                return false;
                            }
                            !taken
                        });
                        if pending.len() == before {
                            return Err(StoreError::Contention("bulk create"));
                        }
                    }
                }
            }
        }
        Ok(placed)
    }

    /// The links' indices in groups whose actions fit one transaction (with the workspace's
    /// check).
    fn transaction_chunks(&self, links: &[Link]) -> Vec<Vec<usize>> {
        let mut chunks: Vec<Vec<usize>> = Vec::new();
        let mut hosts: Vec<&Hostname> = Vec::new();
        let mut chunk = Vec::new();
        for (i, link) in links.iter().enumerate() {
            let new_host = self.counted(&link.domain) && !hosts.contains(&&link.domain);
            if 2 * (chunk.len() + 1) + hosts.len() + usize::from(new_host) + 1 > MAX_ACTIONS {
                chunks.push(std::mem::take(&mut chunk));
                hosts.clear();
            }
            if self.counted(&link.domain) && !hosts.contains(&&link.domain) {
                hosts.push(&link.domain);
            }
            chunk.push(i);
        }
        if !chunk.is_empty() {
            chunks.push(chunk);
        }
        chunks
    }
}

//! Custom domains: every workspace's claims (one partition, listed per workspace on GSI1) and
//! the holder item of each verified host (`DOMAIN#<host>`), which says whose links may use it.

use crate::domain::ids::ObjectId;
use crate::domain::{DomainClaim, DomainHolder, DomainStatus, Hostname, Tag};
use crate::store::guards::collections::{Collection, give_back_place, take_place};
use crate::store::links::domain_links::NO_LINKS_LEFT;
use crate::store::links::index::IndexRead;
use crate::store::{Item, Store, StoreError, decode, encode, item_key, key_map, keys, n, query_all, s, tx};

/// How a claim write ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClaimWrite {
    Done,
    /// Another workspace holds the host (it verified it first).
    HeldElsewhere,
    /// The workspace has already added the host.
    AlreadyClaimed,
    /// The claim (or its workspace) is gone.
    Gone,
    /// The workspace keeps as many claims as it may ([`crate::store::Collection::DomainClaims`]).
    Full,
}

/// One page of every workspace's claims, and the sort key of the last one when more follow.
#[derive(Debug)]
pub struct ClaimPage {
    pub claims: Vec<DomainClaim>,
    pub next: Option<String>,
}

fn claim_item(claim: &DomainClaim) -> Result<Item, StoreError> {
    encode(
        claim,
        &keys::domain_claim(&claim.host, &claim.workspace_id),
        Some(&keys::domain_by_workspace(&claim.workspace_id, &claim.host)),
    )
}

/// A claim may be added to the host: nobody holds it, `workspace` does, or its holder let it
/// lapse (whoever proves control now may take it).
const CLAIMABLE: &str = "attribute_not_exists(PK) OR workspaceId = :ws OR #status = :invalid";

/// How a claim's removal ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClaimRemoval {
    Removed,
    /// The claim was gone already.
    Gone,
    /// The workspace's links on the host, as the holder counts them.
    InUse(u64),
}

impl Store {
    /// Adds a pending claim, unless another workspace holds the host or this one claimed it.
    pub async fn add_domain_claim(&self, claim: &DomainClaim) -> Result<ClaimWrite, StoreError> {
        self.ensure_counted(&claim.workspace_id, Collection::DomainClaims)
            .await?;
        let ws = s(claim.workspace_id.as_str());
        let items = vec![
            tx::check_exists(&self.table, &keys::workspace(&claim.workspace_id))?,
            tx::check_named(
                &self.table,
                &keys::domain(&claim.host),
                CLAIMABLE,
                &[("#status", "status")],
                &[(":ws", ws), (":invalid", s("invalid"))],
            )?,
            tx::put(&self.table, claim_item(claim)?, Some("attribute_not_exists(PK)"))?,
            take_place(&self.table, &claim.workspace_id, Collection::DomainClaims)?,
        ];
        Ok(match self.transact(items).await? {
            Ok(()) => ClaimWrite::Done,
            Err(c) if c.failed(1) => ClaimWrite::HeldElsewhere,
            Err(c) if c.failed(2) => ClaimWrite::AlreadyClaimed,
            Err(c) if c.failed(0) => ClaimWrite::Gone,
            Err(c) if c.failed(3) => ClaimWrite::Full,
            Err(_) => return Err(StoreError::Contention("add a domain")),
        })
    }

    /// Saves a claim after a check. A verified (or since invalid) claim makes its workspace the
    /// host's holder, in the same transaction: its own holder item is updated (keeping its count
    /// of links); a free host, or one whose holder let it lapse, is taken by a verified claim
    /// (a fresh holder item, counting no links); a host another workspace holds is left alone.
    pub async fn save_domain_claim(&self, claim: &DomainClaim) -> Result<ClaimWrite, StoreError> {
        let mut items = vec![tx::put(&self.table, claim_item(claim)?, Some("attribute_exists(PK)"))?];
        if claim.status != DomainStatus::Pending {
            let key = keys::domain(&claim.host);
            let ws = s(claim.workspace_id.as_str());
            let status = s(claim.status.as_str());
            items.push(match self.get_as::<DomainHolder>(&key, true).await? {
                Some(held) if held.workspace_id == claim.workspace_id => tx::update(
                    &self.table,
                    &key,
                    "SET #status = :status",
                    Some("workspaceId = :ws"),
                    &[("#status", "status")],
                    &[(":status", status), (":ws", ws)],
                )?,
                Some(held) if held.status == DomainStatus::Invalid && claim.status == DomainStatus::Verified => {
                    let holder = encode(&DomainHolder::from(claim), &key, None)?;
                    tx::put_named(
                        &self.table,
                        holder,
                        "workspaceId = :lapsed AND #status = :invalid",
                        &[("#status", "status")],
                        &[(":lapsed", s(held.workspace_id.as_str())), (":invalid", s("invalid"))],
                    )?
                }
                Some(_) => return Ok(ClaimWrite::HeldElsewhere),
                None => tx::put(
                    &self.table,
                    encode(&DomainHolder::from(claim), &key, None)?,
                    Some("attribute_not_exists(PK)"),
                )?,
            });
        }
        Ok(match self.transact(items).await? {
            Ok(()) => ClaimWrite::Done,
            Err(c) if c.failed(1) => ClaimWrite::HeldElsewhere,
            Err(c) if c.failed(0) => ClaimWrite::Gone,
            Err(_) => return Err(StoreError::Contention("save a domain")),
        })
    }

    /// Removes a claim, and the host's holder item when the workspace holds it, on condition that
    /// the holder counts none of its links there.
    pub async fn remove_domain_claim(&self, claim: &DomainClaim) -> Result<ClaimRemoval, StoreError> {
        self.ensure_counted(&claim.workspace_id, Collection::DomainClaims)
            .await?;
        let mut items = vec![
            tx::delete(
                &self.table,
                &keys::domain_claim(&claim.host, &claim.workspace_id),
                Some("attribute_exists(PK)"),
                &[],
            )?,
            give_back_place(&self.table, &claim.workspace_id, Collection::DomainClaims)?,
        ];
        // The apps go with the claim.
        items.push(tx::delete(
            &self.table,
            &keys::app_association(&claim.host, &claim.workspace_id),
            None,
            &[],
        )?);
        let key = keys::domain(&claim.host);
        let held = self.get_as::<DomainHolder>(&key, true).await?;
        if held.as_ref().is_some_and(|h| h.workspace_id == claim.workspace_id) {
            items.push(tx::delete(
                &self.table,
                &key,
                Some(&format!("workspaceId = :ws AND {NO_LINKS_LEFT}")),
                &[(":ws", s(claim.workspace_id.as_str())), (":zero", n(0))],
            )?);
        }
        Ok(match self.transact(items).await? {
            Ok(()) => ClaimRemoval::Removed,
            Err(c) if c.failed(0) => ClaimRemoval::Gone,
            Err(c) if c.failed(3) => {
                let holder = self.get_as::<DomainHolder>(&key, true).await?;
                ClaimRemoval::InUse(holder.map_or(0, |h| h.links))
            }
            Err(_) => return Err(StoreError::Contention("remove a domain")),
        })
    }

    /// A workspace's claim on a host (read consistently: it is about to be changed).
    pub async fn domain_claim(&self, workspace: &ObjectId, host: &Hostname) -> Result<Option<DomainClaim>, StoreError> {
        self.get_as(&keys::domain_claim(host, workspace), true).await
    }

    /// Who holds a host, if anyone.
    pub async fn domain_holder(&self, host: &Hostname) -> Result<Option<DomainHolder>, StoreError> {
        self.get_as(&keys::domain(host), false).await
    }

    /// A workspace's claims, by host (a paginated `Query` on GSI1).
    pub async fn workspace_domain_claims(&self, workspace: &ObjectId) -> Result<Vec<DomainClaim>, StoreError> {
        let query = self.index_partition_query(keys::workspace_domains_partition(workspace));
        let mut claims: Vec<DomainClaim> = query_all(query)
            .await?
            .into_iter()
            .map(decode)
            .collect::<Result<_, _>>()?;
        claims.sort_by(|a, b| a.host.as_str().cmp(b.host.as_str()));
        Ok(claims)
    }

    /// One page of every workspace's claims (the scheduled re-check), after the claim whose sort
    /// key is `after` (from the first when `None`).
    pub async fn domain_claims_page(&self, after: Option<&str>, limit: i32) -> Result<ClaimPage, StoreError> {
        let start = after.map(|sk| key_map(&keys::domain_claim_at(sk)));
        let out = self
            .client
            .query()
            .table_name(&self.table)
            .key_condition_expression("#pk = :pk")
            .expression_attribute_names("#pk", keys::PK)
            .expression_attribute_values(":pk", s(keys::DOMAIN_CLAIMS_PARTITION))
            .limit(limit)
            .set_exclusive_start_key(start)
            .send()
            .await
            .map_err(|e| StoreError::request("Query", e))?;
        Ok(ClaimPage {
            claims: out
                .items
                .unwrap_or_default()
                .into_iter()
                .map(decode)
                .collect::<Result<_, _>>()?,
            next: out.last_evaluated_key.as_ref().and_then(item_key).map(|key| key.sk),
        })
    }

    /// Where the scheduled re-check stopped last (`None`: at the end, or it never ran).
    pub async fn domain_recheck_cursor(&self) -> Result<Option<String>, StoreError> {
        let item = self.get(&keys::domain_recheck_cursor(), true).await?;
        Ok(item.and_then(|i| i.get("after").and_then(|v| v.as_s().ok()).cloned()))
    }

    /// Records where the scheduled re-check stopped (`None`: it reached the last claim).
    pub async fn save_domain_recheck_cursor(&self, after: Option<&str>) -> Result<(), StoreError> {
        let mut item = key_map(&keys::domain_recheck_cursor());
        if let Some(after) = after {
            item.insert("after".into(), s(after));
        }
        self.put(item).await
    }

    /// How many of the workspace's links are on `host`.
    pub async fn links_on_domain(&self, workspace: &ObjectId, host: &Hostname) -> Result<u64, StoreError> {
        let read = IndexRead {
            filter: Some("begins_with(#tpk, :prefix)"),
            values: vec![(":prefix", s(keys::links_on_domain_prefix(host)))],
            projection: None,
        };
        Ok(self.read_link_index(workspace, read).await?.1)
    }

    /// One `BatchGetItem`: the holders of `hosts` and which of `tags` exist in the workspace.
    pub async fn domains_and_tags(
        &self,
        workspace: &ObjectId,
        hosts: &[Hostname],
        tags: &[ObjectId],
    ) -> Result<(Vec<DomainHolder>, Vec<ObjectId>), StoreError> {
        let mut wanted: Vec<keys::Key> = tags.iter().map(|t| keys::tag(workspace, t)).collect();
        wanted.extend(hosts.iter().map(keys::domain));
        if wanted.is_empty() {
            return Ok((Vec::new(), Vec::new()));
        }
        let mut domains = Vec::new();
        let mut found_tags = Vec::new();
        for item in self.batch_get(&wanted, false).await? {
            if item_key(&item).is_some_and(|k| k.pk.starts_with("DOMAIN#")) {
                domains.push(decode::<DomainHolder>(item)?);
            } else {
                found_tags.push(decode::<Tag>(item)?.id);
            }
        }
        Ok((domains, found_tags))
    }
}

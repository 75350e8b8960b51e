//! Link items, their id pointers and the workspace link counter.

use std::collections::HashSet;

use aws_sdk_dynamodb::types::AttributeValue;
use serde::{Deserialize, Serialize};

use super::{Item, Store, StoreError, decode, encode, item_key, keys, n, s, tx, update_applied};
use crate::domain::{Hostname, Link, Slug};
use crate::ids::ObjectId;

/// The id → location pointer of a link.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LinkRef {
    pub link_id: ObjectId,
    pub workspace_id: ObjectId,
    pub domain: Hostname,
    pub slug: Slug,
}

/// A link as stored, with its optimistic-lock version and click-limit counter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredLink {
    pub link: Link,
    pub version: u64,
    pub limited_clicks: u64,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct StoredMeta {
    version: u64,
    #[serde(default)]
    limited_clicks: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CreateLinkFailure {
    SlugTaken,
    QuotaExceeded,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UpdateOutcome {
    Updated,
    /// Someone else changed the link since it was read; read again and re-apply.
    Conflict,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveOutcome {
    Moved,
    SlugTaken,
    Conflict,
}

const VERSION: &str = "version";
/// How many concurrent moves a read by id follows before it calls the link contended.
const MAX_POINTER_FOLLOWS: usize = 10;
const LIMITED_CLICKS: &str = "limitedClicks";
use keys::SEARCH_TEXT;

/// Attributes an update never writes: the keys and the click counter the redirect owns.
const UNTOUCHED_BY_UPDATES: [&str; 3] = [keys::PK, keys::SK, LIMITED_CLICKS];

pub(super) fn link_item(link: &Link, version: u64, limited_clicks: u64) -> Result<Item, StoreError> {
    let created = link.created_at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    let mut item = encode(
        link,
        &keys::link(&link.domain, &link.slug),
        Some(&keys::link_by_workspace(&link.workspace_id, &created, &link.id)),
    )?;
    item.insert(VERSION.into(), n(version));
    item.insert(LIMITED_CLICKS.into(), n(limited_clicks));
    let search = format!("{} {}", link.settings.name.as_str(), link.slug.as_str()).to_lowercase();
    item.insert(SEARCH_TEXT.into(), s(search));
    Ok(item)
}

pub(super) fn ref_item(link: &Link) -> Result<Item, StoreError> {
    let pointer = LinkRef {
        link_id: link.id.clone(),
        workspace_id: link.workspace_id.clone(),
        domain: link.domain.clone(),
        slug: link.slug.clone(),
    };
    encode(&pointer, &keys::link_ref(&link.id), None)
}

pub(super) fn decode_link(item: Item) -> Result<StoredLink, StoreError> {
    let meta: StoredMeta = decode(item.clone())?;
    Ok(StoredLink {
        link: decode(item)?,
        version: meta.version,
        limited_clicks: meta.limited_clicks,
    })
}

impl Store {
    /// Creates a link: counts it against the workspace plan, claims its slug and writes its
    /// id pointer, all or nothing.
    pub async fn create_link(&self, link: &Link) -> Result<Result<(), CreateLinkFailure>, StoreError> {
        let items = vec![
            tx::update(
                &self.table,
                &keys::workspace(&link.workspace_id),
                "ADD linkCount :one",
                Some("attribute_exists(PK) AND (attribute_not_exists(linkCount) OR linkCount < maxLinks)"),
                &[],
                &[(":one", n(1))],
            )?,
            tx::put(&self.table, link_item(link, 1, 0)?, Some("attribute_not_exists(PK)"))?,
            tx::put(&self.table, ref_item(link)?, Some("attribute_not_exists(PK)"))?,
        ];
        match self.transact(items).await? {
            Ok(()) => Ok(Ok(())),
            Err(c) if c.failed(0) => Ok(Err(CreateLinkFailure::QuotaExceeded)),
            Err(c) if c.failed(1) => Ok(Err(CreateLinkFailure::SlugTaken)),
            Err(_) => Err(StoreError::Contention("create link")),
        }
    }

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
    /// `max_links`.
    pub async fn reserve_links(&self, workspace: &ObjectId, count: u64, max_links: u64) -> Result<bool, StoreError> {
        let Some(ceiling) = max_links.checked_sub(count) else {
            return Ok(false);
        };
        let result = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(super::key_map(&keys::workspace(workspace))))
            .update_expression("ADD linkCount :n")
            .condition_expression("attribute_exists(PK) AND (attribute_not_exists(linkCount) OR linkCount <= :ceiling)")
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
            .set_key(Some(super::key_map(&keys::workspace(workspace))))
            .update_expression("ADD linkCount :n")
            .expression_attribute_values(":n", AttributeValue::N(format!("-{count}")))
            .send()
            .await
            .map_err(|e| StoreError::request("UpdateItem", e))?;
        Ok(())
    }

    /// Writes links whose quota is already reserved, 50 per transaction (link + pointer
    /// each). Returns, per link, whether it was written (`false`: its slug was taken).
    pub async fn put_reserved_links(&self, links: &[Link]) -> Result<Vec<bool>, StoreError> {
        let mut written = vec![false; links.len()];
        let indices: Vec<usize> = (0..links.len()).collect();
        for chunk in indices.chunks(50) {
            let mut pending: Vec<usize> = chunk.to_vec();
            while !pending.is_empty() {
                let mut items = Vec::with_capacity(pending.len() * 2);
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
                match self.transact(items).await? {
                    Ok(()) => {
                        for &i in &pending {
                            written[i] = true;
                        }
                        pending.clear();
                    }
                    Err(cancellation) => {
                        let before = pending.len();
                        let mut position = 0;
                        pending.retain(|_| {
                            let keep = !cancellation.failed(position * 2) && !cancellation.failed(position * 2 + 1);
                            position += 1;
                            keep
                        });
                        if pending.len() == before {
                            return Err(StoreError::Contention("bulk create"));
                        }
                    }
                }
            }
        }
        Ok(written)
    }

    pub async fn get_link_ref(&self, id: &ObjectId) -> Result<Option<LinkRef>, StoreError> {
        self.get_as(&keys::link_ref(id), true).await
    }

    /// The link visitors reach at `domain`/`slug`.
    pub async fn get_link_at(
        &self,
        domain: &Hostname,
        slug: &Slug,
        consistent: bool,
    ) -> Result<Option<StoredLink>, StoreError> {
        self.get(&keys::link(domain, slug), consistent)
            .await?
            .map(decode_link)
            .transpose()
    }

    /// A link by id: the pointer, then the link (both consistent). A move that lands between
    /// the two reads (the link is no longer where the pointer said) is followed: the pointer
    /// is read again, so a live link is never reported missing.
    pub async fn get_link(&self, id: &ObjectId) -> Result<Option<StoredLink>, StoreError> {
        let mut last: Option<LinkRef> = None;
        for _ in 0..MAX_POINTER_FOLLOWS {
            let Some(pointer) = self.get_link_ref(id).await? else {
                return Ok(None);
            };
            if last.as_ref() == Some(&pointer) {
                // The pointer did not move, and its link is not there: gone (or corrupt).
                return Ok(None);
            }
            let found = self
                .get_link_at(&pointer.domain, &pointer.slug, true)
                .await?
                .filter(|stored| &stored.link.id == id);
            if found.is_some() {
                return Ok(found);
            }
            last = Some(pointer);
        }
        Err(StoreError::Contention("read a link that keeps moving"))
    }

    /// Writes `new` over `old`, touching only the attributes that differ, if nobody changed
    /// the link since `old` was read. Domain and slug must be unchanged (see `move_link`).
    pub async fn update_link(&self, old: &StoredLink, new: &Link) -> Result<UpdateOutcome, StoreError> {
        debug_assert!(old.link.domain == new.domain && old.link.slug == new.slug);
        let before = link_item(&old.link, old.version, old.limited_clicks)?;
        let after = link_item(new, old.version + 1, old.limited_clicks)?;
        let mut sets = Vec::new();
        let mut removes = Vec::new();
        let mut request = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(super::key_map(&keys::link(&new.domain, &new.slug))))
            .condition_expression("#version = :expected")
            .expression_attribute_values(":expected", n(old.version));
        for (i, (name, value)) in after.iter().enumerate() {
            if UNTOUCHED_BY_UPDATES.contains(&name.as_str()) || before.get(name) == Some(value) {
                continue;
            }
            sets.push(format!("#a{i} = :a{i}"));
            request = request
                .expression_attribute_names(format!("#a{i}"), name)
                .expression_attribute_values(format!(":a{i}"), value.clone());
        }
        for (i, name) in before.keys().enumerate() {
            if !after.contains_key(name) && !UNTOUCHED_BY_UPDATES.contains(&name.as_str()) {
                removes.push(format!("#r{i}"));
                request = request.expression_attribute_names(format!("#r{i}"), name);
            }
        }
        let mut expression = format!("SET {}", sets.join(", "));
        if !removes.is_empty() {
            expression.push_str(&format!(" REMOVE {}", removes.join(", ")));
        }
        let result = request
            .expression_attribute_names("#version", VERSION)
            .update_expression(expression)
            .send()
            .await;
        Ok(if update_applied(result)? {
            UpdateOutcome::Updated
        } else {
            UpdateOutcome::Conflict
        })
    }

    /// Moves a link to a new domain/slug: the old slug is released only if the new one is
    /// won, and only if nothing (no update, no counted click) changed the link meanwhile.
    pub async fn move_link(&self, old: &StoredLink, new: &Link) -> Result<MoveOutcome, StoreError> {
        let items = vec![
            tx::delete(
                &self.table,
                &keys::link(&old.link.domain, &old.link.slug),
                Some("version = :v AND limitedClicks = :c"),
                &[(":v", n(old.version)), (":c", n(old.limited_clicks))],
            )?,
            tx::put(
                &self.table,
                link_item(new, old.version + 1, old.limited_clicks)?,
                Some("attribute_not_exists(PK)"),
            )?,
            tx::put(&self.table, ref_item(new)?, Some("attribute_exists(PK)"))?,
        ];
        Ok(match self.transact(items).await? {
            Ok(()) => MoveOutcome::Moved,
            Err(c) if c.failed(1) && !c.failed(0) => MoveOutcome::SlugTaken,
            Err(_) => MoveOutcome::Conflict,
        })
    }

    /// Deletes a link, its pointer, and gives its quota back. `false` if it was already
    /// gone (or moved meanwhile).
    pub async fn delete_link(&self, pointer: &LinkRef) -> Result<bool, StoreError> {
        let items = vec![
            tx::delete(
                &self.table,
                &keys::link(&pointer.domain, &pointer.slug),
                Some("id = :id"),
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
                None,
                &[],
                &[(":minus", n(-1))],
            )?,
        ];
        Ok(self.transact(items).await?.is_ok())
    }
}

impl Store {
    /// Current names of links, by id (links deleted meanwhile are left out): one batch read
    /// of the pointers, one of the links.
    pub async fn link_names(&self, ids: &[ObjectId]) -> Result<Vec<(ObjectId, String)>, StoreError> {
        let pointer_keys: Vec<keys::Key> = ids.iter().map(keys::link_ref).collect();
        let pointers: Vec<LinkRef> = self
            .batch_get(&pointer_keys, false)
            .await?
            .into_iter()
            .map(decode)
            .collect::<Result<_, _>>()?;
        let link_keys: Vec<keys::Key> = pointers.iter().map(|p| keys::link(&p.domain, &p.slug)).collect();
        let mut names = Vec::with_capacity(link_keys.len());
        for item in self.batch_get(&link_keys, false).await? {
            let stored = decode_link(item)?;
            names.push((stored.link.id, stored.link.settings.name.as_str().to_string()));
        }
        Ok(names)
    }
}

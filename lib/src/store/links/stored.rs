//! Link items, their id pointers and the workspace link counter.

use serde::{Deserialize, Serialize};

use crate::domain::ids::ObjectId;
use crate::domain::{Hostname, Link, OperatorReason, Slug};
use aws_sdk_dynamodb::types::AttributeValue;

use crate::store::{Item, Store, StoreError, decode, encode, keys, n, s, tx};

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
    /// Why the operator disabled the link (`linkctl link disable`); `None` when it is not.
    /// Only the operator's switch writes it (see `crate::store::switch`).
    pub disabled_reason: Option<OperatorReason>,
    /// Why the operator suspended the link's workspace, stamped on each of its links by
    /// `linkctl workspace suspend` (so a visit reads nothing more); `None` when it is not.
    pub suspended_reason: Option<OperatorReason>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct StoredMeta {
    version: u64,
    #[serde(default)]
    limited_clicks: u64,
    #[serde(default)]
    disabled_reason: Option<OperatorReason>,
    #[serde(default)]
    suspended_reason: Option<OperatorReason>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CreateLinkFailure {
    SlugTaken,
    QuotaExceeded,
    /// The workspace does not hold the link's domain verified (any more).
    DomainUnavailable,
    /// The operator suspended the workspace, for this reason.
    Suspended(OperatorReason),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UpdateOutcome {
    Updated,
    /// Someone else changed the link since it was read; read again and re-apply.
    Conflict,
    /// The operator suspended the workspace, for this reason.
    Suspended(OperatorReason),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveOutcome {
    Moved,
    SlugTaken,
    /// The workspace does not hold the new domain verified (any more).
    DomainUnavailable,
    /// The link changed since it was read (or the operator withholds it now): read again.
    Conflict,
    /// The operator suspended the workspace, for this reason.
    Suspended(OperatorReason),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeleteOutcome {
    Deleted,
    /// Gone, moved, or withheld by the operator since it was read: read again.
    Conflict,
    /// The operator suspended the workspace, for this reason.
    Suspended(OperatorReason),
}

const VERSION: &str = "version";
/// How many concurrent moves a read by id follows before it calls the link contended.
const MAX_POINTER_FOLLOWS: usize = 10;
const LIMITED_CLICKS: &str = "limitedClicks";
/// The operator's reason for disabling a link, beside the link's own attributes.
pub(in crate::store) const DISABLED_REASON: &str = "disabledReason";
/// The operator's reason for suspending the link's workspace, stamped on the link.
pub(in crate::store) const SUSPENDED_REASON: &str = "suspendedReason";
use keys::SEARCH_TEXT;

/// Attributes an update never writes: the keys, the click counter the redirect owns and the
/// operator's switch.
const UNTOUCHED_BY_UPDATES: [&str; 5] = [keys::PK, keys::SK, LIMITED_CLICKS, DISABLED_REASON, SUSPENDED_REASON];

pub(in crate::store) fn link_item(link: &Link, version: u64, limited_clicks: u64) -> Result<Item, StoreError> {
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

/// A link item carrying the operator's reasons `old` carries (a move keeps them).
pub(in crate::store) fn with_switch(mut item: Item, old: &StoredLink) -> Item {
    for (name, reason) in [
        (DISABLED_REASON, &old.disabled_reason),
        (SUSPENDED_REASON, &old.suspended_reason),
    ] {
        if let Some(reason) = reason {
            item.insert(name.into(), s(reason.as_str()));
        }
    }
    item
}

pub(in crate::store) fn ref_item(link: &Link) -> Result<Item, StoreError> {
    let pointer = LinkRef {
        link_id: link.id.clone(),
        workspace_id: link.workspace_id.clone(),
        domain: link.domain.clone(),
        slug: link.slug.clone(),
    };
    encode(&pointer, &keys::link_ref(&link.id), None)
}

pub(in crate::store) fn decode_link(item: Item) -> Result<StoredLink, StoreError> {
    let meta: StoredMeta = decode(item.clone())?;
    Ok(StoredLink {
        link: decode(item)?,
        version: meta.version,
        limited_clicks: meta.limited_clicks,
        disabled_reason: meta.disabled_reason,
        suspended_reason: meta.suspended_reason,
    })
}

impl Store {
    /// Creates a link: counts it against the workspace plan (on condition that the workspace is
    /// not suspended) and on its custom domain's holder, claims its slug and writes its id
    /// pointer, all or nothing.
    pub async fn create_link(&self, link: &Link) -> Result<Result<(), CreateLinkFailure>, StoreError> {
        let mut items = vec![
            tx::update(
                &self.table,
                &keys::workspace(&link.workspace_id),
                "ADD linkCount :one",
                Some(
                    "attribute_exists(PK) AND attribute_not_exists(suspendedReason) \
                     AND (attribute_not_exists(linkCount) OR linkCount < maxLinks)",
                ),
                &[],
                &[(":one", n(1))],
            )?,
            tx::put(&self.table, link_item(link, 1, 0)?, Some("attribute_not_exists(PK)"))?,
            tx::put(&self.table, ref_item(link)?, Some("attribute_not_exists(PK)"))?,
        ];
        items.extend(self.place_on_domain(link, 1)?);
        match self.transact(items).await? {
            Ok(()) => Ok(Ok(())),
            Err(c) if c.failed(0) => Ok(Err(match self.suspension(&link.workspace_id).await? {
                Some(reason) => CreateLinkFailure::Suspended(reason),
                None => CreateLinkFailure::QuotaExceeded,
            })),
            Err(c) if c.failed(1) => Ok(Err(CreateLinkFailure::SlugTaken)),
            Err(c) if c.failed(3) => Ok(Err(CreateLinkFailure::DomainUnavailable)),
            Err(_) => Err(StoreError::Contention("create link")),
        }
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

    /// Links by id, as [`Self::get_link`] reads one, for many at once: the pointers in one
    /// batch, then the links in another (both consistent); a link that moved between the two
    /// reads is read again alone. Those not found are left out; the rest keep the order of
    /// `ids`.
    pub async fn get_links(&self, ids: &[ObjectId]) -> Result<Vec<StoredLink>, StoreError> {
        let pointer_keys: Vec<keys::Key> = ids.iter().map(keys::link_ref).collect();
        let pointers: Vec<LinkRef> = self
            .batch_get(&pointer_keys, true)
            .await?
            .into_iter()
            .map(decode)
            .collect::<Result<_, _>>()?;
        let link_keys: Vec<keys::Key> = pointers.iter().map(|p| keys::link(&p.domain, &p.slug)).collect();
        let mut found: std::collections::HashMap<ObjectId, StoredLink> = self
            .batch_get(&link_keys, true)
            .await?
            .into_iter()
            .map(|item| decode_link(item).map(|stored| (stored.link.id.clone(), stored)))
            .collect::<Result<_, _>>()?;
        let mut links = Vec::with_capacity(ids.len());
        for id in ids {
            match found.remove(id) {
                Some(stored) => links.push(stored),
                None if pointers.iter().any(|p| &p.link_id == id) => links.extend(self.get_link(id).await?),
                None => {}
            }
        }
        Ok(links)
    }

    /// Writes `new` over `old`, touching only the attributes that differ, if nobody changed
    /// the link since `old` was read and its workspace is not suspended (one transaction).
    /// Domain and slug must be unchanged (see `move_link`).
    pub async fn update_link(&self, old: &StoredLink, new: &Link) -> Result<UpdateOutcome, StoreError> {
        debug_assert!(old.link.domain == new.domain && old.link.slug == new.slug);
        let before = link_item(&old.link, old.version, old.limited_clicks)?;
        let after = link_item(new, old.version + 1, old.limited_clicks)?;
        let mut sets = Vec::new();
        let mut removes = Vec::new();
        let mut names: Vec<(String, String)> = vec![("#version".into(), VERSION.into())];
        let mut values = vec![(":expected".to_string(), n(old.version))];
        for (i, (name, value)) in after.iter().enumerate() {
            if UNTOUCHED_BY_UPDATES.contains(&name.as_str()) || before.get(name) == Some(value) {
                continue;
            }
            sets.push(format!("#a{i} = :a{i}"));
            names.push((format!("#a{i}"), name.clone()));
            values.push((format!(":a{i}"), value.clone()));
        }
        for (i, name) in before.keys().enumerate() {
            if !after.contains_key(name) && !UNTOUCHED_BY_UPDATES.contains(&name.as_str()) {
                removes.push(format!("#r{i}"));
                names.push((format!("#r{i}"), name.clone()));
            }
        }
        let mut expression = format!("SET {}", sets.join(", "));
        if !removes.is_empty() {
            expression.push_str(&format!(" REMOVE {}", removes.join(", ")));
        }
        let names: Vec<(&str, &str)> = names.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let values: Vec<(&str, AttributeValue)> = values.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
        let items = vec![
            tx::update(
                &self.table,
                &keys::link(&new.domain, &new.slug),
                &expression,
                Some("#version = :expected"),
                &names,
                &values,
            )?,
            self.workspace_open(&new.workspace_id)?,
        ];
        Ok(match self.transact(items).await? {
            Ok(()) => UpdateOutcome::Updated,
            Err(c) if c.failed(1) => match self.suspension(&new.workspace_id).await? {
                Some(reason) => UpdateOutcome::Suspended(reason),
                None => UpdateOutcome::Conflict,
            },
            Err(_) => UpdateOutcome::Conflict,
        })
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

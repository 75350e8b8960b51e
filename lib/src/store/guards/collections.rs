//! Per-workspace counts of the collections with a cap (tags, UTM templates, webhook endpoints,
//! domain claims): one item each (`WS#<ws>` / `COUNT#<collection>`, its count in `n`), changed in
//! the same transaction as the item it counts, so parallel creates cannot pass the cap (a count
//! read before the write could). A workspace made before the counts existed gets its count
//! seeded from the collection as it is, once, before its first change.

use aws_sdk_dynamodb::types::TransactWriteItem;

use crate::domain::ids::ObjectId;
use crate::store::{Store, StoreError, key_map, keys, n, tx};

/// A per-workspace collection with a cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Collection {
    Tags,
    UtmTemplates,
    Webhooks,
    DomainClaims,
}

impl Collection {
    /// The most a workspace may keep.
    pub const fn cap(self) -> u64 {
        match self {
            Self::Tags => 1_000,
            Self::UtmTemplates => 200,
            Self::Webhooks => crate::domain::MAX_WEBHOOKS as u64,
            Self::DomainClaims => 50,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Self::Tags => "TAGS",
            Self::UtmTemplates => "UTMTEMPLATES",
            Self::Webhooks => "WEBHOOKS",
            Self::DomainClaims => "DOMAINS",
        }
    }
}

/// The transaction action taking one place of `collection` (its condition fails at the cap).
pub(in crate::store) fn take_place(
    table: &str,
    workspace: &ObjectId,
    collection: Collection,
) -> Result<TransactWriteItem, StoreError> {
    tx::update(
        table,
        &keys::collection_count(workspace, collection.name()),
        "SET n = n + :one",
        Some("n < :cap"),
        &[],
        &[(":one", n(1)), (":cap", n(collection.cap()))],
    )
}

/// The transaction action giving one place of `collection` back.
pub(in crate::store) fn give_back_place(
    table: &str,
    workspace: &ObjectId,
    collection: Collection,
) -> Result<TransactWriteItem, StoreError> {
    tx::update(
        table,
        &keys::collection_count(workspace, collection.name()),
        "SET n = n - :one",
        Some("attribute_exists(n)"),
        &[],
        &[(":one", n(1))],
    )
}

impl Store {
    /// Makes sure `collection` of `workspace` has its count: one consistent read, and for a
    /// workspace that has none yet, the collection read and its count written (only if still
    /// absent: a parallel seed wrote the same).
    pub(in crate::store) async fn ensure_counted(
        &self,
        workspace: &ObjectId,
        collection: Collection,
    ) -> Result<(), StoreError> {
        let key = keys::collection_count(workspace, collection.name());
        if self.get(&key, true).await?.is_some() {
            return Ok(());
        }
        let count = match collection {
            Collection::Tags => self.workspace_tags(workspace).await?.len(),
            Collection::UtmTemplates => self.utm_templates(workspace).await?.len(),
            Collection::Webhooks => self.webhooks(workspace).await?.len(),
            Collection::DomainClaims => self.workspace_domain_claims(workspace).await?.len(),
        };
        let mut item = key_map(&key);
        item.insert("n".into(), n(count));
        self.put_if_absent(item).await?;
        Ok(())
    }
}

//! The links a workspace has on a custom domain, counted on the host's holder item
//! (`DOMAIN#<host>`, attribute `links`) in the same transaction as every link write that puts a
//! link on the host or takes one off. A link is placed only on condition that its workspace
//! holds the host verified, and the holder goes only while its count is zero, so removing a
//! domain and creating a link on it cannot pass each other, as a count on an index could.

use aws_sdk_dynamodb::types::TransactWriteItem;

use crate::domain::ids::ObjectId;
use crate::domain::{DomainHolder, Hostname, Link, Slug};
use crate::store::links::stored::decode_link;
use crate::store::{Store, StoreError, StoredLink, decode, item_key, keys, n, s, tx};

/// The holder item may lose the holder's claim: nobody counts links there, or none are left.
pub(in crate::store) const NO_LINKS_LEFT: &str = "(attribute_not_exists(links) OR links = :zero)";

impl Store {
    /// Whether links on `host` are counted on a holder item (every host but the default domain).
    pub(in crate::store) fn counted(&self, host: &Hostname) -> bool {
        self.default_domain.as_ref() != Some(host)
    }

    /// `count` more links of `link`'s workspace on its host, on condition that the workspace holds
    /// the host verified; `None` on the default domain.
    pub(in crate::store) fn place_on_domain(
        &self,
        link: &Link,
        count: u64,
    ) -> Result<Option<TransactWriteItem>, StoreError> {
        self.counted(&link.domain)
            .then(|| {
                tx::update(
                    &self.table,
                    &keys::domain(&link.domain),
                    "ADD links :count",
                    Some("workspaceId = :ws AND #status = :verified"),
                    &[("#status", "status")],
                    &[
                        (":count", n(count)),
                        (":ws", s(link.workspace_id.as_str())),
                        (":verified", s("verified")),
                    ],
                )
            })
            .transpose()
    }

    /// One link of `workspace` fewer on `host`, on condition that the workspace holds the host
    /// and counted it there (a link from before the count, or on a host another workspace has
    /// taken since, is not counted: the caller writes again without this item).
    pub(in crate::store) fn take_off_domain(
        &self,
        workspace: &ObjectId,
        host: &Hostname,
    ) -> Result<Option<TransactWriteItem>, StoreError> {
        self.counted(host)
            .then(|| {
                tx::update(
                    &self.table,
                    &keys::domain(host),
                    "ADD links :minus",
                    Some("workspaceId = :ws AND links > :zero"),
                    &[],
                    &[(":minus", n(-1)), (":ws", s(workspace.as_str())), (":zero", n(0))],
                )
            })
            .transpose()
    }
}

impl Store {
    /// The link at `domain`/`slug` for a visitor: on a custom domain only while its workspace
    /// holds the host (read together with the holder, in one consistent batch), so a link left
    /// on a host its workspace removed or let another take over is found by nobody.
    pub async fn get_served_link(&self, domain: &Hostname, slug: &Slug) -> Result<Option<StoredLink>, StoreError> {
        if !self.counted(domain) {
            return self.get_link_at(domain, slug, true).await;
        }
        let (link_key, holder_key) = (keys::link(domain, slug), keys::domain(domain));
        let mut link = None;
        let mut holder: Option<DomainHolder> = None;
        for item in self.batch_get(&[link_key.clone(), holder_key], true).await? {
            if item_key(&item).is_some_and(|k| k == link_key) {
                link = Some(decode_link(item)?);
            } else {
                holder = Some(decode(item)?);
            }
        }
        Ok(link.filter(|l| holder.is_some_and(|h| h.workspace_id == l.link.workspace_id)))
    }
}

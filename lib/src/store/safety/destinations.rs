//! Every link, a page at a time, for the one job that must weigh a new blocklist against what
//! links point to (`blocklist-fetch`, hourly, never on a request path): a `Scan` of the lean
//! index (keys only), the link items of each page read in batches.

use aws_sdk_dynamodb::types::AttributeValue;

use crate::store::links::stored::{StoredLink, decode_link};
use crate::store::{Item, Store, StoreError, keys, s};

/// Index entries one page of the pass examines.
pub const LINKS_PAGE: i32 = 500;

/// One page of links and where the next starts (`None`: every link was read).
#[derive(Debug, Clone)]
pub struct LinksPage {
    pub links: Vec<StoredLink>,
    pub next: Option<Item>,
}

impl Store {
    /// Up to [`LINKS_PAGE`] index entries from `after` (a `next` this returned), their links.
    pub async fn every_link_page(&self, after: Option<Item>) -> Result<LinksPage, StoreError> {
        let out = self
            .client
            .scan()
            .table_name(&self.table)
            .index_name(keys::GSI1_LEAN)
            .filter_expression("begins_with(#pk, :link)")
            .projection_expression("#pk")
            .expression_attribute_names("#pk", keys::PK)
            .expression_attribute_values(":link", s(keys::LINK_PARTITION_PREFIX))
            .limit(LINKS_PAGE)
            .set_exclusive_start_key(after)
            .send()
            .await
            .map_err(|e| StoreError::request("Scan", e))?;
        let link_keys: Vec<keys::Key> = out
            .items
            .unwrap_or_default()
            .iter()
            .filter_map(|item| match item.get(keys::PK)? {
                AttributeValue::S(pk) => Some(keys::Key {
                    pk: pk.clone(),
                    sk: keys::LINK_SORT_KEY.to_string(),
                }),
                _ => None,
            })
            .collect();
        let links = self
            .batch_get(&link_keys, false)
            .await?
            .into_iter()
            .map(decode_link)
            .collect::<Result<_, _>>()?;
        Ok(LinksPage {
            links,
            next: out.last_evaluated_key,
        })
    }
}

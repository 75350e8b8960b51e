//! The stored list file: a version's chunks (each its entries' text deflated into one item,
//! in a partition of the version's own) and the head naming the current version, switched with
//! a condition on the version it replaces.

use aws_sdk_dynamodb::primitives::Blob;
use aws_sdk_dynamodb::types::AttributeValue;

use crate::domain::StoredListHead;
use crate::store::queries::Keys;
use crate::store::{Store, StoreError, delete_applied, encode, key_map, keys, put_applied, query_up_to, s};

/// The attribute holding a chunk's deflated text.
const CHUNK_TEXT: &str = "text";

/// The most a chunk inflates to (a chunk is written from at most 300 KB of text).
const MAX_CHUNK_TEXT: usize = 1024 * 1024;

impl Store {
    /// The head of the stored list, if a list was ever stored (`consistent` for the fetch that
    /// is about to replace it).
    pub async fn stored_list_head(&self, consistent: bool) -> Result<Option<StoredListHead>, StoreError> {
        self.get_as(&keys::stored_list_head(), consistent).await
    }

    /// Writes a version's chunks (each under its own key; none is current until the head says so).
    pub async fn put_stored_list_chunks(&self, version: &str, chunks: &[String]) -> Result<(), StoreError> {
        for (index, chunk) in chunks.iter().enumerate() {
            let mut item = key_map(&keys::stored_list_chunk(version, index));
            let deflated = miniz_oxide::deflate::compress_to_vec(chunk.as_bytes(), 6);
            item.insert(CHUNK_TEXT.into(), AttributeValue::B(Blob::new(deflated)));
            self.put(item).await?;
        }
        Ok(())
    }

    /// Makes `head` the current version if `previous` still is (`None`: no list was stored);
    /// `false` when another fetch switched it first.
    pub async fn switch_stored_list_head(
        &self,
        head: &StoredListHead,
        previous: Option<&str>,
    ) -> Result<bool, StoreError> {
        let item = encode(head, &keys::stored_list_head(), None)?;
        let put = self.client.put_item().table_name(&self.table).set_item(Some(item));
        let put = match previous {
            None => put.condition_expression("attribute_not_exists(PK)"),
            Some(version) => put
                .condition_expression("version = :previous")
                .expression_attribute_values(":previous", s(version)),
        };
        put_applied(put.send().await)
    }

    /// The text of a version's `count` chunks, in order: one `Query` of its partition, paged.
    pub async fn stored_list_chunks(&self, version: &str, count: usize) -> Result<Vec<String>, StoreError> {
        let partition = keys::stored_list_partition(version);
        let query = self.partition_query(Keys::Table, partition.clone());
        let items = query_up_to(query, count).await?;
        if items.len() != count {
            return Err(StoreError::Corrupt {
                pk: partition,
                reason: "fewer chunks than its head counts",
            });
        }
        items
            .into_iter()
            .map(|item| {
                let corrupt = |reason| StoreError::Corrupt {
                    pk: partition.clone(),
                    reason,
                };
                let Some(AttributeValue::B(blob)) = item.get(CHUNK_TEXT) else {
                    return Err(corrupt("a chunk without its text"));
                };
                let text = miniz_oxide::inflate::decompress_to_vec_with_limit(blob.as_ref(), MAX_CHUNK_TEXT)
                    .map_err(|_| corrupt("a chunk that does not inflate"))?;
                String::from_utf8(text).map_err(|_| corrupt("a chunk that is not UTF-8"))
            })
            .collect()
    }

    /// Deletes a version's `count` chunks (a version no head names any more).
    pub async fn delete_stored_list_chunks(&self, version: &str, count: usize) -> Result<(), StoreError> {
        for index in 0..count {
            let result = self
                .client
                .delete_item()
                .table_name(&self.table)
                .set_key(Some(key_map(&keys::stored_list_chunk(version, index))))
                .send()
                .await;
            delete_applied(result)?;
        }
        Ok(())
    }
}

//! Reads of a workspace's whole link index (GSI1Lean: keys, tag ids and search text, a few
//! hundred bytes a link) for the questions asked across all its links: how many links carry
//! each tag, which carry one, how many are on a domain. Each is a paginated `Query` whose work
//! is bounded by the workspace's link quota.

use aws_sdk_dynamodb::types::{AttributeValue, Select};

use crate::domain::ids::ObjectId;
use crate::store::queries::Keys;
use crate::store::{Item, Store, StoreError, keys};

/// What to ask the index: a filter on its entries and the attributes to bring back.
pub(in crate::store) struct IndexRead<'a> {
    pub filter: Option<&'a str>,
    pub values: Vec<(&'static str, AttributeValue)>,
    /// `None` counts the matching entries instead of returning them.
    pub projection: Option<&'a str>,
}

impl Store {
    /// The `Query` of a workspace's link index (GSI1Lean), to which a read adds its own parts.
    pub(in crate::store) fn link_index_query(
        &self,
        workspace: &ObjectId,
    ) -> aws_sdk_dynamodb::operation::query::builders::QueryFluentBuilder {
        self.partition_query(Keys::Gsi1Lean, keys::workspace_links_partition(workspace))
    }

    /// Every entry of the workspace's link index that passes the filter (or, without a
    /// projection, an empty list and their count).
    pub(in crate::store) async fn read_link_index(
        &self,
        workspace: &ObjectId,
        read: IndexRead<'_>,
    ) -> Result<(Vec<Item>, u64), StoreError> {
        let mut entries = Vec::new();
        let mut count = 0u64;
        let mut start: Option<Item> = None;
        loop {
            let mut request = self
                .link_index_query(workspace)
                .set_filter_expression(read.filter.map(str::to_string))
                .set_exclusive_start_key(start);
            for (name, value) in &read.values {
                request = request.expression_attribute_values(*name, value.clone());
            }
            if read.filter.is_some_and(|f| f.contains("#tpk")) || read.projection.is_some_and(|p| p.contains("#tpk")) {
                request = request.expression_attribute_names("#tpk", keys::PK);
            }
            if read.filter.is_some_and(|f| f.contains("#tags")) || read.projection.is_some_and(|p| p.contains("#tags"))
            {
                request = request.expression_attribute_names("#tags", "tagIds");
            }
            if read.projection.is_some_and(|p| p.contains("#tsk")) {
                request = request.expression_attribute_names("#tsk", keys::SK);
            }
            request = match read.projection {
                Some(projection) => request.projection_expression(projection),
                None => request.select(Select::Count),
            };
            let out = request.send().await.map_err(|e| StoreError::request("Query", e))?;
            count += u64::try_from(out.count).unwrap_or(0);
            entries.extend(out.items.unwrap_or_default());
            start = out.last_evaluated_key;
            if start.is_none() {
                return Ok((entries, count));
            }
        }
    }
}

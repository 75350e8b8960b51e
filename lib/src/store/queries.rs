//! The `Query`s of one partition, built in one place: every "items of this partition whose sort
//! key starts with a prefix" read (a workspace's tags, a user's grants, a job's rows, an
//! endpoint's log) and whole index partitions (a workspace's domains, its invitations, its link
//! index). Callers add paging, order, filters and consistency.

use aws_sdk_dynamodb::operation::query::builders::QueryFluentBuilder;

use super::{Store, keys, s};
use crate::domain::ids::ObjectId;

/// Where a partition is read: the table's own keys, GSI1's, or those of GSI1Lean (GSI1's keys,
/// projecting what listing links filters on).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Keys {
    Table,
    Gsi1,
    Gsi1Lean,
}

impl Keys {
    /// The index to name (none for the table), its partition key and its sort key.
    fn names(self) -> (Option<&'static str>, &'static str, &'static str) {
        match self {
            Self::Table => (None, keys::PK, keys::SK),
            Self::Gsi1 => (Some(keys::GSI1), keys::GSI1PK, keys::GSI1SK),
            Self::Gsi1Lean => (Some(keys::GSI1_LEAN), keys::GSI1PK, keys::GSI1SK),
        }
    }
}

impl Store {
    /// The `Query` of `partition` (on `on`'s keys) for the items whose sort key starts with
    /// `prefix`.
    pub(super) fn prefix_query(&self, on: Keys, partition: String, prefix: &str) -> QueryFluentBuilder {
        self.query_on(on, partition, Some(prefix))
    }

    /// The `Query` of one whole partition (on `on`'s keys).
    pub(super) fn partition_query(&self, on: Keys, partition: String) -> QueryFluentBuilder {
        self.query_on(on, partition, None)
    }

    /// The `Query` of `partition`, narrowed to the sort keys that start with `prefix` if given.
    fn query_on(&self, on: Keys, partition: String, prefix: Option<&str>) -> QueryFluentBuilder {
        let (index, pk, sk) = on.names();
        let query = self
            .client
            .query()
            .table_name(&self.table)
            .set_index_name(index.map(str::to_string))
            .expression_attribute_names("#pk", pk)
            .expression_attribute_values(":pk", s(partition));
        match prefix {
            None => query.key_condition_expression("#pk = :pk"),
            Some(prefix) => query
                .key_condition_expression("#pk = :pk AND begins_with(#sk, :prefix)")
                .expression_attribute_names("#sk", sk)
                .expression_attribute_values(":prefix", s(prefix)),
        }
    }

    /// The `Query` of a user's items on GSI1 whose sort key starts with `prefix` (memberships,
    /// grants, sessions).
    pub(super) fn user_index_query(&self, user: &ObjectId, prefix: &str) -> QueryFluentBuilder {
        self.prefix_query(Keys::Gsi1, keys::user_index_partition(user), prefix)
    }

    /// The `Query` of a workspace's partition for the items whose sort key starts with `prefix`
    /// (its memberships, its tags).
    pub(super) fn workspace_partition_query(&self, workspace: &ObjectId, prefix: &str) -> QueryFluentBuilder {
        self.prefix_query(Keys::Table, keys::workspace_partition(workspace), prefix)
    }

    /// The `Query` of one whole GSI1 partition (a workspace's domains, its pending invitations).
    pub(super) fn index_partition_query(&self, partition: String) -> QueryFluentBuilder {
        self.partition_query(Keys::Gsi1, partition)
    }
}

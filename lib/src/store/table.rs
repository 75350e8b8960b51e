//! The table's definition, written once: `create_table` builds it for the dev server, tests and
//! the CLI; production builds it from template.yaml, which a test keeps equal to [`DEFINITION`].

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::types::{
    AttributeDefinition, BillingMode, GlobalSecondaryIndex, KeySchemaElement, KeyType, Projection, ProjectionType,
    ScalarAttributeType, StreamSpecification, StreamViewType, TimeToLiveSpecification,
};

use super::{StoreError, keys};

/// A secondary index: its name and its (string) hash and range keys; it projects every attribute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IndexDefinition {
    pub name: &'static str,
    pub hash_key: &'static str,
    pub range_key: &'static str,
}

/// The table: string hash and range keys, its indexes, the TTL attribute and the stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableDefinition {
    pub hash_key: &'static str,
    pub range_key: &'static str,
    pub indexes: &'static [IndexDefinition],
    pub ttl_attribute: &'static str,
    /// What the stream carries (`NEW_IMAGE`: the click aggregator reads new clicks).
    pub stream_view: &'static str,
}

pub const DEFINITION: TableDefinition = TableDefinition {
    hash_key: keys::PK,
    range_key: keys::SK,
    indexes: &[IndexDefinition {
        name: keys::GSI1,
        hash_key: keys::GSI1PK,
        range_key: keys::GSI1SK,
    }],
    ttl_attribute: keys::TTL,
    stream_view: "NEW_IMAGE",
};

/// Creates the table of [`DEFINITION`] and enables its TTL.
pub async fn create_table(client: &Client, table: &str) -> Result<(), StoreError> {
    let build = |e| StoreError::Build("CreateTable", e);
    let key = |name: &str, kind: KeyType| {
        KeySchemaElement::builder()
            .attribute_name(name)
            .key_type(kind)
            .build()
            .map_err(build)
    };
    let mut attributes = vec![DEFINITION.hash_key, DEFINITION.range_key];
    for index in DEFINITION.indexes {
        attributes.extend([index.hash_key, index.range_key]);
    }
    let mut request = client
        .create_table()
        .table_name(table)
        .billing_mode(BillingMode::PayPerRequest)
        .key_schema(key(DEFINITION.hash_key, KeyType::Hash)?)
        .key_schema(key(DEFINITION.range_key, KeyType::Range)?)
        .stream_specification(
            StreamSpecification::builder()
                .stream_enabled(true)
                .stream_view_type(StreamViewType::from(DEFINITION.stream_view))
                .build()
                .map_err(build)?,
        );
    for name in attributes {
        request = request.attribute_definitions(
            AttributeDefinition::builder()
                .attribute_name(name)
                .attribute_type(ScalarAttributeType::S)
                .build()
                .map_err(build)?,
        );
    }
    for index in DEFINITION.indexes {
        request = request.global_secondary_indexes(
            GlobalSecondaryIndex::builder()
                .index_name(index.name)
                .key_schema(key(index.hash_key, KeyType::Hash)?)
                .key_schema(key(index.range_key, KeyType::Range)?)
                .projection(Projection::builder().projection_type(ProjectionType::All).build())
                .build()
                .map_err(build)?,
        );
    }
    request
        .send()
        .await
        .map_err(|e| StoreError::request("CreateTable", e))?;
    client
        .update_time_to_live()
        .table_name(table)
        .time_to_live_specification(
            TimeToLiveSpecification::builder()
                .attribute_name(DEFINITION.ttl_attribute)
                .enabled(true)
                .build()
                .map_err(|e| StoreError::Build("UpdateTimeToLive", e))?,
        )
        .send()
        .await
        .map_err(|e| StoreError::request("UpdateTimeToLive", e))?;
    Ok(())
}

/// Creates the table unless it already exists.
pub async fn ensure_table(client: &Client, table: &str) -> Result<bool, StoreError> {
    use aws_sdk_dynamodb::operation::describe_table::DescribeTableError;
    match client.describe_table().table_name(table).send().await {
        Ok(_) => Ok(false),
        Err(err)
            if matches!(
                err.as_service_error(),
                Some(DescribeTableError::ResourceNotFoundException(_))
            ) =>
        {
            create_table(client, table).await?;
            Ok(true)
        }
        Err(err) => Err(StoreError::request("DescribeTable", err)),
    }
}

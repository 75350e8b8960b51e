//! Table creation from the key definitions (dev server, tests, CLI); production uses template.yaml.

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::types::{
    AttributeDefinition, BillingMode, GlobalSecondaryIndex, KeySchemaElement, KeyType, Projection, ProjectionType,
    ScalarAttributeType, StreamSpecification, StreamViewType, TimeToLiveSpecification,
};

use super::{StoreError, keys};

/// Creates the table with its GSI, stream and TTL, and waits until it is active.
pub async fn create_table(client: &Client, table: &str) -> Result<(), StoreError> {
    let build = |e| StoreError::Build("CreateTable", e);
    let attr = |name: &str| {
        AttributeDefinition::builder()
            .attribute_name(name)
            .attribute_type(ScalarAttributeType::S)
            .build()
            .map_err(build)
    };
    let key = |name: &str, kind: KeyType| {
        KeySchemaElement::builder()
            .attribute_name(name)
            .key_type(kind)
            .build()
            .map_err(build)
    };
    client
        .create_table()
        .table_name(table)
        .billing_mode(BillingMode::PayPerRequest)
        .attribute_definitions(attr(keys::PK)?)
        .attribute_definitions(attr(keys::SK)?)
        .attribute_definitions(attr(keys::GSI1PK)?)
        .attribute_definitions(attr(keys::GSI1SK)?)
        .key_schema(key(keys::PK, KeyType::Hash)?)
        .key_schema(key(keys::SK, KeyType::Range)?)
        .global_secondary_indexes(
            GlobalSecondaryIndex::builder()
                .index_name(keys::GSI1)
                .key_schema(key(keys::GSI1PK, KeyType::Hash)?)
                .key_schema(key(keys::GSI1SK, KeyType::Range)?)
                .projection(Projection::builder().projection_type(ProjectionType::All).build())
                .build()
                .map_err(build)?,
        )
        .stream_specification(
            StreamSpecification::builder()
                .stream_enabled(true)
                .stream_view_type(StreamViewType::NewImage)
                .build()
                .map_err(build)?,
        )
        .send()
        .await
        .map_err(|e| StoreError::request("CreateTable", e))?;
    client
        .update_time_to_live()
        .table_name(table)
        .time_to_live_specification(
            TimeToLiveSpecification::builder()
                .attribute_name(keys::TTL)
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

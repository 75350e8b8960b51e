//! The table's definition, written once: `create_table` builds it for the dev server, tests and
//! the CLI; production builds it from template.yaml, which a test keeps equal to [`DEFINITION`].

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::types::{
    AttributeDefinition, BillingMode, GlobalSecondaryIndex, IndexStatus, KeySchemaElement, KeyType, Projection,
    ProjectionType, ScalarAttributeType, StreamSpecification, StreamViewType, TimeToLiveSpecification,
};

use super::{StoreError, keys};

/// A secondary index: its name, its (string) hash and range keys, and what it projects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IndexDefinition {
    pub name: &'static str,
    pub hash_key: &'static str,
    pub range_key: &'static str,
    /// `None`: every attribute (`ALL`); else the keys and these (`INCLUDE`).
    pub includes: Option<&'static [&'static str]>,
}

impl IndexDefinition {
    fn projection(&self) -> Projection {
        match self.includes {
            None => Projection::builder().projection_type(ProjectionType::All).build(),
            Some(attributes) => Projection::builder()
                .projection_type(ProjectionType::Include)
                .set_non_key_attributes(Some(attributes.iter().map(|a| a.to_string()).collect()))
                .build(),
        }
    }

    fn global(&self) -> Result<GlobalSecondaryIndex, StoreError> {
        let build = |e| StoreError::Build("CreateTable", e);
        GlobalSecondaryIndex::builder()
            .index_name(self.name)
            .key_schema(key_element(self.hash_key, KeyType::Hash)?)
            .key_schema(key_element(self.range_key, KeyType::Range)?)
            .projection(self.projection())
            .build()
            .map_err(build)
    }
}

/// A key attribute's definition: every key here is a string.
fn string_attribute(name: &str) -> Result<AttributeDefinition, StoreError> {
    AttributeDefinition::builder()
        .attribute_name(name)
        .attribute_type(ScalarAttributeType::S)
        .build()
        .map_err(|e| StoreError::Build("CreateTable", e))
}

fn key_element(name: &str, kind: KeyType) -> Result<KeySchemaElement, StoreError> {
    KeySchemaElement::builder()
        .attribute_name(name)
        .key_type(kind)
        .build()
        .map_err(|e| StoreError::Build("CreateTable", e))
}

/// The table: string hash and range keys, its indexes, the TTL attribute and the stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableDefinition {
    pub hash_key: &'static str,
    pub range_key: &'static str,
    pub indexes: &'static [IndexDefinition],
    pub ttl_attribute: &'static str,
    /// What the stream carries (`NEW_AND_OLD_IMAGES`: the click aggregator reads new clicks, the webhook producer a link's old and new settings).
    pub stream_view: &'static str,
}

pub const DEFINITION: TableDefinition = TableDefinition {
    hash_key: keys::PK,
    range_key: keys::SK,
    indexes: &[
        IndexDefinition {
            name: keys::GSI1,
            hash_key: keys::GSI1PK,
            range_key: keys::GSI1SK,
            includes: None,
        },
        IndexDefinition {
            name: keys::GSI1_LEAN,
            hash_key: keys::GSI1PK,
            range_key: keys::GSI1SK,
            includes: Some(keys::LINK_LIST_ATTRIBUTES),
        },
    ],
    ttl_attribute: keys::TTL,
    stream_view: "NEW_AND_OLD_IMAGES",
};

/// Creates the table of [`DEFINITION`] and enables its TTL.
pub async fn create_table(client: &Client, table: &str) -> Result<(), StoreError> {
    create_table_without_expiry(client, table).await?;
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

/// The table of [`DEFINITION`] with its TTL left off: a test's table. DynamoDB Local deletes an
/// item about a second after its TTL passes on the real clock, so a test whose clock stands at a
/// past date would lose its sessions and limits at a random moment. Expiry stays what it is in
/// AWS too, which deletes within days: the reads' own business.
pub async fn create_table_without_expiry(client: &Client, table: &str) -> Result<(), StoreError> {
    let build = |e| StoreError::Build("CreateTable", e);
    let key = key_element;
    let mut attributes = vec![DEFINITION.hash_key, DEFINITION.range_key];
    for index in DEFINITION.indexes {
        for name in [index.hash_key, index.range_key] {
            if !attributes.contains(&name) {
                attributes.push(name);
            }
        }
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
        request = request.attribute_definitions(string_attribute(name)?);
    }
    for index in DEFINITION.indexes {
        request = request.global_secondary_indexes(index.global()?);
    }
    request
        .send()
        .await
        .map_err(|e| StoreError::request("CreateTable", e))?;
    Ok(())
}

/// Creates the table unless it already exists; an existing table (the dev server's data kept
/// between runs) gets the indexes it lacks, as a deployment's stack update adds them.
pub async fn ensure_table(client: &Client, table: &str) -> Result<bool, StoreError> {
    use aws_sdk_dynamodb::operation::describe_table::DescribeTableError;
    let described = match client.describe_table().table_name(table).send().await {
        Ok(described) => described,
        Err(err)
            if matches!(
                err.as_service_error(),
                Some(DescribeTableError::ResourceNotFoundException(_))
            ) =>
        {
            create_table(client, table).await?;
            return Ok(true);
        }
        Err(err) => return Err(StoreError::request("DescribeTable", err)),
    };
    let existing: Vec<String> = described
        .table
        .and_then(|t| t.global_secondary_indexes)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|i| i.index_name)
        .collect();
    for index in DEFINITION
        .indexes
        .iter()
        .filter(|i| !existing.iter().any(|e| e == i.name))
    {
        add_index(client, table, index).await?;
    }
    Ok(false)
}

/// The table's stream, which the dev server reads in place of Lambda's event source mapping
/// (DynamoDB Local gives every table one); `None` for a table without.
pub async fn latest_stream_arn(client: &Client, table: &str) -> Result<Option<String>, StoreError> {
    Ok(describe(client, table).await?.and_then(|t| t.latest_stream_arn))
}

/// The table as DynamoDB describes it now.
async fn describe(
    client: &Client,
    table: &str,
) -> Result<Option<aws_sdk_dynamodb::types::TableDescription>, StoreError> {
    let described = client
        .describe_table()
        .table_name(table)
        .send()
        .await
        .map_err(|e| StoreError::request("DescribeTable", e))?;
    Ok(described.table)
}

/// Adds `index` to an existing table (DynamoDB fills it from the items already there).
async fn add_index(client: &Client, table: &str, index: &IndexDefinition) -> Result<(), StoreError> {
    use aws_sdk_dynamodb::types::{CreateGlobalSecondaryIndexAction, GlobalSecondaryIndexUpdate};
    let build = |e| StoreError::Build("UpdateTable", e);
    let create = CreateGlobalSecondaryIndexAction::builder()
        .index_name(index.name)
        .key_schema(key_element(index.hash_key, KeyType::Hash)?)
        .key_schema(key_element(index.range_key, KeyType::Range)?)
        .projection(index.projection())
        .build()
        .map_err(build)?;
    let mut request = client
        .update_table()
        .table_name(table)
        .global_secondary_index_updates(GlobalSecondaryIndexUpdate::builder().create(create).build());
    for name in [index.hash_key, index.range_key] {
        request = request.attribute_definitions(string_attribute(name)?);
    }
    request
        .send()
        .await
        .map_err(|e| StoreError::request("UpdateTable", e))?;
    tracing::info!(table, index = index.name, "adding a missing index");
    // Queries of an index fail until DynamoDB has filled it: wait for it a while (it takes a
    // second or two locally), then go on (a list answers 500 until it is ready).
    for _ in 0..30 {
        let active = describe(client, table)
            .await?
            .and_then(|t| t.global_secondary_indexes)
            .unwrap_or_default()
            .iter()
            .any(|i| i.index_name() == Some(index.name) && i.index_status() == Some(&IndexStatus::Active));
        if active {
            tracing::info!(table, index = index.name, "added a missing index");
            return Ok(());
        }
        tokio::time::sleep(std::time::Duration::from_millis(1000)).await;
    }
    tracing::warn!(
        table,
        index = index.name,
        "the new index is still being filled; listing links waits for it"
    );
    Ok(())
}

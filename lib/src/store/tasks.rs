//! MCP tasks. A task (`MCPTASK#<id>` / `TASK`) is written after its input's parts
//! (`MCPTASK#<id>` / `INPUT#<part>`); each chunk's results (`MCPTASK#<id>` / `CHUNK#<chunk>`) are
//! written together with the task's progress, conditioned on the progress the chunk was run
//! from and on the task still working, so a chunk run twice is recorded once and a cancelled
//! task records nothing more. Everything expires [`TASK_KEPT_HOURS`] after the task was made.

use aws_sdk_dynamodb::types::AttributeValue;
use chrono::Duration;

use super::imports::{FilePart, joined_parts, parts};
use super::items::with_ttl;
use super::queries::Keys;
use super::{Store, StoreError, decode, encode, keys, query_all, s, tx};
use crate::domain::ids::ObjectId;
use crate::domain::{BulkItemResult, McpTask, TASK_KEPT_HOURS};

#[derive(serde::Serialize, serde::Deserialize)]
struct ChunkResults {
    results: Vec<BulkItemResult>,
}

fn expiry(task: &McpTask) -> chrono::DateTime<chrono::Utc> {
    task.created_at + Duration::hours(TASK_KEPT_HOURS)
}

impl Store {
    /// Writes a task's input, then the task.
    pub async fn start_task(&self, task: &McpTask, input: &str) -> Result<(), StoreError> {
        for (index, part) in parts(input).into_iter().enumerate() {
            let key = keys::task_input_part(&task.id, index);
            let item = encode(&FilePart { text: part.to_string() }, &key, None)?;
            self.put_new(with_ttl(item, expiry(task))).await?;
        }
        let item = encode(task, &keys::task(&task.id), None)?;
        self.put_new(with_ttl(item, expiry(task))).await
    }

    /// A task, read consistently (`None` once it expired, or if there is none).
    pub async fn task(&self, id: &ObjectId) -> Result<Option<McpTask>, StoreError> {
        self.get_as(&keys::task(id), true).await
    }

    /// A task's input, whole (`None` once it expired).
    pub async fn task_input(&self, id: &ObjectId) -> Result<Option<String>, StoreError> {
        joined_parts(self.task_partition_query(id, keys::TASK_INPUT_PREFIX)).await
    }

    /// Records a chunk's results and the task's progress after it, if the task is still
    /// working where the chunk was run from (`false`: another run recorded it first, or the
    /// task was cancelled meanwhile).
    pub async fn record_task_chunk(
        &self,
        before: &McpTask,
        after: &McpTask,
        chunk: u64,
        results: Vec<BulkItemResult>,
    ) -> Result<bool, StoreError> {
        let rows = encode(&ChunkResults { results }, &keys::task_chunk(&after.id, chunk), None)?;
        let mut put = tx::put(
            &self.table,
            with_ttl(encode(after, &keys::task(&after.id), None)?, expiry(after)),
            Some("#done = :done AND #state = :working"),
        )?;
        if let Some(put) = put.put.as_mut() {
            put.expression_attribute_names =
                Some([("#done".into(), "done".into()), ("#state".into(), "state".into())].into());
            put.expression_attribute_values = Some(
                [
                    (":done".to_string(), AttributeValue::N(before.done.to_string())),
                    (":working".to_string(), s("working")),
                ]
                .into(),
            );
        }
        let items = vec![tx::put(&self.table, with_ttl(rows, expiry(after)), None)?, put];
        Ok(self.transact(items).await?.is_ok())
    }

    /// Every result a task recorded, in item order.
    pub async fn task_results(&self, id: &ObjectId) -> Result<Vec<BulkItemResult>, StoreError> {
        let items = query_all(self.task_partition_query(id, keys::TASK_CHUNK_PREFIX)).await?;
        let mut results = Vec::new();
        for item in items {
            results.extend(decode::<ChunkResults>(item)?.results);
        }
        Ok(results)
    }

    /// Ends a task that is still working, as `state` (`cancelled`, or `failed` with its
    /// reason); `false` when it had already ended.
    pub async fn end_task(&self, task: &McpTask) -> Result<bool, StoreError> {
        let result = self
            .client
            .put_item()
            .table_name(&self.table)
            .set_item(Some(with_ttl(encode(task, &keys::task(&task.id), None)?, expiry(task))))
            .condition_expression("#state = :working")
            .expression_attribute_names("#state", "state")
            .expression_attribute_values(":working", s("working"))
            .send()
            .await;
        super::items::put_applied(result)
    }

    fn task_partition_query(
        &self,
        id: &ObjectId,
        prefix: &str,
    ) -> aws_sdk_dynamodb::operation::query::builders::QueryFluentBuilder {
        self.prefix_query(Keys::Table, keys::task_partition(id), prefix)
            .consistent_read(true)
    }
}

//! Import jobs. A job (`WS#<ws>` / `IMPORT#<id>`) and the pointer from its file
//! (`WS#<ws>` / `IMPORTFILE#<sha256>`) are written together, once per file; the file's text
//! (`IMPORT#<id>` / `FILE#<part>`) is written before them, and each chunk's row results
//! (`IMPORT#<id>` / `ROWS#<chunk>`) together with the job's progress, conditioned on the
//! progress it was run from, so a chunk run twice is recorded once. Text and results expire
//! after [`IMPORT_KEPT_DAYS`]; the job and the pointer stay (the file stays imported).

use aws_sdk_dynamodb::operation::query::builders::QueryFluentBuilder;
use aws_sdk_dynamodb::types::AttributeValue;
use chrono::Duration;

use super::items::{query_up_to, with_ttl};
use super::queries::Keys;
use super::{Store, StoreError, decode, encode, keys, query_all, s, tx};
use crate::domain::ids::ObjectId;
use crate::domain::{ImportJob, RowResult};

/// The most text one item holds (DynamoDB's item limit is 400 KB).
pub const MAX_FILE_PART_BYTES: usize = 350_000;
/// How long a job's file text and row results are kept.
pub const IMPORT_KEPT_DAYS: i64 = 30;
/// The most jobs a workspace's list shows.
const LISTED_JOBS: usize = 20;

/// How starting a job ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportStart {
    Started,
    /// The file was imported before, by this job.
    AlreadyImported(ObjectId),
    /// The workspace is gone.
    Gone,
}

#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct FilePointer {
    job_id: ObjectId,
}

/// One part of a long text (an import's file, an MCP task's input), an item of its own.
#[derive(serde::Serialize, serde::Deserialize)]
pub(super) struct FilePart {
    pub(super) text: String,
}

#[derive(serde::Serialize, serde::Deserialize)]
struct ChunkResults {
    rows: Vec<RowResult>,
}

/// Splits text into parts of at most [`MAX_FILE_PART_BYTES`], on character boundaries.
pub(super) fn parts(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let mut end = rest.len().min(MAX_FILE_PART_BYTES);
        while !rest.is_char_boundary(end) {
            end -= 1;
        }
        let (part, tail) = rest.split_at(end);
        parts.push(part);
        rest = tail;
    }
    parts
}

/// The parts a query finds, joined in order (`None` when there are none).
pub(super) async fn joined_parts(query: QueryFluentBuilder) -> Result<Option<String>, StoreError> {
    let items = query_all(query).await?;
    if items.is_empty() {
        return Ok(None);
    }
    let mut text = String::new();
    for item in items {
        text.push_str(&decode::<FilePart>(item)?.text);
    }
    Ok(Some(text))
}

impl Store {
    /// Writes a job's file text, then the job and its file's pointer, unless the workspace
    /// imported the file before or is gone.
    pub async fn start_import(&self, job: &ImportJob, text: &str) -> Result<ImportStart, StoreError> {
        let pointer = keys::import_file(&job.workspace_id, &job.file_hash);
        let expires = job.created_at + Duration::days(IMPORT_KEPT_DAYS);
        for (index, part) in parts(text).into_iter().enumerate() {
            let key = keys::import_file_part(&job.id, index);
            let item = encode(&FilePart { text: part.to_string() }, &key, None)?;
            self.put_new(with_ttl(item, expires)).await?;
        }
        let items = vec![
            tx::check_exists(&self.table, &keys::workspace(&job.workspace_id))?,
            tx::put(
                &self.table,
                encode(&FilePointer { job_id: job.id.clone() }, &pointer, None)?,
                Some("attribute_not_exists(PK)"),
            )?,
            tx::put(
                &self.table,
                encode(job, &keys::import_job(&job.workspace_id, &job.id), None)?,
                Some("attribute_not_exists(PK)"),
            )?,
        ];
        match self.transact(items).await? {
            Ok(()) => Ok(ImportStart::Started),
            Err(c) if c.failed(0) => Ok(ImportStart::Gone),
            // Another request started the same file a moment ago.
            Err(c) if c.failed(1) => match self.get_as::<FilePointer>(&pointer, true).await? {
                Some(found) => Ok(ImportStart::AlreadyImported(found.job_id)),
                None => Err(StoreError::Contention("start an import")),
            },
            Err(_) => Err(StoreError::Contention("start an import")),
        }
    }

    /// The job that imported this file into the workspace, if one did.
    pub async fn import_file_job(&self, workspace: &ObjectId, file_hash: &str) -> Result<Option<ObjectId>, StoreError> {
        let found: Option<FilePointer> = self.get_as(&keys::import_file(workspace, file_hash), true).await?;
        Ok(found.map(|p| p.job_id))
    }

    /// A job, read consistently (it is about to be run or shown as it is).
    pub async fn import_job(&self, workspace: &ObjectId, id: &ObjectId) -> Result<Option<ImportJob>, StoreError> {
        self.get_as(&keys::import_job(workspace, id), true).await
    }

    /// A workspace's latest jobs, newest first.
    pub async fn import_jobs(&self, workspace: &ObjectId) -> Result<Vec<ImportJob>, StoreError> {
        let query = self
            .workspace_partition_query(workspace, keys::IMPORT_JOB_SORT_PREFIX)
            .scan_index_forward(false);
        query_up_to(query, LISTED_JOBS).await?.into_iter().map(decode).collect()
    }

    /// A job's file text, whole (`None` once it expired).
    pub async fn import_text(&self, job: &ObjectId) -> Result<Option<String>, StoreError> {
        joined_parts(self.import_partition_query(job, keys::IMPORT_FILE_PREFIX)).await
    }

    /// Records a chunk's results and the job's progress after it, if the job is still where
    /// the chunk was run from (`false`: another run recorded it first).
    pub async fn record_import_chunk(
        &self,
        before: &ImportJob,
        after: &ImportJob,
        chunk: u64,
        results: &[RowResult],
    ) -> Result<bool, StoreError> {
        let expires = after.created_at + Duration::days(IMPORT_KEPT_DAYS);
        let rows = encode(
            &ChunkResults { rows: results.to_vec() },
            &keys::import_rows(&after.id, chunk),
            None,
        )?;
        let mut job = tx::put(
            &self.table,
            encode(after, &keys::import_job(&after.workspace_id, &after.id), None)?,
            Some("#done = :done AND #state = :running"),
        )?;
        if let Some(put) = job.put.as_mut() {
            put.expression_attribute_names = Some(
                [
                    ("#done".to_string(), "done".to_string()),
                    ("#state".to_string(), "state".to_string()),
                ]
                .into(),
            );
            put.expression_attribute_values = Some(
                [
                    (":done".to_string(), AttributeValue::N(before.done.to_string())),
                    (":running".to_string(), s("running")),
                ]
                .into(),
            );
        }
        let items = vec![tx::put(&self.table, with_ttl(rows, expires), None)?, job];
        Ok(self.transact(items).await?.is_ok())
    }

    /// Stops a job that still runs (`false`: it had ended); a chunk running meanwhile then
    /// records nothing.
    pub async fn stop_import(&self, stopped: &ImportJob) -> Result<bool, StoreError> {
        let result = self
            .client
            .put_item()
            .table_name(&self.table)
            .set_item(Some(encode(
                stopped,
                &keys::import_job(&stopped.workspace_id, &stopped.id),
                None,
            )?))
            .condition_expression("#state = :running")
            .expression_attribute_names("#state", "state")
            .expression_attribute_values(":running", s("running"))
            .send()
            .await;
        super::items::put_applied(result)
    }

    /// Every row result a job recorded, in row order (`None` once they expired).
    pub async fn import_results(&self, job: &ObjectId) -> Result<Vec<RowResult>, StoreError> {
        let items = query_all(self.import_partition_query(job, keys::IMPORT_ROWS_PREFIX)).await?;
        let mut rows = Vec::new();
        for item in items {
            rows.extend(decode::<ChunkResults>(item)?.rows);
        }
        Ok(rows)
    }

    /// Which of these link ids exist (an import's rows written by an earlier run of their chunk).
    pub async fn existing_link_ids(&self, ids: &[ObjectId]) -> Result<Vec<ObjectId>, StoreError> {
        let keys: Vec<keys::Key> = ids.iter().map(keys::link_ref).collect();
        let found: std::collections::HashSet<keys::Key> = self
            .batch_get(&keys, true)
            .await?
            .iter()
            .filter_map(super::items::item_key)
            .collect();
        Ok(ids
            .iter()
            .filter(|id| found.contains(&keys::link_ref(id)))
            .cloned()
            .collect())
    }

    /// Puts a job back as it was at an earlier point, forgetting the results recorded since:
    /// a run that died after writing its links but before recording them (tests only).
    #[cfg(any(test, feature = "testing"))]
    pub async fn rewind_import(&self, job: &ImportJob) -> Result<(), StoreError> {
        use super::items::key_map;
        let key = keys::import_job(&job.workspace_id, &job.id);
        self.client
            .put_item()
            .table_name(&self.table)
            .set_item(Some(encode(job, &key, None)?))
            .send()
            .await
            .map_err(|e| StoreError::request("PutItem", e))?;
        let first = job.done.div_ceil(crate::domain::IMPORT_CHUNK_ROWS as u64);
        for chunk in first..job.rows.div_ceil(crate::domain::IMPORT_CHUNK_ROWS as u64) {
            self.client
                .delete_item()
                .table_name(&self.table)
                .set_key(Some(key_map(&keys::import_rows(&job.id, chunk))))
                .send()
                .await
                .map_err(|e| StoreError::request("DeleteItem", e))?;
        }
        Ok(())
    }

    /// The `Query` of a job's partition for the items whose sort key starts with `prefix` (its
    /// file's parts, its rows), read consistently.
    fn import_partition_query(&self, job: &ObjectId, prefix: &str) -> QueryFluentBuilder {
        self.prefix_query(Keys::Table, keys::import_partition(job), prefix)
            .consistent_read(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_splits_into_parts_on_character_boundaries() {
        let text = "é".repeat(MAX_FILE_PART_BYTES);
        let split = parts(&text);
        assert_eq!(split.concat(), text);
        assert!(split.iter().all(|p| p.len() <= MAX_FILE_PART_BYTES));
        assert!(parts("").is_empty());
    }
}

//! Importing a file of links (owner and managers): a dry run that says what each row would
//! become, then a job that carries the file through in chunks of [`IMPORT_CHUNK_ROWS`] rows,
//! each chunk judged again just before it is written. The job resumes where it stopped (a
//! chunk's rows get link ids derived from the job and their position, so a chunk run twice
//! finds its links instead of making them again), and a file is imported once per workspace.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use crate::domain::ids::ObjectId;
use crate::domain::{
    ConflictPolicy, IMPORT_CHUNK_ROWS, ImportFile, ImportJob, ImportPlan, JobState, LinkDraft, PlannedRow, RowOutcome,
    RowResult, Tag, Verdict,
};
use crate::service::transfer::import_rows::{DraftedRow, tags_by_name};
use crate::service::{Service, ServiceError, accounts::Access};
use crate::store::ImportStart;
use crate::wire::import::{ImportRow, read_import};

/// A started (or earlier) job.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportStarted {
    pub job: ImportJob,
    /// False when the file was imported before: nothing new was made.
    pub fresh: bool,
}

fn may_import(access: &Access) -> Result<(), ServiceError> {
    access.manages().then_some(()).ok_or(ServiceError::ImportsClosed)
}

/// Rows with their index in the file.
fn indexed(rows: &[ImportRow]) -> Vec<(u64, &ImportRow)> {
    rows.iter().enumerate().map(|(i, r)| (i as u64, r)).collect()
}

impl Service {
    /// The dry run: every row's verdict, in order, against the workspace as it is now.
    pub async fn plan_import(&self, access: &Access, file: &ImportFile) -> Result<ImportPlan, ServiceError> {
        may_import(access)?;
        let rows = read_import(file.format, &file.text)?;
        let hash = file.hash();
        let (tags, imported_before) = tokio::try_join!(
            self.store.workspace_tags(&access.workspace.id),
            self.store.import_file_job(&access.workspace.id, &hash),
        )?;
        let room = self.link_room(access).await?;
        let drafted = self.draft_rows(&indexed(&rows), &tags_by_name(&tags));
        let mut new_tags: Vec<String> = Vec::new();
        let mut room = room;
        let verdicts = self
            .judge_rows(access, &drafted, &mut HashSet::new(), &mut room)
            .await?;
        for (row, verdict) in drafted.iter().zip(&verdicts) {
            if matches!(verdict, Verdict::Create(_)) {
                for name in &row.new_tags {
                    if !new_tags.iter().any(|n| n.to_lowercase() == Tag::name_key(name)) {
                        new_tags.push(name.as_str().to_string());
                    }
                }
            }
        }
        Ok(ImportPlan {
            rows: drafted
                .iter()
                .zip(verdicts)
                .map(|(row, verdict)| PlannedRow {
                    line: row.line,
                    verdict,
                })
                .collect(),
            new_tags,
            imported_before,
        })
    }

    /// Starts a job for a file (after its dry run when the policy is `stop`), or answers the
    /// job that imported the same file before. The caller runs it ([`Service::run_import`]).
    pub async fn start_import(
        &self,
        access: &Access,
        file: &ImportFile,
        policy: ConflictPolicy,
    ) -> Result<ImportStarted, ServiceError> {
        may_import(access)?;
        let rows = read_import(file.format, &file.text)?;
        if let Some(id) = self.store.import_file_job(&access.workspace.id, &file.hash()).await? {
            return self.earlier_job(access, &id).await;
        }
        if policy == ConflictPolicy::Stop {
            let plan = self.plan_import(access, file).await?;
            let blocked = plan.count(|v| !matches!(v, Verdict::Create(_)));
            if blocked > 0 {
                return Err(ServiceError::ImportBlocked(blocked));
            }
        }
        let now = self.now();
        let job = ImportJob {
            id: self.new_id(),
            workspace_id: access.workspace.id.clone(),
            format: file.format,
            file_name: file.file_name.clone(),
            file_hash: file.hash(),
            on_conflict: policy,
            rows: rows.len() as u64,
            done: 0,
            created: 0,
            skipped: 0,
            failed: 0,
            state: JobState::Running,
            created_by: access.user_id.clone(),
            created_at: now,
            updated_at: now,
        };
        match self.store.start_import(&job, &file.text).await? {
            ImportStart::Started => Ok(ImportStarted { job, fresh: true }),
            ImportStart::AlreadyImported(id) => self.earlier_job(access, &id).await,
            ImportStart::Gone => Err(ServiceError::WorkspaceNotFound),
        }
    }

    async fn earlier_job(&self, access: &Access, id: &ObjectId) -> Result<ImportStarted, ServiceError> {
        let job = self.import_job(access, id).await?;
        Ok(ImportStarted { job, fresh: false })
    }

    /// A job of the workspace, as it is now.
    pub async fn import_job(&self, access: &Access, id: &ObjectId) -> Result<ImportJob, ServiceError> {
        may_import(access)?;
        self.store
            .import_job(&access.workspace.id, id)
            .await?
            .ok_or(ServiceError::ImportNotFound)
    }

    /// A job and every row result it recorded; a stopped job's rows after the stop are listed
    /// as skipped, saying so (none recorded once its results expired).
    pub async fn import_results(
        &self,
        access: &Access,
        id: &ObjectId,
    ) -> Result<(ImportJob, Vec<RowResult>), ServiceError> {
        let job = self.import_job(access, id).await?;
        let mut results = self.store.import_results(id).await?;
        if job.state == JobState::Stopped
            && let Some(text) = self.store.import_text(id).await?
        {
            let stop = results
                .iter()
                .rev()
                .find(|r| matches!(&r.outcome, RowOutcome::Skipped { reason } if !reason.starts_with(STOPPED)))
                .map(|r| r.line);
            let rows = read_import(job.format, &text)?;
            // A job stopped with no conflict was cancelled (an MCP task's cancel), or stopped by
            // a suspension (its last result says so).
            let reason = match results.last().and_then(|r| r.outcome.reason()) {
                Some(suspended) if suspended.starts_with(SUSPENDED) => suspended.to_string(),
                _ => stop.map_or_else(|| CANCELLED.to_string(), stopped_reason),
            };
            results.extend(rows.iter().skip(results.len()).map(|row| RowResult {
                line: row.line,
                outcome: RowOutcome::Skipped { reason: reason.clone() },
            }));
        }
        Ok((job, results))
    }

    /// The workspace's latest jobs, newest first.
    pub async fn import_jobs(&self, access: &Access) -> Result<Vec<ImportJob>, ServiceError> {
        may_import(access)?;
        Ok(self.store.import_jobs(&access.workspace.id).await?)
    }

    /// Runs a job's chunks one after another until it ends or `budget` is spent (a chunk
    /// started is finished); answers the job as it is then. Run as the person who started it,
    /// with their role now.
    pub async fn run_import(
        &self,
        workspace: &ObjectId,
        id: &ObjectId,
        budget: Duration,
    ) -> Result<ImportJob, ServiceError> {
        let started = Instant::now();
        let mut job = self
            .store
            .import_job(workspace, id)
            .await?
            .ok_or(ServiceError::ImportNotFound)?;
        let access = match self.open_workspace_as(job.created_by.clone(), workspace).await {
            Err(ServiceError::WorkspaceSuspended(reason)) => return self.stop_suspended(job, &reason).await,
            opened => opened?,
        };
        may_import(&access)?;
        let Some(text) = self.store.import_text(id).await? else {
            return Ok(job);
        };
        let rows = read_import(job.format, &text)?;
        while let Some(chunk) = job.next_chunk() {
            // A suspension since the run began stops it before the next chunk.
            if let Some(reason) = self.store.suspension(workspace).await? {
                return self.stop_suspended(job, reason.as_str()).await;
            }
            job = self.run_chunk(&access, job, chunk, &rows).await?;
            if started.elapsed() >= budget {
                break;
            }
        }
        Ok(job)
    }

    /// One chunk: rows already written by an earlier run are found, the others judged and
    /// written; the results and the job's progress are recorded together. Answers the job
    /// after it (as another run left it, if that one recorded the chunk first).
    async fn run_chunk(
        &self,
        access: &Access,
        job: ImportJob,
        chunk: u64,
        rows: &[ImportRow],
    ) -> Result<ImportJob, ServiceError> {
        let first = chunk as usize * IMPORT_CHUNK_ROWS;
        let end = (first + IMPORT_CHUNK_ROWS).min(rows.len());
        let slice: Vec<(u64, &ImportRow)> = indexed(rows)[first..end].to_vec();
        let tags = self.tags_for(access, &slice).await?;
        let drafted = self.draft_rows(&slice, &tags_by_name(&tags));
        let ids: Vec<ObjectId> = drafted.iter().map(|r| job.id.derive(r.index)).collect();
        let existing: HashSet<ObjectId> = self.store.existing_link_ids(&ids).await?.into_iter().collect();
        let mut outcomes: Vec<Option<RowOutcome>> = vec![None; drafted.len()];
        let mut pending: Vec<DraftedRow> = Vec::new();
        let mut pending_at: Vec<usize> = Vec::new();
        for (i, row) in drafted.into_iter().enumerate() {
            if existing.contains(&ids[i]) {
                outcomes[i] = Some(self.created_earlier(&ids[i]).await?);
            } else {
                pending.push(row);
                pending_at.push(i);
            }
        }
        let mut room = self.link_room(access).await?;
        let verdicts = self
            .judge_rows(access, &pending, &mut HashSet::new(), &mut room)
            .await?;
        let mut stopped_at = None;
        let mut to_write: Vec<(usize, LinkDraft)> = Vec::new();
        for (verdict, &i) in verdicts.into_iter().zip(&pending_at) {
            if let Some(line) = stopped_at {
                outcomes[i] = Some(RowOutcome::Skipped {
                    reason: stopped_reason(line),
                });
                continue;
            }
            match verdict {
                Verdict::Create(draft) => to_write.push((i, *draft)),
                Verdict::Conflict(reason) => {
                    if job.on_conflict == ConflictPolicy::Stop {
                        stopped_at = Some(slice[i].1.line);
                    }
                    outcomes[i] = Some(RowOutcome::Skipped { reason });
                }
                Verdict::Invalid(reason) => outcomes[i] = Some(RowOutcome::Failed { reason }),
            }
        }
        let (written, suspension) = self.write_imported(access, &ids, to_write).await?;
        for (i, outcome) in written {
            outcomes[i] = Some(outcome);
        }
        if let Some(reason) = &suspension {
            // Suspended while the chunk was written: nothing after it is.
            let skipped = RowOutcome::Skipped {
                reason: suspended_reason(reason.as_str()),
            };
            for outcome in outcomes.iter_mut().filter(|o| o.is_none()) {
                *outcome = Some(skipped.clone());
            }
        }
        let stopped = stopped_at.is_some() || suspension.is_some();
        let results: Vec<RowResult> = slice
            .iter()
            .zip(outcomes)
            .map(|((_, row), outcome)| RowResult {
                line: row.line,
                outcome: outcome.expect("every row of the chunk has an outcome"),
            })
            .collect();
        self.record_chunk(job, chunk, &results, stopped).await
    }

    /// Records a chunk's results and the job after them (stopped there, when `stopped`);
    /// answers the job as it is then (as another run left it, if that one recorded first).
    async fn record_chunk(
        &self,
        job: ImportJob,
        chunk: u64,
        results: &[RowResult],
        stopped: bool,
    ) -> Result<ImportJob, ServiceError> {
        let after = job.after_chunk(results, stopped, self.now());
        if self.store.record_import_chunk(&job, &after, chunk, results).await? {
            return Ok(after);
        }
        self.store
            .import_job(&job.workspace_id, &job.id)
            .await?
            .ok_or(ServiceError::ImportNotFound)
    }

    /// Ends a running job whose workspace the operator suspended: its next chunk's rows are
    /// recorded as not imported, saying why, and the job is `stopped`.
    async fn stop_suspended(&self, job: ImportJob, reason: &str) -> Result<ImportJob, ServiceError> {
        let Some(chunk) = job.next_chunk() else {
            return Ok(job);
        };
        let Some(text) = self.store.import_text(&job.id).await? else {
            return Ok(job);
        };
        let rows = read_import(job.format, &text)?;
        let first = chunk as usize * IMPORT_CHUNK_ROWS;
        let end = (first + IMPORT_CHUNK_ROWS).min(rows.len());
        let skipped = RowOutcome::Skipped {
            reason: suspended_reason(reason),
        };
        let results: Vec<RowResult> = rows[first.min(end)..end]
            .iter()
            .map(|row| RowResult {
                line: row.line,
                outcome: skipped.clone(),
            })
            .collect();
        self.record_chunk(job, chunk, &results, true).await
    }
}

const STOPPED: &str = "Not imported: the import stopped";
const CANCELLED: &str = "Not imported: the import was cancelled.";

fn stopped_reason(line: u64) -> String {
    format!("{STOPPED} at the conflict on line {line}.")
}

const SUSPENDED: &str = "Not imported: the import stopped because the workspace was suspended by the operator:";

fn suspended_reason(reason: &str) -> String {
    format!("{SUSPENDED} {}", crate::domain::reason_sentence(reason))
}

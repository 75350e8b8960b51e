//! `bulk_create_links` as a task: up to [`MAX_BULK_TASK_LINKS`] items, created
//! [`BULK_TASK_CHUNK`] at a time exactly as a plain call creates them, each item under an id
//! derived from the task and its position, so a chunk run again (a message received twice)
//! finds the links it made instead of making them again.

use std::time::{Duration, Instant};

use crate::domain::{
    BULK_TASK_CHUNK, BulkItemResult, MAX_BULK_TASK_LINKS, McpTask, TaskKind, TaskState, ids::ObjectId,
};
use crate::queue::Queue;
use crate::service::accounts::{Access, Caller};
use crate::service::{Service, ServiceError};
use crate::wire::{BulkItems, Door, Drafter};

impl Service {
    /// Makes a bulk task of `items` and hands it to the queue; answers it (working).
    pub async fn start_bulk_task(
        &self,
        access: &Access,
        caller: &Caller,
        items: &BulkItems,
        queue: &Queue,
    ) -> Result<McpTask, ServiceError> {
        if items.is_empty() {
            return Err(ServiceError::BulkEmpty);
        }
        if items.len() > MAX_BULK_TASK_LINKS {
            return Err(ServiceError::BulkTaskTooLarge);
        }
        let now = self.now();
        let task = McpTask {
            id: self.new_id(),
            kind: TaskKind::BulkCreate,
            workspace_id: access.workspace.id.clone(),
            user_id: caller.user_id.clone(),
            key_id: caller.key_id.clone(),
            state: TaskState::Working,
            total: items.len() as u64,
            done: 0,
            failure: None,
            created_at: now,
            updated_at: now,
        };
        debug_assert_eq!(task.workspace_id, access.workspace.id);
        self.store.start_task(&task, &items.submitted_json()).await?;
        self.hand_off_task(queue, &task).await?;
        Ok(task)
    }

    /// Runs a bulk task's chunks one after another until it ends or `budget` is spent (a
    /// chunk started is finished); answers the task as it is then. Run as the person who made
    /// it, with their role now.
    pub(super) async fn run_bulk_task(&self, mut task: McpTask, budget: Duration) -> Result<McpTask, ServiceError> {
        let started = Instant::now();
        let access = match self.open_workspace_as(task.user_id.clone(), &task.workspace_id).await {
            Err(suspended @ ServiceError::WorkspaceSuspended(_)) => {
                return self.fail_task(task, suspended.to_string()).await;
            }
            opened => opened?,
        };
        let Some(input) = self.store.task_input(&task.id).await? else {
            return Ok(task);
        };
        let items = super::bulk_items(Some(&input))?;
        while task.state == TaskState::Working {
            // A suspension since the run began ends the task before the next chunk.
            if let Some(reason) = self.store.suspension(&task.workspace_id).await? {
                let refused = crate::service::switch::suspended(&reason);
                return self.fail_task(task, refused.to_string()).await;
            }
            let chunk = task.next_chunk();
            let first = chunk as usize * BULK_TASK_CHUNK;
            let end = (first + BULK_TASK_CHUNK).min(items.len());
            let results = match self.bulk_chunk(&access, &task.id, &items, first..end).await {
                Ok(results) => results,
                Err(ServiceError::Internal(source)) => return Err(ServiceError::Internal(source)),
                // What refuses a plain call (the plan's quota) ends the task, as it said.
                Err(refused) => return self.fail_task(task, refused.to_string()).await,
            };
            let after = task.after_chunk(results.len() as u64, self.now());
            task = if self.store.record_task_chunk(&task, &after, chunk, results).await? {
                after
            } else {
                self.store.task(&task.id).await?.ok_or(ServiceError::TaskNotFound)?
            };
            if started.elapsed() >= budget {
                break;
            }
        }
        Ok(task)
    }

    /// One chunk's items created (or found made) as a plain bulk call creates them.
    async fn bulk_chunk(
        &self,
        access: &Access,
        task: &ObjectId,
        items: &BulkItems,
        range: std::ops::Range<usize>,
    ) -> Result<Vec<BulkItemResult>, ServiceError> {
        let ids: Vec<ObjectId> = range.clone().map(|i| task.derive(i as u64)).collect();
        let drafts = Drafter::new(Door::Mcp, self.clock.as_ref(), self.entropy.as_ref()).drafts(&items.slice(range));
        let results = self.bulk_create_as(access, drafts, Some(&ids)).await?;
        Ok(results
            .into_iter()
            .map(|result| match result {
                Ok(link) => BulkItemResult::Created {
                    id: link.id.clone(),
                    slug: link.slug.as_str().to_string(),
                    full_link: link.full_link(),
                    name: link.settings.name.as_str().to_string(),
                },
                Err(error) => BulkItemResult::Failed { error },
            })
            .collect())
    }

    /// Ends a task that met a refusal, with its sentence.
    async fn fail_task(&self, task: McpTask, failure: String) -> Result<McpTask, ServiceError> {
        let failed = McpTask {
            state: TaskState::Failed,
            failure: Some(failure),
            updated_at: self.now(),
            ..task
        };
        if self.store.end_task(&failed).await? {
            return Ok(failed);
        }
        self.store.task(&failed.id).await?.ok_or(ServiceError::TaskNotFound)
    }
}

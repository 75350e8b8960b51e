//! Long tool calls carried on as MCP tasks: the request that makes one stores it (with its
//! input) and hands it to the import queue, and answers at once; the `import-worker` function
//! runs it chunk by chunk (see [`worker`]). An import task follows its import job, which the
//! worker carries on as for the HTTP API. A task is bound to its workspace and to the
//! credential that made it: only that credential (an API key, or an OAuth grant, whose tokens
//! share it) sees or cancels it, and only while its person may still open the workspace.

pub mod bulk;
pub mod imports;
pub mod worker;

use crate::domain::ids::ObjectId;
use crate::domain::{BulkItemResult, McpTask, TaskKind, TaskState};
use crate::service::accounts::{Access, Caller};
use crate::service::{Service, ServiceError};
use crate::wire::{BulkCreated, BulkFailure, BulkItems, BulkOutcome, Door, ImportOutcome};

pub use worker::TaskMessage;

/// What a completed task answers: what the plain call answers.
#[derive(Debug, Clone, PartialEq)]
pub enum TaskOutcome {
    Bulk(BulkOutcome),
    Import(ImportOutcome),
}

/// A task as its caller sees it now: the task, its status message and, once completed, its
/// outcome.
#[derive(Debug, Clone, PartialEq)]
pub struct TaskView {
    pub task: McpTask,
    pub message: String,
    pub outcome: Option<TaskOutcome>,
}

impl Service {
    /// The caller's task `id` (`TaskNotFound` for another credential's, or one that expired),
    /// and the workspace opened for the caller.
    async fn own_task(&self, caller: &Caller, id: &str) -> Result<(McpTask, Access), ServiceError> {
        let id = ObjectId::parse(id).map_err(|_| ServiceError::TaskNotFound)?;
        let task = self.store.task(&id).await?.ok_or(ServiceError::TaskNotFound)?;
        if task.key_id != caller.key_id || task.user_id != caller.user_id {
            return Err(ServiceError::TaskNotFound);
        }
        let access = self.open_workspace(caller.clone(), &task.workspace_id).await?;
        Ok((task, access))
    }

    /// The caller's task, with the answer of the plain call once it completed.
    pub async fn task_view(&self, caller: &Caller, id: &str) -> Result<TaskView, ServiceError> {
        let (task, access) = self.own_task(caller, id).await?;
        match &task.kind {
            TaskKind::BulkCreate => {
                let outcome = match task.state {
                    TaskState::Completed => Some(self.bulk_task_outcome(&task).await?),
                    _ => None,
                };
                let message = match (&task.failure, &outcome) {
                    (Some(failure), _) => failure.clone(),
                    (None, Some(outcome)) => outcome.message.clone(),
                    (None, None) => task.progress(),
                };
                Ok(TaskView {
                    task,
                    message,
                    outcome: outcome.map(TaskOutcome::Bulk),
                })
            }
            TaskKind::Import { import_id, fresh } => {
                let (import_id, fresh) = (import_id.clone(), *fresh);
                self.import_task_view(&access, task, &import_id, fresh).await
            }
        }
    }

    /// Cancels the caller's task if it still works: no chunk starts after this (a chunk
    /// running keeps the links it makes; an import's job stops). Answers the task then.
    pub async fn cancel_task(&self, caller: &Caller, id: &str) -> Result<McpTask, ServiceError> {
        let (mut task, access) = self.own_task(caller, id).await?;
        while task.state == TaskState::Working {
            let cancelled = McpTask {
                state: TaskState::Cancelled,
                updated_at: self.now(),
                ..task.clone()
            };
            if self.store.end_task(&cancelled).await? {
                if let TaskKind::Import { import_id, .. } = &cancelled.kind {
                    self.stop_import(&access, import_id).await?;
                }
                return Ok(cancelled);
            }
            task = self.store.task(&task.id).await?.ok_or(ServiceError::TaskNotFound)?;
        }
        Ok(task)
    }

    /// A completed bulk task's answer, as `bulk_create_links` gives it.
    async fn bulk_task_outcome(&self, task: &McpTask) -> Result<BulkOutcome, ServiceError> {
        let (input, results) = tokio::try_join!(self.store.task_input(&task.id), self.store.task_results(&task.id))?;
        let items = bulk_items(input.as_deref())?;
        let mut created = Vec::new();
        let mut failed = Vec::new();
        for (result, item) in results.into_iter().zip(items.0) {
            match result {
                BulkItemResult::Created {
                    id,
                    slug,
                    full_link,
                    name,
                } => created.push(BulkCreated {
                    id,
                    slug: slug.try_into().map_err(|_| ServiceError::TaskNotFound)?,
                    full_link,
                    name,
                }),
                BulkItemResult::Failed { error } => failed.push(BulkFailure {
                    input: item.submitted,
                    error,
                }),
            }
        }
        Ok(BulkOutcome::of(created, failed))
    }
}

/// A task's stored items, read again (they were read once when the task was made).
fn bulk_items(input: Option<&str>) -> Result<BulkItems, ServiceError> {
    let value = input.and_then(|text| serde_json::from_str(text).ok());
    BulkItems::parse(value, Door::Mcp).ok_or(ServiceError::TaskNotFound)
}

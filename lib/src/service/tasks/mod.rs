//! Long tool calls carried on as MCP tasks: the request that makes one stores it with its input
//! and hands it to the import queue, and answers at once; the `import-worker` function runs it
//! chunk by chunk (see [`worker`]). A task is bound to its workspace and to the credential that
//! made it: only that credential (an API key, or an OAuth grant, whose tokens share it) sees or
//! cancels it, and only while its person may still open the workspace.

pub mod bulk;
pub mod worker;

use crate::domain::ids::ObjectId;
use crate::domain::{BulkItemResult, McpTask, TaskState};
use crate::service::accounts::{Access, Caller};
use crate::service::{Service, ServiceError};
use crate::wire::{BulkCreated, BulkFailure, BulkItems, BulkOutcome, Door};

pub use worker::TaskMessage;

/// A task as its caller sees it: the task and, once completed, what the plain call answers.
#[derive(Debug, Clone, PartialEq)]
pub struct TaskView {
    pub task: McpTask,
    pub outcome: Option<BulkOutcome>,
}

impl Service {
    /// The caller's task `id` (`TaskNotFound` for another credential's, or one that expired).
    async fn own_task(&self, caller: &Caller, id: &str) -> Result<McpTask, ServiceError> {
        let id = ObjectId::parse(id).map_err(|_| ServiceError::TaskNotFound)?;
        let task = self.store.task(&id).await?.ok_or(ServiceError::TaskNotFound)?;
        if task.key_id != caller.key_id || task.user_id != caller.user_id {
            return Err(ServiceError::TaskNotFound);
        }
        self.open_workspace(caller.clone(), &task.workspace_id).await?;
        Ok(task)
    }

    /// The caller's task, with the answer of the plain call once it completed.
    pub async fn task_view(&self, caller: &Caller, id: &str) -> Result<TaskView, ServiceError> {
        let task = self.own_task(caller, id).await?;
        let outcome = match task.state {
            TaskState::Completed => Some(self.bulk_task_outcome(&task).await?),
            _ => None,
        };
        Ok(TaskView { task, outcome })
    }

    /// Cancels the caller's task if it still works: no chunk starts after this (a chunk
    /// running keeps the links it makes). Answers the task as it is then.
    pub async fn cancel_task(&self, caller: &Caller, id: &str) -> Result<McpTask, ServiceError> {
        let mut task = self.own_task(caller, id).await?;
        while task.state == TaskState::Working {
            let cancelled = McpTask {
                state: TaskState::Cancelled,
                updated_at: self.now(),
                ..task.clone()
            };
            if self.store.end_task(&cancelled).await? {
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

    /// Starts a task on the caller's behalf in the workspace opened.
    async fn start_task(
        &self,
        access: &Access,
        caller: &Caller,
        task: McpTask,
        input: &str,
        queue: &crate::queue::Queue,
    ) -> Result<McpTask, ServiceError> {
        debug_assert_eq!(task.workspace_id, access.workspace.id);
        debug_assert_eq!(task.key_id, caller.key_id);
        self.store.start_task(&task, input).await?;
        self.hand_off_task(queue, &task).await?;
        Ok(task)
    }
}

/// A task's stored items, read again (they were read once when the task was made).
fn bulk_items(input: Option<&str>) -> Result<BulkItems, ServiceError> {
    let value = input.and_then(|text| serde_json::from_str(text).ok());
    BulkItems::parse(value, Door::Mcp).ok_or(ServiceError::TaskNotFound)
}

//! Carrying tasks on in the background, beside imports on the import queue: a task message
//! names its task; the `import-worker` function runs each for its budget and hands it on while
//! it works. A task is safe to run twice, so a message received again only repeats work
//! already recorded.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::domain::ids::ObjectId;
use crate::domain::{McpTask, TaskKind, TaskState};
use crate::queue::Queue;
use crate::service::{Service, ServiceError};

/// A message of the import queue that names a task (an import's names its job instead).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TaskMessage {
    pub task_id: ObjectId,
}

impl TaskMessage {
    pub fn encode(&self) -> String {
        serde_json::to_string(self).expect("a task message encodes")
    }

    /// A message's task; `None` for a message that is not one.
    pub fn decode(text: &str) -> Option<Self> {
        serde_json::from_str(text).ok()
    }
}

impl Service {
    /// Hands a task that still works to the queue.
    pub async fn hand_off_task(&self, queue: &Queue, task: &McpTask) -> Result<(), ServiceError> {
        if task.state != TaskState::Working {
            return Ok(());
        }
        let message = TaskMessage {
            task_id: task.id.clone(),
        };
        queue
            .send(&message.encode(), Duration::ZERO)
            .await
            .map_err(ServiceError::QueueFailed)
    }

    /// Runs a batch of the import queue's messages `(receipt, body)`: tasks here, imports by
    /// [`Service::continue_imports`]; answers the receipts that failed (to come back later).
    pub async fn continue_jobs(&self, queue: &Queue, messages: Vec<(String, String)>, budget: Duration) -> Vec<String> {
        let (tasks, imports): (Vec<_>, Vec<_>) = messages
            .into_iter()
            .partition(|(_, body)| TaskMessage::decode(body).is_some());
        let mut failed = Vec::new();
        for (receipt, body) in tasks {
            let message = TaskMessage::decode(&body).expect("partitioned as a task");
            let run = async {
                let task = self.run_task(&message.task_id, budget).await?;
                self.hand_off_task(queue, &task).await
            };
            match run.await {
                Ok(()) => {}
                Err(
                    ServiceError::TaskNotFound
                    | ServiceError::WorkspaceNotFound
                    | ServiceError::NoWorkspaceAccess
                    | ServiceError::LicenseExpired
                    | ServiceError::WorkspaceSuspended(_),
                ) => {
                    tracing::warn!(task = %message.task_id, "a task can no longer run; dropped");
                }
                Err(err) => {
                    tracing::error!(task = %message.task_id, error = %err, "a task's chunk failed; it will be retried");
                    failed.push(receipt);
                }
            }
        }
        failed.extend(self.continue_imports(queue, imports, budget).await);
        failed
    }

    /// Runs a task for `budget`; answers it as it is then.
    async fn run_task(&self, id: &ObjectId, budget: Duration) -> Result<McpTask, ServiceError> {
        let task = self.store.task(id).await?.ok_or(ServiceError::TaskNotFound)?;
        if task.state != TaskState::Working {
            return Ok(task);
        }
        match task.kind {
            TaskKind::BulkCreate => self.run_bulk_task(task, budget).await,
            // The import job is carried on by its own messages.
            TaskKind::Import { .. } => Ok(task),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::ImportMessage;

    #[test]
    fn a_task_message_is_not_read_as_an_import_job_nor_an_import_job_as_a_task() {
        let task = TaskMessage {
            task_id: ObjectId::parse("6553f100aaaaaaaaaaaaaaaa").unwrap(),
        }
        .encode();
        assert_eq!(ImportMessage::decode(&task), None);
        let import = r#"{"workspaceId":"6553f100aaaaaaaaaaaaaaaa","importId":"6553f100bbbbbbbbbbbbbbbb"}"#;
        assert_eq!(TaskMessage::decode(import), None);
    }
}

//! `import_links` as a task: the import job is started as the HTTP API starts it but not run
//! by the request; the import worker carries it from the first row. The task follows the job:
//! working while the job runs, completed with the plain call's answer once it ended; cancelling
//! the task stops the job (rows not reached are listed as skipped, saying so).

use crate::domain::ids::ObjectId;
use crate::domain::{ConflictPolicy, ImportFile, JobState, McpTask, TaskKind, TaskState};
use crate::queue::Queue;
use crate::service::accounts::{Access, Caller};
use crate::service::tasks::{TaskOutcome, TaskView};
use crate::service::{Service, ServiceError};
use crate::wire::ImportOutcome;

impl Service {
    /// Starts an import (or finds the file's earlier one) and a task following it.
    pub async fn start_import_task(
        &self,
        access: &Access,
        caller: &Caller,
        file: &ImportFile,
        policy: ConflictPolicy,
        queue: &Queue,
    ) -> Result<McpTask, ServiceError> {
        let started = self.start_import(access, file, policy).await?;
        self.hand_off_import(queue, &started.job).await?;
        let now = self.now();
        let task = McpTask {
            id: self.new_id(),
            kind: TaskKind::Import {
                import_id: started.job.id.clone(),
                fresh: started.fresh,
            },
            workspace_id: access.workspace.id.clone(),
            user_id: caller.user_id.clone(),
            key_id: caller.key_id.clone(),
            state: TaskState::Working,
            total: started.job.rows,
            done: started.job.done,
            failure: None,
            created_at: now,
            updated_at: now,
        };
        self.store.start_task(&task, "").await?;
        Ok(task)
    }

    /// An import task as its job is now.
    pub(super) async fn import_task_view(
        &self,
        access: &Access,
        mut task: McpTask,
        import_id: &ObjectId,
        fresh: bool,
    ) -> Result<TaskView, ServiceError> {
        let (job, rows) = self.import_results(access, import_id).await?;
        task.total = job.rows;
        task.done = job.done;
        if task.state == TaskState::Working && job.state != JobState::Running {
            task.state = TaskState::Completed;
            task.updated_at = job.updated_at;
        }
        let outcome = ImportOutcome::new(&job, fresh, &rows);
        let message = match task.state {
            TaskState::Working => task.progress(),
            _ => outcome.message.clone(),
        };
        let outcome = (task.state == TaskState::Completed).then_some(TaskOutcome::Import(outcome));
        Ok(TaskView { task, message, outcome })
    }

    /// Stops an import job that still runs (its worker records nothing more).
    pub(super) async fn stop_import(&self, access: &Access, id: &ObjectId) -> Result<(), ServiceError> {
        let job = self.import_job(access, id).await?;
        if job.state == JobState::Running {
            let stopped = crate::domain::ImportJob {
                state: JobState::Stopped,
                updated_at: self.now(),
                ..job.clone()
            };
            self.store.stop_import(&stopped).await?;
        }
        Ok(())
    }
}

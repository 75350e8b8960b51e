//! Carrying imports on in the background: the request that starts a job runs it for
//! [`IMPORT_REQUEST_BUDGET`] and, if rows remain, hands it to the import queue; the
//! `import-worker` function runs each handed job for [`IMPORT_WORKER_BUDGET`] and hands it on
//! again until it ends. A job is safe to run twice (see [`Service::run_import`]), so a message
//! received again after a crash only repeats work already recorded.

use std::time::Duration;

use crate::domain::{ConflictPolicy, ImportFile, ImportJob, JobState, RowResult};
use crate::queue::Queue;
use crate::service::{Service, ServiceError, accounts::Access};
use crate::wire::ImportMessage;

pub const IMPORT_QUEUE_VARIABLE: &str = "IMPORT_QUEUE_URL";
/// How long the request that starts an import runs it before answering `202`.
pub const IMPORT_REQUEST_BUDGET: Duration = Duration::from_secs(10);
/// How long the worker runs a job before handing it on (its timeout is 300 s).
pub const IMPORT_WORKER_BUDGET: Duration = Duration::from_secs(240);
/// How long a received job stays hidden from other workers: six times the worker's timeout.
pub const IMPORT_QUEUE_VISIBILITY: Duration = Duration::from_secs(1800);

/// The import queue: SQS at `IMPORT_QUEUE_URL`; `None` without the URL.
pub fn import_queue_from_env() -> Option<Queue> {
    crate::service::queues::queue_from_env(IMPORT_QUEUE_VARIABLE, IMPORT_QUEUE_VISIBILITY)
}

/// An import as a request leaves it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportRun {
    pub job: ImportJob,
    /// False when the file was imported before (nothing new was made).
    pub fresh: bool,
    /// Every row's result once the job ended; empty while it runs on.
    pub rows: Vec<RowResult>,
}

impl Service {
    /// Imports a file: starts its job and runs it for its budget ([`IMPORT_REQUEST_BUDGET`]), handing the
    /// rest to the queue. A file imported before answers that job; if it is still running it is
    /// handed to the queue again (a hand-off that failed is made good by sending the file again).
    pub async fn import_file(
        &self,
        access: &Access,
        file: &ImportFile,
        policy: ConflictPolicy,
        queue: &Queue,
    ) -> Result<ImportRun, ServiceError> {
        let started = self.start_import(access, file, policy).await?;
        let mut job = started.job;
        if started.fresh {
            job = self
                .run_import(&access.workspace.id, &job.id, self.import_budget)
                .await?;
        }
        self.hand_off_import(queue, &job).await?;
        let rows = match job.state {
            JobState::Running => Vec::new(),
            _ => self.import_results(access, &job.id).await?.1,
        };
        Ok(ImportRun {
            job,
            fresh: started.fresh,
            rows,
        })
    }

    /// Hands a job that is still running to the queue.
    pub async fn hand_off_import(&self, queue: &Queue, job: &ImportJob) -> Result<(), ServiceError> {
        if job.state != JobState::Running {
            return Ok(());
        }
        let message = ImportMessage {
            workspace_id: job.workspace_id.clone(),
            import_id: job.id.clone(),
        };
        queue
            .send(&message.encode(), Duration::ZERO)
            .await
            .map_err(ServiceError::QueueFailed)
    }

    /// Runs the jobs of a batch of messages `(receipt, body)` one after another, each for
    /// `budget`, handing on those still running; answers the receipts that failed (to come
    /// back later). A message that is not a job is dropped, and logged.
    pub async fn continue_imports(
        &self,
        queue: &Queue,
        messages: Vec<(String, String)>,
        budget: Duration,
    ) -> Vec<String> {
        let mut failed = Vec::new();
        for (receipt, body) in messages {
            let Some(message) = ImportMessage::decode(&body) else {
                tracing::error!(receipt, "an import queue message that is not a job was dropped");
                continue;
            };
            let run = async {
                let job = self
                    .run_import(&message.workspace_id, &message.import_id, budget)
                    .await?;
                self.hand_off_import(queue, &job).await
            };
            match run.await {
                Ok(()) => {}
                // The job or its workspace is gone, or its starter lost the right: nothing to do.
                Err(
                    ServiceError::ImportNotFound
                    | ServiceError::WorkspaceNotFound
                    | ServiceError::NoWorkspaceAccess
                    | ServiceError::ImportsClosed
                    | ServiceError::LicenseExpired
                    | ServiceError::WorkspaceSuspended(_),
                ) => {
                    tracing::warn!(import = %message.import_id, "an import can no longer run; dropped");
                }
                Err(err) => {
                    tracing::error!(import = %message.import_id, error = %err, "an import chunk failed; it will be retried");
                    failed.push(receipt);
                }
            }
        }
        failed
    }
}

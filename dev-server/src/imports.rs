//! The dev server's stand-in for the `import-worker` function's SQS event source: receives up
//! to ten import jobs from the queue (the in-process local queue unless `IMPORT_QUEUE_URL` names
//! an SQS one), hands them to the same batch handler, and deletes each one handled, as Lambda
//! does with a partial batch response.

use std::time::Duration;

use lib::queue::Queue;
use lib::service::{Service, transfer::IMPORT_WORKER_BUDGET};

use crate::queue_source;

#[derive(Debug)]
pub struct ImportWorker {
    service: Service,
    queue: Queue,
}

impl ImportWorker {
    pub fn new(service: Service, queue: Queue) -> Self {
        Self { service, queue }
    }

    pub fn queue(&self) -> &Queue {
        &self.queue
    }

    /// One receive (waiting up to `wait` for a message) and its batch handled, each job for
    /// `budget`; answers how many messages were handled and deleted.
    pub async fn run_once(&self, wait: Duration, budget: Duration) -> Result<usize, lib::queue::QueueError> {
        let (messages, batch) = queue_source::receive(&self.queue, wait).await?;
        let failed = self.service.continue_jobs(&self.queue, batch, budget).await;
        queue_source::delete_handled(&self.queue, &messages, &failed).await
    }

    /// Works until the process ends (the dev server's background task).
    pub async fn run(&self) {
        loop {
            queue_source::after_receive(
                "import",
                self.run_once(Duration::from_secs(1), IMPORT_WORKER_BUDGET).await,
            )
            .await;
        }
    }
}

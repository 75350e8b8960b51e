//! The dev server's stand-in for the `webhook-worker` function's SQS event source: receives up
//! to ten deliveries from the queue (the in-process local queue unless `WEBHOOK_QUEUE_URL`
//! names an SQS one), hands them to the same batch handler, and deletes each one handled, as
//! Lambda does with a partial batch response.

use std::time::Duration;

use lib::queue::Queue;
use lib::service::Service;

use crate::queue_source;

#[derive(Debug)]
pub struct WebhookWorker {
    service: Service,
    queue: Queue,
}

impl WebhookWorker {
    pub fn new(service: Service, queue: Queue) -> Self {
        Self { service, queue }
    }

    pub fn queue(&self) -> &Queue {
        &self.queue
    }

    /// One receive (waiting up to `wait` for a message) and its batch handled; answers how many
    /// messages were handled and deleted.
    pub async fn run_once(&self, wait: Duration) -> Result<usize, lib::queue::QueueError> {
        let (messages, batch) = queue_source::receive(&self.queue, wait).await?;
        let failed = self.service.deliver_webhook_batch(&self.queue, batch).await;
        queue_source::delete_handled(&self.queue, &messages, &failed).await
    }

    /// Works until the process ends (the dev server's background task).
    pub async fn run(&self) {
        loop {
            queue_source::after_receive("webhook", self.run_once(Duration::from_secs(1)).await).await;
        }
    }
}

//! The dev server's stand-in for Lambda's SQS event source, which the webhook and import
//! workers share: receives up to ten messages, hands them to the worker's batch handler as
//! `(receipt, body)`, and deletes each one the handler did not report failed, as Lambda does
//! with a partial batch response.

use std::time::Duration;

use lib::queue::{Message, Queue, QueueError};

/// One receive (waiting up to `wait`): the messages, and the batch a handler takes.
pub(crate) async fn receive(
    queue: &Queue,
    wait: Duration,
) -> Result<(Vec<Message>, Vec<(String, String)>), QueueError> {
    let messages = queue.receive(10, wait).await?;
    let batch = messages.iter().map(|m| (m.receipt.clone(), m.body.clone())).collect();
    Ok((messages, batch))
}

/// Deletes the messages the handler did not report `failed`; answers how many.
pub(crate) async fn delete_handled(
    queue: &Queue,
    messages: &[Message],
    failed: &[String],
) -> Result<usize, QueueError> {
    let mut handled = 0;
    for message in messages.iter().filter(|m| !failed.contains(&m.receipt)) {
        queue.delete(&message.receipt).await?;
        handled += 1;
    }
    Ok(handled)
}

/// What a worker's background loop does with one receive's outcome: a failed receive is
/// logged, and the next one waits a second.
pub(crate) async fn after_receive(queue_name: &str, outcome: Result<usize, QueueError>) {
    if let Err(err) = outcome {
        tracing::warn!(error = %err, "{queue_name} queue receive failed");
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

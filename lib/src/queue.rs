//! The queue webhook deliveries wait in: Amazon SQS in AWS, and on one machine (the dev server)
//! a queue in memory keeping the same contract, which one suite of tests holds both to:
//! - at least once: a received message comes back after its visibility timeout unless deleted;
//! - a deleted message never comes back (the local queue's receipt from an earlier receive
//!   deletes nothing);
//! - a message sent with a delay is not received before it.
//!
//! What the local queue does not emulate: durability across restarts (it lives in the process),
//! SQS's redrive to a dead-letter queue after `maxReceiveCount` (the worker gives up by its own
//! 24-hour rule instead), and long-poll fairness between readers.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::time::Instant;

/// The longest delay SQS takes on a send (15 minutes); longer waits are the worker's to re-send.
pub const MAX_DELAY: Duration = Duration::from_secs(900);

#[derive(Debug, thiserror::Error)]
pub enum QueueError {
    #[error("the queue could not be reached: {0}")]
    Sqs(String),
}

/// A received message: its body, the receipt that deletes it, and how often it was received.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub body: String,
    pub receipt: String,
    pub receive_count: u32,
}

/// A queue, SQS or local.
#[derive(Debug, Clone)]
pub enum Queue {
    Sqs {
        client: aws_sdk_sqs::Client,
        url: String,
        visibility: Duration,
    },
    Local(Arc<LocalQueue>),
}

impl Queue {
    /// The SQS queue at `url`, its messages hidden for `visibility` once received.
    pub fn sqs(client: aws_sdk_sqs::Client, url: String, visibility: Duration) -> Self {
        Self::Sqs {
            client,
            url,
            visibility,
        }
    }

    /// A queue in this process.
    pub fn local(visibility: Duration) -> Self {
        Self::Local(Arc::new(LocalQueue::new(visibility)))
    }

    /// Sends `body`, received no sooner than `delay` from now (at most [`MAX_DELAY`]).
    pub async fn send(&self, body: &str, delay: Duration) -> Result<(), QueueError> {
        let delay = delay.min(MAX_DELAY);
        match self {
            Self::Sqs { client, url, .. } => client
                .send_message()
                .queue_url(url)
                .message_body(body)
                .delay_seconds(delay.as_secs() as i32)
                .send()
                .await
                .map(|_| ())
                .map_err(|e| QueueError::Sqs(aws_sdk_sqs::error::DisplayErrorContext(e).to_string())),
            Self::Local(queue) => {
                queue.send(body, delay);
                Ok(())
            }
        }
    }

    /// Up to `max` (at most 10) visible messages, waiting up to `wait` for the first.
    pub async fn receive(&self, max: usize, wait: Duration) -> Result<Vec<Message>, QueueError> {
        let max = max.clamp(1, 10);
        match self {
            Self::Sqs {
                client,
                url,
                visibility,
            } => {
                let out = client
                    .receive_message()
                    .queue_url(url)
                    .max_number_of_messages(max as i32)
                    .wait_time_seconds(wait.as_secs().min(20) as i32)
                    .visibility_timeout(visibility.as_secs().max(1) as i32)
                    .message_system_attribute_names(
                        aws_sdk_sqs::types::MessageSystemAttributeName::ApproximateReceiveCount,
                    )
                    .send()
                    .await
                    .map_err(|e| QueueError::Sqs(aws_sdk_sqs::error::DisplayErrorContext(e).to_string()))?;
                Ok(out
                    .messages
                    .unwrap_or_default()
                    .into_iter()
                    .filter_map(|m| {
                        let receive_count = m
                            .attributes()
                            .and_then(|a| {
                                a.get(&aws_sdk_sqs::types::MessageSystemAttributeName::ApproximateReceiveCount)
                            })
                            .and_then(|c| c.parse().ok())
                            .unwrap_or(1);
                        Some(Message {
                            body: m.body?,
                            receipt: m.receipt_handle?,
                            receive_count,
                        })
                    })
                    .collect())
            }
            Self::Local(queue) => {
                let deadline = Instant::now() + wait;
                loop {
                    let found = queue.receive(max);
                    if !found.is_empty() || Instant::now() >= deadline {
                        return Ok(found);
                    }
                    tokio::time::sleep(Duration::from_millis(50).min(deadline - Instant::now())).await;
                }
            }
        }
    }

    /// Deletes the message `receipt` came with (nothing when it was received again since).
    pub async fn delete(&self, receipt: &str) -> Result<(), QueueError> {
        match self {
            Self::Sqs { client, url, .. } => client
                .delete_message()
                .queue_url(url)
                .receipt_handle(receipt)
                .send()
                .await
                .map(|_| ())
                .map_err(|e| QueueError::Sqs(aws_sdk_sqs::error::DisplayErrorContext(e).to_string())),
            Self::Local(queue) => {
                queue.delete(receipt);
                Ok(())
            }
        }
    }
}

/// One message of the local queue.
#[derive(Debug)]
struct Entry {
    id: u64,
    body: String,
    visible_at: Instant,
    receive_count: u32,
}

/// The local queue's messages, in the order sent.
#[derive(Debug)]
pub struct LocalQueue {
    visibility: Duration,
    entries: Mutex<(u64, VecDeque<Entry>)>,
}

impl LocalQueue {
    fn new(visibility: Duration) -> Self {
        Self {
            visibility,
            entries: Mutex::new((0, VecDeque::new())),
        }
    }

    fn send(&self, body: &str, delay: Duration) {
        let mut guard = self.entries.lock().expect("the local queue");
        let (next, entries) = &mut *guard;
        *next += 1;
        entries.push_back(Entry {
            id: *next,
            body: body.to_string(),
            visible_at: Instant::now() + delay,
            receive_count: 0,
        });
    }

    fn receive(&self, max: usize) -> Vec<Message> {
        let now = Instant::now();
        let mut guard = self.entries.lock().expect("the local queue");
        guard
            .1
            .iter_mut()
            .filter(|e| e.visible_at <= now)
            .take(max)
            .map(|e| {
                e.visible_at = now + self.visibility;
                e.receive_count += 1;
                Message {
                    body: e.body.clone(),
                    // A receipt names one receive: an older one deletes nothing.
                    receipt: format!("{}:{}", e.id, e.receive_count),
                    receive_count: e.receive_count,
                }
            })
            .collect()
    }

    fn delete(&self, receipt: &str) {
        let mut guard = self.entries.lock().expect("the local queue");
        guard.1.retain(|e| format!("{}:{}", e.id, e.receive_count) != receipt);
    }
}

#[cfg(test)]
mod tests;

//! The redirect's dead-letter queue (Amazon SQS): a click whose write still failed after the SDK's
//! retries waits here, whole, until `linkctl clicks replay` writes it. One message per click: the
//! click as stored, where it goes (its shard) and how long it is kept.

use aws_sdk_sqs::Client;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::store::client::{env, lambda_sdk_config, sdk_config_from_env};
use crate::store::{Click, ClickPlacement, StoreError};

/// The environment variable naming the queue (its URL); no dead-letter queue without it.
pub const QUEUE_URL_VARIABLE: &str = "CLICK_DEAD_LETTER_QUEUE_URL";

/// How many messages one receive asks for (SQS's most).
const RECEIVE_BATCH: i32 = 10;

/// How long a received message stays hidden from other readers while it is replayed.
const REPLAY_VISIBILITY_SECONDS: i32 = 60;

/// The queue: its client and URL.
#[derive(Clone, Debug)]
pub struct DeadLetters {
    client: Client,
    queue_url: String,
}

/// A click waiting to be written, as the queue keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeadLetter {
    pub click: Click,
    pub shard: u64,
    pub expires_at: DateTime<Utc>,
}

impl DeadLetter {
    pub fn new(click: Click, placement: ClickPlacement) -> Self {
        Self {
            click,
            shard: placement.shard,
            expires_at: placement.expires_at,
        }
    }

    pub fn placement(&self) -> ClickPlacement {
        ClickPlacement {
            shard: self.shard,
            expires_at: self.expires_at,
        }
    }
}

/// A message received from the queue: the click it holds (`None` when its body is not one), and
/// the handle that deletes it.
#[derive(Debug)]
pub struct Received {
    pub letter: Option<DeadLetter>,
    pub receipt: String,
}

impl DeadLetters {
    pub fn new(client: Client, queue_url: impl Into<String>) -> Self {
        Self {
            client,
            queue_url: queue_url.into(),
        }
    }

    /// A Lambda function's queue: the URL from `CLICK_DEAD_LETTER_QUEUE_URL`, the client from
    /// the environment Lambda sets (`AWS_ENDPOINT_URL_SQS` for a local stand-in).
    pub fn lambda_from_env() -> Option<Self> {
        let queue_url = env(QUEUE_URL_VARIABLE)?;
        let mut config = aws_sdk_sqs::config::Builder::from(&lambda_sdk_config());
        if let Some(url) = env("AWS_ENDPOINT_URL_SQS").or_else(|| env("AWS_ENDPOINT_URL")) {
            config = config.endpoint_url(url);
        }
        Some(Self::new(Client::from_conf(config.build()), queue_url))
    }

    /// The queue as the dev server and `linkctl` reach it (aws-config's resolution).
    pub async fn from_env() -> Option<Self> {
        let queue_url = env(QUEUE_URL_VARIABLE)?;
        Some(Self::new(Client::new(&sdk_config_from_env().await), queue_url))
    }

    pub fn queue_url(&self) -> &str {
        &self.queue_url
    }

    /// Keeps a click for replay: one `SendMessage`.
    pub async fn send(&self, letter: &DeadLetter) -> Result<(), StoreError> {
        let body = serde_json::to_string(letter).map_err(StoreError::Json)?;
        self.client
            .send_message()
            .queue_url(&self.queue_url)
            .message_body(body)
            .send()
            .await
            .map_err(|e| StoreError::request("SQS SendMessage", e))?;
        Ok(())
    }

    /// Up to ten waiting messages (none when the queue is empty), hidden from other readers for a
    /// minute.
    pub async fn receive(&self) -> Result<Vec<Received>, StoreError> {
        let output = self
            .client
            .receive_message()
            .queue_url(&self.queue_url)
            .max_number_of_messages(RECEIVE_BATCH)
            .visibility_timeout(REPLAY_VISIBILITY_SECONDS)
            .wait_time_seconds(0)
            .send()
            .await
            .map_err(|e| StoreError::request("SQS ReceiveMessage", e))?;
        Ok(output
            .messages
            .unwrap_or_default()
            .into_iter()
            .filter_map(|message| {
                let receipt = message.receipt_handle?;
                let letter = message.body.and_then(|body| serde_json::from_str(&body).ok());
                Some(Received { letter, receipt })
            })
            .collect())
    }

    /// Removes a message once its click is written: one `DeleteMessage`.
    pub async fn delete(&self, receipt: &str) -> Result<(), StoreError> {
        self.client
            .delete_message()
            .queue_url(&self.queue_url)
            .receipt_handle(receipt)
            .send()
            .await
            .map_err(|e| StoreError::request("SQS DeleteMessage", e))?;
        Ok(())
    }
}

//! A delivery as it waits in the queue: which endpoint, the body to post (signed at each attempt,
//! with the secrets of that moment), and how its attempts have gone so far.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::domain::EventType;
use crate::domain::ids::ObjectId;

/// One message of the delivery queue.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryJob {
    pub workspace_id: ObjectId,
    pub webhook_id: ObjectId,
    /// `webhook-id`: the event's id, or for a batch the batch's.
    pub id: String,
    /// The events' type (a batch holds clicks only).
    pub kind: EventType,
    /// How many events the body holds (1, or up to 100 for a batch).
    pub events: u32,
    /// The JSON to post: one envelope, or an array of them for a batch.
    pub body: String,
    /// Attempts made so far.
    #[serde(default)]
    pub attempts: u32,
    /// When the first attempt was made: the 24 hours of retries count from it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_tried_at: Option<DateTime<Utc>>,
    /// Not to be attempted before this (a wait longer than the queue's 15-minute delay).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_before: Option<DateTime<Utc>>,
}

impl DeliveryJob {
    /// The message's text.
    pub fn encode(&self) -> String {
        serde_json::to_string(self).expect("a delivery job encodes")
    }

    /// A message's job; `None` for a message that is not one (it is dropped, and logged).
    pub fn decode(text: &str) -> Option<Self> {
        serde_json::from_str(text).ok()
    }
}

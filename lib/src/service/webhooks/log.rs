//! What the app's webhooks tab shows and does beyond the endpoints themselves: each endpoint's
//! latest attempts (its delivery log), and a test event sent at once when a person asks, signed
//! like any delivery but of its own type (`webhook.test`), never retried and never counted in
//! the endpoint's failing streak.

use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::domain::Webhook;
use crate::domain::ids::ObjectId;
use crate::domain::webhook_delivery::{Answer, AttemptOutcome, DeliveryAttempt};
use crate::service::{Service, ServiceError, accounts::Access};

/// An endpoint and its latest attempts, newest first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookWithLog {
    pub webhook: Webhook,
    pub deliveries: Vec<DeliveryAttempt>,
}

/// How a test event went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestSent {
    pub attempt: DeliveryAttempt,
}

impl TestSent {
    pub fn message(&self) -> String {
        match (self.attempt.outcome, self.attempt.response_code, &self.attempt.note) {
            (AttemptOutcome::Delivered, Some(code), _) => {
                format!("Test event delivered: the endpoint answered HTTP {code}.")
            }
            (_, Some(code), _) => format!("Test event not delivered: the endpoint answered HTTP {code}."),
            (_, None, Some(note)) => format!("Test event not delivered: {note}."),
            _ => "Test event not delivered.".into(),
        }
    }
}

/// The test event's envelope: the documented fields, its own type.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TestEnvelope<'a> {
    id: &'a str,
    #[serde(rename = "type")]
    kind: &'static str,
    created_at: DateTime<Utc>,
    workspace_id: &'a ObjectId,
    data: TestData<'a>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TestData<'a> {
    webhook_id: &'a ObjectId,
    message: &'static str,
}

impl Service {
    /// The workspace's endpoints with their latest attempts: one `Query` for the endpoints and
    /// one per endpoint (at most 20) for its log.
    pub async fn webhooks_with_log(&self, access: &Access) -> Result<Vec<WebhookWithLog>, ServiceError> {
        let webhooks = self.list_webhooks(access).await?;
        let mut all = Vec::with_capacity(webhooks.len());
        for webhook in webhooks {
            let deliveries = self.store.recent_deliveries(&webhook.id).await?;
            all.push(WebhookWithLog { webhook, deliveries });
        }
        Ok(all)
    }

    /// Posts a test event to the endpoint now (switched on or off) and logs the attempt.
    pub async fn send_test_event(&self, access: &Access, id: &ObjectId) -> Result<TestSent, ServiceError> {
        let webhook = self.webhook(access, id).await?;
        let now = self.now();
        let delivery_id = format!("evt_test_{}", self.new_id());
        let body = serde_json::to_string(&TestEnvelope {
            id: &delivery_id,
            kind: "webhook.test",
            created_at: now,
            workspace_id: &webhook.workspace_id,
            data: TestData {
                webhook_id: &webhook.id,
                message: "A test event from Smart Links: this endpoint receives deliveries.",
            },
        })
        .expect("a test envelope encodes");
        let posting = self.post_signed(&webhook, &delivery_id, body, now).await;
        let (response_code, delivered) = match posting.answer {
            Answer::Status { code, .. } => (Some(code), (200..300).contains(&code)),
            _ => (None, false),
        };
        let attempt = DeliveryAttempt {
            webhook_id: webhook.id.clone(),
            delivery_id,
            kind: None,
            events: 1,
            attempt: 1,
            at: now,
            outcome: if delivered {
                AttemptOutcome::Delivered
            } else {
                AttemptOutcome::Failed
            },
            response_code,
            note: posting.note,
            next_attempt_at: None,
            duration_ms: posting.duration_ms,
        };
        self.store.record_delivery(&attempt).await?;
        Ok(TestSent { attempt })
    }
}

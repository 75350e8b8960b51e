//! The delivery worker: one queued delivery at a time, signed with the endpoint's secrets of the
//! moment and posted with a 5-second deadline through the SSRF-safe fetcher (public addresses,
//! port 443, no redirect followed). The attempt is logged, the endpoint's failing streak kept
//! (three days of it switch the endpoint off), and a retry queued again with its wait (the
//! queue delays at most 15 minutes; a longer wait rides along as `notBefore` and is queued
//! again until it is over).

use std::time::Instant;

use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::domain::Webhook;
use crate::domain::ids::ObjectId;
use crate::domain::webhook_delivery::{
    ATTEMPT_TIMEOUT, Answer, AttemptOutcome, DeliveryAttempt, GaveUp, Verdict, judge, streak,
};
use crate::domain::webhook_rest::{FAILING_ATTEMPTS_PER_MINUTE, PROBE_WINDOW};
use crate::net::{FetchError, Limits};
use crate::queue::{MAX_DELAY, Queue};
use crate::service::{Service, ServiceError};
use crate::store::keys::{self, RateScope};
use crate::store::{Counter, RateCharge};
use crate::wire::DeliveryJob;
use crate::wire::webhook_event::sign;

/// How a delivery is posted.
pub const DELIVERY_LIMITS: Limits = Limits {
    max_bytes: 64 * 1024,
    timeout: ATTEMPT_TIMEOUT,
    accept: "*/*",
    user_agent: "smartlinks-webhooks/1 (+https://www.standardwebhooks.com/)",
};

/// What became of one queued delivery.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Handled {
    Delivered,
    /// Queued again for a later attempt.
    Retrying,
    /// Not tried again.
    Failed,
    /// Queued again untried: its wait is not over.
    Waiting,
    /// Its endpoint is gone or switched off: dropped untried.
    Dropped,
    /// Queued again untried: its endpoint is resting after attempts without an answer, or its
    /// workspace has spent its minute's attempts on failing endpoints.
    Held,
}

/// The answer an attempt got, in the judge's terms, and a note for the log when there was none.
fn answer_of(posted: Result<crate::net::Posted, FetchError>) -> (Answer, Option<String>) {
    match posted {
        Ok(posted) => (
            Answer::Status {
                code: posted.status,
                retry_after: posted.retry_after.and_then(|d| chrono::Duration::from_std(d).ok()),
            },
            None,
        ),
        Err(err @ (FetchError::NotPublic { .. } | FetchError::Port(_) | FetchError::NotHttps(_))) => {
            (Answer::NotAllowed, Some(format!("not called: {err}")))
        }
        Err(err) => (Answer::Unanswered, Some(format!("no answer: {err}"))),
    }
}

/// How a post went.
pub(in crate::service) struct Posting {
    pub answer: Answer,
    /// Why there was no answer, in words.
    pub note: Option<String>,
    pub duration_ms: u64,
}

fn delay_until(at: DateTime<Utc>, now: DateTime<Utc>) -> std::time::Duration {
    (at - now).to_std().unwrap_or_default().min(MAX_DELAY)
}

impl Service {
    /// Handles one queued delivery: `Err` only when the table or the queue failed (the message
    /// is then left to come back).
    pub async fn deliver_webhook(&self, queue: &Queue, mut job: DeliveryJob) -> Result<Handled, ServiceError> {
        let now = self.now();
        if let Some(not_before) = job.not_before.filter(|at| *at > now) {
            send(queue, &job, delay_until(not_before, now)).await?;
            return Ok(Handled::Waiting);
        }
        let Some(webhook) = self
            .store
            .webhook(&job.workspace_id, &job.webhook_id)
            .await?
            .filter(|w| w.enabled)
        else {
            return Ok(Handled::Dropped);
        };
        if let Some(until) = self.hold_until(&webhook, now).await? {
            job.not_before = Some(until);
            send(queue, &job, delay_until(until, now)).await?;
            return Ok(Handled::Held);
        }
        let posting = self.post_signed(&webhook, &job.id, job.body.clone(), now).await;
        let (answer, note) = (posting.answer, posting.note);
        let attempt = job.attempts + 1;
        let first_tried = job.first_tried_at.unwrap_or(now);
        let verdict = judge(answer, attempt, first_tried, now, self.entropy.as_ref());
        let (outcome, next_attempt_at, gave_up) = match verdict {
            Verdict::Delivered => (AttemptOutcome::Delivered, None, None),
            Verdict::Retry { at } => (AttemptOutcome::Retrying, Some(at), None),
            Verdict::GiveUp(why) => (AttemptOutcome::Failed, None, Some(why)),
        };
        let log = DeliveryAttempt {
            webhook_id: webhook.id.clone(),
            delivery_id: job.id.clone(),
            kind: Some(job.kind),
            events: job.events,
            attempt,
            at: now,
            outcome,
            response_code: match answer {
                Answer::Status { code, .. } => Some(code),
                _ => None,
            },
            note: note.or_else(|| gave_up.map(gave_up_words)),
            next_attempt_at,
            duration_ms: posting.duration_ms,
        };
        self.store.record_delivery(&log).await?;
        self.keep_streak(&webhook, outcome == AttemptOutcome::Delivered, answer, now)
            .await?;
        if let Some(at) = next_attempt_at {
            job.attempts = attempt;
            job.first_tried_at = Some(first_tried);
            job.not_before = Some(at);
            send(queue, &job, delay_until(at, now)).await?;
        }
        Ok(match outcome {
            AttemptOutcome::Delivered => Handled::Delivered,
            AttemptOutcome::Retrying => Handled::Retrying,
            AttemptOutcome::Failed => Handled::Failed,
        })
    }

    /// Signs `body` as delivery `id` with the endpoint's secrets at `now` and posts it.
    pub(in crate::service) async fn post_signed(
        &self,
        webhook: &Webhook,
        id: &str,
        body: String,
        now: DateTime<Utc>,
    ) -> Posting {
        let signed = sign(&webhook.secrets, id, body, now);
        let headers = [
            ("webhook-id", signed.id.clone()),
            ("webhook-timestamp", signed.timestamp.to_string()),
            ("webhook-signature", signed.signature.clone()),
        ];
        let started = Instant::now();
        let posted = match webhook.url.as_str().parse::<url::Url>() {
            Ok(url) => self.hooks.post(&url, &headers, signed.body, &DELIVERY_LIMITS).await,
            Err(_) => Err(FetchError::NotHttps(webhook.url.as_str().to_string())),
        };
        let duration_ms = started.elapsed().as_millis() as u64;
        let (answer, note) = answer_of(posted);
        Posting {
            answer,
            note,
            duration_ms,
        }
    }

    /// Handles a batch of queued messages `(id, body)` side by side (each attempt within its
    /// 5 s); answers the ids of the messages to hand back to the queue (the table or the queue
    /// failed). A message that is no delivery is dropped and logged.
    pub async fn deliver_webhook_batch(&self, queue: &Queue, messages: Vec<(String, String)>) -> Vec<String> {
        let attempts = messages.into_iter().map(|(id, body)| async move {
            let Some(job) = DeliveryJob::decode(&body) else {
                tracing::error!(message = %id, "a queued message that is no delivery was dropped");
                return None;
            };
            match self.deliver_webhook(queue, job).await {
                Ok(handled) => {
                    tracing::info!(message = %id, ?handled, "webhook delivery handled");
                    None
                }
                Err(err) => {
                    tracing::error!(message = %id, error = %crate::telemetry::error_chain(&err), "webhook delivery failed");
                    Some(id)
                }
            }
        });
        futures::future::join_all(attempts)
            .await
            .into_iter()
            .flatten()
            .collect()
    }

    /// Until when a delivery to `webhook` waits untried, if it must: the endpoint has gone
    /// unanswered and rests, or another delivery is trying it (a silent endpoint is tried one
    /// delivery at a time), or its workspace has spent this minute's attempts on failing
    /// endpoints ([`FAILING_ATTEMPTS_PER_MINUTE`]). The jitter spreads the waiting
    /// deliveries so that one, not all, finds the rest over.
    async fn hold_until(&self, webhook: &Webhook, now: DateTime<Utc>) -> Result<Option<DateTime<Utc>>, ServiceError> {
        let jitter = chrono::Duration::milliseconds(self.entropy.below(PROBE_WINDOW.num_milliseconds() as u64) as i64);
        if webhook.unanswered > 0 || webhook.resting_until.is_some() {
            if let Some(until) = webhook.resting_until.filter(|until| *until > now) {
                return Ok(Some(until + jitter));
            }
            let probe_until = now + PROBE_WINDOW;
            if !self
                .store
                .claim_webhook_probe(&webhook.workspace_id, &webhook.id, webhook.resting_until, probe_until)
                .await?
            {
                return Ok(Some(probe_until + jitter));
            }
        }
        if webhook.failing_since.is_some() && !self.charge_failing_attempt(&webhook.workspace_id, now).await? {
            let next_minute = (now.timestamp() / 60 + 1) * 60;
            let at = DateTime::from_timestamp(next_minute, 0).unwrap_or(now);
            return Ok(Some(at + jitter));
        }
        Ok(None)
    }

    /// Counts an attempt to a failing endpoint against its workspace's minute; `false` when the
    /// minute's [`FAILING_ATTEMPTS_PER_MINUTE`] are spent.
    async fn charge_failing_attempt(&self, workspace: &ObjectId, now: DateTime<Utc>) -> Result<bool, ServiceError> {
        let window = now.timestamp() / 60;
        let key = keys::rate_window(&RateScope::Workspace(workspace), window);
        let counter = Counter {
            attribute: "webhookFailingAttempts".into(),
            limit: FAILING_ATTEMPTS_PER_MINUTE,
        };
        let charge = self.store.charge_rate(&key, &[counter], (window + 2) * 60).await?;
        Ok(matches!(charge, RateCharge::Counted(_)))
    }

    /// Notes the endpoint's failing streak and silence when they changed; switches it off
    /// after three days of failures.
    async fn keep_streak(
        &self,
        webhook: &Webhook,
        delivered: bool,
        answer: Answer,
        now: DateTime<Utc>,
    ) -> Result<(), ServiceError> {
        let silent = answer == Answer::Unanswered;
        if silent || webhook.unanswered > 0 || webhook.resting_until.is_some() {
            self.store
                .record_webhook_silence(&webhook.workspace_id, &webhook.id, !silent, now)
                .await?;
        }
        let (since, disable) = streak(delivered, webhook.failing_since, now);
        if since == webhook.failing_since && !disable {
            return Ok(());
        }
        if disable {
            tracing::warn!(webhook = %webhook.id, "webhook endpoint disabled after three days of failures");
        }
        self.store
            .record_webhook_streak(&webhook.workspace_id, &webhook.id, since, disable.then_some(now))
            .await?;
        Ok(())
    }
}

/// Where the webhook delivery queue's URL is read from in a Lambda function.
pub const WEBHOOK_QUEUE_VARIABLE: &str = "WEBHOOK_QUEUE_URL";

/// How long a received delivery stays hidden from other workers (the template's
/// `VisibilityTimeout`: six times the worker's timeout, as AWS advises).
pub const WEBHOOK_QUEUE_VISIBILITY: std::time::Duration = std::time::Duration::from_secs(180);

/// A Lambda function's delivery queue: SQS at `WEBHOOK_QUEUE_URL` ([`crate::service::queues::queue_from_env`]);
/// `None` without the URL.
pub fn webhook_queue_from_env() -> Option<Queue> {
    crate::service::queues::queue_from_env(WEBHOOK_QUEUE_VARIABLE, WEBHOOK_QUEUE_VISIBILITY)
}

fn gave_up_words(why: GaveUp) -> String {
    match why {
        GaveUp::Refused(code) => format!("refused with HTTP {code}; not retried"),
        GaveUp::Expired => "not delivered within 24 hours; given up".into(),
        GaveUp::NotAllowed => "its URL may not be called".into(),
    }
}

pub(in crate::service) async fn send(
    queue: &Queue,
    job: &DeliveryJob,
    delay: std::time::Duration,
) -> Result<(), ServiceError> {
    queue
        .send(&job.encode(), delay)
        .await
        .map_err(ServiceError::QueueFailed)
}

//! What one delivery attempt's answer means for the event (delivered, tried again when, or given
//! up and why) and for its endpoint (failing since when; disabled after three days of it). Pure:
//! time and the jitter's randomness come from outside.

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

use super::EventType;
use crate::clock::Entropy;
use crate::domain::ids::ObjectId;

/// How long one attempt may take, connection to last byte.
pub const ATTEMPT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// How long an event is tried, from its first attempt.
pub const RETRY_WINDOW: Duration = Duration::hours(24);

/// The wait before the second attempt; each later wait doubles, up to [`LONGEST_WAIT`].
pub const FIRST_WAIT: Duration = Duration::seconds(5);

/// The longest wait between two attempts (a `Retry-After` may ask for more, within the window).
pub const LONGEST_WAIT: Duration = Duration::hours(2);

/// How long an endpoint may fail without a single success before it is disabled.
pub const DISABLE_AFTER: Duration = Duration::days(3);

/// How an attempt ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// The receiver answered with this status (and, for 429 and 503, perhaps a `Retry-After`).
    Status { code: u16, retry_after: Option<Duration> },
    /// No answer: the connection failed, TLS failed, or it took longer than [`ATTEMPT_TIMEOUT`].
    Unanswered,
    /// Not called: its host now resolves to an address that is not public (or names another
    /// port). Never retried: the endpoint must be changed.
    NotAllowed,
}

/// What becomes of the event after an attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Delivered,
    /// Try again at this time.
    Retry {
        at: DateTime<Utc>,
    },
    GiveUp(GaveUp),
}

/// Why an event is no longer tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GaveUp {
    /// The receiver refused it for good: a 4xx other than 429 (or a redirect, never followed).
    Refused(u16),
    /// Its 24 hours of retries are over.
    Expired,
    /// Its URL may not be called (see [`Answer::NotAllowed`]).
    NotAllowed,
}

impl Answer {
    fn retryable(self) -> bool {
        match self {
            Self::Unanswered => true,
            Self::NotAllowed => false,
            Self::Status { code, .. } => code == 429 || (500..600).contains(&code),
        }
    }
}

/// The verdict on attempt number `attempt` (1 for the first) of an event first tried at
/// `first_tried`, answered `answer` at `now`.
pub fn judge(
    answer: Answer,
    attempt: u32,
    first_tried: DateTime<Utc>,
    now: DateTime<Utc>,
    entropy: &dyn Entropy,
) -> Verdict {
    if let Answer::Status { code: 200..=299, .. } = answer {
        return Verdict::Delivered;
    }
    if !answer.retryable() {
        return Verdict::GiveUp(match answer {
            Answer::Status { code, .. } => GaveUp::Refused(code),
            _ => GaveUp::NotAllowed,
        });
    }
    let wait = match answer {
        Answer::Status {
            retry_after: Some(asked),
            ..
        } if asked > Duration::zero() => asked,
        _ => backoff(attempt, entropy),
    };
    let at = now + wait;
    if at > first_tried + RETRY_WINDOW {
        return Verdict::GiveUp(GaveUp::Expired);
    }
    Verdict::Retry { at }
}

/// The wait after attempt `attempt`: [`FIRST_WAIT`] doubled per attempt up to [`LONGEST_WAIT`],
/// then a uniform draw between half of it and all of it (jitter, so endpoints that failed
/// together are not all called again at once).
pub fn backoff(attempt: u32, entropy: &dyn Entropy) -> Duration {
    let doublings = attempt.saturating_sub(1).min(20);
    let full = (FIRST_WAIT * 2_i32.pow(doublings)).min(LONGEST_WAIT);
    let millis = full.num_milliseconds().max(2) as u64;
    Duration::milliseconds((millis / 2 + entropy.below(millis / 2 + 1)) as i64)
}

/// An endpoint's failing streak after an attempt: when it began (none after a success), and
/// whether it has lasted [`DISABLE_AFTER`] so the endpoint is to be disabled.
pub fn streak(
    delivered: bool,
    failing_since: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
) -> (Option<DateTime<Utc>>, bool) {
    if delivered {
        return (None, false);
    }
    let since = failing_since.unwrap_or(now);
    (Some(since), now - since >= DISABLE_AFTER)
}

/// How long the log keeps an attempt.
pub const DELIVERY_LOG_DAYS: i64 = 7;

/// What an attempt came to, as the log shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AttemptOutcome {
    Delivered,
    /// It failed and is tried again at `nextAttemptAt`.
    Retrying,
    /// It failed and is not tried again.
    Failed,
}

/// One attempt to deliver, as the endpoint's log keeps it (7 days): nothing of the body or of
/// the receiver's answer but its status.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryAttempt {
    pub webhook_id: ObjectId,
    /// The `webhook-id` the delivery carried.
    pub delivery_id: String,
    /// The events' type; none for a test event sent from the app.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<EventType>,
    pub events: u32,
    /// 1 for the first attempt.
    pub attempt: u32,
    pub at: DateTime<Utc>,
    pub outcome: AttemptOutcome,
    /// The receiver's status, when it answered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response_code: Option<u16>,
    /// Why it failed without an answer, or why it is not tried again, in words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_attempt_at: Option<DateTime<Utc>>,
    pub duration_ms: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::SeededEntropy;

    fn status(code: u16) -> Answer {
        Answer::Status {
            code,
            retry_after: None,
        }
    }

    #[test]
    fn a_2xx_is_delivered() {
        let now = Utc::now();
        let entropy = SeededEntropy::new(1);
        for code in [200, 202, 204] {
            assert_eq!(judge(status(code), 1, now, now, &entropy), Verdict::Delivered);
        }
    }

    #[test]
    fn a_5xx_a_429_and_no_answer_are_tried_again_later() {
        let now = Utc::now();
        let entropy = SeededEntropy::new(1);
        for answer in [status(500), status(503), status(429), Answer::Unanswered] {
            match judge(answer, 1, now, now, &entropy) {
                Verdict::Retry { at } => assert!(at > now && at <= now + FIRST_WAIT, "{answer:?}"),
                other => panic!("{answer:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn other_4xx_and_redirects_are_given_up_at_once() {
        let now = Utc::now();
        let entropy = SeededEntropy::new(1);
        for code in [400, 401, 404, 410, 301, 308] {
            assert_eq!(
                judge(status(code), 1, now, now, &entropy),
                Verdict::GiveUp(GaveUp::Refused(code))
            );
        }
    }

    #[test]
    fn a_url_that_may_no_longer_be_called_is_given_up_at_once() {
        let now = Utc::now();
        assert_eq!(
            judge(Answer::NotAllowed, 1, now, now, &SeededEntropy::new(1)),
            Verdict::GiveUp(GaveUp::NotAllowed)
        );
    }

    #[test]
    fn a_retry_after_is_honoured() {
        let now = Utc::now();
        let answer = Answer::Status {
            code: 429,
            retry_after: Some(Duration::minutes(7)),
        };
        assert_eq!(
            judge(answer, 1, now, now, &SeededEntropy::new(1)),
            Verdict::Retry {
                at: now + Duration::minutes(7)
            }
        );
    }

    #[test]
    fn the_waits_double_with_jitter_up_to_two_hours() {
        let entropy = SeededEntropy::new(3);
        for (attempt, full) in [(1, 5), (2, 10), (3, 20), (12, 7200), (40, 7200)] {
            let wait = backoff(attempt, &entropy).num_milliseconds();
            assert!(
                (full * 500..=full * 1000).contains(&wait),
                "attempt {attempt}: {wait} ms, expected within half of {full} s and all of it"
            );
        }
    }

    #[test]
    fn an_event_is_given_up_once_its_retries_would_pass_24_hours() {
        let first = Utc::now();
        let late = first + RETRY_WINDOW - Duration::minutes(1);
        assert_eq!(
            judge(status(500), 15, first, late, &SeededEntropy::new(1)),
            Verdict::GiveUp(GaveUp::Expired)
        );
        let asked_too_long = Answer::Status {
            code: 503,
            retry_after: Some(Duration::days(2)),
        };
        assert_eq!(
            judge(asked_too_long, 1, first, first, &SeededEntropy::new(1)),
            Verdict::GiveUp(GaveUp::Expired)
        );
    }

    #[test]
    fn an_endpoint_failing_for_three_days_is_disabled_and_a_success_ends_the_streak() {
        let start = Utc::now();
        assert_eq!(streak(false, None, start), (Some(start), false));
        let almost = start + DISABLE_AFTER - Duration::seconds(1);
        assert_eq!(streak(false, Some(start), almost), (Some(start), false));
        assert_eq!(streak(false, Some(start), start + DISABLE_AFTER), (Some(start), true));
        assert_eq!(streak(true, Some(start), almost), (None, false));
    }
}

//! Sign-in attempts of one subject (`SIGNIN#<subject>` / `ATTEMPTS`): an attempt takes a slot
//! *before* the password is checked, with one conditional `UpdateItem` that refuses while the
//! subject is locked or once its window holds the limit, so parallel guesses cannot outrun the
//! count. When a lock ends while its window is still full, exactly one more attempt (the
//! probe) may be taken; it either succeeds (and resets the subject) or locks it again, longer.
//!
//! Attributes (times in epoch milliseconds): `attempts` in the window that began at
//! `windowStart`, `lockouts` (locks so far), `lockedUntil`, `probeFor` (the `lockedUntil` whose
//! probe was taken), `trustedUntil` (set by a successful sign-in), `ttl`.

use aws_sdk_dynamodb::operation::update_item::UpdateItemError;
use aws_sdk_dynamodb::types::{AttributeValue, ReturnValue, ReturnValuesOnConditionCheckFailure};
use chrono::{DateTime, Duration, TimeZone, Utc};

use crate::store::{Item, Store, StoreError, epoch, key_map, keys, n, update_applied};

/// How a subject's attempts are counted.
#[derive(Debug, Clone, Copy)]
pub struct AttemptRules {
    /// Attempts one window may hold.
    pub limit: u32,
    /// How long a window lasts from its first attempt.
    pub window: Duration,
}

/// A subject after one of its attempt slots was taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AttemptSlot {
    /// Attempts in the window, this one included.
    pub attempts: u32,
    /// How many times the subject was locked so far.
    pub lockouts: u32,
    /// Until when a successful sign-in vouches for this subject.
    pub trusted_until: Option<DateTime<Utc>>,
}

/// Whether an attempt may go ahead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SlotTake {
    Taken(AttemptSlot),
    /// Locked, or the window is full and its probe is out: try again after `until`.
    Refused {
        until: DateTime<Utc>,
    },
}

fn millis(at: DateTime<Utc>) -> AttributeValue {
    n(at.timestamp_millis())
}

fn number(item: Option<&Item>, name: &str) -> Option<i64> {
    match item?.get(name)? {
        AttributeValue::N(value) => value.parse().ok(),
        _ => None,
    }
}

fn instant(item: Option<&Item>, name: &str) -> Option<DateTime<Utc>> {
    number(item, name).and_then(|ms| Utc.timestamp_millis_opt(ms).single())
}

fn slot(item: Option<&Item>) -> AttemptSlot {
    AttemptSlot {
        attempts: number(item, "attempts")
            .and_then(|a| u32::try_from(a).ok())
            .unwrap_or(0),
        lockouts: number(item, "lockouts")
            .and_then(|a| u32::try_from(a).ok())
            .unwrap_or(0),
        trusted_until: instant(item, "trustedUntil"),
    }
}

/// The two forms of taking a slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Form {
    /// In the current window (beginning it for a subject never seen): refused while locked,
    /// and once the window holds `limit` attempts unless the probe after the last lock is
    /// still untaken.
    InWindow,
    /// The first slot of a new window, when the last one is over.
    NewWindow,
}

impl Form {
    /// (update expression, condition expression).
    fn expressions(self) -> (&'static str, &'static str) {
        match self {
            Self::InWindow => (
                "SET attempts = if_not_exists(attempts, :zero) + :one, windowStart = if_not_exists(windowStart, :now), \
                 probeFor = if_not_exists(lockedUntil, :zero), #ttl = :ttl",
                "(attribute_not_exists(windowStart) OR windowStart > :floor) \
                 AND (attribute_not_exists(lockedUntil) OR lockedUntil <= :now) \
                 AND (attribute_not_exists(attempts) OR attempts < :limit \
                      OR (attribute_exists(lockedUntil) AND probeFor <> lockedUntil))",
            ),
            Self::NewWindow => (
                "SET attempts = :one, windowStart = :now, probeFor = if_not_exists(lockedUntil, :zero), #ttl = :ttl",
                "(attribute_not_exists(windowStart) OR windowStart <= :floor) \
                 AND (attribute_not_exists(lockedUntil) OR lockedUntil <= :now)",
            ),
        }
    }
}

/// What a refused take learned from the item as it was.
enum Refusal {
    /// The take's form did not fit the item (the window ended, or another request just began
    /// a new one): try the other form.
    OtherForm,
    Locked(DateTime<Utc>),
}

impl Store {
    /// Takes an attempt slot of `subject` at `now`; the item is kept until `keep_until`.
    pub async fn take_sign_in_attempt(
        &self,
        subject: &str,
        rules: AttemptRules,
        now: DateTime<Utc>,
        keep_until: DateTime<Utc>,
    ) -> Result<SlotTake, StoreError> {
        // Two forms of one update: within the current window (or the first ever), or starting
        // a new one after the last ended. A race between them is settled by their conditions;
        // three rounds always settle it.
        for _ in 0..3 {
            match self.take(Form::InWindow, subject, rules, now, keep_until).await? {
                Ok(slot) => return Ok(SlotTake::Taken(slot)),
                Err(Refusal::Locked(until)) => return Ok(SlotTake::Refused { until }),
                Err(Refusal::OtherForm) => {}
            }
            match self.take(Form::NewWindow, subject, rules, now, keep_until).await? {
                Ok(slot) => return Ok(SlotTake::Taken(slot)),
                Err(Refusal::Locked(until)) => return Ok(SlotTake::Refused { until }),
                Err(Refusal::OtherForm) => {}
            }
        }
        Ok(SlotTake::Refused {
            until: now + rules.window,
        })
    }

    /// Sends one form of the take, and reads a refusal from the item as it was.
    async fn take(
        &self,
        form: Form,
        subject: &str,
        rules: AttemptRules,
        now: DateTime<Utc>,
        keep_until: DateTime<Utc>,
    ) -> Result<Result<AttemptSlot, Refusal>, StoreError> {
        let floor = (now - rules.window).timestamp_millis();
        let (update, condition) = form.expressions();
        let request = self
            .client
            .update_item()
            .update_expression(update)
            .condition_expression(condition)
            .table_name(&self.table)
            .set_key(Some(key_map(&keys::sign_in_attempts(subject))))
            .expression_attribute_names("#ttl", keys::TTL)
            .expression_attribute_values(":one", n(1))
            .expression_attribute_values(":zero", n(0))
            .expression_attribute_values(":now", millis(now))
            .expression_attribute_values(":floor", n(floor))
            .expression_attribute_values(":ttl", epoch(keep_until))
            .return_values(ReturnValue::AllNew)
            .return_values_on_condition_check_failure(ReturnValuesOnConditionCheckFailure::AllOld);
        let request = match form {
            Form::InWindow => request.expression_attribute_values(":limit", n(rules.limit)),
            Form::NewWindow => request,
        };
        let err = match request.send().await {
            Ok(out) => return Ok(Ok(slot(out.attributes.as_ref()))),
            Err(err) => err,
        };
        let Some(UpdateItemError::ConditionalCheckFailedException(refused)) = err.as_service_error() else {
            return Err(StoreError::request("UpdateItem", err));
        };
        let old = refused.item.as_ref();
        if let Some(until) = instant(old, "lockedUntil").filter(|until| *until > now) {
            return Ok(Err(Refusal::Locked(until)));
        }
        match number(old, "windowStart") {
            Some(start) if start > floor && form == Form::InWindow => {
                // The window is full and the probe after the last lock is out: its answer
                // comes within seconds; the window's end is the longest wait.
                let end = Utc
                    .timestamp_millis_opt(start)
                    .single()
                    .map_or(now, |s| s + rules.window);
                Ok(Err(Refusal::Locked(end)))
            }
            _ => Ok(Err(Refusal::OtherForm)),
        }
    }

    /// Gives back an attempt slot that was not a failure (the attempt succeeded, or another
    /// subject refused it before the password was checked).
    pub async fn give_back_sign_in_attempt(&self, subject: &str) -> Result<(), StoreError> {
        let request = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(key_map(&keys::sign_in_attempts(subject))))
            .update_expression("SET attempts = attempts - :one")
            .condition_expression("attempts > :zero")
            .expression_attribute_values(":one", n(1))
            .expression_attribute_values(":zero", n(0));
        update_applied(request.send().await).map(|_| ())
    }

    /// Locks a subject until `until` (one more lockout); kept until `keep_until`.
    pub async fn lock_sign_in_subject(
        &self,
        subject: &str,
        until: DateTime<Utc>,
        keep_until: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let request = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(key_map(&keys::sign_in_attempts(subject))))
            .update_expression("SET lockedUntil = :until, #ttl = :ttl ADD lockouts :one")
            .condition_expression("attribute_exists(attempts)")
            .expression_attribute_names("#ttl", keys::TTL)
            .expression_attribute_values(":until", millis(until))
            .expression_attribute_values(":one", n(1))
            .expression_attribute_values(":ttl", epoch(keep_until));
        update_applied(request.send().await).map(|_| ())
    }

    /// Forgets a subject's attempts and locks after a successful sign-in, and trusts it until
    /// `trusted_until` (also how long the item is kept).
    pub async fn reset_sign_in_subject(&self, subject: &str, trusted_until: DateTime<Utc>) -> Result<(), StoreError> {
        let request = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(key_map(&keys::sign_in_attempts(subject))))
            .update_expression(
                "SET attempts = :zero, lockouts = :zero, trustedUntil = :trusted, #ttl = :ttl \
                 REMOVE lockedUntil, probeFor",
            )
            .expression_attribute_names("#ttl", keys::TTL)
            .expression_attribute_values(":zero", n(0))
            .expression_attribute_values(":trusted", millis(trusted_until))
            .expression_attribute_values(":ttl", epoch(trusted_until));
        update_applied(request.send().await).map(|_| ())
    }
}

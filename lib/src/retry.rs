//! Waiting before trying again, for every layer that retries: after a lost optimistic-lock
//! race (the service), and after DynamoDB cancelled a transaction for conflicts, throttled, or
//! left keys unprocessed (the store). A jittered pause over a growing ceiling (full jitter, so
//! racing writers spread out instead of colliding again in lockstep), from injected
//! randomness, within a bounded number of attempts.

use std::time::Duration;

use crate::clock::Entropy;

/// How one kind of operation retries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Backoff {
    /// Attempts in all, the first included.
    pub attempts: u32,
    /// The ceiling of the first pause; it doubles with each attempt.
    pub first_ms: u64,
    /// The longest ceiling.
    pub longest_ms: u64,
}

/// A lost optimistic-lock race: re-read and re-apply, about 5 s of pauses at most.
pub const LOST_RACE: Backoff = Backoff {
    attempts: 40,
    first_ms: 5,
    longest_ms: 250,
};

/// DynamoDB's own refusals (transaction conflicts, throttling, unprocessed keys).
pub const DYNAMODB: Backoff = Backoff {
    attempts: 16,
    first_ms: 10,
    longest_ms: 640,
};

/// The retry budget of one operation.
pub struct Retry<'a> {
    entropy: &'a dyn Entropy,
    backoff: Backoff,
    attempt: u32,
}

impl<'a> Retry<'a> {
    pub fn new(entropy: &'a dyn Entropy, backoff: Backoff) -> Self {
        Self {
            entropy,
            backoff,
            attempt: 0,
        }
    }

    /// Counts an attempt and, while the budget lasts, pauses before the next one. `false`:
    /// the budget is spent.
    pub async fn again(&mut self) -> bool {
        self.attempt += 1;
        if self.attempt >= self.backoff.attempts {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(self.pause_ms())).await;
        true
    }

    fn pause_ms(&self) -> u64 {
        let ceiling = (self.backoff.first_ms << self.attempt.min(6)).min(self.backoff.longest_ms);
        1 + self.entropy.below(ceiling)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::SeededEntropy;

    #[test]
    fn pauses_grow_with_the_attempt_and_stay_under_the_ceiling() {
        let entropy = SeededEntropy::new(1);
        let mut retry = Retry::new(&entropy, LOST_RACE);
        retry.attempt = 1;
        assert!((1..=10).contains(&retry.pause_ms()));
        retry.attempt = 20;
        for _ in 0..100 {
            assert!((1..=LOST_RACE.longest_ms).contains(&retry.pause_ms()));
        }
    }

    #[tokio::test(start_paused = true)]
    async fn the_budget_ends_after_the_last_attempt() {
        let entropy = SeededEntropy::new(2);
        for backoff in [LOST_RACE, DYNAMODB] {
            let mut retry = Retry::new(&entropy, backoff);
            let mut granted = 0;
            while retry.again().await {
                granted += 1;
            }
            assert_eq!(granted, backoff.attempts - 1);
        }
    }
}

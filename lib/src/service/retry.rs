//! Retrying a lost optimistic-lock race: re-read and re-apply after a jittered, growing pause,
//! within a bounded budget; the caller answers 409 once the budget is spent.

use std::time::Duration;

use crate::clock::Entropy;

/// Attempts an operation gets before it gives up (about 5 s of pauses at most).
pub const MAX_ATTEMPTS: u32 = 40;
/// The longest pause between two attempts.
const MAX_PAUSE_MS: u64 = 250;

/// The retry budget of one operation.
pub struct Retry<'a> {
    entropy: &'a dyn Entropy,
    attempt: u32,
}

impl<'a> Retry<'a> {
    pub fn new(entropy: &'a dyn Entropy) -> Self {
        Self { entropy, attempt: 0 }
    }

    /// Counts an attempt and, while the budget lasts, pauses before the next one (full
    /// jitter over an exponentially growing ceiling, so racing writers spread out instead
    /// of colliding again in lockstep). `false`: the budget is spent.
    pub async fn again(&mut self) -> bool {
        self.attempt += 1;
        if self.attempt >= MAX_ATTEMPTS {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(self.pause_ms())).await;
        true
    }

    fn pause_ms(&self) -> u64 {
        let ceiling = (5u64 << self.attempt.min(6)).min(MAX_PAUSE_MS);
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
        let mut retry = Retry::new(&entropy);
        retry.attempt = 1;
        assert!((1..=10).contains(&retry.pause_ms()));
        retry.attempt = 20;
        for _ in 0..100 {
            assert!((1..=MAX_PAUSE_MS).contains(&retry.pause_ms()));
        }
    }

    #[tokio::test(start_paused = true)]
    async fn the_budget_ends_after_the_last_attempt() {
        let entropy = SeededEntropy::new(2);
        let mut retry = Retry::new(&entropy);
        let mut granted = 0;
        while retry.again().await {
            granted += 1;
        }
        assert_eq!(granted, MAX_ATTEMPTS - 1);
    }
}

//! Time and randomness, injected wherever behaviour depends on them.

use chrono::{DateTime, Utc};
use rand::Rng;

/// The source of "now".
pub trait Clock: Send + Sync {
    fn now(&self) -> DateTime<Utc>;
}

/// The wall clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// The source of randomness (slugs, ids, A/B draws, click shards).
pub trait Entropy: Send + Sync {
    fn next_u64(&self) -> u64;

    /// A uniform draw in `0..bound` (`bound > 0`).
    fn below(&self, bound: u64) -> u64 {
        // Lemire's multiply-shift; the bias is below 2^-32 for the bounds used here.
        ((u128::from(self.next_u64()) * u128::from(bound)) >> 64) as u64
    }
}

/// Operating-system seeded randomness.
#[derive(Debug, Default, Clone, Copy)]
pub struct OsEntropy;

impl Entropy for OsEntropy {
    fn next_u64(&self) -> u64 {
        rand::rng().next_u64()
    }
}

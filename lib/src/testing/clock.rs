//! A clock that stands still and randomness that repeats, for tests and benchmarks.

use std::sync::Mutex;

use chrono::{DateTime, Utc};
use rand::{Rng, SeedableRng, rngs::StdRng};

use crate::clock::{Clock, Entropy};

/// A clock that stands still until moved (tests).
#[derive(Debug)]
pub struct FixedClock(Mutex<DateTime<Utc>>);

impl FixedClock {
    pub fn new(at: DateTime<Utc>) -> Self {
        Self(Mutex::new(at))
    }
    pub fn set(&self, at: DateTime<Utc>) {
        *self.0.lock().expect("clock lock") = at;
    }
}

impl Clock for FixedClock {
    fn now(&self) -> DateTime<Utc> {
        *self.0.lock().expect("clock lock")
    }
}

/// A deterministic generator for tests and benchmarks.
#[derive(Debug)]
pub struct SeededEntropy(Mutex<StdRng>);

impl SeededEntropy {
    pub fn new(seed: u64) -> Self {
        Self(Mutex::new(StdRng::seed_from_u64(seed)))
    }
}

impl Entropy for SeededEntropy {
    fn next_u64(&self) -> u64 {
        self.0.lock().expect("entropy lock").next_u64()
    }
}

//! What bounds work: rate-limit counters, per-source throttles, idempotency keys, and the per-workspace counts that cap collections.

pub(crate) mod collections;
pub(crate) mod idempotency;
pub(crate) mod limits;
pub(crate) mod throttle;

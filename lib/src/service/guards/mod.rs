//! What protects the service from too much: rate limits and quotas, idempotent retries, and refused credentials.

pub mod idempotency;
pub mod limits;
mod new_tenants;
pub(crate) mod refused_credentials;

pub use crate::domain::RateClass;
pub use limits::{Policy, RateLimited, RateStatus, collection_full, metered};
pub use refused_credentials::{REFUSED_CREDENTIALS_PER_MINUTE, RefusedCredentials};

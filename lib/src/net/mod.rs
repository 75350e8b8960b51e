//! Outbound requests to addresses clients choose (client ID metadata documents), under SSRF
//! rules: public addresses only, https only, no redirects, bounded size and time; and the
//! bounded cache of what was fetched.

mod address;
mod cache;
mod fetch;

pub use address::{AddressPolicy, is_public};
pub use cache::{Cached, DocumentCache, FAILURE_MEMORY, LONGEST_REUSE};
pub use fetch::{FetchError, Fetched, Fetcher, Limits, Posted, retry_after};

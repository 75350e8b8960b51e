//! Outbound requests to addresses clients choose (client ID metadata documents), under SSRF
//! rules: public addresses only, https only, no redirects, bounded size and time.

mod address;
mod fetch;

pub use address::{AddressPolicy, is_public};
pub use fetch::{FetchError, Fetcher, Limits};

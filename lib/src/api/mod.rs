//! The HTTP API door (`/apiv1/…`, one function per endpoint): the steps every endpoint takes in
//! the contract's order, with rate limits and `Idempotency-Key` (`endpoint`), and the answers
//! only the API gives (`answers`). It stands on the shared toolkit [`crate::http`].

mod answers;
mod endpoint;

pub use answers::{accepted_or_ok, download, image, ok, with_cursor};
pub use endpoint::{json_endpoint, query_endpoint, respond, upload_endpoint};

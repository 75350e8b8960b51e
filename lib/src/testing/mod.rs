//! Test support: compiled for unit tests and under the `testing` feature (other crates' tests
//! and benches), never into a production Lambda.

mod clock;
pub mod dns;
pub mod documents;
mod links;
pub mod logos;
pub mod mail;
mod proxy;
pub mod qr;
mod queues;
pub mod receiver;
mod requests;
mod tables;
pub mod traffic;
pub mod ua_corpus;

pub use clock::{FixedClock, SeededEntropy};
pub use links::{FIXTURE_TIME, create_plain_link, http_draft, link_from_json, link_from_json_at, stored_link};
pub use proxy::DelayingProxy;
pub use queues::{local_dead_letters, local_sqs_client, messages_in, new_local_sqs_queue};
pub use requests::{
    IamAction, Reads, RequestCounter, bench_table, bench_workspace, local_access_key, local_client,
    local_client_with_attempts,
};
pub use tables::TestTable;

/// The service's store, for tests and benches that seed or inspect the table directly; every
/// production crate goes through the service's methods.
pub fn store(service: &crate::service::Service) -> &crate::store::Store {
    &service.store
}

/// The key the tests' redirects make visitor hashes with, so a test can compute a visitor's hash.
pub fn visitor_key() -> crate::domain::SigningKey {
    crate::domain::SigningKey::derive(
        b"the tests' secret of thirty-two characters",
        crate::visitor::VISITOR_PURPOSE,
    )
}

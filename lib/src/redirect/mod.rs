//! The visitor door: a request on a short domain read into a [`Visit`](crate::service::visits::Visit),
//! the service's visit use case, and its outcome encoded as a redirect or a small page; beside
//! it, the endpoints a short domain's pages call back (the conversion pixel, the location a
//! person shares).

pub mod app_links;
pub mod door;
pub mod location;
pub mod pages;
pub mod password;
pub mod pixel;
pub mod report;
pub mod withheld;

pub use door::{ORIGIN_SECRET_VARIABLE, origin_secret_from_env};
pub use pages::GONE;

use std::sync::Arc;

use crate::after_response::AfterResponse;
use crate::clock::Entropy;
use crate::config::ConfigError;
pub use crate::config::{SIGNING_SECRET_VARIABLE, key_from, key_from_env, key_from_env_if_set, random_key};
use crate::domain::{LOCATION_PURPOSE, PASSWORD_PURPOSE, SigningKey};
use crate::service::visits::DeadLetters;
use crate::service::{Service, visits::ClickRecorder, visits::LinkCache};
use crate::visitor::VISITOR_PURPOSE;

/// The redirect function's state: the service, its per-instance link cache, the secret that
/// proves a request came through CloudFront, the key location grants are signed with, and where
/// clicks are written after the answer.
#[derive(Debug)]
pub struct Redirector {
    pub service: Service,
    cache: LinkCache,
    /// Writes each visit's click (failing over to the dead-letter queue).
    recorder: Arc<ClickRecorder>,
    /// Where that write runs once the answer is ready.
    after: AfterResponse,
    /// The secret CloudFront adds to every request it forwards (`X-Origin-Verify`).
    origin_secret: Option<String>,
    location_key: SigningKey,
    /// Signs the passes a protected link's right password leaves.
    pass_key: SigningKey,
    /// Keys the visitor hashes ([`crate::visitor::visitor_hash`]).
    visitor_key: SigningKey,
}

impl Redirector {
    /// With a signing key of its own (random): grants it signs are good only for a location
    /// endpoint given the same key ([`Redirector::with_location_key`]).
    pub fn new(service: Service) -> Self {
        let location_key = random_location_key(service.entropy.as_ref());
        let pass_key = random_key(service.entropy.as_ref(), PASSWORD_PURPOSE);
        let visitor_key = random_key(service.entropy.as_ref(), VISITOR_PURPOSE);
        Self {
            pass_key,
            visitor_key,
            recorder: Arc::new(service.click_recorder(None)),
            after: AfterResponse::detached(),
            service,
            cache: LinkCache::default(),
            origin_secret: None,
            location_key,
        }
    }

    /// Requires `secret` in `X-Origin-Verify` (what CloudFront adds) on every visit.
    pub fn with_origin_secret(mut self, secret: Option<String>) -> Self {
        self.origin_secret = secret.filter(|s| !s.is_empty());
        self
    }

    /// Keeps clicks whose write failed in `queue`.
    pub fn with_dead_letters(mut self, queue: Option<DeadLetters>) -> Self {
        self.recorder = Arc::new(self.service.click_recorder(queue));
        self
    }

    /// Writes clicks in `after` (in Lambda, the internal extension's).
    pub fn with_after_response(mut self, after: AfterResponse) -> Self {
        self.after = after;
        self
    }

    /// Where the clicks of answered visits are written.
    pub fn after(&self) -> &AfterResponse {
        &self.after
    }

    /// Signs location grants with `key` (the one the location endpoint checks them with).
    pub fn with_location_key(mut self, key: SigningKey) -> Self {
        self.location_key = key;
        self
    }

    /// Signs password passes with `key` (every instance must share it: a browser's pass comes
    /// back to any of them).
    pub fn with_pass_key(mut self, key: SigningKey) -> Self {
        self.pass_key = key;
        self
    }

    /// Makes visitor hashes with `key` (every instance of a deployment must share it, or one
    /// visitor counts once per instance).
    pub fn with_visitor_key(mut self, key: SigningKey) -> Self {
        self.visitor_key = key;
        self
    }
}

/// The location grants' key from a secret of at least 32 characters.
pub fn location_key_from(secret: Option<String>) -> Result<SigningKey, ConfigError> {
    key_from(secret, LOCATION_PURPOSE)
}

/// A location key for one process (the dev server without `VISITOR_SIGNING_SECRET`, tests).
pub fn random_location_key(entropy: &dyn Entropy) -> SigningKey {
    random_key(entropy, LOCATION_PURPOSE)
}

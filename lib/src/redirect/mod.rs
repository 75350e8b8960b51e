//! The visitor door: a request on a short domain read into a [`Visit`](crate::service::Visit),
//! the service's visit use case, and its outcome encoded as a redirect or a small page.

pub mod door;
pub mod pages;
pub mod pixel;

pub use door::{ORIGIN_SECRET_VARIABLE, origin_secret_from_env};
pub use pages::GONE;

use crate::service::{LinkCache, Service};

/// The redirect function's state: the service, its per-instance link cache, and the secret
/// that proves a request came through CloudFront.
#[derive(Debug)]
pub struct Redirector {
    pub service: Service,
    cache: LinkCache,
    /// The secret CloudFront adds to every request it forwards (`X-Origin-Verify`).
    origin_secret: Option<String>,
}

impl Redirector {
    pub fn new(service: Service) -> Self {
        Self {
            service,
            cache: LinkCache::default(),
            origin_secret: None,
        }
    }

    /// Requires `secret` in `X-Origin-Verify` (what CloudFront adds) on every visit.
    pub fn with_origin_secret(mut self, secret: Option<String>) -> Self {
        self.origin_secret = secret.filter(|s| !s.is_empty());
        self
    }
}

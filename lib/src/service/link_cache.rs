//! Links a warm function may serve without reading DynamoDB, for a short time.
//!
//! The cache sits beside the visit use case, in the service, because the use case is what
//! decides what may be kept (never a click-limited link: its counter must be read fresh) and for
//! how long (`link_cache_ttl`, on the service's clock). The redirect door only owns an instance:
//! one per warm function, as each Lambda instance has its own memory.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::{DateTime, Utc};

use crate::domain::{Hostname, Slug};
use crate::store::StoredLink;

/// Links read recently, by where visitors find them (measured on the injected clock).
#[derive(Debug, Default)]
pub struct LinkCache {
    entries: Mutex<HashMap<LinkAddress, CacheEntry>>,
}

/// Where visitors find a link: its domain and slug.
pub(super) type LinkAddress = (Hostname, Slug);

/// When a link was read, and the link.
type CacheEntry = (DateTime<Utc>, Arc<StoredLink>);

/// Past this many entries the stale ones go, and all of them if that is not enough: a bound on a
/// warm function's memory.
const CACHE_CAPACITY: usize = 10_000;

impl LinkCache {
    fn fresh(at: DateTime<Utc>, now: DateTime<Utc>, ttl: Duration) -> bool {
        (now - at).to_std().is_ok_and(|age| age < ttl)
    }

    pub(super) fn get(&self, key: &LinkAddress, now: DateTime<Utc>, ttl: Duration) -> Option<Arc<StoredLink>> {
        let entries = self.entries.lock().expect("cache lock");
        entries
            .get(key)
            .filter(|(at, _)| Self::fresh(*at, now, ttl))
            .map(|(_, link)| link.clone())
    }

    pub(super) fn put(&self, key: LinkAddress, link: Arc<StoredLink>, now: DateTime<Utc>, ttl: Duration) {
        let mut entries = self.entries.lock().expect("cache lock");
        if entries.len() >= CACHE_CAPACITY {
            entries.retain(|_, (at, _)| Self::fresh(*at, now, ttl));
            if entries.len() >= CACHE_CAPACITY {
                entries.clear();
            }
        }
        entries.insert(key, (now, link));
    }
}

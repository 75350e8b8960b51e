//! Links (and, for links that ask visitors for their location, their workspaces) a warm function
//! may serve without reading DynamoDB, for a short time.
//!
//! The cache sits beside the visit use case, in the service, because the use case is what
//! decides what may be kept (never a click-limited link: its counter must be read fresh) and for
//! how long (`link_cache_ttl`, on the service's clock). The redirect door only owns an instance:
//! one per warm function, as each Lambda instance has its own memory.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::{DateTime, Utc};

use crate::domain::ids::ObjectId;
use crate::domain::{Hostname, Slug, Workspace};
use crate::store::StoredLink;

/// What a visit reads, read recently (measured on the injected clock).
#[derive(Debug, Default)]
pub struct LinkCache {
    links: Recent<LinkAddress, StoredLink>,
    /// The workspaces of links that ask for location: the page names the workspace, and its
    /// owner may have turned location requests off.
    workspaces: Recent<ObjectId, Workspace>,
}

/// Where visitors find a link: its domain and slug.
pub(in crate::service) type LinkAddress = (Hostname, Slug);

/// Past this many entries the stale ones go, and all of them if that is not enough: a bound on a
/// warm function's memory.
const CACHE_CAPACITY: usize = 10_000;

/// When a value was read, and the value.
type Entry<V> = (DateTime<Utc>, Arc<V>);

/// Values by key, with when each was read.
#[derive(Debug)]
struct Recent<K, V> {
    entries: Mutex<HashMap<K, Entry<V>>>,
}

impl<K, V> Default for Recent<K, V> {
    fn default() -> Self {
        Self {
            entries: Mutex::new(HashMap::new()),
        }
    }
}

fn fresh(at: DateTime<Utc>, now: DateTime<Utc>, ttl: Duration) -> bool {
    (now - at).to_std().is_ok_and(|age| age < ttl)
}

impl<K: Eq + Hash, V> Recent<K, V> {
    fn get(&self, key: &K, now: DateTime<Utc>, ttl: Duration) -> Option<Arc<V>> {
        let entries = self.entries.lock().expect("cache lock");
        entries
            .get(key)
            .filter(|(at, _)| fresh(*at, now, ttl))
            .map(|(_, value)| value.clone())
    }

    fn put(&self, key: K, value: Arc<V>, now: DateTime<Utc>, ttl: Duration) {
        let mut entries = self.entries.lock().expect("cache lock");
        if entries.len() >= CACHE_CAPACITY {
            entries.retain(|_, (at, _)| fresh(*at, now, ttl));
            if entries.len() >= CACHE_CAPACITY {
                entries.clear();
            }
        }
        entries.insert(key, (now, value));
    }
}

impl LinkCache {
    pub(in crate::service) fn get(
        &self,
        key: &LinkAddress,
        now: DateTime<Utc>,
        ttl: Duration,
    ) -> Option<Arc<StoredLink>> {
        self.links.get(key, now, ttl)
    }

    pub(in crate::service) fn put(&self, key: LinkAddress, link: Arc<StoredLink>, now: DateTime<Utc>, ttl: Duration) {
        self.links.put(key, link, now, ttl);
    }

    pub(in crate::service) fn workspace(
        &self,
        id: &ObjectId,
        now: DateTime<Utc>,
        ttl: Duration,
    ) -> Option<Arc<Workspace>> {
        self.workspaces.get(id, now, ttl)
    }

    pub(in crate::service) fn put_workspace(&self, workspace: Arc<Workspace>, now: DateTime<Utc>, ttl: Duration) {
        self.workspaces.put(workspace.id.clone(), workspace, now, ttl);
    }
}

//! Documents fetched from the internet, kept for reuse: a document for as long as its caching
//! headers allow (at most an hour), a fetch that failed before any answer for a minute, in a
//! bounded map per process. What is kept is the caller's choice (a client ID metadata document
//! is kept only once it proved valid; an error answer never).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use chrono::{DateTime, Utc};

/// The longest a document is reused, whatever its headers say.
pub const LONGEST_REUSE: Duration = Duration::from_secs(3600);
/// How long a fetch that failed before any answer is not tried again.
pub const FAILURE_MEMORY: Duration = Duration::from_secs(60);
/// How many URLs one process keeps.
const CAPACITY: usize = 256;

/// What is kept for a URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cached {
    Document(Vec<u8>),
    /// The last fetch failed before any answer (no address, no connection, TLS, the deadline).
    Failed,
}

#[derive(Debug)]
struct Entry {
    until: DateTime<Utc>,
    value: Cached,
}

/// Documents and failures by URL, each until its time.
#[derive(Debug, Default)]
pub struct DocumentCache {
    entries: Mutex<HashMap<String, Entry>>,
}

impl DocumentCache {
    /// What is kept for `url` at `now`, if anything.
    pub fn get(&self, url: &str, now: DateTime<Utc>) -> Option<Cached> {
        let entries = self.entries.lock().expect("document cache");
        entries.get(url).filter(|e| e.until > now).map(|e| e.value.clone())
    }

    /// Keeps a valid document for `lifetime` (at most [`LONGEST_REUSE`]; zero keeps nothing).
    pub fn keep_document(&self, url: &str, body: Vec<u8>, lifetime: Duration, now: DateTime<Utc>) {
        let lifetime = lifetime.min(LONGEST_REUSE);
        if !lifetime.is_zero() {
            self.keep(url, Cached::Document(body), lifetime, now);
        }
    }

    /// Remembers for [`FAILURE_MEMORY`] that `url` could not be reached.
    pub fn keep_failure(&self, url: &str, now: DateTime<Utc>) {
        self.keep(url, Cached::Failed, FAILURE_MEMORY, now);
    }

    fn keep(&self, url: &str, value: Cached, lifetime: Duration, now: DateTime<Utc>) {
        let until = now + chrono::Duration::from_std(lifetime).unwrap_or_default();
        let mut entries = self.entries.lock().expect("document cache");
        if entries.len() >= CAPACITY && !entries.contains_key(url) {
            entries.retain(|_, e| e.until > now);
            if entries.len() >= CAPACITY
                && let Some(soonest) = entries.iter().min_by_key(|(_, e)| e.until).map(|(k, _)| k.clone())
            {
                entries.remove(&soonest);
            }
        }
        entries.insert(url.to_string(), Entry { until, value });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(seconds: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000 + seconds, 0).unwrap()
    }

    #[test]
    fn a_document_is_kept_for_its_lifetime_at_most_an_hour() {
        let cache = DocumentCache::default();
        cache.keep_document(
            "https://a.example/c.json",
            b"{}".to_vec(),
            Duration::from_secs(600),
            at(0),
        );
        assert_eq!(
            cache.get("https://a.example/c.json", at(599)),
            Some(Cached::Document(b"{}".to_vec()))
        );
        assert_eq!(cache.get("https://a.example/c.json", at(600)), None);
        cache.keep_document(
            "https://b.example/c.json",
            b"{}".to_vec(),
            Duration::from_secs(86_400),
            at(0),
        );
        assert_eq!(cache.get("https://b.example/c.json", at(3600)), None, "an hour at most");
        cache.keep_document("https://c.example/c.json", b"{}".to_vec(), Duration::ZERO, at(0));
        assert_eq!(
            cache.get("https://c.example/c.json", at(0)),
            None,
            "no lifetime, not kept"
        );
    }

    #[test]
    fn a_failure_is_remembered_for_a_minute() {
        let cache = DocumentCache::default();
        cache.keep_failure("https://a.example/c.json", at(0));
        assert_eq!(cache.get("https://a.example/c.json", at(59)), Some(Cached::Failed));
        assert_eq!(cache.get("https://a.example/c.json", at(60)), None);
    }

    #[test]
    fn the_cache_holds_a_bounded_number_of_urls() {
        let cache = DocumentCache::default();
        for n in 0..(CAPACITY as i64 + 50) {
            cache.keep_document(&format!("https://{n}.example/c.json"), vec![], LONGEST_REUSE, at(n));
        }
        assert_eq!(cache.entries.lock().unwrap().len(), CAPACITY);
        assert!(
            cache.get("https://0.example/c.json", at(300)).is_none(),
            "the soonest to end went first"
        );
    }
}

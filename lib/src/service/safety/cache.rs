//! Each process's copy of the blocklist: the operator's entries (re-read at most every
//! [`OPERATOR_REFRESH_SECONDS`], at once after this process changes them) on top of the list
//! file's: a local file (read at start, re-read when older than its refresh period) or the list
//! `blocklist-fetch` stored in the table (its head read when older than the refresh period, its
//! chunks only when the head names another version). Checking a destination never waits for
//! the table but once a minute.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use chrono::{DateTime, Duration, Utc};

use crate::config::ConfigError;
use crate::domain::{BlockEntry, Blocklist, StoredListHead, chunk_entries, parse_list};
use crate::store::{Store, StoreError};

/// How long a process trusts the operator entries it read.
pub const OPERATOR_REFRESH_SECONDS: i64 = 60;

/// How long a list file's entries (or the stored list's head) are kept before they are read
/// again (`BLOCKLIST_REFRESH_SECONDS`).
pub const DEFAULT_FILE_REFRESH_SECONDS: u64 = 3600;

/// Where a process's list file comes from.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum ListSource {
    /// None: operator entries only.
    #[default]
    Nothing,
    /// A local file (`BLOCKLIST_FILE`).
    File(BlocklistFile),
    /// The list `blocklist-fetch` keeps in the table, when there is one; its head is read again
    /// when older than `refresh`.
    Table { refresh: Duration },
}

impl ListSource {
    /// `BLOCKLIST_FILE` when it is set, else the table's stored list, each with
    /// `BLOCKLIST_REFRESH_SECONDS`.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let refresh = refresh_from_lookup(&lookup)?;
        Ok(match lookup("BLOCKLIST_FILE").filter(|p| !p.trim().is_empty()) {
            Some(path) => Self::File(BlocklistFile {
                path: PathBuf::from(path.trim()),
                refresh,
            }),
            None => Self::Table { refresh },
        })
    }

    fn refresh(&self) -> Option<Duration> {
        match self {
            Self::Nothing => None,
            Self::File(file) => Some(file.refresh),
            Self::Table { refresh } => Some(*refresh),
        }
    }
}

/// `BLOCKLIST_REFRESH_SECONDS`, or [`DEFAULT_FILE_REFRESH_SECONDS`].
fn refresh_from_lookup(lookup: &impl Fn(&str) -> Option<String>) -> Result<Duration, ConfigError> {
    let seconds = match lookup("BLOCKLIST_REFRESH_SECONDS").filter(|v| !v.trim().is_empty()) {
        None => DEFAULT_FILE_REFRESH_SECONDS,
        Some(v) => v
            .trim()
            .parse::<u64>()
            .ok()
            .filter(|s| *s > 0)
            .ok_or_else(|| ConfigError::Invalid {
                name: "BLOCKLIST_REFRESH_SECONDS",
                reason: format!("{v:?} is not a whole number of seconds above 0"),
            })?,
    };
    Ok(Duration::seconds(i64::try_from(seconds).unwrap_or(i64::MAX / 1000)))
}

/// The optional list file: a local path (`BLOCKLIST_FILE`; in AWS, a file in the function's
/// package or a layer) and how often it is read again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlocklistFile {
    pub path: PathBuf,
    pub refresh: Duration,
}

impl BlocklistFile {
    /// `BLOCKLIST_FILE` and `BLOCKLIST_REFRESH_SECONDS` from a variable source; `None` when no
    /// file is set.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Option<Self>, ConfigError> {
        Ok(match ListSource::from_lookup(lookup)? {
            ListSource::File(file) => Some(file),
            _ => None,
        })
    }

    fn read(&self) -> Result<Blocklist, std::io::Error> {
        let text = std::fs::read_to_string(&self.path)?;
        let (entries, skipped) = parse_list(&text, &[]);
        tracing::info!(path = %self.path.display(), entries = entries.len(), skipped = skipped.total(), "blocklist file read");
        Ok(Blocklist::new(entries))
    }
}

/// The list file's entries as held: when they were last checked, and (for the table's list)
/// the version they are.
#[derive(Clone)]
struct Listed {
    list: Arc<Blocklist>,
    checked: DateTime<Utc>,
    version: Option<String>,
}

#[derive(Default)]
struct State {
    /// The list file's entries.
    file: Option<Listed>,
    /// The merged list and when the operator entries in it were read.
    merged: Option<(Arc<Blocklist>, DateTime<Utc>)>,
}

/// The blocklist a process holds (shared by every clone of its service).
#[derive(Default)]
pub struct BlocklistCache {
    source: ListSource,
    state: Mutex<State>,
}

impl std::fmt::Debug for BlocklistCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BlocklistCache")
            .field("source", &self.source)
            .finish_non_exhaustive()
    }
}

impl BlocklistCache {
    /// A cache reading `source` now (a file that cannot be read is a start-up failure).
    pub fn with_file(source: BlocklistFile, now: DateTime<Utc>) -> Result<Self, ConfigError> {
        let list = source.read().map_err(|e| ConfigError::Invalid {
            name: "BLOCKLIST_FILE",
            reason: format!("{} cannot be read: {e}", source.path.display()),
        })?;
        Ok(Self {
            source: ListSource::File(source),
            state: Mutex::new(State {
                file: Some(Listed {
                    list: Arc::new(list),
                    checked: now,
                    version: None,
                }),
                merged: None,
            }),
        })
    }

    /// A cache over the table's stored list (read at the first check).
    pub fn with_stored_list(refresh: Duration) -> Self {
        Self {
            source: ListSource::Table { refresh },
            state: Mutex::default(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The merged list when neither part needs reading again.
    pub(super) fn fresh(&self, now: DateTime<Utc>) -> Option<Arc<Blocklist>> {
        let state = self.lock();
        let (list, read_at) = state.merged.as_ref()?;
        let operator_fresh = now - *read_at < Duration::seconds(OPERATOR_REFRESH_SECONDS);
        let file_fresh = match (self.source.refresh(), &state.file) {
            (None, _) => true,
            (Some(refresh), Some(listed)) => now - listed.checked < refresh,
            (Some(_), None) => false,
        };
        (operator_fresh && file_fresh).then(|| list.clone())
    }

    /// The merged list held, however old.
    pub(super) fn held(&self) -> Option<Arc<Blocklist>> {
        self.lock().merged.as_ref().map(|(list, _)| list.clone())
    }

    /// Makes the next check read the operator entries again.
    pub(super) fn forget_operator_entries(&self) {
        self.lock().merged = None;
    }

    /// Makes the next check read the operator entries and the stored list's head again.
    pub(super) fn forget_everything(&self) {
        let mut state = self.lock();
        state.merged = None;
        if let Some(listed) = state.file.as_mut() {
            listed.checked = DateTime::<Utc>::MIN_UTC;
        }
    }

    /// Drops everything held, as a new process starts.
    #[cfg(any(test, feature = "testing"))]
    pub(super) fn forget_all(&self) {
        *self.lock() = State::default();
    }

    /// How many entries the file gave at its last read.
    pub(super) fn file_entries(&self) -> Option<usize> {
        self.lock().file.as_ref().map(|listed| listed.list.len())
    }

    /// Where the list file comes from, the version held (the table's list) and its entries.
    pub(super) fn loaded(&self) -> (ListSource, Option<String>, Option<usize>) {
        let state = self.lock();
        let held = state.file.as_ref();
        (
            self.source.clone(),
            held.and_then(|l| l.version.clone()),
            held.map(|l| l.list.len()),
        )
    }

    /// Rebuilds the merged list from the operator entries read now and the list file's entries
    /// (read again when due; a failed read of a file keeps the entries read before).
    pub(super) async fn refresh(&self, store: &Store, now: DateTime<Utc>) -> Result<Arc<Blocklist>, StoreError> {
        // The operator's entries and the list file's head are read at once: a cold process's
        // first check waits for one round trip, not two.
        let (operator, file) = futures::try_join!(store.blocked_destinations(), self.listed(store, now))?;
        let entries = operator.into_iter().filter_map(|blocked| {
            BlockEntry::parse(&blocked.entry)
                .inspect_err(|_| tracing::error!(entry = %blocked.entry, "blocked destination not understood: skipped"))
                .ok()
        });
        let own = Blocklist::new(entries);
        let list = Arc::new(match file {
            Some(file) => own.on_top_of(file),
            None => own,
        });
        self.lock().merged = Some((list.clone(), now));
        Ok(list)
    }

    /// The list file's entries, read again when due (`None` without a list file).
    async fn listed(&self, store: &Store, now: DateTime<Utc>) -> Result<Option<Arc<Blocklist>>, StoreError> {
        Ok(match &self.source {
            ListSource::Nothing => None,
            ListSource::File(source) => self.file_list(source, now).await,
            ListSource::Table { refresh } => self.stored_list(store, *refresh, now).await?,
        })
    }

    /// Keeps `list` (of `version`) as the list file's entries, checked `now`.
    fn hold(&self, list: Arc<Blocklist>, version: Option<String>, now: DateTime<Utc>) -> Arc<Blocklist> {
        self.lock().file = Some(Listed {
            list: list.clone(),
            checked: now,
            version,
        });
        list
    }

    /// The table's stored list: the one held while its head was checked within `refresh`; else
    /// the head read (one `GetItem`) and, when it names another version, that version's chunks
    /// (one paged `Query`). A failed read keeps the list held and tries again a period later;
    /// only a process that never read it fails.
    async fn stored_list(
        &self,
        store: &Store,
        refresh: Duration,
        now: DateTime<Utc>,
    ) -> Result<Option<Arc<Blocklist>>, StoreError> {
        let held = self.lock().file.clone();
        if let Some(listed) = &held
            && now - listed.checked < refresh
        {
            return Ok(Some(listed.list.clone()));
        }
        match load_stored_list(store, held.as_ref().and_then(|l| l.version.as_deref())).await {
            Ok(None) => Ok(held.map(|l| self.hold(l.list, l.version, now))),
            Ok(Some((list, version))) => Ok(Some(self.hold(Arc::new(list), version, now))),
            Err(err) => match held {
                Some(listed) => {
                    tracing::error!(error = %crate::telemetry::error_chain(&err), "stored blocklist not read again: keeping the entries held");
                    Ok(Some(self.hold(listed.list, listed.version, now)))
                }
                None => Err(err),
            },
        }
    }

    async fn file_list(&self, source: &BlocklistFile, now: DateTime<Utc>) -> Option<Arc<Blocklist>> {
        let held = self.lock().file.clone();
        if let Some(listed) = &held
            && now - listed.checked < source.refresh
        {
            return Some(listed.list.clone());
        }
        let reading = source.clone();
        let read = tokio::task::spawn_blocking(move || reading.read()).await;
        match read {
            Ok(Ok(list)) => Some(self.hold(Arc::new(list), None, now)),
            failed => {
                let reason = match failed {
                    Ok(Err(e)) => e.to_string(),
                    Err(e) => e.to_string(),
                    Ok(Ok(_)) => String::new(),
                };
                tracing::error!(path = %source.path.display(), %reason, "blocklist file not read again: keeping the entries held");
                // Tried now: the next attempt waits a whole period.
                held.map(|listed| self.hold(listed.list, None, now))
            }
        }
    }
}

/// The stored list when its head names another version than `held` (`None`: the same version,
/// so nothing more was read); with no head, an empty list of no version.
async fn load_stored_list(
    store: &Store,
    held: Option<&str>,
) -> Result<Option<(Blocklist, Option<String>)>, StoreError> {
    let head: Option<StoredListHead> = store.stored_list_head(false).await?;
    let Some(head) = head else {
        return Ok(Some((Blocklist::default(), None)));
    };
    if held == Some(head.version.as_str()) {
        return Ok(None);
    }
    let chunks = store.stored_list_chunks(&head.version, head.chunks).await?;
    let started = std::time::Instant::now();
    let list = tokio::task::spawn_blocking(move || {
        Blocklist::new(chunks.iter().flat_map(|c| chunk_entries(c).collect::<Vec<_>>()))
    })
    .await
    .unwrap_or_default();
    tracing::info!(version = %head.version, entries = list.len(), index_ms = started.elapsed().as_millis() as u64, "stored blocklist read");
    Ok(Some((list, Some(head.version))))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lookup<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| vars.iter().find(|(n, _)| *n == name).map(|(_, v)| v.to_string())
    }

    #[test]
    fn a_process_reads_the_stored_list_unless_a_local_file_is_named() {
        assert_eq!(
            ListSource::from_lookup(lookup(&[])),
            Ok(ListSource::Table {
                refresh: Duration::seconds(3600)
            })
        );
        assert_eq!(
            ListSource::from_lookup(lookup(&[
                ("BLOCKLIST_FILE", "/opt/hosts"),
                ("BLOCKLIST_REFRESH_SECONDS", "60")
            ])),
            Ok(ListSource::File(BlocklistFile {
                path: PathBuf::from("/opt/hosts"),
                refresh: Duration::seconds(60),
            }))
        );
        assert!(ListSource::from_lookup(lookup(&[("BLOCKLIST_REFRESH_SECONDS", "0")])).is_err());
    }
}

//! Each process's copy of the blocklist: the operator's entries (re-read at most every
//! [`OPERATOR_REFRESH_SECONDS`], at once after this process changes them) on top of the list
//! file's (read at start, re-read when older than its refresh period). Checking a destination
//! never waits for the table but once a minute.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use chrono::{DateTime, Duration, Utc};

use crate::config::ConfigError;
use crate::domain::{BlockEntry, BlockedDestination, Blocklist, parse_list};

/// How long a process trusts the operator entries it read.
pub const OPERATOR_REFRESH_SECONDS: i64 = 60;

/// How long a list file's entries are kept before it is read again (`BLOCKLIST_REFRESH_SECONDS`).
pub const DEFAULT_FILE_REFRESH_SECONDS: u64 = 3600;

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
        let Some(path) = lookup("BLOCKLIST_FILE").filter(|p| !p.trim().is_empty()) else {
            return Ok(None);
        };
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
        Ok(Some(Self {
            path: PathBuf::from(path.trim()),
            refresh: Duration::seconds(i64::try_from(seconds).unwrap_or(i64::MAX / 1000)),
        }))
    }

    fn read(&self) -> Result<Blocklist, std::io::Error> {
        let text = std::fs::read_to_string(&self.path)?;
        let (entries, skipped) = parse_list(&text);
        tracing::info!(path = %self.path.display(), entries = entries.len(), skipped, "blocklist file read");
        Ok(Blocklist::new(entries))
    }
}

#[derive(Default)]
struct State {
    /// The file's entries and when they were read.
    file: Option<(Arc<Blocklist>, DateTime<Utc>)>,
    /// The merged list and when the operator entries in it were read.
    merged: Option<(Arc<Blocklist>, DateTime<Utc>)>,
}

/// The blocklist a process holds (shared by every clone of its service).
#[derive(Default)]
pub struct BlocklistCache {
    source: Option<BlocklistFile>,
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
            source: Some(source),
            state: Mutex::new(State {
                file: Some((Arc::new(list), now)),
                merged: None,
            }),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The merged list when neither part needs reading again.
    pub(super) fn fresh(&self, now: DateTime<Utc>) -> Option<Arc<Blocklist>> {
        let state = self.lock();
        let (list, read_at) = state.merged.as_ref()?;
        let operator_fresh = now - *read_at < Duration::seconds(OPERATOR_REFRESH_SECONDS);
        let file_fresh = match (&self.source, &state.file) {
            (Some(source), Some((_, file_at))) => now - *file_at < source.refresh,
            _ => true,
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

    /// How many entries the file gave at its last read.
    pub(super) fn file_entries(&self) -> Option<usize> {
        self.lock().file.as_ref().map(|(list, _)| list.len())
    }

    /// Rebuilds the merged list from freshly read operator entries, reading the file again
    /// first when it is due (a failed read keeps the entries read before).
    pub(super) async fn refresh(
        &self,
        now: DateTime<Utc>,
        operator: Option<Vec<BlockedDestination>>,
    ) -> Arc<Blocklist> {
        let file = self.file_list(now).await;
        let entries = operator.unwrap_or_default().into_iter().filter_map(|blocked| {
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
        list
    }

    async fn file_list(&self, now: DateTime<Utc>) -> Option<Arc<Blocklist>> {
        let source = self.source.as_ref()?;
        let held = self.lock().file.clone();
        if let Some((list, read_at)) = &held
            && now - *read_at < source.refresh
        {
            return Some(list.clone());
        }
        let reading = source.clone();
        let read = tokio::task::spawn_blocking(move || reading.read()).await;
        match read {
            Ok(Ok(list)) => {
                let list = Arc::new(list);
                self.lock().file = Some((list.clone(), now));
                Some(list)
            }
            failed => {
                let reason = match failed {
                    Ok(Err(e)) => e.to_string(),
                    Err(e) => e.to_string(),
                    Ok(Ok(_)) => String::new(),
                };
                tracing::error!(path = %source.path.display(), %reason, "blocklist file not read again: keeping the entries held");
                // Tried now: the next attempt waits a whole period.
                let list = held.map(|(list, _)| list)?;
                self.lock().file = Some((list.clone(), now));
                Some(list)
            }
        }
    }
}

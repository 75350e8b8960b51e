//! The operator's list file fetched from an https URL (`BLOCKLIST_URL`) and kept in the table,
//! so that every process reads it there (docs/behaviour/trust-block.md): the scheduled
//! `blocklist-fetch` function runs [`Service::fetch_blocklist`] hourly, `linkctl safety fetch`
//! runs it by hand. A fetch that fails, or whose answer is no list, keeps the current version.

use serde::Serialize;

use crate::config::ConfigError;
use crate::domain::{
    Blocklist, CHUNK_BYTES, Invalid, ListRefusal, ListSkips, NormalisedList, StoredListHead, blocks_too_much,
    chunk_entries, destinations, judge_list, list_version,
};
use crate::net::{FetchError, Fetcher, Limits};
use crate::service::{Service, ServiceError};
use crate::store::StoreError;

use super::ListSource;

/// The user agent the fetch names itself with.
pub const LIST_USER_AGENT: &str = "SmartLinksBlocklist/1.0 (fetches the operator's blocklist)";

/// What a list's fetch may take: 32 MiB (public hosts lists are a few MB), a minute.
pub const LIST_LIMITS: Limits = Limits {
    max_bytes: 32 * 1024 * 1024,
    timeout: std::time::Duration::from_secs(60),
    accept: "text/plain, */*;q=0.5",
    user_agent: LIST_USER_AGENT,
};

/// Where the list is fetched from: an https URL (`BLOCKLIST_URL`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlocklistUrl(url::Url);

impl BlocklistUrl {
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        let refuse = || Invalid::new("url", format!("{raw:?} is not an https URL."));
        let url = url::Url::parse(raw.trim()).map_err(|_| refuse())?;
        if url.scheme() != "https" || url.host_str().is_none() {
            return Err(refuse());
        }
        Ok(Self(url))
    }

    /// `BLOCKLIST_URL` from a variable source; `None` when it is unset or empty.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Option<Self>, ConfigError> {
        let Some(raw) = lookup("BLOCKLIST_URL").filter(|v| !v.trim().is_empty()) else {
            return Ok(None);
        };
        Self::parse(&raw).map(Some).map_err(|invalid| ConfigError::Invalid {
            name: "BLOCKLIST_URL",
            reason: invalid.message,
        })
    }

    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }
}

/// What a fetch did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "outcome")]
pub enum ListFetched {
    /// A new version is current.
    Stored {
        version: String,
        entries: usize,
        chunks: usize,
        /// What the answer held that is not in the list: words that named no destination, and
        /// entries too broad to block (single labels, public suffixes, the service's own
        /// domains), with examples.
        skipped: ListSkips,
        /// The version it replaced (its chunks deleted).
        replaced: Option<String>,
    },
    /// The answer's entries are the current version's: nothing was written.
    Unchanged {
        version: String,
        entries: usize,
        skipped: ListSkips,
    },
}

/// Why a fetch stored nothing.
#[derive(Debug, thiserror::Error)]
pub enum ListFetchError {
    #[error("{url} could not be fetched: {source}")]
    Fetch {
        url: String,
        #[source]
        source: FetchError,
    },
    #[error("{url} was not taken: {source}")]
    Refused {
        url: String,
        #[source]
        source: ListRefusal,
    },
    #[error("another fetch stored a list at the same time; this one's was dropped")]
    Raced,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The list file this process checks against, for `linkctl safety list`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LoadedList {
    /// `file`, `table` or `none`.
    pub source: &'static str,
    /// The local file's path.
    pub path: Option<String>,
    /// The stored version held (the table's list).
    pub version: Option<String>,
    pub entries: Option<usize>,
    /// The table's head: the current version, where and when it was fetched.
    pub stored: Option<StoredListHead>,
}

impl Service {
    /// Fetches the list at `url` through `fetcher` and, when it is a list and differs from the
    /// current version, stores it as the new version: its chunks, then the head (switched only
    /// if the version it replaces is still current), then the old chunks deleted. `force` takes
    /// a list that shrank by more than 90 %, or that would newly block more than
    /// [`crate::domain::MOST_SHARE_NEWLY_BLOCKED`] of the destinations links point to.
    pub async fn fetch_blocklist(
        &self,
        fetcher: &Fetcher,
        url: &BlocklistUrl,
        force: bool,
    ) -> Result<ListFetched, ListFetchError> {
        let current = self.store.stored_list_head(true).await?;
        let body = fetcher
            .get(&url.0, &LIST_LIMITS)
            .await
            .map_err(|source| ListFetchError::Fetch {
                url: url.as_str().to_string(),
                source,
            })?;
        let text = String::from_utf8_lossy(&body);
        let own = self.config.reserved_hosts();
        let (list, skipped) =
            judge_list(&text, current.as_ref().map(|h| h.entries), force, &own).map_err(|source| {
                ListFetchError::Refused {
                    url: url.as_str().to_string(),
                    source,
                }
            })?;
        let sha256 = list.sha256();
        if let Some(head) = current.as_ref().filter(|h| h.sha256 == sha256) {
            return Ok(ListFetched::Unchanged {
                version: head.version.clone(),
                entries: head.entries,
                skipped,
            });
        }
        if !force {
            let (newly, destinations) = self.newly_blocked(current.as_ref(), &list).await?;
            blocks_too_much(newly, destinations).map_err(|source| ListFetchError::Refused {
                url: url.as_str().to_string(),
                source,
            })?;
        }
        let now = self.clock.now();
        let chunks = list.chunks(CHUNK_BYTES);
        let head = StoredListHead {
            version: list_version(now, &sha256),
            chunks: chunks.len(),
            entries: list.len(),
            source: url.as_str().to_string(),
            sha256,
            fetched_at: now,
            skipped: skipped.clone(),
        };
        self.store.put_stored_list_chunks(&head.version, &chunks).await?;
        let previous = current.as_ref().map(|h| h.version.as_str());
        if !self.store.switch_stored_list_head(&head, previous).await? {
            self.store.delete_stored_list_chunks(&head.version, head.chunks).await?;
            return Err(ListFetchError::Raced);
        }
        if let Some(old) = &current
            && let Err(err) = self.store.delete_stored_list_chunks(&old.version, old.chunks).await
        {
            tracing::error!(version = %old.version, error = %crate::telemetry::error_chain(&err), "old blocklist chunks not deleted");
        }
        self.blocklist.forget_everything();
        Ok(ListFetched::Stored {
            version: head.version,
            entries: head.entries,
            chunks: head.chunks,
            skipped,
            replaced: current.map(|h| h.version),
        })
    }

    /// How many of the destinations links point to `list` would block that the `current`
    /// version does not, and how many destinations there are: every link read, a page at a time.
    async fn newly_blocked(
        &self,
        current: Option<&StoredListHead>,
        list: &NormalisedList,
    ) -> Result<(usize, usize), StoreError> {
        let old = match current {
            None => Blocklist::default(),
            Some(head) => {
                let chunks = self.store.stored_list_chunks(&head.version, head.chunks).await?;
                Blocklist::new(chunks.iter().flat_map(|c| chunk_entries(c).collect::<Vec<_>>()))
            }
        };
        let new = Blocklist::new(list.entries());
        let (mut newly, mut total) = (0, 0);
        let mut after = None;
        loop {
            let page = self.store.every_link_page(after).await?;
            for stored in &page.links {
                for (_, url) in destinations(&stored.link.settings) {
                    total += 1;
                    if new.blocks(url.as_str()) && !old.blocks(url.as_str()) {
                        newly += 1;
                    }
                }
            }
            match page.next {
                Some(next) => after = Some(next),
                None => return Ok((newly, total)),
            }
        }
    }

    /// The list file this process checks against (read now if it was not yet), and the table's
    /// stored head.
    pub async fn loaded_blocklist(&self) -> Result<LoadedList, ServiceError> {
        self.blocklist().await?;
        let (source, version, entries) = self.blocklist.loaded();
        let stored = self.store.stored_list_head(false).await?;
        let (source, path) = match source {
            ListSource::Nothing => ("none", None),
            ListSource::File(file) => ("file", Some(file.path.display().to_string())),
            ListSource::Table { .. } => ("table", None),
        };
        Ok(LoadedList {
            source,
            path,
            version,
            entries,
            stored,
        })
    }

    /// Drops the blocklist this process holds, so that the next check reads everything again as
    /// a new process would (tests and timings).
    #[cfg(any(test, feature = "testing"))]
    pub fn forget_blocklist(&self) {
        self.blocklist.forget_all();
    }

    /// Every entry of the table's current stored list (tests and the operator's checks).
    pub async fn stored_blocklist_entries(&self) -> Result<Vec<String>, ServiceError> {
        let Some(head) = self.store.stored_list_head(false).await? else {
            return Ok(Vec::new());
        };
        let chunks = self.store.stored_list_chunks(&head.version, head.chunks).await?;
        Ok(chunks
            .iter()
            .flat_map(|c| chunk_entries(c).map(|e| e.as_text()).collect::<Vec<_>>())
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_is_fetched_from_an_https_url_only() {
        assert!(BlocklistUrl::parse("https://lists.example/hosts").is_ok());
        assert!(BlocklistUrl::parse("http://lists.example/hosts").is_err());
        assert!(BlocklistUrl::parse("lists.example/hosts").is_err());
        assert_eq!(BlocklistUrl::from_lookup(|_| Some(" ".into())), Ok(None));
        assert!(BlocklistUrl::from_lookup(|_| Some("ftp://lists.example/".into())).is_err());
    }
}

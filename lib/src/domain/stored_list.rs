//! A list file as the table keeps it (the scheduled `blocklist-fetch` writes it, every process
//! reads it): the entries normalised (each once, sorted, one a line), cut into chunks that each
//! fit an item, and the head naming the current version; and the rule that refuses an answer
//! that is no list (HTML, nothing, or a list that shrank to a tenth).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::{BlockEntry, ListSkips};

/// The most text one chunk holds (before compression): well under DynamoDB's 400 KB item.
pub const CHUNK_BYTES: usize = 300 * 1024;

/// The most entries a stored list may have (a million hosts is ~25 MB of text; public lists
/// are a few hundred thousand).
pub const MAX_LIST_ENTRIES: usize = 1_000_000;

/// A list smaller than this share of the current one is refused unless forced (a list that
/// lost nine entries in ten is more likely a broken answer than a cleaned list).
pub const LEAST_SHARE_KEPT: f64 = 0.1;

/// A new version that would newly block more than this share of the destinations links point
/// to waits for the operator's `--force` (one bad line, `googleusercontent.com`, would otherwise
/// take thousands of working links down within the hour).
pub const MOST_SHARE_NEWLY_BLOCKED: f64 = 0.01;

/// The head item: the current version and what it holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredListHead {
    pub version: String,
    pub chunks: usize,
    pub entries: usize,
    /// The URL it was fetched from.
    pub source: String,
    /// The sha256 of the normalised entries (a list whose comments or order changed is the
    /// same list).
    pub sha256: String,
    pub fetched_at: DateTime<Utc>,
    /// What the answer's lines gave that is not in the list (heads stored before it: nothing).
    #[serde(default)]
    pub skipped: ListSkips,
}

/// Entries normalised: their text, each once, sorted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NormalisedList {
    lines: Vec<String>,
}

impl NormalisedList {
    pub fn new(entries: impl IntoIterator<Item = BlockEntry>) -> Self {
        let mut lines: Vec<String> = entries.into_iter().map(|e| e.as_text()).collect();
        lines.sort_unstable();
        lines.dedup();
        Self { lines }
    }

    pub fn len(&self) -> usize {
        self.lines.len()
    }

    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// The entries again (as a stored chunk gives them back).
    pub fn entries(&self) -> impl Iterator<Item = BlockEntry> + '_ {
        self.lines.iter().filter_map(|line| BlockEntry::parse_stored(line).ok())
    }

    /// The sha256 of the lines, in hex.
    pub fn sha256(&self) -> String {
        let mut hash = Sha256::new();
        for line in &self.lines {
            hash.update(line.as_bytes());
            hash.update(b"\n");
        }
        hex::encode(hash.finalize())
    }

    /// The lines cut into chunks of at most `max_bytes` each (newline-separated; a line is
    /// never split, and an entry is at most 2 KB).
    pub fn chunks(&self, max_bytes: usize) -> Vec<String> {
        let mut chunks = Vec::new();
        let mut chunk = String::new();
        for line in &self.lines {
            if !chunk.is_empty() && chunk.len() + 1 + line.len() > max_bytes {
                chunks.push(std::mem::take(&mut chunk));
            }
            if !chunk.is_empty() {
                chunk.push('\n');
            }
            chunk.push_str(line);
        }
        if !chunk.is_empty() {
            chunks.push(chunk);
        }
        chunks
    }
}

/// The version name of a list fetched at `at` with this hash: sorts by time, and two fetches of
/// different lists in one second still differ.
pub fn list_version(at: DateTime<Utc>, sha256: &str) -> String {
    format!("{}-{}", at.format("%Y%m%dT%H%M%SZ"), &sha256[..sha256.len().min(12)])
}

/// The entries of a stored chunk (one a line; a line that no longer parses is skipped).
pub fn chunk_entries(chunk: &str) -> impl Iterator<Item = BlockEntry> + '_ {
    chunk.lines().filter_map(|line| BlockEntry::parse_stored(line).ok())
}

/// Why a fetched answer is not taken as the new list (the current one stays).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ListRefusal {
    #[error("the answer is an HTML or XML page, not a list")]
    Markup,
    #[error("the answer holds no entry ({skipped} lines skipped)")]
    Empty { skipped: usize },
    #[error("the answer holds {entries} entries, more than the {MAX_LIST_ENTRIES} a stored list may have")]
    TooMany { entries: usize },
    #[error(
        "the answer holds {entries} entries where the current list has {current}: it shrank by more than 90 % \
         (fetch with force to take it)"
    )]
    Shrank { entries: usize, current: usize },
    #[error(
        "the answer would newly block {newly} of the {destinations} destinations links point to ({}), more than \
         1 % (fetch with force to take it)",
        share_text(*newly, *destinations)
    )]
    BlocksTooMuch { newly: usize, destinations: usize },
}

/// `newly` of `destinations` as a percentage with one decimal (`2.5 %`).
fn share_text(newly: usize, destinations: usize) -> String {
    format!("{:.1} %", newly as f64 * 100.0 / destinations.max(1) as f64)
}

/// Whether `newly` blocked destinations of `destinations` are more than a new version may block
/// unless forced.
pub fn blocks_too_much(newly: usize, destinations: usize) -> Result<(), ListRefusal> {
    if newly as f64 > destinations as f64 * MOST_SHARE_NEWLY_BLOCKED {
        return Err(ListRefusal::BlocksTooMuch { newly, destinations });
    }
    Ok(())
}

/// The list a fetched body gives, or why it is refused: markup, no entry, too many, or (unless
/// `force`) fewer than a tenth of the `current` list's entries. Also what was skipped (entries
/// too broad for the service whose `own` domains these are among them).
pub fn judge_list(
    body: &str,
    current: Option<usize>,
    force: bool,
    own: &[&str],
) -> Result<(NormalisedList, ListSkips), ListRefusal> {
    if body.trim_start_matches('\u{feff}').trim_start().starts_with('<') {
        return Err(ListRefusal::Markup);
    }
    let (entries, skipped) = super::parse_list(body, own);
    let list = NormalisedList::new(entries);
    let entries = list.len();
    if entries == 0 {
        return Err(ListRefusal::Empty {
            skipped: skipped.total(),
        });
    }
    if entries > MAX_LIST_ENTRIES {
        return Err(ListRefusal::TooMany { entries });
    }
    if let Some(current) = current
        && !force
        && (entries as f64) < current as f64 * LEAST_SHARE_KEPT
    {
        return Err(ListRefusal::Shrank { entries, current });
    }
    Ok((list, skipped))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(n: usize) -> NormalisedList {
        NormalisedList::new((0..n).map(|i| BlockEntry::Host(format!("host-{i:06}.example"))))
    }

    #[test]
    fn entries_are_kept_once_in_order_whatever_the_files_order_and_comments() {
        let a = judge_list(
            "# Date: today\nb.example\na.example # mirror\nb.example\n",
            None,
            false,
            &[],
        )
        .unwrap();
        let b = judge_list("# Date: tomorrow\na.example\nb.example\n", None, false, &[]).unwrap();
        assert_eq!(a.0, b.0);
        assert_eq!(a.0.chunks(CHUNK_BYTES), ["a.example\nb.example"]);
        assert_eq!(a.0.sha256(), b.0.sha256());
    }

    #[test]
    fn chunks_stay_within_their_bound_and_give_back_every_entry() {
        let list = list(50_000);
        let chunks = list.chunks(CHUNK_BYTES);
        assert!(chunks.len() > 1, "{} chunks", chunks.len());
        assert!(chunks.iter().all(|c| c.len() <= CHUNK_BYTES));
        let back: Vec<String> = chunks
            .iter()
            .flat_map(|c| chunk_entries(c))
            .map(|e| e.as_text())
            .collect();
        assert_eq!(back, list.lines);
    }

    #[test]
    fn a_chunk_boundary_never_splits_a_line() {
        let list = NormalisedList::new(["aa.example", "bb.example", "cc.example"].map(|h| BlockEntry::Host(h.into())));
        assert_eq!(list.chunks(21), ["aa.example\nbb.example", "cc.example"]);
        assert_eq!(list.chunks(10), ["aa.example", "bb.example", "cc.example"]);
    }

    #[test]
    fn an_html_page_an_empty_answer_and_a_list_of_nothing_are_refused() {
        assert_eq!(
            judge_list("\n  <!doctype html><p>rate limited</p>", None, false, &[]),
            Err(ListRefusal::Markup)
        );
        assert_eq!(judge_list("", None, false, &[]), Err(ListRefusal::Empty { skipped: 0 }));
        assert_eq!(
            judge_list("# nothing\n127.0.0.1 localhost\n", None, false, &[]),
            Err(ListRefusal::Empty { skipped: 1 })
        );
    }

    #[test]
    fn a_list_that_shrank_by_more_than_nine_tenths_is_refused_unless_forced() {
        let body = "a.example\nb.example\n";
        assert_eq!(
            judge_list(body, Some(21), false, &[]),
            Err(ListRefusal::Shrank {
                entries: 2,
                current: 21
            })
        );
        assert!(judge_list(body, Some(20), false, &[]).is_ok());
        assert!(judge_list(body, Some(21), true, &[]).is_ok());
    }

    #[test]
    fn a_version_newly_blocking_more_than_one_in_a_hundred_destinations_waits_for_force() {
        assert_eq!(blocks_too_much(1, 100), Ok(()));
        assert_eq!(blocks_too_much(0, 0), Ok(()));
        let refused = blocks_too_much(3, 120).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "the answer would newly block 3 of the 120 destinations links point to (2.5 %), more than 1 % (fetch with force to take it)"
        );
    }

    #[test]
    fn a_version_sorts_by_time_and_names_the_hash() {
        let at: DateTime<Utc> = "2026-11-22T12:00:00Z".parse().unwrap();
        assert_eq!(list_version(at, &list(1).sha256())[..17], *"20261122T120000Z-");
        assert_eq!(list_version(at, "0a1b2c3d4e5f6789"), "20261122T120000Z-0a1b2c3d4e5f");
    }
}

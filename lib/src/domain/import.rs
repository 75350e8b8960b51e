//! Importing a file of links: its format, what to do at a conflict, the job that carries a
//! file through (its progress and its end), and what became of each row. Every row ends
//! created, skipped (a conflict: the slug taken, a domain not verified, the plan full) or
//! failed (the row cannot be a link), each with why.

use std::fmt;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{Invalid, LinkDraft};
use crate::domain::ids::ObjectId;

/// Rows handled together: one read of what they need, one quota reservation, one batch of
/// writes, one results item.
pub const IMPORT_CHUNK_ROWS: usize = 100;

/// Where a file comes from, which says how its columns are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ImportFormat {
    /// Our CSV (the template, and the CSV of a links export).
    Csv,
    /// Bitly's CSV export of links.
    Bitly,
    /// Dub's CSV export of links.
    Dub,
    /// Short.io's CSV export of links.
    Shortio,
    /// Shlink's CSV export of short URLs (web client).
    Shlink,
    /// Our JSON lines export: one link a line, in the shape of a create.
    Jsonl,
}

impl ImportFormat {
    pub const ALL: [ImportFormat; 6] = [
        Self::Csv,
        Self::Bitly,
        Self::Dub,
        Self::Shortio,
        Self::Shlink,
        Self::Jsonl,
    ];

    /// The name a request gives (`csv`, `bitly`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Csv => "csv",
            Self::Bitly => "bitly",
            Self::Dub => "dub",
            Self::Shortio => "shortio",
            Self::Shlink => "shlink",
            Self::Jsonl => "jsonl",
        }
    }

    /// What a person reads (`Bitly CSV export`).
    pub fn label(self) -> &'static str {
        match self {
            Self::Csv => "CSV (our template)",
            Self::Bitly => "Bitly CSV export",
            Self::Dub => "Dub CSV export",
            Self::Shortio => "Short.io CSV export",
            Self::Shlink => "Shlink CSV export",
            Self::Jsonl => "JSON lines (our export)",
        }
    }

    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        Self::ALL
            .into_iter()
            .find(|f| f.as_str() == raw.trim().to_ascii_lowercase())
            .ok_or_else(|| {
                Invalid::new(
                    "format",
                    "format must be one of csv, bitly, dub, shortio, shlink or jsonl.",
                )
            })
    }
}

impl fmt::Display for ImportFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What an import does at a conflict.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ConflictPolicy {
    /// Conflicting rows are skipped (each with why); the others are created.
    #[default]
    Skip,
    /// Nothing starts when the dry run finds a conflict or a bad row; a conflict met while
    /// running stops the import there (the rest skipped, saying so).
    Stop,
}

impl ConflictPolicy {
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        match raw.trim().to_ascii_lowercase().as_str() {
            "skip" => Ok(Self::Skip),
            "stop" => Ok(Self::Stop),
            _ => Err(Invalid::new("onConflict", "onConflict must be skip or stop.")),
        }
    }
}

/// Where a job is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum JobState {
    Running,
    Finished,
    /// Stopped at a conflict (policy `stop`).
    Stopped,
}

/// An import of one file into one workspace.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ImportJob {
    pub id: ObjectId,
    pub workspace_id: ObjectId,
    pub format: ImportFormat,
    /// The file's name as uploaded (shown on the job page), if it had one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_name: Option<String>,
    /// SHA-256 of the format and the file's text: the same file is imported once.
    pub file_hash: String,
    pub on_conflict: ConflictPolicy,
    pub rows: u64,
    /// Rows handled so far (a multiple of [`IMPORT_CHUNK_ROWS`] until the last chunk).
    pub done: u64,
    pub created: u64,
    pub skipped: u64,
    pub failed: u64,
    pub state: JobState,
    pub created_by: ObjectId,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl ImportJob {
    /// The chunk to run next, if any.
    pub fn next_chunk(&self) -> Option<u64> {
        (self.state == JobState::Running && self.done < self.rows).then(|| self.done / IMPORT_CHUNK_ROWS as u64)
    }

    /// The job after a chunk's results: counts added, `done` moved on, finished at the end.
    pub fn after_chunk(&self, results: &[RowResult], stopped: bool, now: DateTime<Utc>) -> Self {
        let count = |kind: fn(&RowOutcome) -> bool| results.iter().filter(|r| kind(&r.outcome)).count() as u64;
        let mut next = self.clone();
        next.created += count(|o| matches!(o, RowOutcome::Created { .. }));
        next.skipped += count(|o| matches!(o, RowOutcome::Skipped { .. }));
        next.failed += count(|o| matches!(o, RowOutcome::Failed { .. }));
        next.done = (self.done + results.len() as u64).min(self.rows);
        next.updated_at = now;
        if stopped {
            // The rows after the chunk are skipped too (the results say so row by row).
            next.skipped += self.rows - next.done;
            next.state = JobState::Stopped;
        } else if next.done >= self.rows {
            next.state = JobState::Finished;
        }
        next
    }

    /// Percent of rows handled, for the progress bar.
    pub fn percent(&self) -> u64 {
        (self.done * 100).checked_div(self.rows).unwrap_or(100)
    }
}

/// What became of a row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "status")]
pub enum RowOutcome {
    Created { link_id: ObjectId, short_link: String },
    Skipped { reason: String },
    Failed { reason: String },
}

impl RowOutcome {
    pub fn status(&self) -> &'static str {
        match self {
            Self::Created { .. } => "created",
            Self::Skipped { .. } => "skipped",
            Self::Failed { .. } => "failed",
        }
    }

    pub fn reason(&self) -> Option<&str> {
        match self {
            Self::Created { .. } => None,
            Self::Skipped { reason } | Self::Failed { reason } => Some(reason),
        }
    }
}

/// A row's result: its line in the file and its outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RowResult {
    pub line: u64,
    #[serde(flatten)]
    pub outcome: RowOutcome,
}

/// A file as a door received it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportFile {
    pub format: ImportFormat,
    pub text: String,
    pub file_name: Option<String>,
}

impl ImportFile {
    /// SHA-256 of the format and the text, in hex: what makes two uploads the same file.
    pub fn hash(&self) -> String {
        use sha2::Digest;
        let digest = sha2::Sha256::new()
            .chain_update(self.format.as_str())
            .chain_update([0])
            .chain_update(self.text.as_bytes())
            .finalize();
        hex::encode(digest)
    }
}

/// One row of a dry run.
#[derive(Debug, Clone, PartialEq)]
pub struct PlannedRow {
    pub line: u64,
    pub verdict: Verdict,
}

/// What a file would do to the workspace.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportPlan {
    pub rows: Vec<PlannedRow>,
    /// Tags the import would make, by name.
    pub new_tags: Vec<String>,
    /// The job that imported this very file before, if one did.
    pub imported_before: Option<ObjectId>,
}

impl ImportPlan {
    pub fn count(&self, kind: fn(&Verdict) -> bool) -> u64 {
        self.rows.iter().filter(|r| kind(&r.verdict)).count() as u64
    }
}

/// What a row would become.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// Created as this draft (its domain resolved).
    Create(Box<LinkDraft>),
    Conflict(String),
    Invalid(String),
}

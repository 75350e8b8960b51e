//! Imports on the wire: the body of `POST /links/import` (JSON, or the same fields as
//! multipart form parts with the file in `file`), its answers (a dry run's rows; a job with its
//! rows' results), and the results CSV.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::domain::{
    ConflictPolicy, ImportFile, ImportFormat, ImportJob, ImportPlan, Invalid, JobState, RowOutcome, RowResult, Verdict,
};

/// `POST /links/import` (besides `workspaceId`).
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ImportInput {
    /// csv (our template), bitly, dub, shortio, shlink (their CSV exports) or jsonl (our JSON
    /// lines export).
    #[serde(default)]
    #[schemars(required, with = "ImportFormat")]
    pub format: Option<String>,
    /// The file's text (UTF-8), at most 10,000 rows and 5,000,000 bytes.
    #[serde(default)]
    #[schemars(required, length(min = 1, max = 5_000_000))]
    pub content: Option<String>,
    /// Only say what each row would become; nothing is written (default false).
    #[serde(default)]
    pub dry_run: Option<bool>,
    /// skip (default): conflicting rows are skipped, each with why. stop: nothing is imported
    /// when the dry run finds a row that would not be created.
    #[serde(default)]
    #[schemars(with = "Option<ConflictPolicy>")]
    pub on_conflict: Option<String>,
    /// The file's name, shown with the import (at most 255 characters).
    #[serde(default)]
    #[schemars(length(max = 255))]
    pub file_name: Option<String>,
}

/// What an import request asks for, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportRequest {
    pub file: ImportFile,
    pub dry_run: bool,
    pub on_conflict: ConflictPolicy,
}

impl TryFrom<ImportInput> for ImportRequest {
    type Error = Invalid;
    fn try_from(input: ImportInput) -> Result<Self, Invalid> {
        let format = match input.format.as_deref() {
            Some(raw) => ImportFormat::parse(raw)?,
            None => return Err(Invalid::new("format", "format is required.")),
        };
        // A browser's form sends line breaks as CRLF: the same file is the same text however it came.
        let text = input
            .content
            .map(|c| c.replace("\r\n", "\n"))
            .filter(|c| !c.trim().is_empty())
            .ok_or_else(|| Invalid::new("content", "content is required: the file's text."))?;
        let on_conflict = input
            .on_conflict
            .as_deref()
            .map(ConflictPolicy::parse)
            .transpose()?
            .unwrap_or_default();
        let file_name = input
            .file_name
            .map(|n| n.trim().chars().take(255).collect::<String>())
            .filter(|n| !n.is_empty());
        Ok(Self {
            file: ImportFile {
                format,
                text,
                file_name,
            },
            dry_run: input.dry_run.unwrap_or(false),
            on_conflict,
        })
    }
}

/// A message of the import queue: the job to carry on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ImportMessage {
    pub workspace_id: crate::domain::ids::ObjectId,
    pub import_id: crate::domain::ids::ObjectId,
}

impl ImportMessage {
    pub fn encode(&self) -> String {
        serde_json::to_string(self).expect("an import message encodes")
    }

    /// A message's job; `None` for a message that is not one.
    pub fn decode(text: &str) -> Option<Self> {
        serde_json::from_str(text).ok()
    }
}

/// A job as the API shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportRecord {
    pub id: String,
    pub format: ImportFormat,
    pub file_name: Option<String>,
    /// running, finished, or stopped (at a conflict, onConflict stop).
    pub state: JobState,
    pub on_conflict: ConflictPolicy,
    pub rows: u64,
    /// Rows handled so far.
    pub done: u64,
    pub created: u64,
    pub skipped: u64,
    pub failed: u64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<&ImportJob> for ImportRecord {
    fn from(job: &ImportJob) -> Self {
        Self {
            id: job.id.to_string(),
            format: job.format,
            file_name: job.file_name.clone(),
            state: job.state,
            on_conflict: job.on_conflict,
            rows: job.rows,
            done: job.done,
            created: job.created,
            skipped: job.skipped,
            failed: job.failed,
            created_at: job.created_at,
            updated_at: job.updated_at,
        }
    }
}

/// What became of one row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RowRecord {
    /// The row's line in the file.
    pub line: u64,
    /// created, skipped or failed.
    pub status: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub link_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub short_link: Option<String>,
}

impl From<&RowResult> for RowRecord {
    fn from(row: &RowResult) -> Self {
        let (link_id, short_link) = match &row.outcome {
            RowOutcome::Created { link_id, short_link } => (Some(link_id.to_string()), Some(short_link.clone())),
            _ => (None, None),
        };
        Self {
            line: row.line,
            status: row.outcome.status().to_string(),
            reason: row.outcome.reason().map(str::to_string),
            link_id,
            short_link,
        }
    }
}

/// `POST /links/import` that ran (or found the file imported before): `{ message, import,
/// rows }`; `rows` is every row's result once the import ended, else empty.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct ImportOutcome {
    pub message: String,
    pub import: ImportRecord,
    pub rows: Vec<RowRecord>,
}

impl ImportOutcome {
    pub fn new(job: &ImportJob, fresh: bool, rows: &[RowResult]) -> Self {
        let message = match (fresh, job.state) {
            (false, _) => format!(
                "This file was imported before (import {}); nothing new was created.",
                job.id
            ),
            (true, JobState::Running) => format!(
                "Import started: {} of {} rows done; it goes on in the background.",
                job.done, job.rows
            ),
            (true, JobState::Finished) => counts("Import finished", job),
            (true, JobState::Stopped) => counts("Import stopped at a conflict", job),
        };
        Self {
            message,
            import: ImportRecord::from(job),
            rows: rows.iter().map(RowRecord::from).collect(),
        }
    }
}

/// `GET /links/import`: `{ import, rows }` (the results recorded so far).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct ImportStatus {
    pub import: ImportRecord,
    pub rows: Vec<RowRecord>,
}

fn counts(opening: &str, job: &ImportJob) -> String {
    format!(
        "{opening}: {} created, {} skipped, {} failed.",
        job.created, job.skipped, job.failed
    )
}

/// One row of a dry run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlannedRecord {
    pub line: u64,
    /// create, conflict or invalid.
    pub status: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Where the link would be (the slug is generated when the row gives none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub domain: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slug: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The default rule's destination.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub destination: Option<String>,
}

impl PlannedRecord {
    fn new(line: u64, verdict: &Verdict) -> Self {
        let blank = |status: &str, reason: Option<&String>| Self {
            line,
            status: status.to_string(),
            reason: reason.cloned(),
            domain: None,
            slug: None,
            name: None,
            destination: None,
        };
        match verdict {
            Verdict::Create(draft) => Self {
                domain: draft.domain.as_ref().map(|d| d.as_str().to_string()),
                slug: draft.slug.as_ref().map(|s| s.as_str().to_string()),
                name: Some(draft.settings.name.as_str().to_string()),
                destination: Some(draft.settings.rules.default_rule().target_url.as_str().to_string()),
                ..blank("create", None)
            },
            Verdict::Conflict(reason) => blank("conflict", Some(reason)),
            Verdict::Invalid(reason) => blank("invalid", Some(reason)),
        }
    }
}

/// Counts of a dry run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct PlanSummary {
    pub rows: u64,
    pub create: u64,
    pub conflict: u64,
    pub invalid: u64,
}

/// `POST /links/import` with `dryRun: true`: `{ message, summary, newTags, importedBefore,
/// rows }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DryRun {
    pub message: String,
    pub summary: PlanSummary,
    /// Tags the import would make.
    pub new_tags: Vec<String>,
    /// The import that already brought in this very file, if one did (importing it again
    /// creates nothing).
    pub imported_before: Option<String>,
    pub rows: Vec<PlannedRecord>,
}

impl From<&ImportPlan> for DryRun {
    fn from(plan: &ImportPlan) -> Self {
        let summary = PlanSummary {
            rows: plan.rows.len() as u64,
            create: plan.count(|v| matches!(v, Verdict::Create(_))),
            conflict: plan.count(|v| matches!(v, Verdict::Conflict(_))),
            invalid: plan.count(|v| matches!(v, Verdict::Invalid(_))),
        };
        Self {
            message: format!(
                "Dry run: {} would be created, {} conflict, {} cannot be links. Nothing was written.",
                summary.create, summary.conflict, summary.invalid
            ),
            summary,
            new_tags: plan.new_tags.clone(),
            imported_before: plan.imported_before.as_ref().map(|id| id.to_string()),
            rows: plan
                .rows
                .iter()
                .map(|r| PlannedRecord::new(r.line, &r.verdict))
                .collect(),
        }
    }
}

/// The results CSV: `line,status,reason,linkId,shortLink`, one row per file row.
pub fn results_csv(rows: &[RowResult]) -> String {
    let mut out = csv::Writer::from_writer(Vec::new());
    let mut write = |row: [&str; 5]| out.write_record(row).expect("writing to memory cannot fail");
    write(["line", "status", "reason", "linkId", "shortLink"]);
    for row in rows.iter().map(RowRecord::from) {
        write([
            &row.line.to_string(),
            &row.status,
            &super::export::cell(row.reason.as_deref().unwrap_or_default()),
            row.link_id.as_deref().unwrap_or_default(),
            row.short_link.as_deref().unwrap_or_default(),
        ]);
    }
    String::from_utf8(out.into_inner().expect("writing to memory cannot fail")).expect("CSV of UTF-8 text")
}

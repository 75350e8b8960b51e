//! The templates of the import and export tab: the tab itself, a dry run, a job's progress.

use askama::Template;

use super::super::templates::Chrome;
use super::views::Shown;

/// A format in the upload form's list.
#[derive(Debug, Clone)]
pub struct FormatChoice {
    pub value: &'static str,
    pub label: &'static str,
    pub selected: bool,
}

/// An earlier import in the tab's list.
#[derive(Debug, Clone)]
pub struct JobRow {
    pub href: String,
    pub name: String,
    pub at: Shown,
    pub state: &'static str,
    pub counts: String,
}

/// `/app/w/<ws>/transfer`.
#[derive(Template)]
#[template(path = "app/transfer.html")]
pub struct TransferPage {
    pub chrome: Chrome,
    pub notice: Option<String>,
    pub workspace: String,
    pub csrf: String,
    /// Whether the person may import (owner and managers).
    pub can_import: bool,
    pub check_action: String,
    pub template_href: String,
    pub formats: Vec<FormatChoice>,
    pub error: Option<String>,
    pub jobs: Vec<JobRow>,
    pub links_csv_href: String,
    pub links_jsonl_href: String,
    pub clicks_action: String,
    pub from: String,
    pub to: String,
}

/// One row of a dry run.
#[derive(Debug, Clone)]
pub struct PlanRow {
    pub line: u64,
    /// create, conflict or invalid.
    pub status: &'static str,
    pub badge: &'static str,
    pub link: String,
    pub destination: String,
    pub reason: String,
}

/// The dry run of an upload, and the form that imports it.
#[derive(Template)]
#[template(path = "app/import_plan.html")]
pub struct PlanPage {
    pub chrome: Chrome,
    pub notice: Option<String>,
    pub workspace: String,
    pub csrf: String,
    pub file_name: String,
    pub format: &'static str,
    pub format_label: &'static str,
    pub content: String,
    pub summary: String,
    pub new_tags: String,
    pub imported_before: Option<String>,
    pub rows: Vec<PlanRow>,
    /// How many rows the page leaves out.
    pub more_rows: usize,
    pub import_action: String,
    pub back_href: String,
    pub has_conflicts: bool,
}

/// A row that was not created, on the job page.
#[derive(Debug, Clone)]
pub struct ResultRow {
    pub line: u64,
    pub status: &'static str,
    pub reason: String,
}

/// `/app/w/<ws>/transfer/imports/<id>`: a job's progress, and its end.
#[derive(Template)]
#[template(path = "app/import_job.html")]
pub struct JobPage {
    pub chrome: Chrome,
    pub notice: Option<String>,
    pub workspace: String,
    pub name: String,
    pub running: bool,
    pub state: &'static str,
    pub rows: u64,
    pub done: u64,
    pub percent: u64,
    pub created: u64,
    pub skipped: u64,
    pub failed: u64,
    pub results_href: String,
    pub links_href: String,
    pub back_href: String,
    pub export_href: String,
    /// The rows not created (the first 200).
    pub problems: Vec<ResultRow>,
}

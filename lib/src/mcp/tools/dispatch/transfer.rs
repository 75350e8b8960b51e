//! The calls of the import tools. `import_links` needs the import queue, which the server
//! holds: it runs through [`crate::mcp::tasks::run`] (as a task, or as the plain call).

use serde::Deserialize;

use super::{Args, ToolCall, read};
use crate::domain::Invalid;
use crate::domain::ids::ObjectId;
use crate::mcp::tasks::TaskStart;
use crate::mcp::tools::output::Output;
use crate::service::{Service, ServiceError, accounts::Access};
use crate::wire::{self, DryRun, ImportInput, ImportRecord, ImportRequest, ImportStatus, RowRecord};

/// `plan_import`: the dry run of an import.
#[derive(Debug)]
pub struct PlanImport(pub ImportRequest);

impl ToolCall for PlanImport {
    fn parse(args: Args) -> Result<Self, ServiceError> {
        let mut input = read::<ImportInput>(args)?;
        input.dry_run = Some(true);
        Ok(Self(ImportRequest::try_from(input)?))
    }

    async fn run(self, service: &Service, access: &Access) -> Result<Output, ServiceError> {
        let plan = service.plan_import(access, &self.0.file).await?;
        Ok(Output::json(DryRun::from(&plan)))
    }
}

/// `import_links`: an import (a dry run is `plan_import`).
#[derive(Debug)]
pub struct ImportLinks(pub ImportRequest);

impl ToolCall for ImportLinks {
    fn parse(args: Args) -> Result<Self, ServiceError> {
        let request = ImportRequest::try_from(read::<ImportInput>(args)?)?;
        if request.dry_run {
            return Err(Invalid::new("dryRun", "For a dry run call plan_import; import_links imports.").into());
        }
        Ok(Self(request))
    }

    /// Only without an import queue (the server always has one where imports run).
    async fn run(self, _service: &Service, _access: &Access) -> Result<Output, ServiceError> {
        Err(ServiceError::QueueFailed(crate::queue::QueueError::Sqs(
            "the MCP endpoint has no import queue".into(),
        )))
    }

    fn task(&self) -> Option<TaskStart<'_>> {
        Some(TaskStart::Import(&self.0))
    }
}

/// `get_import`'s arguments.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ImportIdArgs {
    /// The import's id (24 hexadecimal characters), as import_links answered it.
    #[serde(default, deserialize_with = "wire::any_as_text")]
    #[schemars(required, regex(pattern = wire::schema::OBJECT_ID_PATTERN))]
    pub import_id: Option<String>,
}

/// `get_import`: an import's progress and its rows' results so far.
#[derive(Debug)]
pub struct GetImport(pub ObjectId);

impl ToolCall for GetImport {
    fn parse(args: Args) -> Result<Self, ServiceError> {
        let id = read::<ImportIdArgs>(args)?.import_id;
        Ok(Self(wire::parse_id(wire::IdField::Import, id.as_deref())?))
    }

    async fn run(self, service: &Service, access: &Access) -> Result<Output, ServiceError> {
        let (job, rows) = service.import_results(access, &self.0).await?;
        Ok(Output::json(ImportStatus {
            import: ImportRecord::from(&job),
            rows: rows.iter().map(RowRecord::from).collect(),
        }))
    }
}

/// The file an export tool answers: its text as the HTTP API's download holds it, and the
/// cursor of the next page (the HTTP API's `X-Next-Cursor`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportPage {
    /// csv or jsonl.
    pub format: String,
    /// The page's text (a CSV page after the first has no header line).
    pub text: String,
    /// Pass as cursor for the next page; absent on the last page.
    pub next_cursor: Option<String>,
}

/// A links export's format.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ExportFormat {
    #[default]
    Csv,
    Jsonl,
}

/// `export_links`' arguments.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ExportLinksArgs {
    /// csv (default, our import template) or jsonl (one JSON object a line).
    #[serde(default)]
    pub format: Option<ExportFormat>,
    /// Links a page (1-5000, default 1000).
    #[serde(default, deserialize_with = "wire::any_as_text")]
    #[schemars(with = "Option<u64>")]
    pub limit: Option<String>,
    /// The nextCursor of the previous page.
    #[serde(default)]
    pub cursor: Option<String>,
}

/// `export_links`: a page of the workspace's links as GET /links/export gives it.
#[derive(Debug)]
pub struct ExportLinks {
    format: ExportFormat,
    limit: u64,
    cursor: Option<String>,
}

impl ToolCall for ExportLinks {
    fn parse(args: Args) -> Result<Self, ServiceError> {
        let args = read::<ExportLinksArgs>(args)?;
        Ok(Self {
            format: args.format.unwrap_or_default(),
            limit: crate::service::transfer::parse_export_limit(args.limit.as_deref())?,
            cursor: args.cursor,
        })
    }

    async fn run(self, service: &Service, access: &Access) -> Result<Output, ServiceError> {
        use crate::wire::export::{ExportedLink, links_csv};
        let page = service.export_links(access, self.cursor.as_deref(), self.limit).await?;
        let links: Vec<ExportedLink<'_>> = page.links.iter().map(|l| ExportedLink::new(l, &page.tags)).collect();
        let (format, text) = match self.format {
            ExportFormat::Csv => ("csv", links_csv(&links, page.first)),
            ExportFormat::Jsonl => ("jsonl", links.iter().map(ExportedLink::json_line).collect()),
        };
        Ok(Output::json(ExportPage {
            format: format.into(),
            text,
            next_cursor: page.next_cursor,
        }))
    }
}

/// `export_clicks`' arguments.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ExportClicksArgs {
    /// First day (YYYY-MM-DD, UTC; default 30 days ago).
    #[serde(default)]
    pub from: Option<String>,
    /// Last day (YYYY-MM-DD, UTC; default today).
    #[serde(default)]
    pub to: Option<String>,
    /// The nextCursor of the previous page.
    #[serde(default)]
    pub cursor: Option<String>,
}

/// `export_clicks`: a page of the workspace's people's clicks as GET /clicks/export gives it.
#[derive(Debug)]
pub struct ExportClicks {
    range: wire::DayRange,
    cursor: Option<String>,
}

impl ToolCall for ExportClicks {
    fn parse(args: Args) -> Result<Self, ServiceError> {
        let args = read::<ExportClicksArgs>(args)?;
        Ok(Self {
            range: wire::DayRange::parse(args.from.as_deref(), args.to.as_deref())?,
            cursor: args.cursor,
        })
    }

    async fn run(self, service: &Service, access: &Access) -> Result<Output, ServiceError> {
        let page = service
            .export_clicks(access, self.range, false, self.cursor.as_deref())
            .await?;
        Ok(Output::json(ExportPage {
            format: "csv".into(),
            text: page.csv(),
            next_cursor: page.next_cursor,
        }))
    }
}

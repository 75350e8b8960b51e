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

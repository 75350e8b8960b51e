//! A tool call, parsed then run. Parsing turns a call's arguments into what the tool's service
//! operation takes, checking everything that needs no workspace and no I/O; running does the
//! operation in the caller's workspace, on the same service code as the HTTP API. Each tool is
//! one type here, and the catalogue names it.

use std::pin::Pin;

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::output::Output;
use crate::domain::Invalid;
use crate::mcp::tasks::TaskStart;
use crate::service::{Service, ServiceError, accounts::Access};
use crate::wire;

mod analytics;
mod conversions;
mod links;
mod transfer;
mod webhooks;
mod workspace;

pub use analytics::{GetLinkAnalytics, GetWorkspaceAnalytics};
pub use conversions::ReportConversion;
pub use links::{BulkCreateLinks, CreateLink, DeleteLink, GetLink, GetLinkQr, ListLinks, UpdateLink};
pub use transfer::{
    ExportClicks, ExportClicksArgs, ExportLinks, ExportLinksArgs, ExportPage, GetImport, ImportIdArgs, ImportLinks,
    PlanImport,
};
pub use webhooks::{CreateWebhook, DeleteWebhook, ListWebhooks, UpdateWebhook};
pub use workspace::{
    CreateTag, CreateUtmTemplate, DeleteTag, DeleteUtmTemplate, ListDomains, ListTags, ListUtmTemplates, UpdateTag,
};

/// A call's arguments, without `workspaceId` (taken out before a tool sees them).
pub type Args = Map<String, Value>;

/// One tool's call: parsed from its arguments (no I/O), then run in a workspace.
pub trait ToolCall: Sized + Send + 'static {
    fn parse(args: Args) -> Result<Self, ServiceError>;

    fn run(self, service: &Service, access: &Access) -> impl Future<Output = Result<Output, ServiceError>> + Send;

    /// What the call hands over to run as a task, for a tool that can take long.
    fn task(&self) -> Option<TaskStart<'_>> {
        None
    }
}

/// Any tool's call, parsed and waiting for its workspace.
pub struct Call(Box<dyn Run>);

impl std::fmt::Debug for Call {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Call").finish_non_exhaustive()
    }
}

impl Call {
    pub async fn run(self, service: &Service, access: &Access) -> Result<Output, ServiceError> {
        self.0.run(service, access).await
    }

    /// What the call hands over to run as a task, for a tool that can take long.
    pub fn task(&self) -> Option<TaskStart<'_>> {
        self.0.task()
    }
}

/// Parses a call of the tool `T` (what the catalogue's `parse` of that tool is).
pub fn prepare<T: ToolCall>(args: Args) -> Result<Call, ServiceError> {
    Ok(Call(Box::new(T::parse(args)?)))
}

type Running<'a> = Pin<Box<dyn Future<Output = Result<Output, ServiceError>> + Send + 'a>>;

/// [`ToolCall::run`] behind a pointer, so calls of every tool have one type.
trait Run: Send {
    fn run<'a>(self: Box<Self>, service: &'a Service, access: &'a Access) -> Running<'a>;

    fn task(&self) -> Option<TaskStart<'_>>;
}

impl<T: ToolCall> Run for T {
    fn run<'a>(self: Box<Self>, service: &'a Service, access: &'a Access) -> Running<'a> {
        Box::pin(ToolCall::run(*self, service, access))
    }

    fn task(&self) -> Option<TaskStart<'_>> {
        ToolCall::task(self)
    }
}

/// The arguments read as the wire type `T`.
pub(super) fn read<T: DeserializeOwned>(args: Args) -> Result<T, Invalid> {
    wire::from_json(Value::Object(args))
}

/// The value of `field` taken out of `args` as text (a non-string value as its JSON text, so
/// it fails the format check instead of passing as absent).
pub(super) fn take_text(args: &mut Args, field: &str) -> Option<String> {
    match args.remove(field)? {
        Value::Null => None,
        Value::String(text) => Some(text),
        other => Some(other.to_string()),
    }
}

/// The arguments of a tool that takes none (besides `workspaceId`).
#[derive(Debug, Clone, Default, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NoArgs {}

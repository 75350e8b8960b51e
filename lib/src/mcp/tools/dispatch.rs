//! A tool call, parsed then run. Parsing turns a call's arguments into what the tool's service
//! operation takes, checking everything that needs no workspace and no I/O; running does the
//! operation in the caller's workspace, on the same service code as the HTTP API. Each tool is
//! one type here, and the catalogue names it.

use std::pin::Pin;

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::output::Output;
use crate::domain::Invalid;
use crate::domain::ids::ObjectId;
use crate::mcp::args::{LinkAnalyticsArgs, ListArgs, QrArgs, RangeArgs};
use crate::qr::QrRequest;
use crate::service::{Service, ServiceError, accounts::Access, links::ListQuery};
use crate::wire::{
    self, BulkItems, BulkOutcome, DayRange, Door, Drafter, LinkIdInput, LinkInput, LinkPatchInput, McpLinkInput,
    McpLinkPatchInput, NewTag, TagInput,
};

/// A call's arguments, without `workspaceId` (taken out before a tool sees them).
pub type Args = Map<String, Value>;

/// One tool's call: parsed from its arguments (no I/O), then run in a workspace.
pub trait ToolCall: Sized + Send + 'static {
    fn parse(args: Args) -> Result<Self, ServiceError>;

    fn run(self, service: &Service, access: &Access) -> impl Future<Output = Result<Output, ServiceError>> + Send;
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
}

/// Parses a call of the tool `T` (what the catalogue's `parse` of that tool is).
pub fn prepare<T: ToolCall>(args: Args) -> Result<Call, ServiceError> {
    Ok(Call(Box::new(T::parse(args)?)))
}

type Running<'a> = Pin<Box<dyn Future<Output = Result<Output, ServiceError>> + Send + 'a>>;

/// [`ToolCall::run`] behind a pointer, so calls of every tool have one type.
trait Run: Send {
    fn run<'a>(self: Box<Self>, service: &'a Service, access: &'a Access) -> Running<'a>;
}

impl<T: ToolCall> Run for T {
    fn run<'a>(self: Box<Self>, service: &'a Service, access: &'a Access) -> Running<'a> {
        Box::pin(ToolCall::run(*self, service, access))
    }
}

/// The arguments read as the wire type `T`.
fn read<T: DeserializeOwned>(args: Args) -> Result<T, Invalid> {
    wire::from_json(Value::Object(args))
}

/// The value of `field` taken out of `args` as text (a non-string value as its JSON text, so
/// it fails the format check instead of passing as absent).
fn take_text(args: &mut Args, field: &str) -> Option<String> {
    match args.remove(field)? {
        Value::Null => None,
        Value::String(text) => Some(text),
        other => Some(other.to_string()),
    }
}

/// `list_links`.
#[derive(Debug)]
pub struct ListLinks(pub ListQuery);

impl ToolCall for ListLinks {
    fn parse(args: Args) -> Result<Self, ServiceError> {
        Ok(Self(read::<ListArgs>(args)?.try_into()?))
    }

    async fn run(self, service: &Service, access: &Access) -> Result<Output, ServiceError> {
        Ok(Output::json(service.list_links(access, &self.0).await?))
    }
}

/// `get_link`.
#[derive(Debug)]
pub struct GetLink(pub ObjectId);

impl ToolCall for GetLink {
    fn parse(args: Args) -> Result<Self, ServiceError> {
        Ok(Self(read::<LinkIdInput>(args)?.try_into()?))
    }

    async fn run(self, service: &Service, access: &Access) -> Result<Output, ServiceError> {
        Ok(Output::json(service.get_link_record(access, &self.0).await?))
    }
}

/// `get_link_qr`.
#[derive(Debug)]
pub struct GetLinkQr(pub ObjectId, pub QrRequest);

impl ToolCall for GetLinkQr {
    fn parse(args: Args) -> Result<Self, ServiceError> {
        let (id, request) = read::<QrArgs>(args)?.parse()?;
        Ok(Self(id, request))
    }

    async fn run(self, service: &Service, access: &Access) -> Result<Output, ServiceError> {
        let Self(id, request) = self;
        let image = service.link_qr(access, &id, request).await?;
        Ok(Output::Qr(id, image))
    }
}

/// `delete_link`.
#[derive(Debug)]
pub struct DeleteLink(pub ObjectId);

impl ToolCall for DeleteLink {
    fn parse(args: Args) -> Result<Self, ServiceError> {
        Ok(Self(read::<LinkIdInput>(args)?.try_into()?))
    }

    async fn run(self, service: &Service, access: &Access) -> Result<Output, ServiceError> {
        Ok(Output::json(service.delete_link(access, &self.0).await?))
    }
}

/// `get_link_analytics`.
#[derive(Debug)]
pub struct GetLinkAnalytics(pub ObjectId, pub DayRange);

impl ToolCall for GetLinkAnalytics {
    fn parse(args: Args) -> Result<Self, ServiceError> {
        let (id, range) = read::<LinkAnalyticsArgs>(args)?.parse()?;
        Ok(Self(id, range))
    }

    async fn run(self, service: &Service, access: &Access) -> Result<Output, ServiceError> {
        Ok(Output::json(service.link_analytics(access, &self.0, self.1).await?))
    }
}

/// `get_workspace_analytics`.
#[derive(Debug)]
pub struct GetWorkspaceAnalytics(pub DayRange);

impl ToolCall for GetWorkspaceAnalytics {
    fn parse(args: Args) -> Result<Self, ServiceError> {
        Ok(Self(read::<RangeArgs>(args)?.try_into()?))
    }

    async fn run(self, service: &Service, access: &Access) -> Result<Output, ServiceError> {
        Ok(Output::json(service.workspace_analytics(access, self.0).await?))
    }
}

// The writes: the three tools that hand the service a link's fields, parsed by the MCP door's
// rules when the call runs (so a refusal comes after the workspace's, as on the HTTP API).

fn drafter(service: &Service) -> Drafter<'_> {
    Drafter::new(Door::Mcp, service.clock.as_ref(), service.entropy.as_ref())
}

/// `create_link`.
#[derive(Debug)]
pub struct CreateLink(pub LinkInput);

impl ToolCall for CreateLink {
    fn parse(args: Args) -> Result<Self, ServiceError> {
        Ok(Self(read::<McpLinkInput>(args)?.into()))
    }

    async fn run(self, service: &Service, access: &Access) -> Result<Output, ServiceError> {
        let draft = drafter(service).draft(&self.0)?;
        Ok(Output::json(service.create_link(access, draft).await?))
    }
}

/// `update_link`.
#[derive(Debug)]
pub struct UpdateLink(pub ObjectId, pub LinkPatchInput);

impl ToolCall for UpdateLink {
    fn parse(mut args: Args) -> Result<Self, ServiceError> {
        let id = wire::parse_id(wire::IdField::Link, take_text(&mut args, "linkId").as_deref())?;
        Ok(Self(id, read::<McpLinkPatchInput>(args)?.into()))
    }

    async fn run(self, service: &Service, access: &Access) -> Result<Output, ServiceError> {
        let patch = drafter(service).patch(&self.1)?;
        Ok(Output::json(service.update_link(access, &self.0, patch).await?))
    }
}

/// `bulk_create_links`: each item is read on its own (a bad item fails alone).
#[derive(Debug)]
pub struct BulkCreateLinks(pub BulkItems);

impl ToolCall for BulkCreateLinks {
    fn parse(mut args: Args) -> Result<Self, ServiceError> {
        let links = args.remove("links");
        if let Some(field) = args.keys().next() {
            return Err(Invalid::unknown_field(field.clone()).into());
        }
        Ok(Self(BulkItems::parse(links, Door::Mcp).ok_or(ServiceError::BulkEmpty)?))
    }

    async fn run(self, service: &Service, access: &Access) -> Result<Output, ServiceError> {
        let results = service.bulk_create(access, drafter(service).drafts(&self.0)).await?;
        Ok(Output::json(BulkOutcome::new(results, self.0)))
    }
}

/// The arguments of a tool that takes none (besides `workspaceId`).
#[derive(Debug, Clone, Default, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NoArgs {}

/// `list_tags`.
#[derive(Debug)]
pub struct ListTags;

impl ToolCall for ListTags {
    fn parse(args: Args) -> Result<Self, ServiceError> {
        read::<NoArgs>(args)?;
        Ok(Self)
    }

    async fn run(self, service: &Service, access: &Access) -> Result<Output, ServiceError> {
        Ok(Output::json(service.list_tags(access).await?))
    }
}

/// `create_tag`.
#[derive(Debug)]
pub struct CreateTag(pub NewTag);

impl ToolCall for CreateTag {
    fn parse(args: Args) -> Result<Self, ServiceError> {
        Ok(Self(read::<TagInput>(args)?.try_into()?))
    }

    async fn run(self, service: &Service, access: &Access) -> Result<Output, ServiceError> {
        Ok(Output::json(service.make_tag(access, self.0).await?))
    }
}

/// `list_utm_templates`.
#[derive(Debug)]
pub struct ListUtmTemplates;

impl ToolCall for ListUtmTemplates {
    fn parse(args: Args) -> Result<Self, ServiceError> {
        read::<NoArgs>(args)?;
        Ok(Self)
    }

    async fn run(self, service: &Service, access: &Access) -> Result<Output, ServiceError> {
        Ok(Output::json(service.list_utm_templates(access).await?))
    }
}

/// `list_domains`.
#[derive(Debug)]
pub struct ListDomains;

impl ToolCall for ListDomains {
    fn parse(args: Args) -> Result<Self, ServiceError> {
        read::<NoArgs>(args)?;
        Ok(Self)
    }

    async fn run(self, service: &Service, access: &Access) -> Result<Output, ServiceError> {
        Ok(Output::json(service.list_domains(access).await?))
    }
}

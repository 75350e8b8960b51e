//! The link tools' calls.

use super::{Args, ToolCall, read, take_text};
use crate::domain::Invalid;
use crate::domain::ids::ObjectId;
use crate::mcp::args::{ListArgs, QrArgs};
use crate::mcp::tasks::TaskStart;
use crate::mcp::tools::output::Output;
use crate::qr::QrRequest;
use crate::service::{Service, ServiceError, accounts::Access, links::ListQuery};
use crate::wire::{
    self, BulkItems, BulkOutcome, Door, Drafter, LinkIdInput, LinkInput, LinkPatchInput, McpLinkInput,
    McpLinkPatchInput,
};

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

    fn task(&self) -> Option<TaskStart<'_>> {
        Some(TaskStart::Bulk(&self.0))
    }
}

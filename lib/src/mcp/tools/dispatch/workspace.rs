//! The calls of the tools for tags, UTM templates and domains.

use super::{Args, NoArgs, ToolCall, read};
use crate::mcp::tools::output::Output;
use crate::service::{Service, ServiceError, accounts::Access};
use crate::wire::{NewTag, TagInput};

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

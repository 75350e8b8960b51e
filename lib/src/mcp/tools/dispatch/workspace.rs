//! The calls of the tools for tags, UTM templates and domains.

use super::{Args, NoArgs, ToolCall, read};
use crate::domain::TagChange;
use crate::domain::ids::ObjectId;
use crate::mcp::tools::output::Output;
use crate::service::{Service, ServiceError, accounts::Access};
use crate::wire::{
    self, IdField, NewTag, NewUtmTemplate, TagIdInput, TagInput, TagPatchInput, TemplateIdInput, UtmTemplateInput,
};

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

/// `update_tag`: read in the HTTP API's order (the fields, then the tag's id).
#[derive(Debug)]
pub struct UpdateTag(pub ObjectId, pub TagChange);

impl ToolCall for UpdateTag {
    fn parse(args: Args) -> Result<Self, ServiceError> {
        let (id, change) = read::<TagPatchInput>(args)?.parse()?;
        Ok(Self(wire::parse_id(IdField::Tag, id.as_deref())?, change))
    }

    async fn run(self, service: &Service, access: &Access) -> Result<Output, ServiceError> {
        Ok(Output::json(service.change_tag(access, &self.0, self.1).await?))
    }
}

/// `delete_tag`.
#[derive(Debug)]
pub struct DeleteTag(pub ObjectId);

impl ToolCall for DeleteTag {
    fn parse(args: Args) -> Result<Self, ServiceError> {
        let input = read::<TagIdInput>(args)?;
        Ok(Self(wire::parse_id(IdField::Tag, input.tag_id.as_deref())?))
    }

    async fn run(self, service: &Service, access: &Access) -> Result<Output, ServiceError> {
        Ok(Output::json(service.remove_tag(access, &self.0).await?))
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

/// `create_utm_template`.
#[derive(Debug)]
pub struct CreateUtmTemplate(pub NewUtmTemplate);

impl ToolCall for CreateUtmTemplate {
    fn parse(args: Args) -> Result<Self, ServiceError> {
        Ok(Self(read::<UtmTemplateInput>(args)?.try_into()?))
    }

    async fn run(self, service: &Service, access: &Access) -> Result<Output, ServiceError> {
        Ok(Output::json(service.make_utm_template(access, self.0).await?))
    }
}

/// `delete_utm_template`.
#[derive(Debug)]
pub struct DeleteUtmTemplate(pub ObjectId);

impl ToolCall for DeleteUtmTemplate {
    fn parse(args: Args) -> Result<Self, ServiceError> {
        let input = read::<TemplateIdInput>(args)?;
        Ok(Self(wire::parse_id(IdField::Template, input.template_id.as_deref())?))
    }

    async fn run(self, service: &Service, access: &Access) -> Result<Output, ServiceError> {
        Ok(Output::json(service.remove_utm_template(access, &self.0).await?))
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

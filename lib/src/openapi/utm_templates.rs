//! UTM templates in the document.

use serde_json::json;

use super::answers::Success;
use super::components::{Schemas, workspace_id_property, workspace_query};
use super::links::{EXAMPLE_WORKSPACE, read_failures, write_failures};
use super::operation::Op;
use crate::manifest;
use crate::service::ServiceError;
use crate::wire::{CreatedUtmTemplate, DeletedUtmTemplate, TemplateIdInput, UtmTemplateInput, UtmTemplateList};

const EXAMPLE_TEMPLATE: &str = "6b02e6d4069c6b5b72ddaf4b";

/// Every operation of the UTM template endpoints.
pub fn operations(schemas: &mut Schemas) -> Vec<(&'static manifest::Function, Op)> {
    let workspace = workspace_id_property();
    vec![
        (
            &manifest::LIST_UTM_TEMPLATES,
            Op {
                id: "listUtmTemplates",
                tag: "UTM templates",
                summary: "List UTM templates",
                description: "Every UTM template of the workspace, by name: the five fields a link's `utm` can be \
                    filled from (`null` when a template leaves one unset)."
                    .into(),
                parameters: vec![workspace_query()],
                body: None,
                success: Success::Json("The templates.", Box::new(schemas.output::<UtmTemplateList>())),
                failures: || read_failures(Vec::new()),
                idempotent: false,
                links: Vec::new(),
            },
        ),
        (
            &manifest::CREATE_UTM_TEMPLATE,
            Op {
                id: "createUtmTemplate",
                tag: "UTM templates",
                summary: "Create a UTM template",
                description: "A name, unique in the workspace whatever the case, and at least one of the five UTM \
                    fields (each at most 255 characters). Only the workspace's owner and managers may create \
                    templates."
                    .into(),
                parameters: Vec::new(),
                body: Some((
                    schemas.request::<UtmTemplateInput>("CreateUtmTemplateRequest", std::slice::from_ref(&workspace)),
                    json!({ "workspaceId": EXAMPLE_WORKSPACE, "name": "Newsletter", "source": "newsletter",
                            "medium": "email" }),
                )),
                success: Success::Json(
                    "The template was created.",
                    Box::new(schemas.output::<CreatedUtmTemplate>()),
                ),
                failures: || {
                    write_failures(vec![
                        ServiceError::UtmTemplatesClosed,
                        ServiceError::UtmTemplateNameTaken("Newsletter".into()),
                    ])
                },
                idempotent: false,
                links: Vec::new(),
            },
        ),
        (
            &manifest::DELETE_UTM_TEMPLATE,
            Op {
                id: "deleteUtmTemplate",
                tag: "UTM templates",
                summary: "Delete a UTM template",
                description: "Deletes the template; links whose fields were filled from it keep them.".into(),
                parameters: Vec::new(),
                body: Some((
                    schemas.request::<TemplateIdInput>("DeleteUtmTemplateRequest", std::slice::from_ref(&workspace)),
                    json!({ "workspaceId": EXAMPLE_WORKSPACE, "templateId": EXAMPLE_TEMPLATE }),
                )),
                success: Success::Json(
                    "The template was deleted.",
                    Box::new(schemas.output::<DeletedUtmTemplate>()),
                ),
                failures: || {
                    write_failures(vec![
                        ServiceError::BadId(crate::wire::BadId::Missing(crate::wire::IdField::Template)),
                        ServiceError::BadId(crate::wire::BadId::Malformed(crate::wire::IdField::Template)),
                        ServiceError::UtmTemplatesClosed,
                        ServiceError::UtmTemplateNotFound,
                    ])
                },
                idempotent: false,
                links: Vec::new(),
            },
        ),
    ]
}

//! Tags and domains in the document.

use serde_json::json;

use super::answers::Success;
use super::components::{Schemas, workspace_id_property, workspace_query};
use super::links::{EXAMPLE_WORKSPACE, read_failures, write_failures};
use super::operation::Op;
use crate::manifest;
use crate::service::ServiceError;
use crate::wire::{CreatedTag, DomainList, TagIdInput, TagInput, TagList, TagOutcome, TagPatchInput};

const EXAMPLE_TAG: &str = "6b02e6d4069c6b5b72ddaf4a";

fn name_taken() -> ServiceError {
    ServiceError::TagNameTaken("Spring".into())
}

/// Every operation of the tag and domain endpoints.
pub fn operations(schemas: &mut Schemas) -> Vec<(&'static manifest::Function, Op)> {
    let workspace = workspace_id_property();
    vec![
        (
            &manifest::LIST_TAGS,
            Op {
                id: "listTags",
                tag: "Tags and domains",
                summary: "List tags",
                description: "Every tag of the workspace, by name, with how many of its links carry it.".into(),
                parameters: vec![workspace_query()],
                body: None,
                success: Success::Json("The tags.", Box::new(schemas.output::<TagList>())),
                failures: || read_failures(Vec::new()),
                idempotent: false,
                links: Vec::new(),
            },
        ),
        (
            &manifest::CREATE_TAG,
            Op {
                id: "createTag",
                tag: "Tags and domains",
                summary: "Create a tag",
                description: "A tag: a name, unique in the workspace whatever the case, and an optional colour. Only \
                    the workspace's owner and managers may create tags."
                    .into(),
                parameters: Vec::new(),
                body: Some((
                    schemas.request::<TagInput>("CreateTagRequest", std::slice::from_ref(&workspace)),
                    json!({ "workspaceId": EXAMPLE_WORKSPACE, "name": "Spring", "color": "#2f855a" }),
                )),
                success: Success::Json("The tag was created.", Box::new(schemas.output::<CreatedTag>())),
                failures: || write_failures(vec![ServiceError::TagsClosed, name_taken()]),
                idempotent: false,
                links: Vec::new(),
            },
        ),
        (
            &manifest::UPDATE_TAG,
            Op {
                id: "updateTag",
                tag: "Tags and domains",
                summary: "Rename or recolour a tag",
                description: "Changes the fields given; `color: null` clears the colour. Its links keep it.".into(),
                parameters: Vec::new(),
                body: Some((
                    schemas.request::<TagPatchInput>("UpdateTagRequest", std::slice::from_ref(&workspace)),
                    json!({ "workspaceId": EXAMPLE_WORKSPACE, "tagId": EXAMPLE_TAG, "name": "Spring 2027" }),
                )),
                success: Success::Json("The tag was changed.", Box::new(schemas.output::<TagOutcome>())),
                failures: || {
                    write_failures(vec![
                        ServiceError::BadId(crate::wire::BadId::Missing(crate::wire::IdField::Tag)),
                        ServiceError::BadId(crate::wire::BadId::Malformed(crate::wire::IdField::Tag)),
                        ServiceError::TagsClosed,
                        ServiceError::TagNotFound,
                        name_taken(),
                        ServiceError::Contention,
                    ])
                },
                idempotent: false,
                links: Vec::new(),
            },
        ),
        (
            &manifest::DELETE_TAG,
            Op {
                id: "deleteTag",
                tag: "Tags and domains",
                summary: "Delete a tag",
                description: "Deletes the tag and takes it off every link that carries it (`linksUntagged` says how \
                    many); the links are otherwise unchanged."
                    .into(),
                parameters: Vec::new(),
                body: Some((
                    schemas.request::<TagIdInput>("DeleteTagRequest", std::slice::from_ref(&workspace)),
                    json!({ "workspaceId": EXAMPLE_WORKSPACE, "tagId": EXAMPLE_TAG }),
                )),
                success: Success::Json("The tag was deleted.", Box::new(schemas.output::<TagOutcome>())),
                failures: || {
                    write_failures(vec![
                        ServiceError::BadId(crate::wire::BadId::Missing(crate::wire::IdField::Tag)),
                        ServiceError::BadId(crate::wire::BadId::Malformed(crate::wire::IdField::Tag)),
                        ServiceError::TagsClosed,
                        ServiceError::TagNotFound,
                        ServiceError::Contention,
                    ])
                },
                idempotent: false,
                links: Vec::new(),
            },
        ),
        (
            &manifest::LIST_DOMAINS,
            Op {
                id: "listDomains",
                tag: "Tags and domains",
                summary: "List domains",
                description: "The domains a link's `domain` may name: the default short domain first, then the \
                    workspace's custom domains with their status (only `verified` ones take new links). Custom \
                    domains are added and verified in the web app."
                    .into(),
                parameters: vec![workspace_query()],
                body: None,
                success: Success::Json("The domains.", Box::new(schemas.output::<DomainList>())),
                failures: || read_failures(Vec::new()),
                idempotent: false,
                links: Vec::new(),
            },
        ),
    ]
}

//! The tools for what a workspace's links share: tags, UTM templates and domains.

use super::{Spec, annotations, input, output};
use crate::domain::{RateClass, Scope};
use crate::mcp::tools::dispatch::{
    CreateTag, CreateUtmTemplate, DeleteTag, DeleteUtmTemplate, ListDomains, ListTags, ListUtmTemplates, NoArgs,
    UpdateTag, prepare,
};
use crate::wire::{
    CreatedTag, CreatedUtmTemplate, DeletedUtmTemplate, DomainList, TagIdInput, TagInput, TagList, TagOutcome,
    TagPatchInput, TemplateIdInput, UtmTemplateInput, UtmTemplateList,
};

/// The workspace tools, in the order `tools/list` shows them.
pub(super) fn tools() -> Vec<Spec> {
    vec![
        Spec {
            name: "list_tags",
            scope: Scope::LinksRead,
            rate: RateClass::Standard,
            parse: prepare::<ListTags>,
            title: "List tags",
            description: "List the workspace's tags by name: each tag's id (what tagIds of create_link, update_link \
                 and list_links take), name, colour and how many links carry it."
                .into(),
            input: input::<NoArgs>(&[]),
            output: output::<TagList>(),
            annotations: annotations(true, false, true),
        },
        Spec {
            name: "create_tag",
            scope: Scope::LinksWrite,
            rate: RateClass::Standard,
            parse: prepare::<CreateTag>,
            title: "Create a tag",
            description: "Create a tag: a name (1-50 characters, unique in the workspace whatever the case) and an \
                 optional colour (#RGB or #RRGGBB). Answers the new tag's id. Only the workspace's owner and \
                 managers may create tags."
                .into(),
            input: input::<TagInput>(&["name"]),
            output: output::<CreatedTag>(),
            annotations: annotations(false, false, false),
        },
        Spec {
            name: "update_tag",
            scope: Scope::LinksWrite,
            rate: RateClass::Standard,
            parse: prepare::<UpdateTag>,
            title: "Rename or recolour a tag",
            description: "Change a tag (tagId from list_tags): only the fields given change, a new name (1-50 \
                 characters, unique in the workspace whatever the case) or colour (#RGB or #RRGGBB; null clears it). \
                 The links carrying it keep it. Only the workspace's owner and managers may change tags."
                .into(),
            input: input::<TagPatchInput>(&["tagId"]),
            output: output::<TagOutcome>(),
            annotations: annotations(false, true, true),
        },
        Spec {
            name: "delete_tag",
            scope: Scope::LinksDelete,
            rate: RateClass::Standard,
            parse: prepare::<DeleteTag>,
            title: "Delete a tag",
            description: "Permanently delete a tag (tagId from list_tags) and take it off every link that carries it \
                 (linksUntagged says how many); the links are otherwise unchanged. Cannot be undone. Only the \
                 workspace's owner and managers may delete tags."
                .into(),
            input: input::<TagIdInput>(&["tagId"]),
            output: output::<TagOutcome>(),
            annotations: annotations(false, true, false),
        },
        Spec {
            name: "list_utm_templates",
            scope: Scope::LinksRead,
            rate: RateClass::Standard,
            parse: prepare::<ListUtmTemplates>,
            title: "List UTM templates",
            description: "List the workspace's UTM templates by name: each one's id, name and the five fields \
                 (source, medium, campaign, term, content; null when unset) to copy into a link's utm on \
                 create_link or update_link."
                .into(),
            input: input::<NoArgs>(&[]),
            output: output::<UtmTemplateList>(),
            annotations: annotations(true, false, true),
        },
        Spec {
            name: "create_utm_template",
            scope: Scope::LinksWrite,
            rate: RateClass::Standard,
            parse: prepare::<CreateUtmTemplate>,
            title: "Create a UTM template",
            description: "Save a UTM template: a name (unique in the workspace whatever the case) and at least one of \
                 source, medium, campaign, term and content (each at most 255 characters), to copy into a link's utm \
                 later. Answers the new template's id. Only the workspace's owner and managers may create templates."
                .into(),
            input: input::<UtmTemplateInput>(&["name"]),
            output: output::<CreatedUtmTemplate>(),
            annotations: annotations(false, false, false),
        },
        Spec {
            name: "delete_utm_template",
            scope: Scope::LinksDelete,
            rate: RateClass::Standard,
            parse: prepare::<DeleteUtmTemplate>,
            title: "Delete a UTM template",
            description: "Permanently delete a UTM template (templateId from list_utm_templates); links whose utm \
                 fields were filled from it keep them. Cannot be undone. Only the workspace's owner and managers may \
                 delete templates."
                .into(),
            input: input::<TemplateIdInput>(&["templateId"]),
            output: output::<DeletedUtmTemplate>(),
            annotations: annotations(false, true, false),
        },
        Spec {
            name: "list_domains",
            scope: Scope::LinksRead,
            rate: RateClass::Standard,
            parse: prepare::<ListDomains>,
            title: "List domains",
            description: "List the domains a link's domain may name: the default short domain first (isDefault), then \
                 the workspace's custom domains with their status. Only verified ones take new links; pending ones \
                 wait for their DNS record, invalid ones lost it (their links still redirect)."
                .into(),
            input: input::<NoArgs>(&[]),
            output: output::<DomainList>(),
            annotations: annotations(true, false, true),
        },
    ]
}

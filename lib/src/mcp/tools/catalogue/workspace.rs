//! The tools for what a workspace's links share: tags, UTM templates and domains.

use super::{Spec, annotations, input, output};
use crate::domain::{RateClass, Scope};
use crate::mcp::tools::dispatch::{CreateTag, ListDomains, ListTags, ListUtmTemplates, NoArgs, prepare};
use crate::wire::{CreatedTag, DomainList, TagInput, TagList, UtmTemplateList};

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

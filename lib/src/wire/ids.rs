//! Object ids in requests, read once for every door: an id a request names is present (blank
//! counts as missing), then well-formed, else refused with the contract's sentence for its
//! field. The service takes the parsed [`ObjectId`] only.

use crate::domain::ids::ObjectId;

/// The request field an id comes in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdField {
    Workspace,
    Link,
    Tag,
    Template,
    Webhook,
    Import,
}

impl IdField {
    /// The field's name in requests.
    pub fn name(self) -> &'static str {
        match self {
            Self::Workspace => "workspaceId",
            Self::Link => "linkId",
            Self::Tag => "tagId",
            Self::Template => "templateId",
            Self::Webhook => "webhookId",
            Self::Import => "importId",
        }
    }
}

/// An id a request names that cannot be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BadId {
    #[error("{} is required.", .0.name())]
    Missing(IdField),
    #[error("Invalid {} format.", .0.name())]
    Malformed(IdField),
    /// The link of an analytics request (`/link/{id}/analytics`): missing or malformed alike.
    #[error("Invalid link id.")]
    AnalyticsLink,
}

impl BadId {
    /// The field the contract names beside the sentence: the workspace's and a link's id.
    pub fn field(self) -> Option<&'static str> {
        match self {
            Self::Missing(field @ (IdField::Workspace | IdField::Link))
            | Self::Malformed(field @ (IdField::Workspace | IdField::Link)) => Some(field.name()),
            _ => None,
        }
    }
}

/// The id `raw` names in `field`: present, then well-formed.
pub fn parse_id(field: IdField, raw: Option<&str>) -> Result<ObjectId, BadId> {
    let raw = raw
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .ok_or(BadId::Missing(field))?;
    ObjectId::parse(raw).map_err(|_| BadId::Malformed(field))
}

/// The id of a link whose analytics are asked for.
pub fn parse_analytics_link_id(raw: Option<&str>) -> Result<ObjectId, BadId> {
    raw.map(str::trim)
        .and_then(|r| ObjectId::parse(r).ok())
        .ok_or(BadId::AnalyticsLink)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_blank_id_is_missing() {
        assert_eq!(parse_id(IdField::Tag, Some("  ")), Err(BadId::Missing(IdField::Tag)));
        assert_eq!(BadId::Missing(IdField::Tag).to_string(), "tagId is required.");
    }

    #[test]
    fn a_malformed_id_is_refused_in_its_fields_words() {
        assert_eq!(
            parse_id(IdField::Webhook, Some("nope")),
            Err(BadId::Malformed(IdField::Webhook))
        );
        assert_eq!(
            BadId::Malformed(IdField::Webhook).to_string(),
            "Invalid webhookId format."
        );
    }

    #[test]
    fn a_well_formed_id_is_read_without_its_spaces() {
        let id = parse_id(IdField::Link, Some(" 65a1b2c3d4e5f60718293a4c ")).unwrap();
        assert_eq!(id.to_string(), "65a1b2c3d4e5f60718293a4c");
    }

    #[test]
    fn only_the_workspace_and_link_ids_name_their_field() {
        assert_eq!(BadId::Malformed(IdField::Link).field(), Some("linkId"));
        assert_eq!(BadId::Missing(IdField::Workspace).field(), Some("workspaceId"));
        assert_eq!(BadId::Missing(IdField::Import).field(), None);
        assert_eq!(BadId::AnalyticsLink.field(), None);
    }

    #[test]
    fn an_analytics_link_id_missing_or_malformed_is_one_refusal() {
        assert_eq!(parse_analytics_link_id(None), Err(BadId::AnalyticsLink));
        assert_eq!(parse_analytics_link_id(Some("x")), Err(BadId::AnalyticsLink));
    }
}

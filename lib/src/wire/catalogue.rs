//! Tags and domains on the wire: the bodies of the tag endpoints (and the `create_tag` tool),
//! and what listing, making, changing and deleting them answers.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{any_as_text, nullable};
use crate::domain::ids::ObjectId;
use crate::domain::{DomainClaim, DomainStatus, HexColor, Invalid, Tag, TagChange, TagName};

/// `POST /tag/create` and `create_tag`: a name and, optionally, a colour.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TagInput {
    /// 1 to 50 characters, unique in the workspace whatever the case.
    #[serde(default)]
    #[schemars(length(min = 1, max = 50))]
    pub name: Option<String>,
    /// A colour, #RGB or #RRGGBB.
    #[serde(default)]
    #[schemars(regex(pattern = super::schema::COLOR_PATTERN))]
    pub color: Option<String>,
}

/// A new tag's name and colour, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewTag {
    pub name: TagName,
    pub color: Option<HexColor>,
}

impl TryFrom<TagInput> for NewTag {
    type Error = Invalid;
    fn try_from(input: TagInput) -> Result<Self, Invalid> {
        Ok(Self {
            name: tag_name(input.name.as_deref())?.ok_or_else(|| Invalid::new("name", "Name is required."))?,
            color: input
                .color
                .as_deref()
                .map(|c| HexColor::parse("color", c))
                .transpose()?,
        })
    }
}

/// `PUT /tag/update`: the tag and what changes (`color: null` clears the colour).
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TagPatchInput {
    /// The tag's id (24 hexadecimal characters).
    #[serde(default, deserialize_with = "any_as_text")]
    #[schemars(regex(pattern = super::schema::OBJECT_ID_PATTERN))]
    pub tag_id: Option<String>,
    /// A new name: 1 to 50 characters, unique in the workspace whatever the case.
    #[serde(default)]
    #[schemars(length(min = 1, max = 50))]
    pub name: Option<String>,
    /// A new colour, #RGB or #RRGGBB; null clears it.
    #[serde(default, deserialize_with = "nullable")]
    #[schemars(regex(pattern = super::schema::COLOR_PATTERN))]
    pub color: Option<Option<String>>,
}

impl TagPatchInput {
    /// The raw tag id (checked by the service's id rule) and the change.
    pub fn parse(self) -> Result<(Option<String>, TagChange), Invalid> {
        let color = match self.color {
            None => None,
            Some(None) => Some(None),
            Some(Some(raw)) => Some(Some(HexColor::parse("color", &raw)?)),
        };
        Ok((self.tag_id, TagChange::new(tag_name(self.name.as_deref())?, color)?))
    }
}

/// `DELETE /tag/delete`: `{ "tagId": … }`.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TagIdInput {
    /// The tag's id (24 hexadecimal characters).
    #[serde(default, deserialize_with = "any_as_text")]
    #[schemars(regex(pattern = super::schema::OBJECT_ID_PATTERN))]
    pub tag_id: Option<String>,
}

fn tag_name(raw: Option<&str>) -> Result<Option<TagName>, Invalid> {
    raw.map(|n| TagName::parse("name", n)).transpose()
}

/// One tag as listed: `{ id, name, color, linkCount }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagRecord {
    pub id: ObjectId,
    pub name: String,
    /// The colour (#rgb or #rrggbb), or null.
    pub color: Option<String>,
    /// How many of the workspace's links carry the tag.
    pub link_count: u64,
}

impl TagRecord {
    pub fn new(tag: &Tag, link_count: u64) -> Self {
        Self {
            id: tag.id.clone(),
            name: tag.name.as_str().to_string(),
            color: tag.color.as_ref().map(|c| c.as_str().to_string()),
            link_count,
        }
    }
}

/// `GET /tags` and `list_tags`: every tag of the workspace, by name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct TagList {
    pub tags: Vec<TagRecord>,
}

/// `POST /tag/create` and `create_tag`: `{ message, id }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct CreatedTag {
    /// Confirms the creation and names the tag.
    pub message: String,
    pub id: ObjectId,
}

impl From<&Tag> for CreatedTag {
    fn from(tag: &Tag) -> Self {
        Self {
            message: format!("Tag \"{}\" created.", tag.name.as_str()),
            id: tag.id.clone(),
        }
    }
}

/// `PUT /tag/update` and `DELETE /tag/delete`: `{ message }` (and, for a delete, how many links
/// lost the tag).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagOutcome {
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub links_untagged: Option<u64>,
}

impl TagOutcome {
    pub fn updated(tag: &Tag) -> Self {
        Self {
            message: format!("Tag \"{}\" updated.", tag.name.as_str()),
            links_untagged: None,
        }
    }

    pub fn deleted(tag: &Tag, links: u64) -> Self {
        let from = match links {
            0 => String::new(),
            1 => " and taken off 1 link".into(),
            n => format!(" and taken off {n} links"),
        };
        Self {
            message: format!("Tag \"{}\" deleted{from}.", tag.name.as_str()),
            links_untagged: Some(links),
        }
    }
}

/// One domain a workspace's links may name, or has added: `{ hostname, status, verifiedAt,
/// isDefault }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DomainRecord {
    pub hostname: String,
    /// pending (added, its TXT record not seen yet), verified (links may use it), or invalid (its
    /// record has been gone for 7 days: existing links keep redirecting, new links cannot use it).
    #[schemars(with = "DomainStatus")]
    pub status: DomainStatus,
    /// When its record was first seen (null for the default domain and pending ones).
    pub verified_at: Option<DateTime<Utc>>,
    /// The service's default short domain, which every workspace may use.
    pub is_default: bool,
}

impl DomainRecord {
    pub fn default_domain(host: &str) -> Self {
        Self {
            hostname: host.to_string(),
            status: DomainStatus::Verified,
            verified_at: None,
            is_default: true,
        }
    }
}

impl From<&DomainClaim> for DomainRecord {
    fn from(claim: &DomainClaim) -> Self {
        Self {
            hostname: claim.host.as_str().to_string(),
            status: claim.status,
            verified_at: claim.verified_at,
            is_default: false,
        }
    }
}

/// `GET /domains` and `list_domains`: the default domain first, then the workspace's own.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct DomainList {
    pub domains: Vec<DomainRecord>,
}

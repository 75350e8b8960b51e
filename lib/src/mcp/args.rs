//! The arguments of the tools that do not take a link's fields or only a link id (those are
//! the wire types `McpLinkInput`, `McpLinkPatchInput` and `LinkIdInput`): what each accepts, with its JSON Schema, and its
//! parsing into what the service takes. `workspaceId` is taken out before any of these.

use crate::wire;
use serde::Deserialize;
use serde_json::Value;

use crate::domain::ids::ObjectId;
use crate::qr::QrRequest;
use crate::service::{ServiceError, links::ListQuery};
use crate::wire::schema::{DATE_PATTERN, OBJECT_ID_PATTERN};
use crate::wire::{DayRange, any_as_text};

/// `list_links`.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ListArgs {
    /// Page number, from 1.
    #[serde(default)]
    #[schemars(with = "Option<u64>", range(min = 1), extend("default" = 1))]
    pub page: Option<serde_json::Number>,
    /// Links per page.
    #[serde(default)]
    #[schemars(with = "Option<u64>", range(min = 1, max = 100), extend("default" = 20))]
    pub limit: Option<serde_json::Number>,
    /// Case-insensitive text to find in the link's name or slug.
    #[serde(default)]
    pub search: Option<String>,
    /// Only links carrying at least one of these tags (at most 20).
    #[serde(default)]
    #[schemars(length(max = 20), inner(regex(pattern = OBJECT_ID_PATTERN)))]
    pub tag_ids: Option<Vec<String>>,
    /// A previous answer's nextCursor: the links after it (instead of page), with the same
    /// search, tagIds and limit.
    #[serde(default)]
    pub cursor: Option<String>,
    /// `broken`: only the links whose destination failed the hourly check twice in a row
    /// (paged by page, not cursor).
    #[serde(default)]
    #[schemars(extend("enum" = ["broken"]))]
    pub health: Option<String>,
}

impl TryFrom<ListArgs> for ListQuery {
    type Error = ServiceError;
    fn try_from(args: ListArgs) -> Result<Self, Self::Error> {
        Ok(ListQuery::parse_with_cursor(
            args.page.map(|n| n.to_string()).as_deref(),
            args.limit.map(|n| n.to_string()).as_deref(),
            args.search.as_deref(),
            args.tag_ids.as_deref().unwrap_or_default(),
            args.cursor.as_deref(),
        )?
        .with_health(args.health.as_deref())?)
    }
}

/// `get_link_analytics`.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schemars(transform = crate::wire::schema::require_link_id)]
pub struct LinkAnalyticsArgs {
    /// The link's id (24 hexadecimal characters).
    #[serde(default, deserialize_with = "any_as_text")]
    #[schemars(regex(pattern = OBJECT_ID_PATTERN))]
    pub link_id: Option<String>,
    /// First day (YYYY-MM-DD, UTC, inclusive); default: the link's creation day.
    #[serde(default)]
    #[schemars(regex(pattern = DATE_PATTERN))]
    pub from: Option<String>,
    /// Last day (YYYY-MM-DD, UTC, inclusive); default: today.
    #[serde(default)]
    #[schemars(regex(pattern = DATE_PATTERN))]
    pub to: Option<String>,
}

impl LinkAnalyticsArgs {
    pub fn parse(self) -> Result<(ObjectId, DayRange), ServiceError> {
        let id = wire::parse_analytics_link_id(self.link_id.as_deref())?;
        let range = DayRange::parse(self.from.as_deref(), self.to.as_deref())?;
        Ok((id, range))
    }
}

/// `get_workspace_analytics`.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RangeArgs {
    /// First day (YYYY-MM-DD, UTC, inclusive); default: the workspace's creation day.
    #[serde(default)]
    #[schemars(regex(pattern = DATE_PATTERN))]
    pub from: Option<String>,
    /// Last day (YYYY-MM-DD, UTC, inclusive); default: today.
    #[serde(default)]
    #[schemars(regex(pattern = DATE_PATTERN))]
    pub to: Option<String>,
}

impl TryFrom<RangeArgs> for DayRange {
    type Error = ServiceError;
    fn try_from(args: RangeArgs) -> Result<Self, Self::Error> {
        Ok(DayRange::parse(args.from.as_deref(), args.to.as_deref())?)
    }
}

/// `bulk_create_links`: each item is read on its own (a bad item fails alone).
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BulkArgs {
    /// 1 to 100 links, each with the create_link fields. Each is created or fails on its own.
    #[serde(default)]
    #[schemars(
        required,
        with = "Vec<crate::wire::McpLinkInput>",
        length(min = 1, max = 100),
        transform = items_need_name_and_rules
    )]
    pub links: Option<Value>,
}

fn items_need_name_and_rules(schema: &mut schemars::Schema) {
    if let Some(items) = schema.get_mut("items").and_then(Value::as_object_mut) {
        items.insert("required".into(), serde_json::json!(["name", "rules"]));
    }
}

/// `get_link_qr`.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schemars(transform = crate::wire::schema::require_link_id)]
pub struct QrArgs {
    /// The link's id (24 hexadecimal characters).
    #[serde(default, deserialize_with = "any_as_text")]
    #[schemars(regex(pattern = OBJECT_ID_PATTERN))]
    pub link_id: Option<String>,
    /// svg (default): the SVG document, as text; png: a PNG image.
    #[serde(default)]
    #[schemars(extend("enum" = ["svg", "png"], "default" = "svg"))]
    pub format: Option<String>,
    /// Pixels per side, 128 to 2048 (default 512).
    #[serde(default)]
    #[schemars(with = "Option<u64>", range(min = 128, max = 2048), extend("default" = 512))]
    pub size: Option<serde_json::Number>,
}

impl QrArgs {
    pub fn parse(self) -> Result<(ObjectId, QrRequest), ServiceError> {
        let id = wire::parse_id(wire::IdField::Link, self.link_id.as_deref())?;
        let request = QrRequest::parse(self.format.as_deref(), self.size.map(|n| n.to_string()).as_deref())?;
        Ok((id, request))
    }
}

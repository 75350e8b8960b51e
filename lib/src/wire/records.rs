//! What reading links answers, on both doors: the full link record (`GET /links/{id}` and the
//! `get_link` tool), a page of the list (`GET /links` and `list_links`), and the caller's
//! workspaces (the MCP answer when no workspace is selected).

use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::domain::ids::ObjectId;
use crate::domain::{AbTest, Link, LinkStatus, OperatorReason, QrSettings, Rules, Tag, TargetUrl, Utm};

/// A tag as shown on a link record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct TagSummary {
    pub id: ObjectId,
    pub name: String,
    /// The tag's colour (#rgb or #rrggbb), when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
}

impl From<&Tag> for TagSummary {
    fn from(tag: &Tag) -> Self {
        Self {
            id: tag.id.clone(),
            name: tag.name.as_str().to_string(),
            color: tag.color.as_ref().map(|c| c.as_str().to_string()),
        }
    }
}

/// The full link record both doors return. Optional settings that are not set are `null`,
/// so every field is always present.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkRecord {
    pub id: ObjectId,
    pub workspace_id: ObjectId,
    pub name: String,
    pub description: Option<String>,
    pub domain: String,
    pub slug: String,
    pub full_link: String,
    /// Every rule with its id (the key of `rulesStats` in analytics), in evaluation order.
    pub rules: Rules,
    /// `{ enabled: false, variants: [] }` when the link never had a test.
    pub ab_test: AbTest,
    pub qr_settings: QrSettings,
    /// As visitors see it: the stored flag, and not expired, and under its click limit.
    pub active: bool,
    /// Why the link is (not) active; the pages' badge. Not part of the record's JSON.
    #[serde(skip)]
    #[schemars(skip)]
    pub status: LinkStatus,
    /// The switch as set (`active` in a request), whatever the expiry and limit say; the
    /// editor's checkbox. Not part of the record's JSON.
    #[serde(skip)]
    #[schemars(skip)]
    pub switched_on: bool,
    pub clicks_limit: Option<u64>,
    pub expiration_date: Option<DateTime<Utc>>,
    pub tag_ids: Vec<ObjectId>,
    pub tags: Vec<TagSummary>,
    pub og_title: Option<String>,
    pub og_description: Option<String>,
    pub appearance_color: Option<String>,
    pub conversion_tracking: bool,
    pub gps_tracking: bool,
    /// UTM parameters added to every destination; `null` when the link sets none.
    pub utm: Option<Utm>,
    pub fallback_url: Option<TargetUrl>,
    /// Whether a person must give a password before the destination (the password itself is
    /// never read back).
    pub password_protected: bool,
    /// Why the operator disabled the link (its visitors get `451`, and `isActive: true` is
    /// refused); `null` for a link never disabled.
    pub disabled_reason: Option<String>,
    /// All-time counted clicks (people; bots are never counted).
    pub clicks: u64,
    /// How many deliveries of the destination the click limit has taken (people and bots
    /// alike); `null` for a link without a limit.
    pub limit_used: Option<u64>,
    /// Whether its destinations answer, as the hourly check last found.
    pub health: super::HealthRecord,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl LinkRecord {
    /// Builds the record of a stored link at `now` (no I/O): `clicks`, the deliveries the click
    /// limit has taken and the workspace's `tags` were read by the caller.
    pub fn new(link: &Link, limited_clicks: u64, now: DateTime<Utc>, clicks: u64, tags: &[Tag]) -> Self {
        let s = &link.settings;
        let status = link.status(now, limited_clicks);
        Self {
            id: link.id.clone(),
            workspace_id: link.workspace_id.clone(),
            name: s.name.as_str().to_string(),
            description: s.description.as_ref().map(|d| d.as_str().to_string()),
            domain: link.domain.as_str().to_string(),
            slug: link.slug.as_str().to_string(),
            full_link: link.full_link(),
            rules: s.rules.clone(),
            ab_test: s.ab_test.clone().unwrap_or_else(AbTest::disabled),
            qr_settings: s.qr_settings.clone(),
            active: status == LinkStatus::Active,
            status,
            switched_on: s.active,
            clicks_limit: s.clicks_limit.map(|l| l.get()),
            expiration_date: s.expiration_date,
            tag_ids: s.tag_ids.clone(),
            tags: s
                .tag_ids
                .iter()
                .filter_map(|id| tags.iter().find(|t| &t.id == id))
                .map(TagSummary::from)
                .collect(),
            og_title: s.og_title.as_ref().map(|t| t.as_str().to_string()),
            og_description: s.og_description.as_ref().map(|t| t.as_str().to_string()),
            appearance_color: s.appearance_color.as_ref().map(|c| c.as_str().to_string()),
            conversion_tracking: s.conversion_tracking,
            gps_tracking: s.gps_tracking,
            utm: s.utm.clone(),
            fallback_url: s.fallback_url.clone(),
            password_protected: s.password_hash.is_some(),
            disabled_reason: None,
            clicks,
            limit_used: s.clicks_limit.map(|_| limited_clicks),
            health: super::HealthRecord::unknown(),
            created_at: link.created_at,
            updated_at: link.updated_at,
        }
    }
}

impl LinkRecord {
    /// The record of a link the operator disabled (`Some(reason)`): not active, whatever its
    /// switch says, and saying why. As it is for `None`.
    pub fn disabled(mut self, reason: Option<&OperatorReason>) -> Self {
        if let Some(reason) = reason {
            self.disabled_reason = Some(reason.as_str().to_string());
            self.active = false;
            self.status = LinkStatus::Disabled;
        }
        self
    }

    /// The same record carrying the link's `health` as the checker left it.
    pub fn with_health(self, health: &crate::domain::health::LinkHealth) -> Self {
        Self {
            health: health.into(),
            ..self
        }
    }
}

/// One page of a workspace's links, newest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkPage {
    pub links: Vec<LinkRecord>,
    /// The page this answer is (counted in pages of `limit`).
    pub page: u64,
    pub limit: u64,
    /// Whether more matching links may follow: then `nextCursor` goes on from here.
    pub has_more: bool,
    /// Send it back as `cursor` (with the same `search`, `tagIds` and `limit`) for the links
    /// after these; `null` at the end. A page may hold fewer than `limit` links while more
    /// follow: one request examines at most 5,000 of the workspace's links, and a deep page or
    /// a search that matches few goes on here instead of reading the whole workspace.
    pub next_cursor: Option<String>,
}

/// A workspace the caller belongs to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct WorkspaceSummary {
    pub id: ObjectId,
    pub name: String,
    #[schemars(extend("enum" = ["owner", "manager", "member"]))]
    pub role: &'static str,
}

/// What an MCP tool answers when no workspace is selected: the caller's workspaces.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct WorkspaceChoice {
    /// Sorted by name.
    pub workspaces: Vec<WorkspaceSummary>,
    pub message: String,
}

impl WorkspaceChoice {
    pub fn new(workspaces: Vec<WorkspaceSummary>) -> Self {
        Self {
            workspaces,
            message: "Call again with workspaceId set to one of these.".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::TagName;
    use crate::store::StoredLink;
    use crate::testing::SeededEntropy;
    use serde_json::json;

    fn stored(body: serde_json::Value, limited_clicks: u64) -> StoredLink {
        crate::testing::stored_link(body, limited_clicks)
    }

    #[test]
    fn the_record_shows_every_field_with_nulls_for_unset_ones() {
        let link = stored(json!({ "name": "Spring", "url": "https://example.com" }), 0);
        let now = link.link.created_at;
        let record = serde_json::to_value(LinkRecord::new(&link.link, link.limited_clicks, now, 7, &[])).unwrap();
        assert_eq!(record["fullLink"], "https://sl.test/spring");
        assert_eq!(record["clicks"], 7);
        assert_eq!(record["description"], serde_json::Value::Null);
        assert_eq!(record["abTest"], json!({ "enabled": false, "variants": [] }));
        assert_eq!(record["qrSettings"]["color"], "#000000");
        assert_eq!(record["rules"][0]["isDefault"], true);
        assert_eq!(record["rules"][0]["id"].as_str().unwrap().len(), 24);
    }

    #[test]
    fn a_link_over_its_click_limit_reads_back_inactive() {
        let link = stored(json!({ "name": "n", "url": "https://e.com", "clicksLimit": 3 }), 3);
        let record = LinkRecord::new(&link.link, link.limited_clicks, link.link.created_at, 3, &[]);
        assert!(!record.active);
        assert_eq!(record.clicks_limit, Some(3));
        assert_eq!(record.limit_used, Some(3));
    }

    #[test]
    fn a_link_without_a_limit_shows_no_limit_used() {
        let link = stored(json!({ "name": "n", "url": "https://e.com" }), 0);
        let record = serde_json::to_value(LinkRecord::new(
            &link.link,
            link.limited_clicks,
            link.link.created_at,
            0,
            &[],
        ))
        .unwrap();
        assert_eq!(record["limitUsed"], serde_json::Value::Null);
    }

    #[test]
    fn tags_are_named_in_the_order_of_tag_ids() {
        let now: DateTime<Utc> = "2026-11-22T12:00:00Z".parse().unwrap();
        let entropy = SeededEntropy::new(6);
        let (a, b) = (ObjectId::generate(now, &entropy), ObjectId::generate(now, &entropy));
        let link = stored(
            json!({ "name": "n", "url": "https://e.com", "tagIds": [b.as_str(), a.as_str()] }),
            0,
        );
        let ws = link.link.workspace_id.clone();
        let tags = vec![
            Tag {
                id: a.clone(),
                workspace_id: ws.clone(),
                name: TagName::parse("name", "alpha").unwrap(),
                color: None,
            },
            Tag {
                id: b.clone(),
                workspace_id: ws,
                name: TagName::parse("name", "beta").unwrap(),
                color: None,
            },
        ];
        let record = LinkRecord::new(&link.link, link.limited_clicks, now, 0, &tags);
        let names: Vec<&str> = record.tags.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["beta", "alpha"]);
    }
}

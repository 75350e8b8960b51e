//! Reading links, for both doors: the full link record (`GET /links/{id}` and the
//! `get_link` tool), the paged list (`GET /links` and `list_links`), and the caller's
//! workspaces (the MCP answer when no workspace is selected).

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::list_cursor::ListCursor;
use super::{Access, Caller, Service, ServiceError};
use crate::domain::{AbTest, Invalid, LinkStatus, MAX_TAGS_PER_FILTER, QrSettings, Rules, Tag, parse_tag_ids};
use crate::ids::ObjectId;
use crate::store::{LinkFilter, ListRead, StoredLink};

/// `list_links` page size when none is given, and the largest allowed.
pub const DEFAULT_PAGE_SIZE: u64 = 20;
pub const MAX_PAGE_SIZE: u64 = 100;
/// Pages beyond this would make one request read too much of the index.
pub const MAX_PAGE: u64 = 10_000;
/// How many entries of the workspace's link index one list request may examine.
pub const LIST_READ_BUDGET: usize = 5_000;

/// A parsed list request: which page (by number, or where a `cursor` left off), how large,
/// and which links.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListQuery {
    pub page: u64,
    pub limit: u64,
    pub filter: LinkFilter,
    pub cursor: Option<ListCursor>,
}

impl Default for ListQuery {
    fn default() -> Self {
        Self {
            page: 1,
            limit: DEFAULT_PAGE_SIZE,
            filter: LinkFilter::default(),
            cursor: None,
        }
    }
}

fn whole_number(field: &str, raw: Option<&str>, min: u64, max: u64, default: u64) -> Result<u64, Invalid> {
    let Some(raw) = raw.map(str::trim).filter(|r| !r.is_empty()) else {
        return Ok(default);
    };
    raw.parse::<u64>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| {
            Invalid::new(
                field,
                format!("{field} must be a whole number from {min} to {max} (got {raw})."),
            )
        })
}

impl ListQuery {
    /// Parses a door's raw values: `page` and `limit` as text (a query-string value, or a
    /// JSON number's text), `search` free text, `tag_ids` object ids.
    pub fn parse(
        page: Option<&str>,
        limit: Option<&str>,
        search: Option<&str>,
        tag_ids: &[String],
    ) -> Result<Self, Invalid> {
        Self::parse_with_cursor(page, limit, search, tag_ids, None)
    }

    /// [`ListQuery::parse`] with a `cursor` (a previous answer's `nextCursor`) instead of a
    /// page number.
    pub fn parse_with_cursor(
        page: Option<&str>,
        limit: Option<&str>,
        search: Option<&str>,
        tag_ids: &[String],
        cursor: Option<&str>,
    ) -> Result<Self, Invalid> {
        let page_given = page.is_some_and(|p| !p.trim().is_empty());
        let page = whole_number("page", page, 1, MAX_PAGE, 1)?;
        let limit = whole_number("limit", limit, 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE)?;
        let search = search.map(|s| s.trim().to_lowercase()).filter(|s| !s.is_empty());
        let tags = parse_tag_ids(tag_ids, MAX_TAGS_PER_FILTER)?;
        let filter = LinkFilter { search, tag_ids: tags };
        let cursor = match cursor.map(str::trim).filter(|c| !c.is_empty()) {
            None => None,
            Some(_) if page_given => {
                return Err(Invalid::new("cursor", "Send either page or cursor, not both."));
            }
            Some(raw) => Some(ListCursor::parse(raw, &filter)?),
        };
        Ok(Self {
            page: cursor.as_ref().map_or(page, |c| c.page),
            limit,
            filter,
            cursor,
        })
    }
}

/// A tag as shown on a link record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct TagSummary {
    pub id: ObjectId,
    pub name: String,
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
    /// All-time counted clicks (people; bots are never counted).
    pub clicks: u64,
    /// How many deliveries of the destination the click limit has taken (people and bots
    /// alike); `null` for a link without a limit.
    pub limit_used: Option<u64>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl LinkRecord {
    /// Builds the record of a stored link at `now` (no I/O): `clicks` and the workspace's
    /// `tags` were read by the caller.
    pub fn new(stored: &StoredLink, now: DateTime<Utc>, clicks: u64, tags: &[Tag]) -> Self {
        let link = &stored.link;
        let s = &link.settings;
        let status = link.status(now, stored.limited_clicks);
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
                .map(|t| TagSummary {
                    id: t.id.clone(),
                    name: t.name.clone(),
                })
                .collect(),
            og_title: s.og_title.as_ref().map(|t| t.as_str().to_string()),
            og_description: s.og_description.as_ref().map(|t| t.as_str().to_string()),
            appearance_color: s.appearance_color.as_ref().map(|c| c.as_str().to_string()),
            conversion_tracking: s.conversion_tracking,
            gps_tracking: s.gps_tracking,
            clicks,
            limit_used: s.clicks_limit.map(|_| stored.limited_clicks),
            created_at: link.created_at,
            updated_at: link.updated_at,
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

impl Service {
    /// The full record of a link of the caller's workspace. A link of another workspace is
    /// reported as not found, so ids of other workspaces reveal nothing.
    pub async fn get_link_record(&self, access: &Access, id: &ObjectId) -> Result<LinkRecord, ServiceError> {
        let stored = self
            .store
            .get_link(id)
            .await?
            .filter(|s| s.link.workspace_id == access.workspace.id)
            .ok_or(ServiceError::LinkNotFound)?;
        let (tags, clicks) = tokio::join!(
            self.store.tags(&access.workspace.id, &stored.link.settings.tag_ids),
            self.total_clicks(id)
        );
        Ok(LinkRecord::new(&stored, self.clock.now(), clicks?, &tags?))
    }

    /// One page of the workspace's links, newest first, filtered by `search` (name or slug,
    /// case-insensitive) and `tagIds` (links carrying any of them).
    pub async fn list_links(&self, access: &Access, query: &ListQuery) -> Result<LinkPage, ServiceError> {
        let take = usize::try_from(query.limit).unwrap_or(usize::MAX);
        let (after, skip) = match &query.cursor {
            Some(cursor) => (Some(&cursor.position), cursor.skip),
            None => (None, (query.page - 1) * query.limit),
        };
        let read = ListRead {
            filter: &query.filter,
            after,
            skip: usize::try_from(skip).unwrap_or(usize::MAX),
            take,
            budget: self.list_read_budget,
        };
        let slice = self.store.list_links(&access.workspace.id, read).await?;
        let next_cursor = slice.next.map(|next| {
            // Still passing matches toward this page, or past it: the next page.
            let page = if next.skip == 0 { query.page + 1 } else { query.page };
            ListCursor::new(next.after, next.skip as u64, page, &query.filter).encode()
        });
        let mut tag_ids: Vec<ObjectId> = Vec::new();
        for stored in &slice.links {
            for tag in &stored.link.settings.tag_ids {
                if !tag_ids.contains(tag) {
                    tag_ids.push(tag.clone());
                }
            }
        }
        let (tags, clicks) = tokio::join!(
            self.store.tags(&access.workspace.id, &tag_ids),
            futures::future::try_join_all(slice.links.iter().map(|s| self.total_clicks(&s.link.id)))
        );
        let (tags, clicks) = (tags?, clicks?);
        let now = self.clock.now();
        Ok(LinkPage {
            links: slice
                .links
                .iter()
                .zip(clicks)
                .map(|(stored, count)| LinkRecord::new(stored, now, count, &tags))
                .collect(),
            page: query.page,
            limit: query.limit,
            has_more: next_cursor.is_some(),
            next_cursor,
        })
    }

    /// The workspaces the caller belongs to, by name.
    pub async fn workspaces_of(&self, caller: &Caller) -> Result<Vec<WorkspaceSummary>, ServiceError> {
        self.workspaces_of_user(&caller.user_id).await
    }

    /// The workspaces a user belongs to, by name.
    pub async fn workspaces_of_user(&self, user_id: &ObjectId) -> Result<Vec<WorkspaceSummary>, ServiceError> {
        Ok(self
            .store
            .user_workspaces(user_id)
            .await?
            .into_iter()
            .map(|(workspace, role)| WorkspaceSummary {
                id: workspace.id,
                name: workspace.name,
                role: role.as_str(),
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::SeededEntropy;

    use serde_json::json;

    #[test]
    fn list_query_defaults_to_the_first_page_of_twenty() {
        assert_eq!(ListQuery::parse(None, None, None, &[]).unwrap(), ListQuery::default());
    }

    #[test]
    fn list_query_limit_must_be_between_1_and_100() {
        assert!(ListQuery::parse(None, Some("100"), None, &[]).is_ok());
        for bad in ["0", "101", "-1", "2.5", "ten"] {
            let err = ListQuery::parse(None, Some(bad), None, &[]).unwrap_err();
            assert_eq!(err.field.as_deref(), Some("limit"));
            assert_eq!(
                err.message,
                format!("limit must be a whole number from 1 to 100 (got {bad}).")
            );
        }
    }

    #[test]
    fn list_query_page_starts_at_1() {
        let err = ListQuery::parse(Some("0"), None, None, &[]).unwrap_err();
        assert_eq!(err.field.as_deref(), Some("page"));
    }

    #[test]
    fn list_query_search_is_lower_cased_and_blank_search_is_none() {
        let q = ListQuery::parse(None, None, Some("  Spring SALE "), &[]).unwrap();
        assert_eq!(q.filter.search.as_deref(), Some("spring sale"));
        assert_eq!(
            ListQuery::parse(None, None, Some("  "), &[]).unwrap().filter.search,
            None
        );
    }

    #[test]
    fn list_query_names_the_malformed_tag_id() {
        let ids = vec!["64656d6f0000000000000001".to_string(), "nope".to_string()];
        let err = ListQuery::parse(None, None, None, &ids).unwrap_err();
        assert_eq!(err.field.as_deref(), Some("tagIds[1]"));
    }

    fn stored(body: serde_json::Value, limited_clicks: u64) -> StoredLink {
        crate::testing::stored_link(body, limited_clicks)
    }

    #[test]
    fn the_record_shows_every_field_with_nulls_for_unset_ones() {
        let link = stored(json!({ "name": "Spring", "url": "https://example.com" }), 0);
        let now = link.link.created_at;
        let record = serde_json::to_value(LinkRecord::new(&link, now, 7, &[])).unwrap();
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
        let record = LinkRecord::new(&link, link.link.created_at, 3, &[]);
        assert!(!record.active);
        assert_eq!(record.clicks_limit, Some(3));
        assert_eq!(record.limit_used, Some(3));
    }

    #[test]
    fn a_link_without_a_limit_shows_no_limit_used() {
        let link = stored(json!({ "name": "n", "url": "https://e.com" }), 0);
        let record = serde_json::to_value(LinkRecord::new(&link, link.link.created_at, 0, &[])).unwrap();
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
                name: "alpha".into(),
            },
            Tag {
                id: b.clone(),
                workspace_id: ws,
                name: "beta".into(),
            },
        ];
        let record = LinkRecord::new(&link, now, 0, &tags);
        let names: Vec<&str> = record.tags.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["beta", "alpha"]);
    }
}

//! Reading links, for both doors: the full link record (`GET /links/{id}` and the
//! `get_link` tool), the paged list (`GET /links` and `list_links`), and the caller's
//! workspaces (the MCP answer when no workspace is selected).

use crate::domain::health::HealthState;
use crate::domain::ids::ObjectId;
use crate::domain::{Invalid, MAX_TAGS_PER_FILTER, parse_tag_ids};
use crate::service::links::list_cursor::ListCursor;
use crate::service::{Service, ServiceError, accounts::Access, accounts::Caller};
use crate::store::{LinkFilter, ListRead, StoredLink};
use crate::wire::{LinkPage, LinkRecord, WorkspaceSummary};

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
    /// `health=broken`: only the links the check found broken.
    pub health: Option<HealthState>,
}

/// The most broken links `health=broken` lists.
pub const MAX_BROKEN_LISTED: usize = 1_000;

impl Default for ListQuery {
    fn default() -> Self {
        Self {
            page: 1,
            limit: DEFAULT_PAGE_SIZE,
            filter: LinkFilter::default(),
            cursor: None,
            health: None,
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
    /// The same query keeping only the links whose health is `raw` (only `broken` is a filter;
    /// blank is none). With a cursor it is refused: broken links are paged by number.
    pub fn with_health(self, raw: Option<&str>) -> Result<Self, Invalid> {
        let Some(raw) = raw.map(str::trim).filter(|r| !r.is_empty()) else {
            return Ok(self);
        };
        if HealthState::parse(raw) != Some(HealthState::Broken) {
            return Err(Invalid::new("health", format!("health must be broken (got {raw}).")));
        }
        if self.cursor.is_some() {
            return Err(Invalid::new("cursor", "Send page, not cursor, with health."));
        }
        Ok(Self {
            health: Some(HealthState::Broken),
            ..self
        })
    }

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
            health: None,
        })
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
        let (tags, clicks, health) = tokio::join!(
            self.store.tags(&access.workspace.id, &stored.link.settings.tag_ids),
            self.total_clicks(id),
            self.store.link_health(id)
        );
        Ok(
            LinkRecord::new(&stored.link, stored.limited_clicks, self.clock.now(), clicks?, &tags?)
                .disabled(stored.disabled_reason.as_ref())
                .with_health(&health?),
        )
    }

    /// One page of the workspace's links, newest first, filtered by `search` (name or slug,
    /// case-insensitive) and `tagIds` (links carrying any of them).
    pub async fn list_links(&self, access: &Access, query: &ListQuery) -> Result<LinkPage, ServiceError> {
        let take = usize::try_from(query.limit).unwrap_or(usize::MAX);
        let (after, skip) = match &query.cursor {
            Some(cursor) => (Some(&cursor.position), cursor.skip),
            None => (None, (query.page - 1) * query.limit),
        };
        if query.health == Some(HealthState::Broken) {
            return self.list_broken_links(access, query).await;
        }
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
        Ok(LinkPage {
            links: self.records(access, &slice.links).await?,
            page: query.page,
            limit: query.limit,
            has_more: next_cursor.is_some(),
            next_cursor,
        })
    }

    /// The records of `links` of the caller's workspace: their tags, clicks and health read
    /// together.
    async fn records(&self, access: &Access, links: &[StoredLink]) -> Result<Vec<LinkRecord>, ServiceError> {
        let mut tag_ids: Vec<ObjectId> = Vec::new();
        for stored in links {
            for tag in &stored.link.settings.tag_ids {
                if !tag_ids.contains(tag) {
                    tag_ids.push(tag.clone());
                }
            }
        }
        let ids: Vec<ObjectId> = links.iter().map(|s| s.link.id.clone()).collect();
        let (tags, clicks, healths) = tokio::join!(
            self.store.tags(&access.workspace.id, &tag_ids),
            futures::future::try_join_all(links.iter().map(|s| self.total_clicks(&s.link.id))),
            self.store.link_healths(&ids)
        );
        let (tags, clicks, healths) = (tags?, clicks?, healths?);
        let now = self.clock.now();
        Ok(links
            .iter()
            .zip(clicks)
            .map(|(stored, count)| {
                let record = LinkRecord::new(&stored.link, stored.limited_clicks, now, count, &tags)
                    .disabled(stored.disabled_reason.as_ref());
                match healths.get(&stored.link.id) {
                    Some(health) => record.with_health(health),
                    None => record,
                }
            })
            .collect())
    }

    /// `health=broken`: the workspace's broken links, those broken longest first, a page by
    /// number (no cursor: they are few, at most [`MAX_BROKEN_LISTED`]).
    async fn list_broken_links(&self, access: &Access, query: &ListQuery) -> Result<LinkPage, ServiceError> {
        let ids = self
            .store
            .broken_link_ids(&access.workspace.id, MAX_BROKEN_LISTED)
            .await?;
        let skip = usize::try_from((query.page - 1) * query.limit).unwrap_or(usize::MAX);
        let take = usize::try_from(query.limit).unwrap_or(usize::MAX);
        let wanted: Vec<ObjectId> = ids.iter().skip(skip).take(take).cloned().collect();
        let mut links = self.store.get_links(&wanted).await?;
        links.retain(|s| s.link.workspace_id == access.workspace.id);
        Ok(LinkPage {
            links: self.records(access, &links).await?,
            page: query.page,
            limit: query.limit,
            has_more: ids.len() > skip.saturating_add(take),
            next_cursor: None,
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
}

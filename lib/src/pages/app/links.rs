//! `/app/w/<workspace>/links`: the workspace's links, newest first, with search (name or slug),
//! a tag filter and paging; a workspace without links shows what to do first.

use lambda_http::{Body, RequestExt, Response};

use super::super::{Page, PageRequest};
use super::context::Workspace;
use super::views::{FirstRun, LinkRow, LinksPage, Places, TagOption};
use crate::domain::{LinkStatus, counted};
use crate::service::{ServiceError, links::ListQuery};
use crate::wire::LinkRecord;

/// Links per page.
const PAGE_SIZE: &str = "20";

/// What the list shows as a link's destination: its default rule, or its split.
fn destination(link: &LinkRecord) -> String {
    if link.ab_test.enabled {
        return format!(
            "A/B test: {}",
            counted(link.ab_test.variants.len(), "variant", "variants")
        );
    }
    let default = link.rules.default_rule().target_url.as_str().to_string();
    match link.rules.len() - 1 {
        0 => default,
        n => format!("{default} (and {})", counted(n, "rule", "rules")),
    }
}

fn status_class(status: LinkStatus) -> &'static str {
    match status {
        LinkStatus::Active => "badge ok",
        LinkStatus::Inactive | LinkStatus::Disabled => "badge off",
        LinkStatus::Expired | LinkStatus::LimitReached => "badge warn",
    }
}

/// `?q=…&tag=…&page=N` for a page of the same list.
/// Which page a link of the pager opens: a number, or where a cursor left off.
enum Place<'a> {
    Page(u64),
    Cursor(&'a str),
}

fn list_href(base: &str, search: &str, tags: &[String], place: Place<'_>) -> String {
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    if !search.is_empty() {
        query.append_pair("q", search);
    }
    for tag in tags {
        query.append_pair("tag", tag);
    }
    match place {
        Place::Page(1) => {}
        Place::Page(page) => {
            query.append_pair("page", &page.to_string());
        }
        Place::Cursor(cursor) => {
            query.append_pair("cursor", cursor);
        }
    }
    let query = query.finish();
    if query.is_empty() {
        format!("{base}/links")
    } else {
        format!("{base}/links?{query}")
    }
}

pub async fn list(page: &PageRequest<'_>, raw_ws: &str) -> Result<Response<Body>, ServiceError> {
    let ws = Workspace::open(page, raw_ws).await?;
    let search = crate::http::query(page.req, "q").unwrap_or_default().trim().to_string();
    let chosen_tags: Vec<String> = page
        .req
        .query_string_parameters_ref()
        .and_then(|q| q.all("tag"))
        .unwrap_or_default()
        .into_iter()
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect();
    let query = ListQuery::parse_with_cursor(
        crate::http::query(page.req, "page").as_deref(),
        Some(PAGE_SIZE),
        Some(&search),
        &chosen_tags,
        crate::http::query(page.req, "cursor").as_deref(),
    )?;
    let (listed, tags) = tokio::try_join!(
        page.service.list_links(&ws.access, &query),
        page.service.workspace_tags(&ws.access)
    )?;
    let base = ws.base();
    let offset = (query.page - 1) * query.limit;
    let rows = listed
        .links
        .iter()
        .enumerate()
        .map(|(i, link)| LinkRow {
            n: offset as usize + i + 1,
            name: link.name.clone(),
            full_link: link.full_link.clone(),
            destination: destination(link),
            status: link.status.label(),
            status_class: status_class(link.status),
            asks_location: link.gps_tracking && !ws.access.workspace.gps_capture_off,
            broken: link.health.status == crate::wire::HealthStatus::Broken,
            clicks: link.clicks,
            tags: link
                .tags
                .iter()
                .map(|t| (t.name.clone(), t.color.clone().unwrap_or_else(|| "#8a8f98".into())))
                .collect(),
            edit_href: format!("{base}/links/{}/edit", link.id),
            analytics_href: format!("{base}/links/{}/analytics", link.id),
        })
        .collect::<Vec<_>>();
    let filtered = !search.is_empty() || !chosen_tags.is_empty();
    let first_run = (rows.is_empty() && !filtered && query.page == 1).then(|| FirstRun {
        workspace_id: ws.access.workspace.id.to_string(),
        places: Places::of(page),
    });
    let template = LinksPage {
        chrome: ws.chrome("links"),
        notice: ws.notice.clone(),
        rows,
        search: search.clone(),
        tags: tags
            .into_iter()
            .map(|t| TagOption {
                selected: chosen_tags.iter().any(|c| c.eq_ignore_ascii_case(t.id.as_str())),
                id: t.id.to_string(),
                name: t.name,
            })
            .collect(),
        filtered,
        page: query.page,
        newer_href: (query.page > 1).then(|| list_href(&base, &search, &chosen_tags, Place::Page(query.page - 1))),
        // A whole page numbered from the start goes on by number; a short page (the read
        // budget ended first) or one reached by cursor goes on where it stopped.
        older_href: listed.next_cursor.as_deref().map(|cursor| {
            let by_number = query.cursor.is_none() && listed.links.len() as u64 == query.limit;
            let place = if by_number {
                Place::Page(query.page + 1)
            } else {
                Place::Cursor(cursor)
            };
            list_href(&base, &search, &chosen_tags, place)
        }),
        first_run,
        base,
    };
    Ok(ws.finish(page, Page::ok(&template).into_response()))
}

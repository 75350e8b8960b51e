//! `GET /apiv1/links?workspaceId=…&page=&limit=&search=&tagIds=&cursor=&health=`: one page of the
//! workspace's links, newest first (the same service code as the MCP tool `list_links`).

use lambda_http::{Body, Error, Request, RequestExt, Response};
use lib::service::{Service, links::ListQuery};
use lib::{api, http, manifest};

/// `tagIds` given as `tagIds=a,b`, `tagIds=a&tagIds=b`, or both.
fn tag_ids(req: &Request) -> Vec<String> {
    req.query_string_parameters_ref()
        .and_then(|q| q.all("tagIds"))
        .unwrap_or_default()
        .iter()
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect()
}

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    api::query_endpoint(service, &req, &manifest::LIST_LINKS, async |access| {
        let query = ListQuery::parse_with_cursor(
            http::query(&req, "page").as_deref(),
            http::query(&req, "limit").as_deref(),
            http::query(&req, "search").as_deref(),
            &tag_ids(&req),
            http::query(&req, "cursor").as_deref(),
        )?
        .with_health(http::query(&req, "health").as_deref())?;
        let page = service.list_links(&access, &query).await?;
        Ok(api::ok(&page))
    })
    .await
}

//! `GET /apiv1/links/export?format=csv|jsonl`: a page of the workspace's links, each in the
//! shape an import reads back; `X-Next-Cursor` and `Link: rel="next"` while more follow.

use lambda_http::{Body, Error, Request, Response};
use lib::service::{Service, ServiceError, transfer::parse_export_limit};
use lib::wire::export::{ExportedLink, links_csv};
use lib::{api, http, manifest};

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    api::query_endpoint(service, &req, &manifest::EXPORT_LINKS, async |access| {
        let format = http::query(&req, "format").unwrap_or_default();
        let csv = match format.trim() {
            "" | "csv" => true,
            "jsonl" => false,
            _ => {
                return Err(ServiceError::Invalid(lib::domain::Invalid::new(
                    "format",
                    "format must be csv or jsonl.",
                )));
            }
        };
        let limit = parse_export_limit(http::query(&req, "limit").as_deref())?;
        let page = service
            .export_links(&access, http::query(&req, "cursor").as_deref(), limit)
            .await?;
        let links: Vec<ExportedLink<'_>> = page.links.iter().map(|l| ExportedLink::new(l, &page.tags)).collect();
        let next = page.next_cursor.as_deref().map(|c| (c, api::with_cursor(&req, c)));
        let next = next.as_ref().map(|(c, url)| (*c, url.as_str()));
        let workspace = &access.workspace.id;
        Ok(if csv {
            api::download(
                links_csv(&links, page.first),
                "text/csv; charset=utf-8",
                &format!("links-{workspace}.csv"),
                next,
            )
        } else {
            let text: String = links.iter().map(ExportedLink::json_line).collect();
            api::download(
                text,
                "application/jsonl; charset=utf-8",
                &format!("links-{workspace}.jsonl"),
                next,
            )
        })
    })
    .await
}

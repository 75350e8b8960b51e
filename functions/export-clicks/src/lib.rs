//! `GET /apiv1/clicks/export?from=&to=`: a page of the workspace's people's clicks as CSV (never
//! a visitor hash: `visitorHash=true` is refused); `X-Next-Cursor` while more follow.

use lambda_http::{Body, Error, Request, Response};
use lib::service::Service;
use lib::wire::DayRange;
use lib::{api, http, manifest};

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    api::query_endpoint(service, &req, &manifest::EXPORT_CLICKS, async |access| {
        let range = DayRange::parse(http::query(&req, "from").as_deref(), http::query(&req, "to").as_deref())?;
        let with_visitor = http::query(&req, "visitorHash").is_some_and(|v| v.trim() == "true");
        let page = service
            .export_clicks(&access, range, with_visitor, http::query(&req, "cursor").as_deref())
            .await?;
        let next = page.next_cursor.as_deref().map(|c| (c, api::with_cursor(&req, c)));
        let next = next.as_ref().map(|(c, url)| (*c, url.as_str()));
        let name = format!("clicks-{}.csv", access.workspace.id);
        Ok(api::download(page.csv(), "text/csv; charset=utf-8", &name, next))
    })
    .await
}

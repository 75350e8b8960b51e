//! `GET /apiv1/links/import?importId=`: an import's progress and its rows' results, as JSON or
//! (`format=csv`) as the results CSV.

use lambda_http::{Body, Error, Request, Response};
use lib::service::{Service, ServiceError};
use lib::wire;
use lib::wire::{ImportRecord, ImportStatus, RowRecord, results_csv};
use lib::{api, http, manifest};

pub async fn handler(service: &Service, req: Request) -> Result<Response<Body>, Error> {
    api::query_endpoint(service, &req, &manifest::GET_IMPORT, async |access| {
        let id = wire::parse_id(wire::IdField::Import, http::query(&req, "importId").as_deref())?;
        let (job, rows) = service.import_results(&access, &id).await?;
        match http::query(&req, "format").as_deref().map(str::trim) {
            None | Some("" | "json") => Ok(api::ok(&ImportStatus {
                import: ImportRecord::from(&job),
                rows: rows.iter().map(RowRecord::from).collect(),
            })),
            Some("csv") => Ok(api::download(
                results_csv(&rows),
                "text/csv; charset=utf-8",
                &format!("import-{id}-results.csv"),
                None,
            )),
            Some(_) => Err(ServiceError::Invalid(lib::domain::Invalid::new(
                "format",
                "format must be json or csv.",
            ))),
        }
    })
    .await
}

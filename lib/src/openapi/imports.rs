//! Import and export in the document.

use serde_json::json;

use super::answers::Success;
use super::components::{Schemas, query_parameters, workspace_id_property, workspace_query};
use super::links::{EXAMPLE_WORKSPACE, read_failures, write_failures};
use super::operation::Op;
use crate::domain::Invalid;
use crate::manifest;
use crate::service::ServiceError;
use crate::wire::{DryRun, ImportInput, ImportOutcome, ImportStatus};

/// What `POST /links/import` answers with `200`: the dry run, or the import that ended.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum ImportAnswer {
    Ran(ImportOutcome),
    DryRun(DryRun),
}

/// The query of `GET /links/import`.
#[derive(schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
struct ImportStatusQuery {
    /// The import's id (from POST /links/import).
    #[schemars(required, regex(pattern = crate::domain::schema::OBJECT_ID_PATTERN))]
    import_id: Option<String>,
    /// json (default): the import and its rows' results; csv: the results as a CSV file
    /// (line,status,reason,linkId,shortLink).
    #[schemars(extend("enum" = ["json", "csv"]))]
    format: Option<String>,
}

/// The query of `GET /links/export`.
#[derive(schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
struct LinksExportQuery {
    /// csv (default; our import CSV, with its header on the first page) or jsonl (one link a line,
    /// in the shape of a create, tags by name).
    #[schemars(extend("enum" = ["csv", "jsonl"]))]
    format: Option<String>,
    /// The X-Next-Cursor of the page before; none for the first page.
    cursor: Option<String>,
    /// Links per page, 1 to 5000 (default 1000).
    #[schemars(range(min = 1, max = 5000))]
    limit: Option<u64>,
}

/// The query of `GET /clicks/export`.
#[derive(schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
struct ClicksExportQuery {
    /// First day, YYYY-MM-DD (UTC); default 29 days before to.
    #[schemars(regex(pattern = r"^\d{4}-\d{2}-\d{2}$"))]
    from: Option<String>,
    /// Last day, YYYY-MM-DD (UTC); default today.
    #[schemars(regex(pattern = r"^\d{4}-\d{2}-\d{2}$"))]
    to: Option<String>,
    /// The X-Next-Cursor of the page before (with the same from and to); none for the first.
    cursor: Option<String>,
    /// Refused when true: visitor hashes are not exported.
    visitor_hash: Option<bool>,
}

fn format_refused(allowed: &str) -> ServiceError {
    ServiceError::Invalid(Invalid::new("format", format!("format must be {allowed}.")))
}

/// Every operation of import and export.
pub fn operations(schemas: &mut Schemas) -> Vec<(&'static manifest::Function, Op)> {
    let workspace = workspace_id_property();
    vec![
        (
            &manifest::IMPORT_LINKS,
            Op {
                id: "importLinks",
                tag: "Import and export",
                summary: "Import links from a file",
                description: "Imports a file of links: our CSV (the template at docs/import/template.csv), the CSV \
                    exports of Bitly, Dub, Short.io or Shlink, or our JSON lines export; up to 10,000 rows. The body \
                    is JSON (`content` the file's text) or a multipart form with the file in a `file` part. \
                    `dryRun: true` answers what each row would become (create, conflict or invalid, with why) and \
                    writes nothing. Otherwise the import runs for up to 10 s: `200` with every row's result \
                    (created, skipped or failed, with why) when it ended, else `202` while it goes on in the \
                    background (poll GET /links/import). A file is imported once per workspace: sending it again \
                    answers the earlier import and creates nothing. Owner and managers only; counts against the \
                    key's bulk limit."
                    .into(),
                parameters: Vec::new(),
                body: Some((
                    schemas.request::<ImportInput>("ImportLinksRequest", std::slice::from_ref(&workspace)),
                    json!({ "workspaceId": EXAMPLE_WORKSPACE, "format": "csv", "dryRun": true,
                            "content": "slug,url,name,tags\nsummer-sale,https://example.com/summer,Summer sale,\"sale, summer\"\n" }),
                )),
                success: Success::JsonOrAccepted(
                    "The dry run, or the import, which ended (or was imported before).",
                    Box::new(schemas.output::<ImportAnswer>()),
                    "The import goes on in the background; poll GET /links/import.",
                    Box::new(schemas.output::<ImportOutcome>()),
                ),
                failures: || {
                    write_failures(vec![
                        format_refused("one of csv, bitly, dub, shortio, shlink or jsonl"),
                        ServiceError::ImportsClosed,
                        ServiceError::ImportBlocked(2),
                    ])
                },
                idempotent: false,
                links: Vec::new(),
            },
        ),
        (
            &manifest::GET_IMPORT,
            Op {
                id: "getImport",
                tag: "Import and export",
                summary: "An import's progress and results",
                description: "The import (state running, finished or stopped; rows, done, created, skipped, failed) \
                    and its rows' results so far; `format=csv` answers the results as a CSV file. Results are kept \
                    30 days. Owner and managers only."
                    .into(),
                parameters: std::iter::once(workspace_query())
                    .chain(query_parameters::<ImportStatusQuery>(&[]))
                    .collect(),
                body: None,
                success: Success::Json("The import and its rows.", Box::new(schemas.output::<ImportStatus>())),
                failures: || {
                    read_failures(vec![
                        ServiceError::BadId(crate::wire::BadId::Missing(crate::wire::IdField::Import)),
                        ServiceError::BadId(crate::wire::BadId::Malformed(crate::wire::IdField::Import)),
                        format_refused("json or csv"),
                        ServiceError::ImportsClosed,
                        ServiceError::ImportNotFound,
                    ])
                },
                idempotent: false,
                links: Vec::new(),
            },
        ),
        (
            &manifest::EXPORT_LINKS,
            Op {
                id: "exportLinks",
                tag: "Import and export",
                summary: "Export the workspace's links",
                description:
                    "A page of the workspace's links, newest first, as CSV or JSON lines: every field of each \
                    link (rules, A/B test, QR settings, UTM, tags by name) in the shape an import reads back, so \
                    exporting and importing into another workspace gives the same links (passwords are never \
                    exported). While more follow, the answer carries `X-Next-Cursor` and `Link: <...>; \
                    rel=\"next\"`. Any member; counts against the key's bulk limit."
                        .into(),
                parameters: std::iter::once(workspace_query())
                    .chain(query_parameters::<LinksExportQuery>(&[]))
                    .collect(),
                body: None,
                success: Success::File("A page of the export.", &["text/csv", "application/jsonl"]),
                failures: || read_failures(vec![format_refused("csv or jsonl")]),
                idempotent: false,
                links: Vec::new(),
            },
        ),
        (
            &manifest::EXPORT_CLICKS,
            Op {
                id: "exportClicks",
                tag: "Import and export",
                summary: "Export raw clicks",
                description: "A page of the workspace's people's clicks between from and to (UTC days) as CSV: at, \
                    linkId, ruleId, variantId, country, city, device, os, browser, referrer, trigger. No address \
                    and no visitor hash is ever exported. While more \
                    follow, the answer carries `X-Next-Cursor` and `Link: <...>; rel=\"next\"`. Any member."
                    .into(),
                parameters: std::iter::once(workspace_query())
                    .chain(query_parameters::<ClicksExportQuery>(&[]))
                    .collect(),
                body: None,
                success: Success::File("A page of clicks.", &["text/csv"]),
                failures: || {
                    read_failures(vec![
                        ServiceError::Invalid(Invalid::new("from", "from must be a date written YYYY-MM-DD.")),
                        ServiceError::VisitorHashNotExported,
                    ])
                },
                idempotent: false,
                links: Vec::new(),
            },
        ),
    ]
}

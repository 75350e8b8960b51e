//! The API's link functions: making, changing, reading and reporting links, importing and
//! exporting them, and conversions reported against their clicks.

use crate::domain::RateClass;

use super::{
    BATCH_GET, CONDITION_CHECK, DELETE_ITEM, Function, GET_ITEM, PLAIN, PUT_ITEM, QUERY, UPDATE_ITEM, service,
};

// QUERY on the table for the link writers: the operator's blocked destinations (one partition,
// read at most once a minute per process) are checked against every destination written.
functions! {
    pub const CREATE_LINK: Function = Function {
        name: "create-link",
        logical_id: "CreateLinkFunction",
        routes: &[service("POST", "/apiv1/link/create")],
        table_actions: &[GET_ITEM, BATCH_GET, QUERY, PUT_ITEM, UPDATE_ITEM],
        idempotent: true,
        ..PLAIN
    };

    /// Conversions reported by a server (a sale, a server-side lead) against a click id.
    pub const REPORT_CONVERSION: Function = Function {
        name: "report-conversion",
        logical_id: "ReportConversionFunction",
        routes: &[service("POST", "/apiv1/conversions")],
        table_actions: &[GET_ITEM, BATCH_GET, PUT_ITEM, UPDATE_ITEM],
        idempotent: true,
        ..PLAIN
    };

    pub const UPDATE_LINK: Function = Function {
        name: "update-link",
        logical_id: "UpdateLinkFunction",
        routes: &[service("PUT", "/apiv1/link/update")],
        table_actions: &[GET_ITEM, BATCH_GET, QUERY, PUT_ITEM, UPDATE_ITEM, DELETE_ITEM, CONDITION_CHECK],
        idempotent: true,
        ..PLAIN
    };

    pub const DELETE_LINK: Function = Function {
        name: "delete-link",
        logical_id: "DeleteLinkFunction",
        routes: &[service("DELETE", "/apiv1/link/delete")],
        table_actions: &[GET_ITEM, BATCH_GET, PUT_ITEM, UPDATE_ITEM, DELETE_ITEM],
        idempotent: true,
        ..PLAIN
    };

    pub const BULK_CREATE_LINKS: Function = Function {
        name: "bulk-create-links",
        logical_id: "BulkCreateLinksFunction",
        routes: &[service("POST", "/apiv1/links/bulk-create")],
        table_actions: &[GET_ITEM, BATCH_GET, QUERY, PUT_ITEM, UPDATE_ITEM, CONDITION_CHECK],
        limit: RateClass::Bulk,
        idempotent: true,
        ..PLAIN
    };

    pub const LIST_LINKS: Function = Function {
        name: "list-links",
        logical_id: "ListLinksFunction",
        routes: &[service("GET", "/apiv1/links"), service("HEAD", "/apiv1/links")],
        table_actions: &[GET_ITEM, BATCH_GET, QUERY, UPDATE_ITEM],
        index_actions: &[QUERY],
        ..PLAIN
    };

    pub const GET_LINK: Function = Function {
        name: "get-link",
        logical_id: "GetLinkFunction",
        routes: &[
            service("GET", "/apiv1/links/{id}"),
            service("HEAD", "/apiv1/links/{id}"),
        ],
        table_actions: &[GET_ITEM, BATCH_GET, QUERY, UPDATE_ITEM],
        ..PLAIN
    };

    pub const LINK_ANALYTICS: Function = Function {
        name: "link-analytics",
        logical_id: "LinkAnalyticsFunction",
        routes: &[
            service("GET", "/apiv1/links/{id}/analytics"),
            service("HEAD", "/apiv1/links/{id}/analytics"),
        ],
        table_actions: &[GET_ITEM, BATCH_GET, QUERY, UPDATE_ITEM],
        limit: RateClass::Analytics,
        ..PLAIN
    };

    /// A link's QR code, drawn on request.
    pub const LINK_QR: Function = Function {
        name: "link-qr",
        logical_id: "LinkQrFunction",
        routes: &[
            service("GET", "/apiv1/links/{id}/qr"),
            service("HEAD", "/apiv1/links/{id}/qr"),
        ],
        table_actions: &[GET_ITEM, BATCH_GET, UPDATE_ITEM],
        ..PLAIN
    };

    pub const WORKSPACE_ANALYTICS: Function = Function {
        name: "workspace-analytics",
        logical_id: "WorkspaceAnalyticsFunction",
        routes: &[
            service("GET", "/apiv1/links/analytics"),
            service("HEAD", "/apiv1/links/analytics"),
        ],
        table_actions: &[GET_ITEM, BATCH_GET, QUERY, UPDATE_ITEM],
        limit: RateClass::Analytics,
        ..PLAIN
    };

    /// Importing a file: a dry run reads; an import writes the file, the job, the links (and any
    /// tags they name) and hands the rest to the import queue.
    pub const IMPORT_LINKS: Function = Function {
        name: "import-links",
        logical_id: "ImportLinksFunction",
        routes: &[service("POST", "/apiv1/links/import")],
        table_actions: &[GET_ITEM, BATCH_GET, QUERY, PUT_ITEM, UPDATE_ITEM, CONDITION_CHECK],
        index_actions: &[QUERY],
        limit: RateClass::Bulk,
        ..PLAIN
    };

    pub const GET_IMPORT: Function = Function {
        name: "get-import",
        logical_id: "GetImportFunction",
        routes: &[
            service("GET", "/apiv1/links/import"),
            service("HEAD", "/apiv1/links/import"),
        ],
        table_actions: &[GET_ITEM, BATCH_GET, QUERY, UPDATE_ITEM],
        ..PLAIN
    };

    pub const EXPORT_LINKS: Function = Function {
        name: "export-links",
        logical_id: "ExportLinksFunction",
        routes: &[
            service("GET", "/apiv1/links/export"),
            service("HEAD", "/apiv1/links/export"),
        ],
        table_actions: &[GET_ITEM, BATCH_GET, QUERY, UPDATE_ITEM],
        index_actions: &[QUERY],
        limit: RateClass::Bulk,
        ..PLAIN
    };

    pub const EXPORT_CLICKS: Function = Function {
        name: "export-clicks",
        logical_id: "ExportClicksFunction",
        routes: &[
            service("GET", "/apiv1/clicks/export"),
            service("HEAD", "/apiv1/clicks/export"),
        ],
        table_actions: &[GET_ITEM, BATCH_GET, QUERY, UPDATE_ITEM],
        limit: RateClass::Bulk,
        ..PLAIN
    };
}

//! Moving links in and out of a workspace: imports (rows, writes, the worker) and exports.

pub(crate) mod exports;
pub(crate) mod import_rows;
pub(crate) mod import_worker;
pub(crate) mod import_write;
pub(crate) mod imports;

pub use exports::{ClicksExport, DEFAULT_EXPORT_PAGE, LinksExport, MAX_EXPORT_PAGE, parse_export_limit};
pub use import_worker::{
    IMPORT_QUEUE_VARIABLE, IMPORT_QUEUE_VISIBILITY, IMPORT_REQUEST_BUDGET, IMPORT_WORKER_BUDGET, ImportRun,
    import_queue_from_env,
};
pub use imports::ImportStarted;

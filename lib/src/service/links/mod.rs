//! Links: creating, changing and deleting them one at a time or in bulk, reading and listing them, their QR codes and their analytics.

pub(crate) mod analytics;
pub(crate) mod bulk;
pub(crate) mod edit;
pub(crate) mod list_cursor;
pub(crate) mod qr;
pub(crate) mod reading;

pub use analytics::{LinkAnalytics, WorkspaceAnalytics};
pub use bulk::MAX_BULK_LINKS;
pub use reading::{DEFAULT_PAGE_SIZE, LIST_READ_BUDGET, ListQuery, MAX_PAGE_SIZE};

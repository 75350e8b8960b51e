//! The table itself, for the dev server, which stands in for what AWS does around the
//! functions: it creates the table when missing and reads its stream as Lambda's event source
//! mapping would.

use super::Service;
use crate::store::{self, StoreError};

impl Service {
    /// The table this service reads and writes.
    pub fn table_name(&self) -> &str {
        self.store.table()
    }

    /// Creates the table unless it exists (adding the indexes an existing one lacks); whether
    /// it created it.
    pub async fn ensure_table(&self) -> Result<bool, StoreError> {
        store::ensure_table(self.store.client(), self.store.table()).await
    }

    /// The table's stream; `None` for a table without.
    pub async fn table_stream(&self) -> Result<Option<String>, StoreError> {
        store::latest_stream_arn(self.store.client(), self.store.table()).await
    }
}

//! A test's own table on DynamoDB Local, deleted when the test ends: DynamoDB Local answers
//! more slowly with every table it holds (a run of the API tests made about 700, and an import
//! then ran twenty times slower), so each test leaves the one it made behind it.

use super::requests::{RequestCounter, local_client};

/// A new table of [`crate::store::TABLE_DEFINITION`] named `test-<random>`, its TTL left off
/// ([`crate::store::create_table_without_expiry`] says why), deleted on drop.
pub struct TestTable {
    name: String,
    endpoint: String,
}

impl TestTable {
    /// Creates the table through `client`; `endpoint` is DynamoDB Local's own address (the
    /// drop reaches it directly, whatever stands between the client and it).
    pub async fn create(client: &aws_sdk_dynamodb::Client, endpoint: &str) -> Self {
        use crate::clock::Entropy;
        let name = format!("test-{:016x}", crate::clock::OsEntropy.next_u64());
        crate::store::create_table_without_expiry(client, &name)
            .await
            .expect("create test table");
        Self {
            name,
            endpoint: endpoint.to_string(),
        }
    }

    pub fn name(&self) -> &str {
        &self.name
    }
}

impl Drop for TestTable {
    /// Deletes the table before the test's process or runtime ends. The test's runtime may be
    /// the one dropping this, so the deletion runs on a runtime of its own, on a thread of its
    /// own, and is waited for. A table left behind only costs time, never a result, so a
    /// failure here is not the test's.
    fn drop(&mut self) {
        let (name, endpoint) = (std::mem::take(&mut self.name), std::mem::take(&mut self.endpoint));
        let deletion = std::thread::spawn(move || {
            let Ok(runtime) = tokio::runtime::Builder::new_current_thread().enable_all().build() else {
                return;
            };
            runtime.block_on(async {
                let client = local_client(&endpoint, &RequestCounter::new()).await;
                let _ = client.delete_table().table_name(name).send().await;
            });
        });
        let _ = deletion.join();
    }
}

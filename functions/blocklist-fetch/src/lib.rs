//! The scheduled fetch of the operator's blocklist (an EventBridge rule, hourly): the list at
//! `BLOCKLIST_URL` fetched and, when it changed, stored in the table as a new version that every
//! process reads (docs/behaviour/trust-block.md). Unset, it does nothing. A fetch that fails or
//! answers no list keeps the current version and fails the run, which the errors alarm counts.

use lambda_runtime::{Error, LambdaEvent};
use lib::net::Fetcher;
use lib::service::Service;
use lib::service::safety::{BlocklistUrl, ListFetched};
use serde_json::Value;

pub async fn handler(
    service: &Service,
    fetcher: &Fetcher,
    url: Option<&BlocklistUrl>,
    _event: LambdaEvent<Value>,
) -> Result<(), Error> {
    let Some(url) = url else {
        tracing::info!("BLOCKLIST_URL is not set: no list to fetch");
        return Ok(());
    };
    match service.fetch_blocklist(fetcher, url, false).await {
        Ok(ListFetched::Stored {
            version,
            entries,
            chunks,
            skipped,
            replaced,
        }) => {
            tracing::info!(
                %version,
                entries,
                chunks,
                skipped = skipped.total(),
                one_label = ?skipped.one_label.examples,
                public_suffix = ?skipped.public_suffix.examples,
                own_domain = ?skipped.own_domain.examples,
                ?replaced,
                "blocklist stored"
            );
            Ok(())
        }
        Ok(ListFetched::Unchanged { version, entries, .. }) => {
            tracing::info!(%version, entries, "blocklist unchanged");
            Ok(())
        }
        Err(err) => {
            tracing::error!(error = %lib::telemetry::error_chain(&err), "blocklist not fetched: the current version stays");
            Err(err.into())
        }
    }
}

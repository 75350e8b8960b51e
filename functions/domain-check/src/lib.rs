//! The scheduled re-check (an EventBridge rule, hourly): every custom domain's TXT record is
//! looked up again; a pending one whose record appeared turns verified, a verified one whose
//! record has been gone for seven days turns invalid.

use lambda_runtime::{Error, LambdaEvent};
use lib::service::Service;
use serde_json::Value;

pub async fn handler(service: &Service, _event: LambdaEvent<Value>) -> Result<(), Error> {
    let done = service.recheck_domains().await?;
    tracing::info!(
        checked = done.checked,
        verified = done.verified,
        invalid = done.invalid,
        unanswered = done.unanswered,
        deferred = done.deferred,
        "custom domains re-checked"
    );
    Ok(())
}

//! The scheduled link-health check (an EventBridge rule, hourly): every active link's web
//! destinations are asked how they are, from where the last run stopped, within the run's
//! budget (docs/behaviour/trust-health.md). `pass_age_seconds` is what the template's
//! `LinkHealthPassAgeMetricFilter` reads.

use lambda_runtime::{Error, LambdaEvent};
use lib::service::Service;
use serde_json::Value;

pub async fn handler(service: &Service, _event: LambdaEvent<Value>) -> Result<(), Error> {
    let done = service.check_link_health().await?;
    let mailed = service.mail_broken_links().await?;
    tracing::info!(
        links = done.links,
        requests = done.requests,
        broke = done.broke,
        recovered = done.recovered,
        skipped = done.skipped,
        deferred = done.deferred,
        pass_finished = done.pass_finished,
        pass = done.pass,
        pass_age_seconds = done.pass_age_seconds,
        mailed,
        "link health checked"
    );
    Ok(())
}

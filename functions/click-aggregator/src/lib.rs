//! The table's stream consumer: folds new raw clicks and conversions into per-day rollups.
//!
//! Lambda delivers one stream shard's records in order and retries a failed batch (whole,
//! or split in halves); the fold skips what it already counted, so a retry never counts
//! a click twice.

use aws_lambda_events::event::dynamodb::Event;
use lambda_runtime::{Error, LambdaEvent};
use lib::analytics::{FoldReport, stream_records};
use lib::service::Service;

pub async fn handler(service: &Service, event: LambdaEvent<Event>) -> Result<FoldReport, Error> {
    let records = stream_records(&event.payload)?;
    let report = service.fold_stream(&records).await?;
    tracing::info!(
        records = report.records,
        applied = report.updates_applied,
        skipped = report.updates_skipped,
        refused = report.updates_refused,
        "folded clicks and conversions"
    );
    Ok(report)
}

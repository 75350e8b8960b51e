//! The table's stream consumer: folds new raw clicks into per-day rollups.
//!
//! Lambda delivers one stream shard's records in order and retries a failed batch (whole,
//! or split in halves); the fold skips what it already counted, so a retry never counts
//! a click twice.

use aws_lambda_events::event::dynamodb::Event;
use lambda_runtime::{Error, LambdaEvent};
use lib::analytics::{ClickRecord, FoldReport, fold};
use lib::service::Service;

/// The raw-click `INSERT` records of a stream event, in order.
pub fn click_records(event: &Event) -> Result<Vec<ClickRecord>, lib::store::StoreError> {
    let mut records = Vec::new();
    for record in &event.records {
        if record.event_name != "INSERT" {
            continue;
        }
        let Some(sequence) = record.change.sequence_number.as_deref() else {
            continue;
        };
        let image: std::collections::HashMap<String, aws_sdk_dynamodb::types::AttributeValue> =
            record.change.new_image.clone().into();
        if let Some(parsed) = ClickRecord::from_image(sequence, image) {
            records.push(parsed?);
        }
    }
    Ok(records)
}

pub async fn handler(service: &Service, event: LambdaEvent<Event>) -> Result<FoldReportView, Error> {
    let records = click_records(&event.payload)?;
    let report = fold(&service.store, &records).await?;
    tracing::info!(
        records = report.records,
        applied = report.updates_applied,
        skipped = report.updates_skipped,
        "folded clicks"
    );
    Ok(FoldReportView::from(report))
}

/// The fold report as the function's (logged) result.
#[derive(Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FoldReportView {
    pub records: usize,
    pub updates_applied: usize,
    pub updates_skipped: usize,
}

impl From<FoldReport> for FoldReportView {
    fn from(r: FoldReport) -> Self {
        Self {
            records: r.records,
            updates_applied: r.updates_applied,
            updates_skipped: r.updates_skipped,
        }
    }
}

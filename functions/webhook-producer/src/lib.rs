//! The table's second stream consumer: turns links created, changed and deleted, people's
//! clicks and conversions into webhook deliveries on the queue.
//!
//! A failed batch is handed over again (whole, or split in halves); its events keep their ids
//! (taken from the stream records'), so receivers can drop what they already had.

use aws_lambda_events::event::dynamodb::Event;
use lambda_runtime::{Error, LambdaEvent};
use lib::queue::Queue;
use lib::service::{Service, webhooks::ProduceReport};
use lib::store::stream_changes;

pub async fn handler(service: &Service, queue: &Queue, event: LambdaEvent<Event>) -> Result<ProduceReport, Error> {
    let report = service
        .produce_webhook_events(queue, &stream_changes(&event.payload))
        .await?;
    tracing::info!(
        records = report.records,
        events = report.events,
        deliveries = report.deliveries,
        "queued webhook deliveries"
    );
    Ok(report)
}

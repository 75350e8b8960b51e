//! The aggregator's door: the table's DynamoDB stream events read as raw clicks and conversions.

use std::collections::HashMap;

use aws_lambda_events::event::dynamodb::Event;
use aws_sdk_dynamodb::types::AttributeValue;

use super::StreamRecord;
use crate::store::StoreError;

/// The raw-click and conversion `INSERT` records of a stream event, in order; other items and
/// changes are passed over.
pub fn stream_records(event: &Event) -> Result<Vec<StreamRecord>, StoreError> {
    let mut records = Vec::new();
    for record in &event.records {
        if record.event_name != "INSERT" {
            continue;
        }
        let Some(sequence) = record.change.sequence_number.as_deref() else {
            continue;
        };
        let image: HashMap<String, AttributeValue> = record.change.new_image.clone().into();
        if let Some(parsed) = StreamRecord::from_image(sequence, image) {
            records.push(parsed?);
        }
    }
    Ok(records)
}

//! One change of the table as a stream consumer reads it, whoever delivered it (Lambda's event
//! source in AWS, the dev server's poller on DynamoDB Local): its id, what happened, when, and
//! the item before and after (the stream carries both images).

use std::collections::HashMap;

use aws_lambda_events::event::dynamodb::Event;
use aws_sdk_dynamodb::types::AttributeValue;
use chrono::{DateTime, Utc};

use super::Item;

/// What a stream record says happened to an item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChangeName {
    Insert,
    Modify,
    Remove,
}

impl ChangeName {
    /// The stream's own name (`INSERT`, `MODIFY`, `REMOVE`); anything else is no change we read.
    pub fn parse(name: &str) -> Option<Self> {
        match name {
            "INSERT" => Some(Self::Insert),
            "MODIFY" => Some(Self::Modify),
            "REMOVE" => Some(Self::Remove),
            _ => None,
        }
    }
}

/// One record of the table's stream.
#[derive(Debug, Clone, PartialEq)]
pub struct StreamChange {
    /// The stream's id of the record: unique, and the same when a batch is handed over again.
    pub id: String,
    pub name: ChangeName,
    /// When the change was made (to the second, as the stream says).
    pub at: DateTime<Utc>,
    pub old: Option<Item>,
    pub new: Option<Item>,
}

fn image(item: &serde_dynamo::Item) -> Option<Item> {
    let item: HashMap<String, AttributeValue> = item.clone().into();
    (!item.is_empty()).then_some(item)
}

/// The records of a Lambda stream event, in order.
pub fn stream_changes(event: &Event) -> Vec<StreamChange> {
    event
        .records
        .iter()
        .filter_map(|record| {
            Some(StreamChange {
                id: record.event_id.clone(),
                name: ChangeName::parse(&record.event_name)?,
                at: record.change.approximate_creation_date_time,
                old: image(&record.change.old_image),
                new: image(&record.change.new_image),
            })
        })
        .collect()
}

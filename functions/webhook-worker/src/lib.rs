//! The delivery worker: the deliveries of an SQS batch posted to their endpoints side by side.
//! A delivery whose table or queue work failed is reported back alone (partial batch response)
//! and comes back after the visibility timeout; after five receives SQS moves it to the
//! dead-letter queue, which alarms.

use aws_lambda_events::event::sqs::{BatchItemFailure, SqsBatchResponse, SqsEvent};
use lambda_runtime::{Error, LambdaEvent};
use lib::queue::Queue;
use lib::service::Service;

pub async fn handler(
    service: &Service,
    queue: &Queue,
    event: LambdaEvent<SqsEvent>,
) -> Result<SqsBatchResponse, Error> {
    let messages = event
        .payload
        .records
        .into_iter()
        .map(|m| (m.message_id.unwrap_or_default(), m.body.unwrap_or_default()))
        .collect();
    let mut response = SqsBatchResponse::default();
    for item_identifier in service.deliver_webhook_batch(queue, messages).await {
        let mut failure = BatchItemFailure::default();
        failure.item_identifier = item_identifier;
        response.batch_item_failures.push(failure);
    }
    Ok(response)
}

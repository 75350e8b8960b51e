//! The delivery worker: the deliveries of an SQS batch posted to their endpoints side by side.
//! A delivery whose table or queue work failed is reported back alone (partial batch response)
//! and comes back after the visibility timeout; after five receives SQS moves it to the
//! dead-letter queue, which alarms.

use aws_lambda_events::event::sqs::{SqsBatchResponse, SqsEvent};
use lambda_runtime::{Error, LambdaEvent};
use lib::queue::Queue;
use lib::service::Service;

pub async fn handler(
    service: &Service,
    queue: &Queue,
    event: LambdaEvent<SqsEvent>,
) -> Result<SqsBatchResponse, Error> {
    let messages = lib::wire::sqs_messages(event.payload);
    Ok(lib::wire::partial_batch_response(
        service.deliver_webhook_batch(queue, messages).await,
    ))
}

//! The import worker: each job of an SQS batch run for up to 240 s and handed on while rows
//! remain. A job whose chunk failed is reported back alone (partial batch response) and comes
//! back after the visibility timeout; after five receives SQS moves it to the dead-letter queue,
//! which alarms (its rows recorded so far stay recorded; sending the file again resumes it).

use aws_lambda_events::event::sqs::{BatchItemFailure, SqsBatchResponse, SqsEvent};
use lambda_runtime::{Error, LambdaEvent};
use lib::queue::Queue;
use lib::service::{Service, transfer::IMPORT_WORKER_BUDGET};

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
    for item_identifier in service.continue_imports(queue, messages, IMPORT_WORKER_BUDGET).await {
        let mut failure = BatchItemFailure::default();
        failure.item_identifier = item_identifier;
        response.batch_item_failures.push(failure);
    }
    Ok(response)
}

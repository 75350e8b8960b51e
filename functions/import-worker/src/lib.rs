//! The import worker: each job of an SQS batch run for up to 240 s and handed on while rows
//! remain. A job whose chunk failed is reported back alone (partial batch response) and comes
//! back after the visibility timeout; after five receives SQS moves it to the dead-letter queue,
//! which alarms (its rows recorded so far stay recorded; sending the file again resumes it).

use aws_lambda_events::event::sqs::{SqsBatchResponse, SqsEvent};
use lambda_runtime::{Error, LambdaEvent};
use lib::queue::Queue;
use lib::service::{Service, transfer::IMPORT_WORKER_BUDGET};

pub async fn handler(
    service: &Service,
    queue: &Queue,
    event: LambdaEvent<SqsEvent>,
) -> Result<SqsBatchResponse, Error> {
    let messages = lib::wire::sqs_messages(event.payload);
    Ok(lib::wire::partial_batch_response(
        service.continue_jobs(queue, messages, IMPORT_WORKER_BUDGET).await,
    ))
}

//! SQS batches as Lambda hands them to a queue's worker: each message's id and body in, and back
//! out the partial batch response naming the messages that failed (SQS deletes the others and
//! hands the failed ones back after the visibility timeout). The webhook and import workers map
//! their batches through these two, so both do it the same way.

use aws_lambda_events::event::sqs::{BatchItemFailure, SqsBatchResponse, SqsEvent};

/// Each message of `event` as `(message id, body)`.
pub fn sqs_messages(event: SqsEvent) -> Vec<(String, String)> {
    event
        .records
        .into_iter()
        .map(|m| (m.message_id.unwrap_or_default(), m.body.unwrap_or_default()))
        .collect()
}

/// The response reporting exactly the messages `failed` (their ids) back.
pub fn partial_batch_response(failed: Vec<String>) -> SqsBatchResponse {
    let mut response = SqsBatchResponse::default();
    for item_identifier in failed {
        let mut failure = BatchItemFailure::default();
        failure.item_identifier = item_identifier;
        response.batch_item_failures.push(failure);
    }
    response
}

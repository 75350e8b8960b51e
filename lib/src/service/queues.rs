//! The SQS queues the functions share work through, read from the environment Lambda sets.

use std::time::Duration;

use crate::queue::Queue;

/// The queue whose URL the variable `variable` holds, with the client from the environment
/// (`AWS_ENDPOINT_URL_SQS` for a local stand-in); `None` without the URL.
pub fn queue_from_env(variable: &str, visibility: Duration) -> Option<Queue> {
    let env = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
    let url = env(variable)?;
    let mut config = aws_sdk_sqs::config::Builder::from(&crate::store::lambda_sdk_config());
    if let Some(endpoint) = env("AWS_ENDPOINT_URL_SQS").or_else(|| env("AWS_ENDPOINT_URL")) {
        config = config.endpoint_url(endpoint);
    }
    Some(Queue::sqs(
        aws_sdk_sqs::Client::from_conf(config.build()),
        url,
        visibility,
    ))
}

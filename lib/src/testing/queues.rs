//! A queue of its own per test on the local SQS the test command starts (`AWS_ENDPOINT_URL_SQS`).

use aws_sdk_sqs::config::{BehaviorVersion, Credentials, Region};

use crate::store::DeadLetters;

/// An SQS client for the local SQS.
pub fn local_sqs_client() -> aws_sdk_sqs::Client {
    let endpoint = std::env::var("AWS_ENDPOINT_URL_SQS")
        .expect("AWS_ENDPOINT_URL_SQS must point at the local SQS; run the tests with scripts/test");
    let config = aws_sdk_sqs::config::Builder::new()
        .behavior_version(BehaviorVersion::latest())
        .region(Region::new("us-east-1"))
        .credentials_provider(Credentials::new("local", "local", None, None, "local"))
        .endpoint_url(endpoint)
        .http_client(crate::store::https_client())
        .build();
    aws_sdk_sqs::Client::from_conf(config)
}

/// A new, empty queue on the local SQS, named `<prefix>-<random>`: its client and URL.
pub async fn new_local_sqs_queue(prefix: &str) -> (aws_sdk_sqs::Client, String) {
    let client = local_sqs_client();
    let name = format!(
        "{prefix}-{:016x}",
        crate::clock::Entropy::next_u64(&crate::clock::OsEntropy)
    );
    let created = client
        .create_queue()
        .queue_name(name)
        .send()
        .await
        .expect("create a queue on the local SQS");
    let url = created.queue_url.expect("the created queue's URL");
    (client, url)
}

/// A new, empty dead-letter queue.
pub async fn local_dead_letters() -> DeadLetters {
    let (client, url) = new_local_sqs_queue("dead-letters").await;
    DeadLetters::new(client, url)
}

/// How many messages a queue holds, visible or being read.
pub async fn messages_in(queue: &DeadLetters) -> usize {
    use aws_sdk_sqs::types::QueueAttributeName;
    let attributes = local_sqs_client()
        .get_queue_attributes()
        .queue_url(queue.queue_url())
        .attribute_names(QueueAttributeName::ApproximateNumberOfMessages)
        .attribute_names(QueueAttributeName::ApproximateNumberOfMessagesNotVisible)
        .send()
        .await
        .expect("the queue's attributes")
        .attributes
        .unwrap_or_default();
    [
        QueueAttributeName::ApproximateNumberOfMessages,
        QueueAttributeName::ApproximateNumberOfMessagesNotVisible,
    ]
    .iter()
    .filter_map(|name| attributes.get(name)?.parse::<usize>().ok())
    .sum()
}

//! The webhook functions' sample events: the four endpoint doors, the producer's stream event
//! and the worker's SQS event, each accepted by its handler.

use lib::testing::receiver::WebhookReceiver;

use crate::events::{answer, answer_with, seed_event_identity};
use crate::helpers::{TestApp, spawn_reaching};

/// The sample events' identity, and an app whose webhook fetcher reaches `receiver`.
async fn app_reaching(receiver: &WebhookReceiver) -> TestApp {
    let app = spawn_reaching(receiver.fetcher()).await;
    seed_event_identity(&app).await;
    app
}

/// Loads a non-HTTP sample event as JSON, with each `(from, to)` replacement made.
fn load(name: &str, replacements: &[(&str, &str)]) -> serde_json::Value {
    let path = format!("{}/../events/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = replacements.iter().fold(
        std::fs::read_to_string(path).expect("event file"),
        |text, (from, to)| text.replace(from, to),
    );
    serde_json::from_str(&text).expect("a sample event")
}

#[tokio::test]
async fn the_webhook_events_are_accepted_by_their_handlers() {
    let receiver = WebhookReceiver::start().await;
    let app = app_reaching(&receiver).await;
    let to_receiver = receiver.url("/in");
    let (status, created) = answer_with(
        &app,
        "create-webhook.json",
        &[("https://hooks.example.com/in", &to_receiver)],
    )
    .await;
    assert_eq!(status, 200, "{created}");
    assert!(created["secret"].as_str().unwrap().starts_with("whsec_"), "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let (status, listed) = answer(&app, "list-webhooks.json", &id).await;
    assert_eq!(
        (status, listed["webhooks"][0]["batch"].as_bool()),
        (200, Some(true)),
        "{listed}"
    );
    let (status, rotated) = answer(&app, "update-webhook.json", &id).await;
    assert_ne!(rotated["secret"], created["secret"], "{rotated}");
    assert_eq!(status, 200, "{rotated}");
    let (status, deleted) = answer(&app, "delete-webhook.json", &id).await;
    assert_eq!(status, 200, "{deleted}");
}

#[tokio::test]
async fn the_stream_event_is_queued_by_the_producer_and_the_queue_event_posted_by_the_worker() {
    let receiver = WebhookReceiver::start().await;
    let app = app_reaching(&receiver).await;
    let to_receiver = receiver.url("/in");
    let (_, created) = answer_with(
        &app,
        "create-webhook.json",
        &[("https://hooks.example.com/in", &to_receiver)],
    )
    .await;
    let id = created["id"].as_str().expect("an endpoint").to_string();
    let queue = app.functions.webhook_worker.queue().clone();
    let stream = serde_json::from_value(load("webhook-producer.json", &[])).expect("a stream event");
    let context = lambda_runtime::Context::default();
    let report = webhook_producer::handler(&app.service, &queue, lambda_runtime::LambdaEvent::new(stream, context))
        .await
        .expect("produced");
    assert_eq!((report.events, report.deliveries), (1, 1));
    let sqs = serde_json::from_value(load("webhook-worker.json", &[("6b02e6d4069c6b5b72ddaf4c", &id)]))
        .expect("an SQS event");
    let context = lambda_runtime::Context::default();
    let response = webhook_worker::handler(&app.service, &queue, lambda_runtime::LambdaEvent::new(sqs, context))
        .await
        .expect("delivered");
    assert!(response.batch_item_failures.is_empty());
    let posts = receiver.received("/in");
    assert_eq!(posts.len(), 1);
    assert_eq!(posts[0].json()["type"], "link.clicked");
}

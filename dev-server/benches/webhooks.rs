//! Webhooks at volume, against DynamoDB Local and a local https receiver:
//! - the producer's added cost per click: stream batches of 100 people's clicks turned into
//!   deliveries for one endpoint (one a click, and batched), timed, with its DynamoDB requests
//!   and queue sends counted;
//! - what one delivery worker sustains: the queued deliveries posted (10 a receive, side by
//!   side, as the Lambda's batch), signed, logged, to the receiver on loopback; events a second.
//!
//! `scripts/bench`, or `AWS_ENDPOINT_URL_DYNAMODB=… cargo bench -p dev-server --bench webhooks`.
//! `WEBHOOK_BENCH_CLICKS` (default 2,000) scales it.

use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::NaiveDate;
use lib::clock::{Clock, OsEntropy};
use lib::domain::{EventTypes, NewWebhook, WebhookUrl};
use lib::queue::Queue;
use lib::service::Service;
use lib::store::{ChangeName, Store, StreamChange, click_image};
use lib::testing::receiver::WebhookReceiver;
use lib::testing::{FixedClock, RequestCounter, SeededEntropy, traffic};

const STREAM_BATCH: usize = 100;

#[tokio::main]
async fn main() {
    let Ok(endpoint) = std::env::var("AWS_ENDPOINT_URL_DYNAMODB") else {
        eprintln!("webhooks bench: set AWS_ENDPOINT_URL_DYNAMODB (scripts/bench does)");
        return;
    };
    let clicks: usize = std::env::var("WEBHOOK_BENCH_CLICKS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000);
    let counter = RequestCounter::new();
    let client = lib::testing::local_client(&endpoint, &counter).await;
    let (table, config) = lib::testing::bench_table(&client).await;
    let day: NaiveDate = "2026-11-27".parse().unwrap();
    let clock = Arc::new(FixedClock::new(day.and_hms_opt(12, 0, 0).unwrap().and_utc()));
    let receiver = WebhookReceiver::start().await;
    let service = Service::new(Store::new(client, table), config, clock.clone(), Arc::new(OsEntropy))
        .with_webhook_fetcher(receiver.fetcher());
    let access = lib::testing::bench_workspace(&service, Default::default()).await;
    let ws = access.workspace.clone();
    let link = service.new_id();
    let entropy = SeededEntropy::new(7);
    let changes: Vec<StreamChange> = (0..clicks)
        .map(|i| {
            let click = traffic::click(&link, &ws.id, day, i as u64, "r1", &entropy);
            StreamChange {
                id: format!("bench{i:08}"),
                name: ChangeName::Insert,
                at: click.at,
                old: None,
                new: Some(click_image(&click).expect("a click item")),
            }
        })
        .collect();
    println!("webhooks bench: {clicks} people's clicks, stream batches of {STREAM_BATCH}");
    for batch in [false, true] {
        let url = receiver.url(if batch { "/batched" } else { "/single" });
        let hook = service
            .create_webhook(
                &access,
                NewWebhook {
                    url: WebhookUrl::parse("url", &url).unwrap(),
                    events: EventTypes::parse("events", &["link.clicked".to_string()]).unwrap(),
                    link_ids: Vec::new(),
                    batch,
                },
            )
            .await
            .unwrap();
        let queue = Queue::local(lib::service::webhooks::WEBHOOK_QUEUE_VISIBILITY);
        counter.reset();
        let started = Instant::now();
        let mut deliveries = 0;
        for chunk in changes.chunks(STREAM_BATCH) {
            deliveries += service.produce_webhook_events(&queue, chunk).await.unwrap().deliveries;
        }
        let produced = started.elapsed();
        let requests = counter.total();
        let name = if batch { "batched" } else { "one a click" };
        println!(
            "producer ({name}): {:.1} µs a click, {} deliveries queued, {} DynamoDB requests ({:.3} a click)",
            produced.as_secs_f64() * 1e6 / clicks as f64,
            deliveries,
            requests,
            requests as f64 / clicks as f64
        );
        let worker = dev_server::webhooks::WebhookWorker::new(service.clone(), queue);
        let started = Instant::now();
        let mut handled = 0;
        while handled < deliveries {
            handled += worker.run_once(Duration::from_millis(100)).await.unwrap();
        }
        let delivered = started.elapsed();
        let received = receiver.received(if batch { "/batched" } else { "/single" }).len();
        println!(
            "worker ({name}): {clicks} events in {handled} posts ({received} received) in {:.2} s: {:.0} events/s, {:.0} posts/s",
            delivered.as_secs_f64(),
            clicks as f64 / delivered.as_secs_f64(),
            handled as f64 / delivered.as_secs_f64()
        );
        service.delete_webhook(&access, &hook.webhook.id).await.unwrap();
    }
    posts_alone(&service, &receiver).await;
    beside_dead_endpoints(&service, &clock, &receiver, day).await;
}

/// A healthy workspace's delivery delay while another has 20 endpoints on a host that accepts
/// connections and never answers (every attempt ends at the 5-second limit) and an event a
/// second: one worker (10 side by side, as one Lambda); the healthy event comes at 10 s.
async fn beside_dead_endpoints(service: &Service, clock: &Arc<FixedClock>, receiver: &WebhookReceiver, day: NaiveDate) {
    let hole = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let hole_port = hole.local_addr().unwrap().port();
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((socket, _)) = hole.accept().await {
            held.push(socket);
        }
    });
    let clicked = || EventTypes::parse("events", &["link.clicked".to_string()]).unwrap();
    let endpoint = |url: String| NewWebhook {
        url: WebhookUrl::parse("url", &url).unwrap(),
        events: clicked(),
        link_ids: Vec::new(),
        batch: false,
    };
    let noisy = lib::testing::bench_workspace(service, Default::default()).await;
    let healthy = lib::testing::bench_workspace(service, Default::default()).await;
    for i in 0..20 {
        let url = format!("https://localhost:{hole_port}/dead{i}");
        service.create_webhook(&noisy, endpoint(url)).await.unwrap();
    }
    service
        .create_webhook(&healthy, endpoint(receiver.url("/healthy")))
        .await
        .unwrap();
    let queue = Queue::local(lib::service::webhooks::WEBHOOK_QUEUE_VISIBILITY);
    let worker = dev_server::webhooks::WebhookWorker::new(service.clone(), queue.clone());
    let entropy = SeededEntropy::new(11);
    let change = |ws: &lib::domain::ids::ObjectId, i: u64| {
        let click = traffic::click(&service.new_id(), ws, day, i, "r1", &entropy);
        StreamChange {
            id: format!("dead{i:08}"),
            name: ChangeName::Insert,
            at: click.at,
            old: None,
            new: Some(click_image(&click).expect("a click item")),
        }
    };
    let start = Instant::now();
    let began = clock.now();
    let (mut second, mut sent_at) = (0u64, None);
    while receiver.received("/healthy").is_empty() && start.elapsed() < Duration::from_secs(240) {
        clock.set(began + chrono::Duration::from_std(start.elapsed()).unwrap());
        while second <= start.elapsed().as_secs() && second < 60 {
            service
                .produce_webhook_events(&queue, &[change(&noisy.workspace.id, second)])
                .await
                .unwrap();
            if second == 10 {
                let healthy_event = change(&healthy.workspace.id, 1_000_000);
                service.produce_webhook_events(&queue, &[healthy_event]).await.unwrap();
                sent_at = Some(Instant::now());
            }
            second += 1;
        }
        worker.run_once(Duration::from_millis(100)).await.unwrap();
    }
    match (sent_at, receiver.received("/healthy").is_empty()) {
        (Some(sent), false) => println!(
            "beside 20 dead endpoints (an event a second): the healthy workspace's delivery took {:.1} s",
            sent.elapsed().as_secs_f64()
        ),
        _ => println!("beside 20 dead endpoints: the healthy workspace's delivery had not arrived after 240 s"),
    }
}

/// The post alone (signing, a TLS connection, the request, the answer), 10 side by side as the
/// worker does them, without the table: what the worker's own work costs beside DynamoDB's.
async fn posts_alone(service: &Service, receiver: &WebhookReceiver) {
    let url: url::Url = receiver.url("/alone").parse().unwrap();
    let ring = lib::domain::SecretRing::new(lib::domain::WebhookSecret::generate(&OsEntropy));
    let body = r#"{"id":"evt_x","type":"link.clicked","createdAt":"2026-11-27T12:00:00Z","workspaceId":"x","data":{}}"#;
    let posts = 500;
    let started = Instant::now();
    for round in 0..posts / 10 {
        let batch = (0..10).map(|i| {
            let signed =
                lib::wire::webhook_event::sign(&ring, &format!("evt_{round}_{i}"), body.into(), chrono::Utc::now());
            let headers = [
                ("webhook-id", signed.id.clone()),
                ("webhook-timestamp", signed.timestamp.to_string()),
                ("webhook-signature", signed.signature.clone()),
            ];
            let url = url.clone();
            async move {
                service
                    .hooks
                    .post(&url, &headers, signed.body, &lib::service::webhooks::DELIVERY_LIMITS)
                    .await
                    .expect("posted")
            }
        });
        futures::future::join_all(batch).await;
    }
    let took = started.elapsed();
    println!(
        "posts alone: {posts} signed posts, 10 side by side, in {:.2} s: {:.0} posts/s ({:.1} ms a post)",
        took.as_secs_f64(),
        posts as f64 / took.as_secs_f64(),
        took.as_secs_f64() * 1000.0 / posts as f64 * 10.0
    );
}

//! Webhook deliveries end to end on DynamoDB Local: the table's stream read by the producer,
//! the local queue, the worker posting to a local https receiver, signatures checked with the
//! Standard Webhooks library.

use std::time::Duration;

use lambda_http::http::{Method, StatusCode};
use lib::testing::receiver::{Received, WebhookReceiver};
use serde_json::{Value, json};

use crate::conversions::{token_of_a_visit, tracked_link};
use crate::helpers::{TestApp, TestWorkspace, spawn_reaching};

/// A receiver, an app whose webhook fetcher reaches it, and a workspace.
async fn reaching() -> (WebhookReceiver, TestApp, TestWorkspace) {
    let receiver = WebhookReceiver::start().await;
    let app = spawn_reaching(receiver.fetcher()).await;
    let ws = app.workspace().await;
    (receiver, app, ws)
}

/// Creates an endpoint at `path` of `receiver`; answers its id and secret.
async fn endpoint(
    app: &TestApp,
    ws: &TestWorkspace,
    receiver: &WebhookReceiver,
    path: &str,
    more: Value,
) -> (String, String) {
    let mut body = json!({ "workspaceId": ws.id, "url": receiver.url(path) });
    for (k, v) in more.as_object().unwrap() {
        body[k] = v.clone();
    }
    let (status, created) = app.call(Method::POST, "/apiv1/webhook/create", &ws.key, body).await;
    assert_eq!(status, StatusCode::OK, "{created}");
    (
        created["id"].as_str().unwrap().to_string(),
        created["secret"].as_str().unwrap().to_string(),
    )
}

/// Runs the producer over the stream and the worker over the queue until `path` has received
/// `count` posts (or 15 s have passed); answers what it received.
async fn delivered(app: &TestApp, receiver: &WebhookReceiver, path: &str, count: usize) -> Vec<Received> {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    while receiver.received(path).len() < count && tokio::time::Instant::now() < deadline {
        app.functions
            .webhook_producer
            .drain()
            .await
            .expect("the producer reads the stream");
        app.functions
            .webhook_worker
            .run_once(Duration::from_millis(200))
            .await
            .expect("the worker reads the queue");
    }
    receiver.received(path)
}

/// Lets the queue and the worker run for `wait` more without expecting anything.
async fn settle(app: &TestApp, wait: Duration) {
    let deadline = tokio::time::Instant::now() + wait;
    while tokio::time::Instant::now() < deadline {
        app.functions.webhook_producer.drain().await.expect("producer");
        app.functions
            .webhook_worker
            .run_once(Duration::from_millis(200))
            .await
            .expect("worker");
    }
}

/// With `WEBHOOK_SAMPLES_DIR` set, keeps `post` and the secrets that must verify it as
/// `<name>.json` for tests/webhooks-verify.py (the Python `standardwebhooks` package, an
/// implementation independent of the Rust crate that signed it).
fn keep_sample(name: &str, post: &Received, secrets: &[&str]) {
    let Some(dir) = std::env::var_os("WEBHOOK_SAMPLES_DIR") else {
        return;
    };
    let sample = json!({
        "secrets": secrets,
        "headers": {
            "webhook-id": post.header("webhook-id"),
            "webhook-timestamp": post.header("webhook-timestamp"),
            "webhook-signature": post.header("webhook-signature"),
        },
        "body": post.body,
    });
    let path = std::path::Path::new(&dir).join(format!("{name}.json"));
    std::fs::write(path, sample.to_string()).expect("a webhook sample written");
}

fn verifies(secret: &str, post: &Received) -> bool {
    let mut headers = lambda_http::http::HeaderMap::new();
    for name in ["webhook-id", "webhook-timestamp", "webhook-signature"] {
        headers.insert(name, post.header(name).parse().unwrap());
    }
    standardwebhooks::Webhook::new(secret)
        .unwrap()
        .verify(post.body.as_bytes(), &headers)
        .is_ok()
}

fn types(posts: &[Received]) -> Vec<String> {
    posts
        .iter()
        .map(|p| p.json()["type"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn each_event_type_reaches_the_receiver_signed_with_the_documented_body() {
    let (receiver, app, ws) = reaching().await;
    let all =
        json!({ "events": ["link.created", "link.updated", "link.deleted", "link.clicked", "conversion.created"] });
    let (_, secret) = endpoint(&app, &ws, &receiver, "/all", all).await;
    let id = tracked_link(&app, &ws, "hooked", true).await;
    let change = json!({ "workspaceId": ws.id, "linkId": id, "name": "Shop (renamed)" });
    let (status, body) = app.call(Method::PUT, "/apiv1/link/update", &ws.key, change).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let token = token_of_a_visit(&app, "hooked").await;
    let sale =
        json!({ "workspaceId": ws.id, "clickId": token.encode(), "event": "sale", "amount": 4999, "currency": "EUR" });
    let (status, body) = app.call(Method::POST, "/apiv1/conversions", &ws.key, sale).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = app
        .call(
            Method::DELETE,
            "/apiv1/link/delete",
            &ws.key,
            json!({ "workspaceId": ws.id, "linkId": id }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    let posts = delivered(&app, &receiver, "/all", 5).await;
    let mut seen = types(&posts);
    seen.sort();
    assert_eq!(
        seen,
        [
            "conversion.created",
            "link.clicked",
            "link.created",
            "link.deleted",
            "link.updated"
        ]
    );
    for post in &posts {
        assert!(verifies(&secret, post), "{}", post.body);
        keep_sample(
            &format!("event-{}", post.json()["type"].as_str().unwrap()),
            post,
            &[&secret],
        );
        let event = post.json();
        assert_eq!(event["id"], post.header("webhook-id"));
        assert_eq!(event["workspaceId"], ws.id.as_str());
        assert!(event["createdAt"].as_str().unwrap().ends_with('Z'));
        assert_eq!(post.header("content-type"), "application/json");
    }
    let by_type = |kind: &str| posts.iter().find(|p| p.json()["type"] == kind).unwrap().json()["data"].clone();
    assert_eq!(by_type("link.created")["slug"], "hooked");
    assert_eq!(by_type("link.updated")["name"], "Shop (renamed)");
    assert_eq!(
        by_type("link.deleted"),
        json!({ "id": id, "domain": crate::helpers::DEFAULT_DOMAIN, "slug": "hooked" })
    );
    let click = by_type("link.clicked");
    assert_eq!(
        (&click["linkId"], &click["device"], &click["trigger"]),
        (&json!(id), &json!("desktop"), &json!("link"))
    );
    for absent in ["visitor", "ip", "city", "area", "position"] {
        assert!(click.get(absent).is_none(), "{click}");
    }
    let conversion = by_type("conversion.created");
    assert_eq!(
        (&conversion["amount"], &conversion["currency"], &conversion["source"]),
        (&json!(4999), &json!("EUR"), &json!("api"))
    );
}

#[tokio::test]
async fn an_endpoint_is_told_only_of_the_types_and_links_it_asked_for() {
    let (receiver, app, ws) = reaching().await;
    let first = app
        .create_ok(
            &ws,
            json!({ "name": "One", "slug": "one", "url": "https://example.com/1" }),
        )
        .await;
    endpoint(
        &app,
        &ws,
        &receiver,
        "/one",
        json!({ "events": ["link.clicked"], "linkIds": [first] }),
    )
    .await;
    app.create_ok(
        &ws,
        json!({ "name": "Two", "slug": "two", "url": "https://example.com/2" }),
    )
    .await;
    app.get("two", &[]).await;
    app.get("one", &[]).await;
    let posts = delivered(&app, &receiver, "/one", 1).await;
    settle(&app, Duration::from_millis(600)).await;
    let posts = if posts.len() == 1 {
        receiver.received("/one")
    } else {
        posts
    };
    assert_eq!(types(&posts), ["link.clicked"]);
    assert_eq!(posts[0].json()["data"]["linkId"], first.as_str());
}

#[tokio::test]
async fn a_robots_visit_is_never_an_event() {
    let (receiver, app, ws) = reaching().await;
    endpoint(&app, &ws, &receiver, "/clicks", json!({ "events": ["link.clicked"] })).await;
    app.create_ok(
        &ws,
        json!({ "name": "Bot", "slug": "bot", "url": "https://example.com/" }),
    )
    .await;
    app.get(
        "bot",
        &[("user-agent", "Googlebot/2.1 (+http://www.google.com/bot.html)")],
    )
    .await;
    settle(&app, Duration::from_secs(1)).await;
    assert!(receiver.received("/clicks").is_empty());
}

#[tokio::test]
async fn a_batching_endpoint_gets_the_clicks_together_in_one_signed_request() {
    let (receiver, app, ws) = reaching().await;
    let (_, secret) = endpoint(
        &app,
        &ws,
        &receiver,
        "/batch",
        json!({ "events": ["link.clicked"], "batch": true }),
    )
    .await;
    app.create_ok(
        &ws,
        json!({ "name": "Many", "slug": "many", "url": "https://example.com/" }),
    )
    .await;
    for _ in 0..3 {
        app.get("many", &[]).await;
    }
    let posts = delivered(&app, &receiver, "/batch", 1).await;
    assert_eq!(posts.len(), 1);
    let events = posts[0].json();
    assert_eq!(events.as_array().map(Vec::len), Some(3), "{events}");
    assert!(posts[0].header("webhook-id").starts_with("batch_"));
    assert!(verifies(&secret, &posts[0]));
    keep_sample("batch", &posts[0], &[&secret]);
}

#[tokio::test]
async fn a_receiver_answering_500_then_200_gets_the_event_once_more_and_no_third_time() {
    let (receiver, app, ws) = reaching().await;
    receiver.script("/flaky", &[(500, None)]);
    endpoint(&app, &ws, &receiver, "/flaky", json!({ "events": ["link.created"] })).await;
    app.create_ok(
        &ws,
        json!({ "name": "Flaky", "slug": "flaky", "url": "https://example.com/" }),
    )
    .await;
    assert_eq!(delivered(&app, &receiver, "/flaky", 1).await.len(), 1);
    // The wait before the second attempt is 2.5 to 5 s; the worker's clock is moved past it.
    app.clock.set(app.clock_now() + chrono::Duration::seconds(6));
    let posts = delivered(&app, &receiver, "/flaky", 2).await;
    assert_eq!(posts.len(), 2);
    assert_eq!(posts[0].header("webhook-id"), posts[1].header("webhook-id"));
    app.clock.set(app.clock_now() + chrono::Duration::hours(3));
    settle(&app, Duration::from_secs(1)).await;
    assert_eq!(receiver.received("/flaky").len(), 2);
}

#[tokio::test]
async fn a_410_and_a_400_are_not_retried() {
    let (receiver, app, ws) = reaching().await;
    receiver.script("/gone", &[(410, None)]);
    receiver.script("/bad", &[(400, None)]);
    endpoint(&app, &ws, &receiver, "/gone", json!({ "events": ["link.created"] })).await;
    endpoint(&app, &ws, &receiver, "/bad", json!({ "events": ["link.created"] })).await;
    app.create_ok(
        &ws,
        json!({ "name": "Once", "slug": "once", "url": "https://example.com/" }),
    )
    .await;
    delivered(&app, &receiver, "/gone", 1).await;
    delivered(&app, &receiver, "/bad", 1).await;
    app.clock.set(app.clock_now() + chrono::Duration::hours(3));
    settle(&app, Duration::from_secs(6)).await;
    assert_eq!(
        (receiver.received("/gone").len(), receiver.received("/bad").len()),
        (1, 1)
    );
}

#[tokio::test]
async fn a_redirecting_receiver_is_not_followed_nor_retried() {
    let (receiver, app, ws) = reaching().await;
    endpoint(&app, &ws, &receiver, "/moved", json!({ "events": ["link.created"] })).await;
    app.create_ok(
        &ws,
        json!({ "name": "Moved", "slug": "moved", "url": "https://example.com/" }),
    )
    .await;
    delivered(&app, &receiver, "/moved", 1).await;
    app.clock.set(app.clock_now() + chrono::Duration::hours(3));
    settle(&app, Duration::from_secs(6)).await;
    assert_eq!(receiver.received("/moved").len(), 1);
    assert!(receiver.received("/elsewhere").is_empty());
}

#[tokio::test]
async fn an_endpoint_failing_for_three_days_is_disabled_and_listed_so() {
    let (receiver, app, ws) = reaching().await;
    receiver.script("/dead", &[(503, None); 8]);
    endpoint(&app, &ws, &receiver, "/dead", json!({ "events": ["link.created"] })).await;
    app.create_ok(
        &ws,
        json!({ "name": "A", "slug": "dead-a", "url": "https://example.com/" }),
    )
    .await;
    delivered(&app, &receiver, "/dead", 1).await;
    app.clock
        .set(app.clock_now() + chrono::Duration::days(3) + chrono::Duration::minutes(1));
    app.create_ok(
        &ws,
        json!({ "name": "B", "slug": "dead-b", "url": "https://example.com/" }),
    )
    .await;
    delivered(&app, &receiver, "/dead", 2).await;
    let (_, listed) = app
        .request(
            Method::GET,
            &format!("/apiv1/webhooks?workspaceId={}", ws.id),
            Some(&ws.key),
            None,
        )
        .await;
    let hook = &listed["webhooks"][0];
    assert_eq!(hook["enabled"], false, "{listed}");
    assert!(hook["disabledForFailingAt"].is_string(), "{listed}");
    app.create_ok(
        &ws,
        json!({ "name": "C", "slug": "dead-c", "url": "https://example.com/" }),
    )
    .await;
    settle(&app, Duration::from_secs(1)).await;
    assert_eq!(receiver.received("/dead").len(), 2, "a disabled endpoint is not called");
}

#[tokio::test]
async fn a_loopback_url_is_refused_at_delivery_under_the_production_fetcher() {
    let (receiver, app, ws) = reaching().await;
    endpoint(&app, &ws, &receiver, "/inside", json!({ "events": ["link.created"] })).await;
    // The same table read by a worker with the production fetcher: loopback is never called.
    let production = dev_server::webhooks::WebhookWorker::new(
        (*app.service).clone().with_webhook_fetcher(lib::net::Fetcher::public()),
        app.functions.webhook_worker.queue().clone(),
    );
    app.create_ok(
        &ws,
        json!({ "name": "In", "slug": "inside", "url": "https://example.com/" }),
    )
    .await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    let mut handled = 0;
    while handled == 0 && tokio::time::Instant::now() < deadline {
        app.functions.webhook_producer.drain().await.expect("producer");
        handled = production.run_once(Duration::from_millis(200)).await.expect("worker");
    }
    assert_eq!(handled, 1);
    assert!(receiver.received("/inside").is_empty());
}

#[tokio::test]
async fn during_a_rotation_both_secrets_verify_each_delivery() {
    let (receiver, app, ws) = reaching().await;
    let (id, old) = endpoint(&app, &ws, &receiver, "/rotated", json!({ "events": ["link.created"] })).await;
    let (_, rotated) = app
        .call(
            Method::PUT,
            "/apiv1/webhook/update",
            &ws.key,
            json!({ "workspaceId": ws.id, "webhookId": id, "rotateSecret": true }),
        )
        .await;
    let new = rotated["secret"].as_str().unwrap().to_string();
    app.create_ok(
        &ws,
        json!({ "name": "R", "slug": "rotated", "url": "https://example.com/" }),
    )
    .await;
    let posts = delivered(&app, &receiver, "/rotated", 1).await;
    assert!(verifies(&old, &posts[0]) && verifies(&new, &posts[0]));
    keep_sample("rotation", &posts[0], &[&old, &new]);
    assert_eq!(posts[0].header("webhook-signature").split(' ').count(), 2);
}

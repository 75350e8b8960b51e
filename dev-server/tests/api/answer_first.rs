//! The redirect answers before the click is written, and loses no click: a slow DynamoDB (a
//! delaying proxy in front of DynamoDB Local) shows the order; a DynamoDB that cannot be reached
//! shows the click kept in the dead-letter queue (the local SQS) and written by the replay.

use std::time::Duration;

use lib::store::{Click, DeadLetter, Store};
use lib::testing::{DelayingProxy, RequestCounter, local_dead_letters, messages_in};
use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{DEFAULT_DOMAIN, DESKTOP_CHROME, TestApp, spawn_app_through};

/// How long the slow DynamoDB holds each request: far longer than reading the table directly
/// takes, so the test's look at the table after the answer cannot race the write.
const SLOW: Duration = Duration::from_millis(1500);

/// An app whose functions reach DynamoDB Local through `proxy` (two attempts per request), and
/// a store reaching it directly, to look at the table whatever the proxy does.
async fn app_behind(proxy: &DelayingProxy, settings: dev_server::Settings) -> (TestApp, Store) {
    let app = spawn_app_through(&proxy.endpoint(), 2, settings).await;
    let endpoint = std::env::var("AWS_ENDPOINT_URL_DYNAMODB").expect("DynamoDB Local endpoint");
    let direct = lib::testing::local_client(&endpoint, &RequestCounter::new()).await;
    let table = app.service.config.table_name.clone();
    (app, Store::new(direct, table))
}

async fn upstream_proxy() -> DelayingProxy {
    DelayingProxy::start(&std::env::var("AWS_ENDPOINT_URL_DYNAMODB").expect("DynamoDB Local endpoint")).await
}

/// A visitor's `GET` that does not wait for anything after the answer.
async fn visit_now(app: &TestApp, slug: &str) -> reqwest::Response {
    app.http
        .get(format!("{}/{slug}", app.address))
        .header("host", DEFAULT_DOMAIN)
        .header("user-agent", DESKTOP_CHROME)
        .send()
        .await
        .expect("visit")
}

async fn stored_clicks(store: &Store, app: &TestApp, link_id: &str) -> Vec<Click> {
    let link = store
        .get_link_ref(&crate::helpers::oid(link_id))
        .await
        .expect("ref")
        .expect("the link");
    store
        .clicks_on(&link.workspace_id, app.clock_now().date_naive())
        .await
        .expect("clicks")
}

#[tokio::test]
async fn the_302_arrives_before_the_click_is_written_and_the_click_is_there_afterwards() {
    let proxy = upstream_proxy().await;
    let (app, direct) = app_behind(&proxy, dev_server::Settings::default()).await;
    let ws = app.workspace().await;
    let id = app
        .create_ok(&ws, json!({ "name": "Slow", "slug": "slow", "url": "https://e.com/" }))
        .await;
    assert!(stored_clicks(&direct, &app, &id).await.is_empty());
    proxy.delay(SLOW);

    let response = visit_now(&app, "slow").await;
    let answered = std::time::Instant::now();

    assert_eq!(response.status(), StatusCode::FOUND);
    assert!(
        stored_clicks(&direct, &app, &id).await.is_empty(),
        "the answer came before the click's write reached DynamoDB"
    );
    assert!(
        answered.elapsed() < SLOW,
        "the look at the table was quick enough to tell"
    );
    app.settled().await;
    assert_eq!(stored_clicks(&direct, &app, &id).await.len(), 1);
}

#[tokio::test]
async fn a_click_whose_write_fails_is_kept_in_the_dead_letter_queue_and_the_replay_writes_it() {
    let proxy = upstream_proxy().await;
    let queue = local_dead_letters().await;
    let settings = dev_server::Settings {
        dead_letters: Some(queue.clone()),
        ..dev_server::Settings::default()
    };
    let (app, direct) = app_behind(&proxy, settings).await;
    let ws = app.workspace().await;
    let id = app
        .create_ok(&ws, json!({ "name": "Down", "slug": "down", "url": "https://e.com/" }))
        .await;
    assert_eq!(visit_now(&app, "down").await.status(), StatusCode::FOUND);
    app.settled().await;
    proxy.fail();

    // The link is in the function's cache: the visitor is served while DynamoDB is unreachable.
    assert_eq!(visit_now(&app, "down").await.status(), StatusCode::FOUND);
    app.settled().await;

    assert_eq!(stored_clicks(&direct, &app, &id).await.len(), 1);
    assert_eq!(messages_in(&queue).await, 1);
    proxy.recover();
    let replayed = app.service.replay_dead_letters(&queue, 100).await.expect("replay");
    assert_eq!(
        (replayed.written, replayed.already_stored, replayed.unreadable),
        (1, 0, 0)
    );
    assert_eq!(stored_clicks(&direct, &app, &id).await.len(), 2);
    assert_eq!(messages_in(&queue).await, 0);
}

#[tokio::test]
async fn a_replayed_click_that_is_stored_already_is_not_written_twice() {
    let proxy = upstream_proxy().await;
    let queue = local_dead_letters().await;
    let (app, direct) = app_behind(&proxy, dev_server::Settings::default()).await;
    let ws = app.workspace().await;
    let id = app
        .create_ok(
            &ws,
            json!({ "name": "Twice", "slug": "twice", "url": "https://e.com/" }),
        )
        .await;
    assert_eq!(visit_now(&app, "twice").await.status(), StatusCode::FOUND);
    app.settled().await;
    let visited = stored_clicks(&direct, &app, &id).await.remove(0);
    let click = Click {
        id: lib::domain::ids::ObjectId::generate(visited.at, &lib::clock::OsEntropy),
        ..visited
    };
    let placement = lib::store::ClickPlacement {
        shard: 3,
        expires_at: click.at + chrono::Duration::days(400),
    };
    let letter = DeadLetter::new(click, placement);
    queue.send(&letter).await.expect("send");
    let first = app.service.replay_dead_letters(&queue, 100).await.expect("replay");
    queue.send(&letter).await.expect("send again");

    let second = app
        .service
        .replay_dead_letters(&queue, 100)
        .await
        .expect("replay again");

    assert_eq!((first.written, first.already_stored), (1, 0));
    assert_eq!((second.written, second.already_stored), (0, 1));
    assert_eq!(stored_clicks(&direct, &app, &id).await.len(), 2);
    assert_eq!(messages_in(&queue).await, 0);
}

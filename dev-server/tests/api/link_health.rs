//! Link health on DynamoDB Local: the checker asks a local https server that answers 200, 404,
//! 500, a redirect and not at all, and a name that does not resolve; two failures in a row make
//! a link broken, its record says so, `health=broken` lists it, and the owner's daily mail
//! names it; a workspace that turned checking off is passed over.

use std::time::Duration;

use chrono::Duration as Days;
use lib::clock::Clock;
use lib::domain::ids::ObjectId;
use lib::service::health::{HealthBudget, RUN_BUDGET};
use lib::testing::logos::LogoServer;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestWorkspace, spawn_with};

/// The run's budget with no wait between requests to one host (every destination is on
/// `localhost`), no host's or workspace's share short of the whole run, and a short deadline
/// for the one that hangs.
pub const QUICK: HealthBudget = HealthBudget {
    host_gap: Duration::ZERO,
    host_share: 100,
    workspace_share: 100,
    limits: lib::net::Limits {
        timeout: Duration::from_millis(700),
        ..lib::service::health::PROBE_LIMITS
    },
    ..RUN_BUDGET
};

pub async fn app_asking(server: &LogoServer) -> TestApp {
    let fetcher = server.plain_fetcher();
    spawn_with(
        |_| {},
        move |service| {
            service
                .with_health_fetcher(fetcher)
                .with_mailer(lib::testing::mail::test_mailer())
        },
        dev_server::Settings::default(),
    )
    .await
}

pub async fn link_to(app: &TestApp, ws: &TestWorkspace, slug: &str, url: &str) -> String {
    app.create_ok(ws, json!({ "name": slug, "slug": slug, "url": url }))
        .await
}

pub async fn record(app: &TestApp, ws: &TestWorkspace, id: &str) -> Value {
    let (status, body) = app
        .request(
            Method::GET,
            &format!("/apiv1/links/{id}?workspaceId={}", ws.id),
            Some(&ws.key),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

pub async fn broken_listed(app: &TestApp, ws: &TestWorkspace) -> Vec<String> {
    let (status, body) = app
        .request(
            Method::GET,
            &format!("/apiv1/links?workspaceId={}&health=broken", ws.id),
            Some(&ws.key),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let mut slugs: Vec<String> = body["links"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["slug"].as_str().unwrap().to_string())
        .collect();
    slugs.sort();
    slugs
}

#[tokio::test]
async fn two_failed_checks_in_a_row_break_a_link_and_its_record_and_the_list_say_so() {
    let server = LogoServer::start().await;
    let app = app_asking(&server).await;
    let ws = app.workspace().await;
    let ok = link_to(&app, &ws, "ok", &server.url("/logo.png")).await;
    let gone = link_to(&app, &ws, "gone", &server.url("/gone")).await;
    link_to(&app, &ws, "failing", &server.url("/server-error")).await;
    let moved = link_to(&app, &ws, "moved", &server.url("/redirect")).await;
    link_to(&app, &ws, "hangs", &server.url("/slow")).await;
    let nowhere = link_to(&app, &ws, "nowhere", "https://nowhere.invalid/landing").await;

    let first = app.service.check_link_health_within(QUICK).await.unwrap();
    assert_eq!((first.links, first.broke, first.pass_finished), (6, 0, true));
    assert_eq!(record(&app, &ws, &ok).await["health"]["status"], "ok");
    assert_eq!(
        record(&app, &ws, &moved).await["health"]["destinations"][0]["status"],
        "redirect"
    );
    let once = record(&app, &ws, &gone).await;
    assert_eq!(once["health"]["status"], "unknown", "{once}");
    assert_eq!(once["health"]["destinations"][0]["status"], "clientError");
    assert_eq!(once["health"]["destinations"][0]["failures"], 1);
    assert_eq!(broken_listed(&app, &ws).await, Vec::<String>::new());

    let second = app.service.check_link_health_within(QUICK).await.unwrap();
    assert_eq!(second.broke, 4);
    let broken = record(&app, &ws, &nowhere).await["health"].clone();
    assert_eq!(broken["status"], "broken");
    assert_eq!(broken["failingUrl"], "https://nowhere.invalid/landing");
    assert_eq!(broken["destinations"][0]["status"], "dns");
    assert_eq!(broken["since"], json!(app.clock.now()));
    assert_eq!(broken_listed(&app, &ws).await, ["failing", "gone", "hangs", "nowhere"]);
    assert_eq!(record(&app, &ws, &ok).await["health"]["status"], "ok");
}

#[tokio::test]
async fn a_link_never_checked_has_unknown_health_with_nothing_failing() {
    let server = LogoServer::start().await;
    let app = app_asking(&server).await;
    let ws = app.workspace().await;
    let id = link_to(&app, &ws, "fresh", &server.url("/logo.png")).await;
    let health = record(&app, &ws, &id).await["health"].clone();
    assert_eq!(
        health,
        json!({ "status": "unknown", "failingUrl": null, "since": null, "destinations": [] })
    );
}

#[tokio::test]
async fn a_workspace_that_turned_checking_off_is_passed_over() {
    let server = LogoServer::start().await;
    let app = app_asking(&server).await;
    let ws = app.workspace().await;
    let id = link_to(&app, &ws, "quiet", &server.url("/gone")).await;
    let workspace = ObjectId::parse(&ws.id).unwrap();
    assert!(app.service.set_health_checks_off(&workspace, true).await.unwrap());
    let run = app.service.check_link_health_within(QUICK).await.unwrap();
    assert_eq!((run.links, run.requests, run.skipped), (0, 0, 1));
    assert_eq!(record(&app, &ws, &id).await["health"]["status"], "unknown");
}

#[tokio::test]
async fn an_inactive_link_is_not_checked() {
    let server = LogoServer::start().await;
    let app = app_asking(&server).await;
    let ws = app.workspace().await;
    app.create_ok(
        &ws,
        json!({ "name": "off", "slug": "off", "url": server.url("/gone"), "active": false }),
    )
    .await;
    let run = app.service.check_link_health_within(QUICK).await.unwrap();
    assert_eq!((run.links, run.requests, run.skipped), (0, 0, 1));
}

#[tokio::test]
async fn a_run_stops_at_its_request_budget_and_the_next_goes_on_from_there() {
    let server = LogoServer::start().await;
    let app = app_asking(&server).await;
    let ws = app.workspace().await;
    for n in 0..5 {
        link_to(&app, &ws, &format!("l{n}"), &server.url("/logo.png")).await;
    }
    let small = HealthBudget {
        requests: 2,
        page: 2,
        parallel: 1,
        ..QUICK
    };
    let first = app.service.check_link_health_within(small).await.unwrap();
    assert_eq!((first.requests, first.pass_finished), (2, false));
    let mut runs = 1;
    while !app.service.check_link_health_within(small).await.unwrap().pass_finished {
        runs += 1;
        assert!(runs < 10, "the pass never ends");
    }
    assert!(runs >= 2);
}

#[tokio::test]
async fn the_owner_is_mailed_once_the_next_day_about_what_broke_and_not_when_nothing_did() {
    let server = LogoServer::start().await;
    let app = app_asking(&server).await;
    let ws = app.workspace().await;
    link_to(&app, &ws, "gone", &server.url("/gone")).await;
    let quiet = app.workspace().await;
    link_to(&app, &quiet, "fine", &server.url("/logo.png")).await;
    app.service.check_link_health_within(QUICK).await.unwrap();
    app.service.check_link_health_within(QUICK).await.unwrap();
    let broke_on = app.clock.now().format("%Y-%m-%d").to_string();
    app.clock.set(app.clock.now() + Days::days(1));

    assert_eq!(app.service.mail_broken_links().await.unwrap(), 1);
    assert_eq!(app.service.mail_broken_links().await.unwrap(), 0, "once a day");
    let owner = owner_email(&app, &ws).await;
    let mails = lib::testing::mail::caught_mail(&owner);
    assert_eq!(mails.len(), 1);
    assert!(mails[0].subject.contains(&broke_on), "{}", mails[0].subject);
    assert!(mails[0].text.contains(&server.url("/gone")), "{}", mails[0].text);
    assert!(mails[0].text.contains("client error"), "{}", mails[0].text);
    assert!(lib::testing::mail::caught_mail(&owner_email(&app, &quiet).await).is_empty());
}

async fn owner_email(app: &TestApp, ws: &TestWorkspace) -> String {
    let user = app
        .store()
        .get_user(&ObjectId::parse(&ws.owner).unwrap())
        .await
        .unwrap()
        .unwrap();
    user.email.as_str().to_string()
}

#[tokio::test]
async fn an_endpoint_is_told_when_a_link_breaks_and_when_it_recovers() {
    let server = LogoServer::start().await;
    let receiver = lib::testing::receiver::WebhookReceiver::start().await;
    let (probes, hooks) = (server.plain_fetcher(), receiver.fetcher());
    let app = spawn_with(
        |_| {},
        move |service| service.with_health_fetcher(probes).with_webhook_fetcher(hooks),
        dev_server::Settings::default(),
    )
    .await;
    let ws = app.workspace().await;
    let endpoint = json!({
        "workspaceId": ws.id, "url": receiver.url("/health"), "events": ["link.broken", "link.recovered"]
    });
    let (status, body) = app.call(Method::POST, "/apiv1/webhook/create", &ws.key, endpoint).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let id = link_to(&app, &ws, "shop", &server.url("/gone")).await;
    app.service.check_link_health_within(QUICK).await.unwrap();
    app.service.check_link_health_within(QUICK).await.unwrap();
    let broke = delivered(&app, &receiver, 1).await;
    assert_eq!(broke[0]["type"], "link.broken");
    assert_eq!(broke[0]["data"]["id"], id.as_str());
    assert_eq!(broke[0]["data"]["health"]["status"], "broken");
    assert_eq!(broke[0]["data"]["health"]["failingUrl"], server.url("/gone"));

    let change = json!({
        "workspaceId": ws.id, "linkId": id,
        "rules": [{ "targetUrl": server.url("/logo.png"), "isDefault": true }]
    });
    let (status, body) = app.call(Method::PUT, "/apiv1/link/update", &ws.key, change).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let run = app.service.check_link_health_within(QUICK).await.unwrap();
    assert_eq!(run.recovered, 1);
    let both = delivered(&app, &receiver, 2).await;
    assert_eq!(both.len(), 2, "one event each, no repeat");
    assert_eq!(both[1]["type"], "link.recovered");
    assert_eq!(both[1]["data"]["health"]["status"], "ok");
}

/// Runs the producer and the worker until the receiver has `count` posts at `/health` (or 15 s).
async fn delivered(app: &TestApp, receiver: &lib::testing::receiver::WebhookReceiver, count: usize) -> Vec<Value> {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    while receiver.received("/health").len() < count && tokio::time::Instant::now() < deadline {
        app.functions.webhook_producer.drain().await.expect("producer");
        app.functions
            .webhook_worker
            .run_once(Duration::from_millis(200))
            .await
            .expect("worker");
    }
    receiver
        .received("/health")
        .iter()
        .map(|r| serde_json::from_str(&r.body).unwrap())
        .collect()
}

/// The cost figures of docs/behaviour/trust-health.md: per link a run writes its health item
/// once and reads it, its link and its workspace in batches of a page; the pass reads the lean
/// index a page at a time.
#[tokio::test]
async fn a_pass_costs_one_write_a_link_and_a_few_batched_reads_a_page() {
    let server = LogoServer::start().await;
    let app = app_asking(&server).await;
    let ws = app.workspace().await;
    for batch in 0..2 {
        let links: Vec<Value> = (0..100)
            .map(|n| json!({ "name": format!("l{batch}-{n}"), "url": server.url("/logo.png") }))
            .collect();
        let (status, body) = app.bulk(&ws, json!(links)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    app.requests.reset();
    let run = app.service.check_link_health_within(QUICK).await.unwrap();
    let counts = app.requests.snapshot();
    let reads = app.requests.reads();
    eprintln!("200 links: {run:?}; DynamoDB requests {counts:?}; {reads:?}");
    assert_eq!((run.links, run.requests, run.pass_finished), (200, 200, true));
    assert_eq!(
        counts.get("PutItem"),
        Some(&201),
        "a health item a link, and the cursor"
    );
    assert!(counts.get("Scan").copied().unwrap_or(0) <= 3, "{counts:?}");
    assert!(counts.get("BatchGetItem").copied().unwrap_or(0) <= 9, "{counts:?}");
}

#[tokio::test]
async fn the_app_marks_a_broken_link_in_the_list_and_shows_each_destination_on_its_page() {
    let server = LogoServer::start().await;
    let app = app_asking(&server).await;
    let (email, ws_id, mut browser) = crate::team_support::owned_workspace(&app).await;
    let owner = crate::team_support::id_of(&app, &email).await;
    let key = app.key_for(&owner, true, None).await;
    let ws = TestWorkspace {
        id: ws_id.clone(),
        key,
        owner,
    };
    let broken = link_to(&app, &ws, "gone", &server.url("/gone")).await;
    let fine = link_to(&app, &ws, "fine", &server.url("/logo.png")).await;
    app.service.check_link_health_within(QUICK).await.unwrap();
    app.service.check_link_health_within(QUICK).await.unwrap();

    let list = browser.get(&format!("/app/w/{ws_id}/links")).await;
    assert_eq!(list.html.matches("Broken destination").count(), 1, "{}", list.html);
    let page = browser.get(&format!("/app/w/{ws_id}/links/{broken}/analytics")).await;
    assert!(page.html.contains("failed twice in a row."), "{}", page.html);
    assert!(page.html.contains("client error (4xx)"), "{}", page.html);
    let page = browser.get(&format!("/app/w/{ws_id}/links/{fine}/analytics")).await;
    assert!(page.html.contains("Every destination answered when last checked."));
}

#[tokio::test]
async fn a_link_the_operator_disabled_is_not_checked() {
    let server = LogoServer::start().await;
    let app = app_asking(&server).await;
    let ws = app.workspace().await;
    let id = link_to(&app, &ws, "stopped", &server.url("/gone")).await;
    let reason = lib::domain::parse_reason("phishing").unwrap();
    let by = lib::domain::parse_operator("ops").unwrap();
    app.service
        .disable_link(&ObjectId::parse(&id).unwrap(), &reason, &by)
        .await
        .unwrap();
    let run = app.service.check_link_health_within(QUICK).await.unwrap();
    assert_eq!((run.links, run.requests, run.skipped), (0, 0, 1));
}

#[tokio::test]
async fn a_blocked_destination_is_never_asked() {
    let server = LogoServer::start().await;
    let app = app_asking(&server).await;
    let ws = app.workspace().await;
    link_to(&app, &ws, "kit", "https://phish-kit.invalid/login").await;
    let entry = lib::domain::BlockEntry::parse("phish-kit.invalid").unwrap();
    let reason = lib::domain::parse_reason("phishing").unwrap();
    let by = lib::domain::parse_operator("ops").unwrap();
    app.service.block_destination(&entry, &reason, &by).await.unwrap();
    let run = app.service.check_link_health_within(QUICK).await.unwrap();
    assert_eq!((run.links, run.requests, run.skipped), (0, 0, 1));
}

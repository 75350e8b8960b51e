//! Issue 50's findings where one tenant could cost every other: each test is named as the attack
//! it stops, and each failed before its fix.

use lib::domain::Hostname;
use lib::store::{ClaimRemoval, CreateLinkFailure};

use crate::domain_support::{HOST, app_with_dns};
use crate::helpers::oid;
use crate::webhook_endpoints::owner;

/// Finding 9: the hourly re-check asked about every claim of every workspace from the first,
/// each page with an unanswered question waiting up to six seconds, so one tenant's claims on
/// name servers that never answer spent the run's time before anyone else's came (before: all
/// 50 asked). Once a workspace has five unanswered questions in a run, its other claims wait.
#[tokio::test]
async fn fifty_claims_on_name_servers_that_never_answer_cost_the_recheck_one_page() {
    let (app, dns) = app_with_dns().await;
    let (silent, healthy) = (app.workspace().await, app.workspace().await);
    let silent = owner(&app, &silent).await;
    for i in 0..50 {
        let host = format!("go{i}.silent.example");
        app.service.add_domain_claim(&silent, &host).await.expect("a claim");
        dns.fail(&format!("_smartlinks.{host}"));
    }
    let healthy = owner(&app, &healthy).await;
    let shop = app
        .service
        .add_domain_claim(&healthy, "shop.healthy.example")
        .await
        .unwrap();
    dns.set_txt(&shop.claim.record_name(), &[&shop.claim.record_value()]);

    let done = app.service.recheck_domains().await.unwrap();

    assert_eq!(dns.names_asked_under("silent.example").len(), 25);
    assert_eq!((done.verified, done.unanswered, done.deferred), (1, 25, 25));
    let setups = app.service.domain_setups(&healthy).await.unwrap();
    assert_eq!(setups[0].claim.status, lib::domain::DomainStatus::Verified);
}

fn on(host: &str, slug: &str) -> serde_json::Value {
    serde_json::json!({ "name": slug, "slug": slug, "domain": host, "url": "https://example.com/landing" })
}

/// Finding 3: removing a domain counted its links on an eventually consistent index, so a link
/// made a moment before could go uncounted and outlive its domain (before: the store removed
/// the domain under a live link). The holder now counts its links in each link's own write, and
/// the removal's condition reads that count.
#[tokio::test]
async fn a_domain_cannot_be_removed_under_a_link_the_index_has_not_seen_yet() {
    let (app, dns) = app_with_dns().await;
    let mut owner = crate::domain_support::owner(&app).await;
    owner.verified(&dns, HOST).await;
    let ws = owner.api(&app).await;
    app.create_ok(&ws, on(HOST, "login")).await;
    let claim = app
        .store()
        .domain_claim(&oid(&ws.id), &Hostname::parse("domain", HOST).unwrap())
        .await
        .unwrap()
        .expect("the claim");

    // What the service does once the index has said "no links" (as a lagging one may).
    let removal = app.store().remove_domain_claim(&claim).await.unwrap();

    assert_eq!(removal, ClaimRemoval::InUse(1));
    let visit = app.get("login", &[("host", HOST)]).await;
    assert_eq!(visit.location(), Some("https://example.com/landing"));
}

/// Finding 3: a link write never re-read the domain's holder, so a link checked against a
/// holder read before the domain's removal was written after it (before: created on a host
/// nobody held). Each link write now carries a condition on the holder.
#[tokio::test]
async fn a_link_checked_before_its_domain_was_removed_is_not_written_after() {
    let (app, dns) = app_with_dns().await;
    let mut owner = crate::domain_support::owner(&app).await;
    owner.verified(&dns, HOST).await;
    let ws = owner.api(&app).await;
    let host = Hostname::parse("domain", HOST).unwrap();
    let mut link = lib::testing::link_from_json(on(HOST, "login"));
    link.workspace_id = oid(&ws.id);
    link.domain = host;

    owner.remove(HOST).await;
    let written = app.store().create_link(&link).await.unwrap();

    assert_eq!(written, Err(CreateLinkFailure::DomainUnavailable));
}

/// Finding 3: a host stayed its first holder's for good, and its links kept redirecting, so a
/// workspace that let a domain lapse kept live links on a host its new owner could not claim
/// (before: the new owner's claim was refused). Whoever proves control of a lapsed host now
/// takes it, and the old holder's links there answer 404.
#[tokio::test]
async fn a_lapsed_domain_goes_to_whoever_proves_control_and_the_old_holders_links_stop() {
    let (app, dns) = app_with_dns().await;
    let mut old = crate::domain_support::owner(&app).await;
    old.verified(&dns, HOST).await;
    let old_ws = old.api(&app).await;
    app.create_ok(&old_ws, on(HOST, "login")).await;
    dns.remove(&format!("_smartlinks.{HOST}"));
    let start = app.clock_now();
    app.service.recheck_domains().await.unwrap();
    app.clock.set(start + chrono::Duration::days(7));
    assert_eq!(app.service.recheck_domains().await.unwrap().invalid, 1);

    let mut new = crate::domain_support::owner(&app).await;
    new.add(HOST).await;
    let tab = new.tab().await;
    assert!(tab.html.contains(">pending<"), "{}", tab.html);
    new.publish(&dns, HOST).await;
    new.verify(HOST).await;
    let new_ws = new.api(&app).await;
    app.create_ok(&new_ws, on(HOST, "promo")).await;

    assert_eq!(
        app.get("login", &[("host", HOST)]).await.status,
        reqwest::StatusCode::NOT_FOUND
    );
    let promo = app.get("promo", &[("host", HOST)]).await;
    assert_eq!(promo.location(), Some("https://example.com/landing"));
}

/// Finding 2: every queued delivery was attempted, each holding a shared worker for up to five
/// seconds when its endpoint did not answer, so one workspace's twenty dead endpoints and an
/// event a minute filled the workers every other workspace's deliveries wait for (before: all
/// 100 deliveries attempted, and their retries). A workspace now spends at most ten attempts a
/// minute on its failing endpoints, a silent endpoint is tried one delivery at a time and rests
/// after three attempts in a row without an answer; the rest wait, untried.
#[tokio::test]
async fn twenty_dead_endpoints_cost_the_workers_a_few_attempts_and_a_healthy_tenant_is_served() {
    let receiver = lib::testing::receiver::WebhookReceiver::start().await;
    let app = crate::helpers::spawn_reaching(receiver.fetcher()).await;
    let (noisy, healthy) = (app.workspace().await, app.workspace().await);
    // A port nobody listens on: every attempt there ends without an answer.
    let dead_port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut dead = Vec::new();
    for i in 0..20 {
        let url = format!("https://localhost:{dead_port}/dead{i}");
        dead.push(webhook(&app, &noisy, &url).await);
    }
    webhook(&app, &healthy, &receiver.url("/healthy")).await;

    // An event, then three a minute for two minutes: 140 deliveries to dead endpoints.
    app.create_ok(&noisy, on("sl.test", "noisy-0")).await;
    let each_tried_once = async || {
        for id in &dead {
            if app.store().recent_deliveries(&oid(id)).await.unwrap().is_empty() {
                return false;
            }
        }
        true
    };
    deliver_until(&app, each_tried_once).await;
    for minute in 1..3 {
        app.clock.set(app.clock_now() + chrono::Duration::minutes(1));
        for i in 0..3 {
            app.create_ok(&noisy, on("sl.test", &format!("noisy-{minute}-{i}")))
                .await;
        }
        deliver_until(&app, async || true).await;
    }
    app.clock.set(app.clock_now() + chrono::Duration::minutes(1));
    app.create_ok(&healthy, on("sl.test", "healthy")).await;
    deliver_until(&app, async || !receiver.received("/healthy").is_empty()).await;

    assert_eq!(receiver.received("/healthy").len(), 1);
    let mut attempts = Vec::new();
    for id in &dead {
        attempts.push(app.store().recent_deliveries(&oid(id)).await.unwrap().len());
    }
    // Each endpoint's first, then ten a minute (three more minutes) while they fail. (A fresh
    // endpoint's first deliveries may go side by side before its first silence is known.)
    assert!(attempts.iter().sum::<usize>() <= 20 + 3 * 10, "{attempts:?}");
}

/// Runs the producer and the worker until `done` says so, for two seconds at least and fifteen
/// at most (a busy machine may need the longer).
async fn deliver_until(app: &crate::helpers::TestApp, done: impl AsyncFn() -> bool) {
    let started = tokio::time::Instant::now();
    loop {
        app.functions.webhook_producer.drain().await.expect("the producer");
        let wait = std::time::Duration::from_millis(100);
        app.functions.webhook_worker.run_once(wait).await.expect("the worker");
        let elapsed = started.elapsed();
        if elapsed > std::time::Duration::from_secs(15) || (elapsed > std::time::Duration::from_secs(2) && done().await)
        {
            return;
        }
    }
}

async fn webhook(app: &crate::helpers::TestApp, ws: &crate::helpers::TestWorkspace, url: &str) -> String {
    let body = serde_json::json!({ "workspaceId": ws.id, "url": url, "events": ["link.created"] });
    let (status, created) = app
        .call(reqwest::Method::POST, "/apiv1/webhook/create", &ws.key, body)
        .await;
    assert_eq!(status, reqwest::StatusCode::OK, "{created}");
    created["id"].as_str().unwrap().to_string()
}

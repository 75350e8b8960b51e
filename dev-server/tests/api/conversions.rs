//! Conversion tracking: the click id a tracked redirect hands each person.

use lib::domain::ClickToken;
use lib::store::Recorded;
use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::helpers::{TestApp, TestWorkspace, spawn_app};

async fn tracked_link(app: &TestApp, ws: &TestWorkspace, slug: &str, tracking: bool) -> String {
    app.create_ok(
        ws,
        json!({ "name": "Shop", "slug": slug, "url": "https://shop.example/landing?x=1",
                "conversionTracking": tracking }),
    )
    .await
}

fn click_id(location: &str) -> Option<&str> {
    location.split_once("sl_cid=").map(|(_, token)| token)
}

#[tokio::test]
async fn a_person_on_a_tracked_link_takes_the_id_of_their_own_click_to_the_destination() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = tracked_link(&app, &ws, "shop", true).await;
    app.get("shop", &[]).await;
    app.requests.reset();
    let visit = app.get("shop?utm_source=mail&sl_cid=forged", &[]).await;
    assert_eq!(
        app.requests.snapshot(),
        [("PutItem".to_string(), 1)].into(),
        "the id costs no request"
    );
    assert_eq!(visit.status, StatusCode::FOUND);
    let location = visit.location().unwrap();
    assert!(
        location.starts_with("https://shop.example/landing?x=1&utm_source=mail&sl_cid="),
        "{location}"
    );
    let token = ClickToken::decode(click_id(location).unwrap()).expect("a token");
    let clicks = app.clicks(&id).await;
    let click = clicks
        .iter()
        .find(|c| c.id == token.click_id)
        .expect("the token names a stored click");
    assert_eq!(
        (&token.workspace_id, token.at.timestamp_millis()),
        (&click.workspace_id, click.at.timestamp_millis())
    );
}

#[tokio::test]
async fn every_visit_gets_an_id_of_its_own() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    tracked_link(&app, &ws, "twice", true).await;
    let first = app.get("twice", &[]).await.location().map(str::to_string);
    let second = app.get("twice", &[]).await.location().map(str::to_string);
    assert_ne!(first, second);
}

#[tokio::test]
async fn bots_crawlers_head_and_untracked_links_get_no_click_id() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    tracked_link(&app, &ws, "on", true).await;
    tracked_link(&app, &ws, "off", false).await;
    let plain = app.get("off", &[]).await;
    assert_eq!(plain.location(), Some("https://shop.example/landing?x=1"));
    let bot = app
        .get(
            "on",
            &[(
                "user-agent",
                "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            )],
        )
        .await;
    assert_eq!(bot.location(), Some("https://shop.example/landing?x=1"));
    let head = app.visit(Method::HEAD, "on", &[]).await;
    assert_eq!(head.location(), Some("https://shop.example/landing?x=1"));
    let crawler = app.get("on", &[("user-agent", "facebookexternalhit/1.1")]).await;
    assert_eq!(crawler.status, StatusCode::OK);
    assert!(!crawler.body.contains("sl_cid"), "{}", crawler.body);
}

async fn token_of_a_visit(app: &TestApp, slug: &str) -> ClickToken {
    let visit = app.get(slug, &[]).await;
    ClickToken::decode(click_id(visit.location().unwrap()).unwrap()).unwrap()
}

fn conversion_of(click: &lib::store::Click, event: &str) -> lib::store::Conversion {
    lib::store::Conversion {
        id: click.id.clone(),
        workspace_id: click.workspace_id.clone(),
        click_id: click.id.clone(),
        link_id: click.link_id.clone(),
        event: event.into(),
        at: click.at,
        day: click.day,
        rule_id: click.rule_id.clone(),
        variant_id: click.variant_id.clone(),
        amount: None,
        currency: None,
    }
}

#[tokio::test]
async fn a_token_finds_its_click_in_one_read_and_nothing_else() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    tracked_link(&app, &ws, "find", true).await;
    let token = token_of_a_visit(&app, "find").await;
    app.requests.reset();
    let click = app.store().get_click(&token).await.unwrap().expect("the click");
    assert_eq!(click.id, token.click_id);
    assert_eq!(app.requests.snapshot(), [("GetItem".to_string(), 1)].into());
    let other = ClickToken {
        click_id: lib::ids::ObjectId::generate(token.at, &lib::testing::SeededEntropy::new(9)),
        ..token.clone()
    };
    assert_eq!(app.store().get_click(&other).await.unwrap(), None);
    let elsewhere = ClickToken {
        shard: (token.shard + 1) % 32,
        ..token
    };
    assert_eq!(app.store().get_click(&elsewhere).await.unwrap(), None);
}

#[tokio::test]
async fn a_click_converts_once_per_event() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    tracked_link(&app, &ws, "once", true).await;
    let token = token_of_a_visit(&app, "once").await;
    let click = app.store().get_click(&token).await.unwrap().unwrap();
    let expires = click.at + chrono::Duration::days(400);
    let store = app.store();
    let first = conversion_of(&click, "signup");
    assert_eq!(
        store.record_conversion(&first, "signup", 0, expires).await.unwrap(),
        Recorded::New
    );
    let again = lib::store::Conversion {
        id: lib::ids::ObjectId::generate(click.at, &lib::testing::SeededEntropy::new(2)),
        ..first.clone()
    };
    assert_eq!(
        store.record_conversion(&again, "signup", 1, expires).await.unwrap(),
        Recorded::Duplicate(Box::new(first)),
        "the first stands"
    );
    assert_eq!(
        store
            .record_conversion(&conversion_of(&click, "sale"), "sale", 2, expires)
            .await
            .unwrap(),
        Recorded::New
    );
}

/// Whether the click of `token` already has a conversion named `event` (recording it again is
/// refused); a probe that leaves one behind when there was none.
async fn has_converted(app: &TestApp, token: &ClickToken, event: &str) -> bool {
    let click = app.store().get_click(token).await.unwrap().unwrap();
    let expires = click.at + chrono::Duration::days(400);
    let probe = conversion_of(&click, event);
    let recorded = app.store().record_conversion(&probe, event, 3, expires).await.unwrap();
    matches!(recorded, Recorded::Duplicate(_))
}

async fn pixel(app: &TestApp, query: &str) -> crate::helpers::Visit {
    let hit = app.get(&format!("_sl/c?{query}"), &[]).await;
    assert_eq!(hit.status, StatusCode::OK, "{query}");
    assert_eq!(hit.headers["content-type"], "image/gif", "{query}");
    assert_eq!(hit.headers["cache-control"], "no-store", "{query}");
    assert!(hit.body.starts_with("GIF89a"), "{query}");
    hit
}

#[tokio::test]
async fn the_pixel_records_an_event_once_per_click_and_a_lead_when_unnamed() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    tracked_link(&app, &ws, "px", true).await;
    let token = token_of_a_visit(&app, "px").await;
    let cid = token.encode();
    pixel(&app, &format!("cid={cid}&e=signup")).await;
    app.requests.reset();
    pixel(&app, &format!("cid={cid}&e=signup")).await;
    let reload = app.requests.snapshot();
    assert_eq!(
        reload.get("TransactWriteItems"),
        Some(&1),
        "{reload:?}: the reload's put is refused by its condition"
    );
    pixel(&app, &format!("cid={cid}")).await;
    assert!(has_converted(&app, &token, "signup").await);
    assert!(has_converted(&app, &token, "lead").await);
    assert!(!has_converted(&app, &token, "sale").await);
    let day = app.clock_now().date_naive();
    let recorded = app.store().conversions_on(&token.workspace_id, day).await.unwrap();
    let mut events: Vec<&str> = recorded.iter().map(|c| c.event.as_str()).collect();
    events.sort_unstable();
    assert_eq!(
        events,
        ["lead", "sale", "signup"],
        "one record per conversion for the aggregator (the sale is the probe's), none for the refused repeats"
    );
}

#[tokio::test]
async fn forged_truncated_and_malformed_pixels_get_the_gif_and_record_nothing() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    tracked_link(&app, &ws, "fake", true).await;
    let token = token_of_a_visit(&app, "fake").await;
    let cid = token.encode();
    app.requests.reset();
    for query in [
        String::new(),
        format!("cid={}", &cid[..41]),
        format!("cid={cid}&e=Sign%20Up"),
        "cid=%00%01&e=lead".to_string(),
    ] {
        pixel(&app, &query).await;
    }
    assert!(app.requests.snapshot().is_empty(), "a malformed pixel costs no request");
    let forged = ClickToken {
        click_id: lib::ids::ObjectId::generate(token.at, &lib::testing::SeededEntropy::new(4)),
        ..token.clone()
    };
    app.requests.reset();
    pixel(&app, &format!("cid={}", forged.encode())).await;
    assert_eq!(app.requests.snapshot(), [("GetItem".to_string(), 1)].into());
    assert!(!has_converted(&app, &token, "lead").await);
}

#[tokio::test]
async fn a_pixel_counts_nothing_once_tracking_is_off_or_after_the_window() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = tracked_link(&app, &ws, "late", true).await;
    let early = token_of_a_visit(&app, "late").await;
    let later = token_of_a_visit(&app, "late").await;
    app.clock.set(app.clock_now() + chrono::Duration::days(90));
    pixel(&app, &format!("cid={}&e=inside", early.encode())).await;
    app.clock.set(app.clock_now() + chrono::Duration::seconds(1));
    pixel(&app, &format!("cid={}&e=outside", early.encode())).await;
    assert!(has_converted(&app, &early, "inside").await);
    assert!(!has_converted(&app, &early, "outside").await);
    let (status, _) = app.update(&ws, &id, json!({ "conversionTracking": false })).await;
    assert_eq!(status, StatusCode::OK);
    pixel(&app, &format!("cid={}", later.encode())).await;
    assert!(!has_converted(&app, &later, "lead").await);
}

#[tokio::test]
async fn every_short_domain_serves_the_site_script_for_an_hour() {
    let app = spawn_app().await;
    let script = app.get("_sl/c.js", &[]).await;
    assert_eq!(script.status, StatusCode::OK);
    assert_eq!(script.headers["content-type"], "text/javascript; charset=utf-8");
    assert_eq!(script.headers["cache-control"], "public, max-age=3600");
    assert!(script.body.contains("smartlinks") && script.body.contains("var days = 90;"));
    assert!(script.body.len() < 2048);
}

async fn report(app: &TestApp, ws: &TestWorkspace, mut body: serde_json::Value) -> (StatusCode, serde_json::Value) {
    body["workspaceId"] = json!(ws.id);
    app.call(Method::POST, "/apiv1/conversions", &ws.key, body).await
}

#[tokio::test]
async fn a_server_reports_a_sale_attributed_to_the_clicks_link_and_rule() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = tracked_link(&app, &ws, "sale", true).await;
    let token = token_of_a_visit(&app, "sale").await;
    let (status, body) = report(
        &app,
        &ws,
        json!({ "clickId": token.encode(), "event": "sale", "amount": 4999, "currency": "EUR" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let rule = app
        .stored(&id)
        .await
        .unwrap()
        .link
        .settings
        .rules
        .iter()
        .next()
        .unwrap()
        .id
        .to_string();
    assert_eq!(
        (&body["message"], &body["linkId"], &body["ruleId"], &body["duplicate"]),
        (&json!("Conversion recorded."), &json!(id), &json!(rule), &json!(false))
    );
    assert!(body.get("variantId").is_none(), "{body}");
    assert!(has_converted(&app, &token, "sale").await);
}

#[tokio::test]
async fn twenty_concurrent_retries_of_one_event_id_count_once_and_answer_the_first() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    tracked_link(&app, &ws, "retry", true).await;
    let token = token_of_a_visit(&app, "retry").await;
    let body = json!({ "clickId": token.encode(), "event": "sale", "amount": 100, "currency": "USD",
                       "eventId": "order-4711" });
    let answers = futures::future::join_all((0..20).map(|_| report(&app, &ws, body.clone()))).await;
    assert!(
        answers.iter().all(|(status, _)| *status == StatusCode::OK),
        "{answers:?}"
    );
    let first: Vec<_> = answers.iter().filter(|(_, b)| b["duplicate"] == false).collect();
    assert_eq!(first.len(), 1, "{answers:?}");
    assert!(answers.iter().all(|(_, b)| b["id"] == first[0].1["id"]));
    let (_, other) = report(
        &app,
        &ws,
        json!({ "clickId": token.encode(), "event": "sale", "amount": 100, "currency": "USD", "eventId": "order-4712" }),
    )
    .await;
    assert_eq!(other["duplicate"], false, "another order of the same click counts");
}

#[tokio::test]
async fn unknown_malformed_and_foreign_clicks_are_not_found_alike() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let other_ws = app.workspace().await;
    tracked_link(&app, &other_ws, "theirs", true).await;
    let theirs = token_of_a_visit(&app, "theirs").await;
    let unknown = ClickToken {
        workspace_id: lib::ids::ObjectId::parse(&ws.id).unwrap(),
        ..theirs.clone()
    };
    for cid in [theirs.encode(), unknown.encode(), "not-a-click".to_string()] {
        let (status, body) = report(&app, &ws, json!({ "clickId": cid, "event": "lead" })).await;
        assert_eq!(
            (status, &body["error"]),
            (StatusCode::NOT_FOUND, &json!("Click not found.")),
            "{cid}"
        );
    }
}

#[tokio::test]
async fn tracking_off_and_an_old_click_are_refused_with_their_sentences() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = tracked_link(&app, &ws, "rules", true).await;
    let token = token_of_a_visit(&app, "rules").await;
    let lead = json!({ "clickId": token.encode(), "event": "lead" });
    app.clock.set(app.clock_now() + chrono::Duration::days(91));
    let (status, body) = report(&app, &ws, lead.clone()).await;
    assert_eq!(
        (status, &body["error"]),
        (
            StatusCode::BAD_REQUEST,
            &json!("The click is older than the 90-day attribution window.")
        )
    );
    app.update(&ws, &id, json!({ "conversionTracking": false })).await;
    let (status, body) = report(&app, &ws, lead).await;
    assert_eq!(
        (status, &body["error"]),
        (
            StatusCode::BAD_REQUEST,
            &json!("Conversion tracking is off for this link.")
        )
    );
    let (status, body) = report(
        &app,
        &ws,
        json!({ "clickId": token.encode(), "event": "sale", "amount": 5 }),
    )
    .await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::BAD_REQUEST, &json!("currency is required with an amount."))
    );
}

//! Conversion tracking: the click id a tracked redirect hands each person.

use lib::domain::{ClickToken, ConversionSource};
use lib::store::Recorded;
use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::helpers::{TestApp, TestWorkspace, spawn_app};

pub(crate) async fn tracked_link(app: &TestApp, ws: &TestWorkspace, slug: &str, tracking: bool) -> String {
    app.create_ok(
        ws,
        json!({ "name": "Shop", "slug": slug, "url": "https://shop.example/landing?x=1",
                "conversionTracking": tracking }),
    )
    .await
}

pub(crate) fn click_id(location: &str) -> Option<&str> {
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

pub(crate) async fn token_of_a_visit(app: &TestApp, slug: &str) -> ClickToken {
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
        source: None,
        first_of_click: false,
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
        click_id: lib::domain::ids::ObjectId::generate(token.at, &lib::testing::SeededEntropy::new(9)),
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
        store
            .record_conversion(&first, "signup", 0, expires, None)
            .await
            .unwrap(),
        Recorded::New
    );
    let again = lib::store::Conversion {
        id: lib::domain::ids::ObjectId::generate(click.at, &lib::testing::SeededEntropy::new(2)),
        ..first.clone()
    };
    assert_eq!(
        store
            .record_conversion(&again, "signup", 1, expires, None)
            .await
            .unwrap(),
        Recorded::Duplicate(Box::new(first)),
        "the first stands"
    );
    assert_eq!(
        store
            .record_conversion(&conversion_of(&click, "sale"), "sale", 2, expires, None)
            .await
            .unwrap(),
        Recorded::New
    );
}

/// Whether the click of `token` already has a conversion named `event` from `source` (recording
/// it again is refused); a probe that leaves one behind when there was none.
pub(crate) async fn has_converted(app: &TestApp, token: &ClickToken, source: ConversionSource, event: &str) -> bool {
    let click = app.store().get_click(token).await.unwrap().unwrap();
    let expires = click.at + chrono::Duration::days(400);
    let probe = lib::store::Conversion {
        source: Some(source),
        ..conversion_of(&click, event)
    };
    let recorded = app
        .store()
        .record_conversion(&probe, event, 3, expires, None)
        .await
        .unwrap();
    matches!(recorded, Recorded::Duplicate(_))
}

pub(crate) async fn pixel(app: &TestApp, query: &str) -> crate::helpers::Visit {
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
    assert!(has_converted(&app, &token, ConversionSource::Pixel, "signup").await);
    assert!(has_converted(&app, &token, ConversionSource::Pixel, "lead").await);
    assert!(!has_converted(&app, &token, ConversionSource::Pixel, "sale").await);
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
        click_id: lib::domain::ids::ObjectId::generate(token.at, &lib::testing::SeededEntropy::new(4)),
        ..token.clone()
    };
    app.requests.reset();
    pixel(&app, &format!("cid={}", forged.encode())).await;
    assert_eq!(app.requests.snapshot(), [("GetItem".to_string(), 1)].into());
    assert!(!has_converted(&app, &token, ConversionSource::Pixel, "lead").await);
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
    assert!(has_converted(&app, &early, ConversionSource::Pixel, "inside").await);
    assert!(!has_converted(&app, &early, ConversionSource::Pixel, "outside").await);
    let (status, _) = app.update(&ws, &id, json!({ "conversionTracking": false })).await;
    assert_eq!(status, StatusCode::OK);
    pixel(&app, &format!("cid={}", later.encode())).await;
    assert!(!has_converted(&app, &later, ConversionSource::Pixel, "lead").await);
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

//! Where visitors are: CloudFront's approximate position on every counted click, and the
//! position a person may choose to share on the consent page of a link with `gpsTracking`.

use lib::domain::{Area, Cell, LOCATION_GRANT_LIFETIME, LocationGrant};
use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::helpers::{IPHONE_SAFARI, spawn_app, spawn_app_with};
use crate::location_support::{PARIS, continue_href, grant_of, is_consent_page};

#[tokio::test]
async fn cloudfronts_viewer_position_is_stored_on_the_click_rounded_to_a_tenth_of_a_degree() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.plain_link(&ws).await;
    let visit = app.get("plain", &PARIS).await;
    assert_eq!(visit.status, StatusCode::FOUND);
    let clicks = app.clicks(&id).await;
    assert_eq!(clicks.len(), 1);
    assert_eq!(clicks[0].area, Area::new(48.9, 2.4));
}

#[tokio::test]
async fn malformed_or_missing_viewer_positions_leave_the_click_without_one_and_still_redirect() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.plain_link(&ws).await;
    for headers in [
        vec![],
        vec![("cloudfront-viewer-latitude", "48.85661")],
        vec![
            ("cloudfront-viewer-latitude", "NaN"),
            ("cloudfront-viewer-longitude", "2.3"),
        ],
        vec![
            ("cloudfront-viewer-latitude", "95.0"),
            ("cloudfront-viewer-longitude", "2.3"),
        ],
        vec![
            ("cloudfront-viewer-latitude", "48.8"),
            ("cloudfront-viewer-longitude", "east"),
        ],
    ] {
        assert_eq!(
            app.get("plain", &headers).await.status,
            StatusCode::FOUND,
            "{headers:?}"
        );
    }
    let clicks = app.clicks(&id).await;
    assert_eq!(clicks.len(), 5);
    assert!(clicks.iter().all(|c| c.area.is_none()));
}

#[tokio::test]
async fn a_person_on_a_link_with_gps_tracking_is_asked_by_the_workspace_on_a_page_instead_of_redirected() {
    let app = spawn_app().await;
    let ws = app
        .workspace_with(lib::admin::NewWorkspace {
            name: "Café <Zur Post>".into(),
            ..Default::default()
        })
        .await;
    let id = app.gps_link(&ws, "venue", json!({})).await;
    let page = app.get("venue?table=4", &PARIS).await;
    assert!(is_consent_page(&page), "{page:?}");
    assert!(
        page.body
            .contains("Café &#60;Zur Post&#62; would like to know your approximate location for this link")
            || page
                .body
                .contains("Café &lt;Zur Post&gt; would like to know your approximate location for this link"),
        "the workspace asks, its name escaped: {}",
        page.body
    );
    assert!(page.body.contains("This link goes to <strong>shop.example</strong>"));
    assert_eq!(continue_href(&page), "https://shop.example/landing?table=4");
    assert!(page.body.contains("<script src=\"/_sl/location.js\" defer></script>"));
    assert!(!page.body.contains("<script>"), "no inline script");
    let header = |name: &str| page.headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_default();
    assert_eq!(header("cache-control"), "private, no-store");
    let csp = header("content-security-policy");
    assert!(
        csp.contains("script-src 'self'") && csp.contains("style-src 'sha256-"),
        "{csp}"
    );
    assert!(!csp.contains("unsafe-inline"), "{csp}");
    assert_eq!(
        app.clicks(&id).await.len(),
        1,
        "the click is counted when the page is served"
    );
}

#[tokio::test]
async fn the_consent_page_is_drawn_in_the_links_colour() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.gps_link(&ws, "venue", json!({ "appearanceColor": "#FFD700" }))
        .await;
    let page = app.get("venue", &[]).await;
    assert!(
        page.body.contains("--brand:#ffd700;--brand-ink:#000000"),
        "{}",
        page.body
    );
}

#[tokio::test]
async fn bots_preview_crawlers_head_gpc_and_links_without_gps_tracking_keep_todays_answers() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.gps_link(&ws, "venue", json!({})).await;
    app.create_ok(
        &ws,
        json!({ "name": "Plain", "slug": "plain", "url": "https://shop.example/landing" }),
    )
    .await;
    let destination = Some("https://shop.example/landing");
    let googlebot = [(
        "user-agent",
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    )];
    assert_eq!(app.get("venue", &googlebot).await.location(), destination);
    let curl = app.get("venue", &[("user-agent", "curl/8.5.0")]).await;
    assert_eq!(curl.location(), destination);
    let head = app.visit(Method::HEAD, "venue", &[]).await;
    assert_eq!((head.status, head.location()), (StatusCode::FOUND, destination));
    let gpc = app.get("venue", &[("sec-gpc", "1")]).await;
    assert_eq!((gpc.status, gpc.location()), (StatusCode::FOUND, destination));
    let preview = app.get("venue", &[("user-agent", "Slackbot-LinkExpanding 1.0")]).await;
    assert_eq!(preview.status, StatusCode::OK);
    assert!(preview.body.contains("og:title") && !is_consent_page(&preview));
    let plain = app.get("plain", &[("user-agent", IPHONE_SAFARI)]).await;
    assert_eq!(plain.location(), destination);
}

#[tokio::test]
async fn a_workspace_that_turned_location_requests_off_asks_nobody() {
    let app = spawn_app_with(|c| c.link_cache_ttl = std::time::Duration::ZERO).await;
    let ws = app.workspace().await;
    app.gps_link(&ws, "venue", json!({})).await;
    assert!(is_consent_page(&app.get("venue", &[]).await));
    let access = app.owner_access(&ws).await;
    app.service.set_gps_capture(&access, false).await.expect("turned off");
    let visit = app.get("venue", &[]).await;
    assert_eq!(visit.location(), Some("https://shop.example/landing"));
}

#[tokio::test]
async fn the_consent_page_of_a_tracked_link_continues_with_the_click_id() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.gps_link(&ws, "venue", json!({ "conversionTracking": true })).await;
    let page = app.get("venue", &[]).await;
    let onward = continue_href(&page);
    assert!(onward.starts_with("https://shop.example/landing?sl_cid="), "{onward}");
}

#[tokio::test]
async fn a_shared_position_is_kept_as_its_report_cell_for_the_retention_days() {
    let app = spawn_app_with(|c| c.gps_retention_days = 7).await;
    let ws = app.workspace().await;
    let id = app.gps_link(&ws, "venue", json!({})).await;
    let page = app.get("venue", &PARIS).await;
    let status = app.share(&grant_of(&page), 48.858_37, 2.294_48, 35.2).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let shared = app.shared_positions(&ws).await;
    assert_eq!(shared.len(), 1);
    let position = &shared[0];
    assert_eq!(position.cell, Cell::of(48.858, 2.294));
    let click = &app.clicks(&id).await[0];
    assert_eq!((&position.click_id, &position.link_id), (&click.id, &click.link_id));
    assert_eq!(position.replaces, Area::new(48.9, 2.4), "it replaces the click's area");
    let ttl = app.position_ttl(&ws).await;
    let expected = (app.clock_now() + chrono::Duration::days(7)).timestamp();
    assert_eq!(ttl, expected, "kept exactly GPS_RETENTION_DAYS");
}

#[tokio::test]
async fn a_forged_reused_or_expired_grant_stores_nothing() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.gps_link(&ws, "venue", json!({})).await;
    let grant = grant_of(&app.get("venue", &[]).await);
    let mut forged = grant.clone().into_bytes();
    forged[10] = if forged[10] == b'A' { b'B' } else { b'A' };
    let forged = String::from_utf8(forged).unwrap();
    assert_eq!(app.share(&forged, 48.8, 2.3, 20.0).await, StatusCode::NO_CONTENT);
    assert!(app.shared_positions(&ws).await.is_empty(), "forged");

    assert_eq!(app.share(&grant, 48.8, 2.3, 20.0).await, StatusCode::NO_CONTENT);
    assert_eq!(app.share(&grant, 40.7, -74.0, 20.0).await, StatusCode::NO_CONTENT);
    let shared = app.shared_positions(&ws).await;
    assert_eq!(shared.len(), 1, "used once");
    assert_eq!(shared[0].cell, Cell::of(48.8, 2.3), "the first stands");

    let late = grant_of(&app.get("venue", &[]).await);
    // The late visit's day: moving the clock past the grant's lifetime may cross midnight.
    let day = app.clock_now().date_naive();
    app.clock
        .set(app.clock_now() + LOCATION_GRANT_LIFETIME + chrono::Duration::milliseconds(1));
    assert_eq!(app.share(&late, 48.8, 2.3, 20.0).await, StatusCode::NO_CONTENT);
    assert_eq!(app.shared_positions_on(&ws, day).await.len(), 1, "expired");
}

#[tokio::test]
async fn a_forged_grant_costs_no_request() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.gps_link(&ws, "venue", json!({})).await;
    let grant = grant_of(&app.get("venue", &[]).await);
    let forged: String = grant.chars().rev().collect();
    app.requests.reset();
    assert_eq!(app.share(&forged, 48.8, 2.3, 20.0).await, StatusCode::NO_CONTENT);
    assert!(app.requests.snapshot().is_empty(), "{:?}", app.requests.snapshot());
    assert_eq!(app.share(&grant, 48.8, 2.3, 20.0).await, StatusCode::NO_CONTENT);
    assert_eq!(app.requests.snapshot(), [("PutItem".to_string(), 1)].into());
}

#[tokio::test]
async fn vague_or_impossible_positions_are_dropped_with_no_content() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.gps_link(&ws, "venue", json!({})).await;
    for (lat, lon, accuracy) in [
        (48.8, 2.3, 10_000.5),
        (90.5, 2.3, 5.0),
        (48.8, -180.5, 5.0),
        (48.8, 2.3, -1.0),
    ] {
        let grant = grant_of(&app.get("venue", &[]).await);
        assert_eq!(app.share(&grant, lat, lon, accuracy).await, StatusCode::NO_CONTENT);
    }
    assert!(app.shared_positions(&ws).await.is_empty());
}

#[tokio::test]
async fn a_browser_asking_not_to_be_tracked_shares_nothing_even_if_it_posts() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.gps_link(&ws, "venue", json!({})).await;
    let grant = grant_of(&app.get("venue", &[]).await);
    let body = json!({ "token": grant, "latitude": 48.8, "longitude": 2.3, "accuracy": 20 });
    let status = app.share_position(body, &[("sec-gpc", "1")]).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert!(app.shared_positions(&ws).await.is_empty());
}

#[tokio::test]
async fn a_body_that_is_not_a_position_is_told_so() {
    let app = spawn_app().await;
    for body in [
        json!("48.8,2.3"),
        json!({ "token": "t", "latitude": 48.8, "longitude": 2.3 }),
        json!({ "token": "t", "latitude": 48.8, "longitude": 2.3, "accuracy": 9, "ip": "1.2.3.4" }),
        json!({ "token": "t".repeat(2000), "latitude": 48.8, "longitude": 2.3, "accuracy": 9 }),
    ] {
        let answer = app
            .send(
                Method::POST,
                "/_sl/location",
                None,
                &[("host", crate::helpers::DEFAULT_DOMAIN)],
                Some(body),
            )
            .await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST);
        assert_eq!(answer.body, json!({ "error": lib::wire::NOT_A_POSITION }));
    }
}

#[tokio::test]
async fn the_location_endpoint_takes_only_posts_and_serves_its_script() {
    let app = spawn_app().await;
    let host = [("host", crate::helpers::DEFAULT_DOMAIN)];
    // Only POST is routed to it; anything else is the short domain's own 404 page.
    let get = app.send(Method::GET, "/_sl/location", None, &host, None).await;
    assert_eq!(get.status, StatusCode::NOT_FOUND);
    let script = app.send(Method::GET, "/_sl/location.js", None, &host, None).await;
    assert_eq!(script.status, StatusCode::OK);
    assert_eq!(script.content_type(), Some("text/javascript; charset=utf-8"));
    assert!(script.body.as_str().unwrap().contains("getCurrentPosition"));
}

#[tokio::test]
async fn a_grant_names_the_click_the_page_counted() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.gps_link(&ws, "venue", json!({})).await;
    let page = app.get("venue", &PARIS).await;
    let key = lib::redirect::random_location_key(&lib::clock::OsEntropy);
    assert_eq!(
        LocationGrant::verify(&grant_of(&page), &key),
        None,
        "another key's grant is no grant"
    );
    let click = &app.clicks(&id).await[0];
    assert_eq!(click.area, Area::new(48.9, 2.4));
}

//! Where visitors were, in the app: the analytics pages' maps and their tables, the links list's
//! mark on links that ask for location, and the owner's switch in the workspace's settings.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{TestApp, TestWorkspace};
use crate::location_support::{NEW_YORK, PARIS, cell, grant_of, is_consent_page};
use crate::pages_support::{Browser, signed_in_manager, signed_in_owner_with_key as owner};

/// A link that asks for location, visited from Paris (who shares a position in Lyon), Paris
/// again and New York, from the US and France: (browser, workspace, link id).
async fn visited(app: &TestApp) -> (Browser<'_>, TestWorkspace, String) {
    let (browser, ws) = owner(app).await;
    let id = app.gps_link(&ws, "venue", json!({})).await;
    let france = [PARIS[0], PARIS[1], ("cloudfront-viewer-country", "FR")];
    let page = app.get("venue", &france).await;
    app.share(&grant_of(&page), 45.764, 4.835, 12.0).await;
    app.get("venue", &france).await;
    let us = [NEW_YORK[0], NEW_YORK[1], ("cloudfront-viewer-country", "US")];
    app.get("venue", &us).await;
    app.aggregate().await;
    (browser, ws, id)
}

#[tokio::test]
async fn a_links_analytics_page_maps_its_cells_and_countries_with_a_table_beside_each() {
    let app = crate::helpers::spawn_app().await;
    let (mut browser, ws, id) = visited(&app).await;
    let page = browser.get(&format!("/app/w/{}/links/{id}/analytics", ws.id)).await;
    assert_eq!(page.status, StatusCode::OK);
    let html = &page.html;
    assert!(html.contains("id=\"map-world\""), "the world's shapes, once");
    assert_eq!(html.matches("id=\"map-world\"").count(), 1);
    assert_eq!(
        html.matches("<svg class=\"map\"").count(),
        2,
        "a dot map and a country map"
    );
    assert!(
        html.contains("3 of 3 clicks in the range have a location: 1 from a visitor who chose to share their position")
    );
    assert!(html.contains(&format!("<tr data-cell=\"{}\">", cell(45.764, 4.835))));
    assert!(html.contains("map-dot-precise"), "the shared position's cell is ringed");
    assert!(html.contains("href=\"#map-c-FR\"") && html.contains("href=\"#map-c-US\""));
    assert!(html.contains("<caption id=\"countries-caption\">Clicks by country</caption>"));
    assert!(!html.contains("style="), "no inline style under the CSP");
}

#[tokio::test]
async fn the_workspace_analytics_page_maps_every_links_cells() {
    let app = crate::helpers::spawn_app().await;
    let (mut browser, ws, _) = visited(&app).await;
    let page = browser.get(&format!("/app/w/{}/analytics", ws.id)).await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(page.html.matches("<svg class=\"map\"").count(), 2);
    assert!(page.html.contains(&format!("<tr data-cell=\"{}\">", cell(40.7, -74.0))));
}

#[tokio::test]
async fn a_page_without_located_clicks_says_so_instead_of_an_empty_map() {
    let app = crate::helpers::spawn_app().await;
    let (mut browser, ws) = owner(&app).await;
    let id = app.gps_link(&ws, "venue", json!({})).await;
    let page = browser.get(&format!("/app/w/{}/links/{id}/analytics", ws.id)).await;
    assert!(page.html.contains("No located clicks in this range."));
    assert_eq!(page.html.matches("<svg class=\"map\"").count(), 0);
}

#[tokio::test]
async fn the_links_list_marks_links_that_ask_for_location() {
    let app = crate::helpers::spawn_app().await;
    let (mut browser, ws) = owner(&app).await;
    app.gps_link(&ws, "venue", json!({})).await;
    app.plain_link(&ws).await;
    let page = browser.get(&format!("/app/w/{}/links", ws.id)).await;
    assert_eq!(page.html.matches("Asks for location").count(), 1);
}

#[tokio::test]
async fn the_owner_turns_location_requests_off_for_every_link_in_the_settings() {
    let app = crate::helpers::spawn_app_with(|c| c.link_cache_ttl = std::time::Duration::ZERO).await;
    let (mut browser, ws) = owner(&app).await;
    app.gps_link(&ws, "venue", json!({})).await;
    let path = format!("/app/w/{}/settings", ws.id);
    let settings = browser.get(&path).await;
    assert_eq!(settings.status, StatusCode::OK);
    assert!(settings.html.contains("Location requests are <strong>on</strong>"));
    let saved = browser.submit(&path, &settings, &[]).await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER);
    let settings = browser.get(&path).await;
    assert!(
        settings
            .html
            .contains("No link of this workspace asks its visitors for their location any more.")
    );
    assert!(settings.html.contains("Location requests are <strong>off</strong>"));
    assert!(!is_consent_page(&app.get("venue", &[]).await));
    let links = browser.get(&format!("/app/w/{}/links", ws.id)).await;
    assert!(!links.html.contains("Asks for location"));

    let settings = browser.get(&path).await;
    browser.submit(&path, &settings, &[("locationRequests", "on")]).await;
    assert!(is_consent_page(&app.get("venue", &[]).await));
}

#[tokio::test]
async fn a_manager_sees_the_setting_but_cannot_change_it() {
    let app = crate::helpers::spawn_app().await;
    let (_, ws) = owner(&app).await;
    let mut manager = signed_in_manager(&app, &ws.id).await;
    let path = format!("/app/w/{}/settings", ws.id);
    let page = manager.get(&path).await;
    assert!(page.html.contains("Only the workspace's owner can change this."));
    assert!(!page.html.contains("name=\"locationRequests\""));
    let refused = manager.post(&path, &[("csrf", &page.field("csrf").unwrap())]).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert!(
        refused
            .html
            .contains("Only the workspace owner can change whether links may ask visitors for their location.")
    );
}

#[tokio::test]
async fn the_settings_form_needs_its_csrf_token() {
    let app = crate::helpers::spawn_app_with(|c| c.link_cache_ttl = std::time::Duration::ZERO).await;
    let (mut browser, ws) = owner(&app).await;
    app.gps_link(&ws, "venue", json!({})).await;
    let refused = browser.post(&format!("/app/w/{}/settings", ws.id), &[]).await;
    assert_ne!(refused.status, StatusCode::SEE_OTHER);
    assert!(is_consent_page(&app.get("venue", &[]).await), "nothing changed");
}

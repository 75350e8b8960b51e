//! The app's analytics pages and their CSV downloads: the numbers are the API's.

use chrono::{DateTime, Utc};
use lib::admin;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{IPHONE_SAFARI, TestApp, TestWorkspace, spawn_app};
use crate::pages_support::{Browser, PASSWORD, signed_in_owner};

/// A Wednesday noon (UTC): no weekend-night rule matches.
const NOON: &str = "2026-11-25T12:00:00Z";

/// A signed-in owner with a three-rule link visited by three people (one per route: Germany,
/// an iPhone, anyone else), counted: (browser, workspace, link id).
async fn visited_link(app: &TestApp) -> (Browser<'_>, TestWorkspace, String) {
    app.clock.set(NOON.parse::<DateTime<Utc>>().unwrap());
    let (browser, email, ws_id) = signed_in_owner(app, "Acme").await;
    let ws = TestWorkspace {
        id: ws_id,
        key: app.key_of(&email).await,
        owner: String::new(),
    };
    let id = app
        .create_ok(
            &ws,
            json!({ "name": "Spring", "slug": "spring", "rules": [
                { "targetUrl": "https://example.com/de", "isDefault": false, "country": ["DE"] },
                { "targetUrl": "https://example.com/iphone", "isDefault": false, "os": ["iOS"] },
                { "targetUrl": "https://example.com/weekend", "isDefault": false, "daysOfWeek": [0, 6] },
                { "targetUrl": "https://example.com/", "isDefault": true } ] }),
        )
        .await;
    app.get(
        "spring",
        &[("cloudfront-viewer-country", "DE"), ("x-forwarded-for", "198.51.100.1")],
    )
    .await;
    app.get(
        "spring",
        &[
            ("user-agent", IPHONE_SAFARI),
            ("cloudfront-viewer-country", "US"),
            ("x-forwarded-for", "198.51.100.2"),
        ],
    )
    .await;
    app.get(
        "spring",
        &[("cloudfront-viewer-country", "FR"), ("x-forwarded-for", "198.51.100.3")],
    )
    .await;
    app.aggregate().await;
    (browser, ws, id)
}

async fn api_analytics(app: &TestApp, ws: &TestWorkspace, id: &str, query: &str) -> Value {
    let (status, body) = app
        .request(
            Method::GET,
            &format!("/apiv1/links/{id}/analytics?workspaceId={}&{query}", ws.id),
            Some(&ws.key),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// CSV text as rows of cells (the test files hold no quoted commas).
fn rows(csv: &str) -> Vec<Vec<String>> {
    csv.lines()
        .skip(1)
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect()
}

#[tokio::test]
async fn the_link_analytics_page_shows_the_visits_in_charts_and_tables() {
    let app = spawn_app().await;
    let (mut browser, ws, id) = visited_link(&app).await;
    let page = browser.get(&format!("/app/w/{}/links/{id}/analytics", ws.id)).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.html);
    assert!(page.html.contains("<dd id=\"period-total\">3</dd>"));
    assert!(page.html.contains("<dd id=\"unique\">3</dd>"));
    assert!(
        page.html
            .contains("<svg class=\"chart\" role=\"img\" aria-label=\"Clicks per day, 30 days, 3 clicks in total\"")
    );
    assert!(
        page.html
            .contains("<span class=\"flag\" aria-hidden=\"true\">DE</span> Germany")
    );
    assert!(page.html.contains("aria-label=\"Countries: clicks of the top 3\""));
    let rules_table = &page.html[page.html.find("id=\"rules-table\"").unwrap()..];
    let germany = rules_table.find("https://example.com/de</td><td class=\"num\">1</td>");
    assert!(germany.is_some(), "the rule that routed the German visitor counts 1");
    assert!(rules_table.contains("https://example.com/weekend</td><td class=\"num\">0</td>"));
}

#[tokio::test]
async fn the_csv_downloads_hold_the_numbers_the_api_answers() {
    let app = spawn_app().await;
    let (mut browser, ws, id) = visited_link(&app).await;
    let api = api_analytics(&app, &ws, &id, "from=2026-10-27&to=2026-11-25").await;
    let base = format!("/app/w/{}/links/{id}/analytics.csv", ws.id);
    let daily = browser.get(&format!("{base}?part=daily&range=30d")).await;
    assert_eq!(daily.header("content-type"), Some("text/csv; charset=utf-8"));
    assert_eq!(
        daily.header("content-disposition"),
        Some("attachment; filename=\"spring-daily-2026-10-27-to-2026-11-25.csv\"")
    );
    let days = rows(&daily.html);
    assert_eq!(days.len(), 30);
    for row in &days {
        assert_eq!(
            json!(row[1].parse::<u64>().unwrap()),
            api["dailyTraffic"][&row[0]],
            "{row:?}"
        );
    }
    let countries = browser.get(&format!("{base}?part=countries&range=30d")).await;
    for row in rows(&countries.html) {
        assert_eq!(
            json!(row[3].parse::<u64>().unwrap()),
            api["countries"][&row[0]]["value"],
            "{row:?}"
        );
        assert_eq!(json!(row[1]), api["countries"][&row[0]]["title"]);
    }
    let rules = browser.get(&format!("{base}?part=rules&range=30d")).await;
    let rules = rows(&rules.html);
    assert_eq!(rules.len(), 4);
    for row in rules {
        let stats = &api["rulesStats"][&row[0]];
        assert_eq!(
            (
                json!(row[3].parse::<u64>().unwrap()),
                json!(row[4].parse::<u64>().unwrap())
            ),
            (stats["clicks"].clone(), stats["uniqueClicks"].clone())
        );
    }
}

#[tokio::test]
async fn an_unknown_csv_part_is_refused_with_a_sentence() {
    let app = spawn_app().await;
    let (mut browser, ws, id) = visited_link(&app).await;
    let page = browser
        .get(&format!("/app/w/{}/links/{id}/analytics.csv?part=secrets", ws.id))
        .await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST);
    assert!(page.html.contains("is not a download of this page"));
}

#[tokio::test]
async fn a_range_the_service_refuses_is_shown_beside_the_dates() {
    let app = spawn_app().await;
    let (mut browser, ws, id) = visited_link(&app).await;
    let page = browser
        .get(&format!(
            "/app/w/{}/links/{id}/analytics?from=2026-11-20&to=2026-11-01",
            ws.id
        ))
        .await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST);
    assert!(
        page.html
            .contains("from (2026-11-20) must not be after to (2026-11-01)."),
        "{}",
        page.html
    );
    assert!(
        page.html
            .contains("name=\"from\" value=\"2026-11-20\" aria-invalid=\"true\" aria-describedby=\"range-error\"")
    );
}

#[tokio::test]
async fn a_preset_range_shows_its_days() {
    let app = spawn_app().await;
    let (mut browser, ws, id) = visited_link(&app).await;
    let page = browser
        .get(&format!("/app/w/{}/links/{id}/analytics?range=7d", ws.id))
        .await;
    assert!(page.html.contains("Showing 2026-11-19 to 2026-11-25."), "{}", page.html);
    assert!(page.html.contains("aria-current=\"true\">7 days</a>"));
}

#[tokio::test]
async fn a_member_sees_the_workspace_analytics_refusal_message() {
    let app = spawn_app().await;
    let (_, ws, _) = visited_link(&app).await;
    let member = app.person().await;
    admin::add_member(&app.service, &ws.id, &member, "member")
        .await
        .unwrap();
    let mut browser = Browser::new(&app);
    browser.sign_in(&member, PASSWORD).await;
    let page = browser.get(&format!("/app/w/{}/analytics", ws.id)).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert!(
        page.html
            .contains("Only workspace owner or manager can access all links analytics.")
    );
    assert!(!page.html.contains("Top links"), "no numbers are shown");
}

#[tokio::test]
async fn a_manager_sees_the_workspace_analytics_with_its_top_links() {
    let app = spawn_app().await;
    let (_, ws, id) = visited_link(&app).await;
    let manager = app.person().await;
    admin::add_member(&app.service, &ws.id, &manager, "manager")
        .await
        .unwrap();
    let mut browser = Browser::new(&app);
    browser.sign_in(&manager, PASSWORD).await;
    let page = browser.get(&format!("/app/w/{}/analytics", ws.id)).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.html.contains("<dd id=\"period-total\">3</dd>"));
    let row = format!(
        "<a href=\"/app/w/{}/links/{id}/analytics?range=30d\">Spring</a></td><td class=\"num\">3</td>",
        ws.id
    );
    assert!(page.html.contains(&row), "{}", page.html);
    let csv = browser.get(&format!("/app/w/{}/analytics.csv?part=links", ws.id)).await;
    let row = vec![id, "Spring".to_string(), "3".to_string(), "0".to_string()];
    assert_eq!(rows(&csv.html), vec![row]);
}

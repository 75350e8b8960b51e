//! Anyone can report a link at `/_sl/report/<slug>` on its short domain: a form without script,
//! guarded by its token, thanked alike whether or not the link exists, limited per address.

use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::helpers::{IPHONE_SAFARI, TestApp, Visit, spawn_app};
use crate::link_passwords::cookie_set;
use lib::domain::ReportReason;

const THANKS: &str = "Thank you. Your report was received; we look into every report we get.";

fn encoded(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

/// Opens the report page of `slug`, then posts `fields` from it as a browser would, from
/// `address`.
async fn report(app: &TestApp, slug: &str, fields: &str, address: &str) -> Visit {
    let path = format!("_sl/report/{slug}");
    let page = app.get(&path, &[]).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let token = cookie_set(&page, "sl_report").expect("the page sets its form token");
    let cookie = format!("sl_report={token}");
    let headers = [
        ("cookie", cookie.as_str()),
        ("content-type", "application/x-www-form-urlencoded"),
        ("sec-fetch-site", "same-origin"),
        ("cloudfront-viewer-address", address),
    ];
    let body = format!("form={token}&{fields}");
    app.visit_with_body(Method::POST, &path, &headers, Some(body)).await
}

async fn reported(app: &TestApp) -> lib::service::reports::ReportPage {
    let since = "2000-01-01T00:00:00Z".parse().unwrap();
    let until = app.clock_now() + chrono::Duration::seconds(1);
    let most = lib::service::reports::MAX_REPORTS_PAGE;
    app.service
        .reports_page(since, until, None, most)
        .await
        .expect("reports")
}

#[tokio::test]
async fn the_report_page_is_a_form_without_script_behind_its_own_policy_and_token() {
    let app = spawn_app().await;
    let page = app.get("_sl/report/anything", &[]).await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(page.headers["cache-control"], "private, no-store");
    let policy = page.headers["content-security-policy"].to_str().unwrap();
    assert!(policy.starts_with("default-src 'none'; style-src 'sha256-"), "{policy}");
    assert!(policy.contains("form-action 'self'"), "{policy}");
    let cookie = page.headers["set-cookie"].to_str().unwrap();
    assert!(
        cookie.ends_with("; Path=/_sl/report/anything; Max-Age=3600; HttpOnly; Secure; SameSite=Strict"),
        "{cookie}"
    );
    let token = cookie_set(&page, "sl_report").unwrap();
    assert!(page.body.contains(&format!("name=\"form\" value=\"{token}\"")));
    assert!(
        page.body
            .contains("<form method=\"post\" action=\"/_sl/report/anything\">")
    );
    for reason in ["phishing", "malware", "spam", "other"] {
        assert!(page.body.contains(&format!("value=\"{reason}\"")), "{reason}");
    }
    assert!(!page.body.contains("<script"));
}

#[tokio::test]
async fn a_report_is_kept_with_its_reason_and_note_and_the_reporter_is_only_thanked() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app
        .create_ok(
            &ws,
            json!({ "name": "prize", "slug": "prize", "rules": [{ "targetUrl": "https://bank-login.example/", "isDefault": true }] }),
        )
        .await;
    let note = encoded("It asks for my bank password");
    let answer = report(
        &app,
        "prize",
        &format!("reason=phishing&note={note}"),
        "203.0.113.9:443",
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK);
    assert!(answer.body.contains(THANKS));
    assert!(!answer.body.contains("bank-login.example"), "nothing about the link");
    assert!(!answer.body.contains(&ws.id), "nothing about its owner");
    let summary = reported(&app).await;
    assert_eq!(summary.links.len(), 1);
    let link = &summary.links[0];
    assert_eq!(link.link_id.as_str(), id);
    assert_eq!(link.workspace_id.as_str(), ws.id);
    assert_eq!(link.by_reason[&ReportReason::Phishing], 1);
    assert_eq!(link.notes, ["It asks for my bank password"]);
}

#[tokio::test]
async fn an_unknown_slug_gets_the_same_thanks_and_nothing_is_kept() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.create_ok(&ws, json!({ "name": "real", "slug": "real", "rules": [{ "targetUrl": "https://shop.example/", "isDefault": true }] }))
        .await;
    let known = report(&app, "real", "reason=spam", "203.0.113.9:443").await;
    let unknown = report(&app, "nobody-made-this", "reason=spam", "203.0.113.9:443").await;
    assert_eq!(known.status, unknown.status);
    assert_eq!(
        known.body.replace("/_sl/report/real", ""),
        unknown.body.replace("/_sl/report/nobody-made-this", "")
    );
    assert_eq!(reported(&app).await.links.len(), 1);
}

#[tokio::test]
async fn a_post_without_the_pages_token_is_refused_and_nothing_is_kept() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.create_ok(&ws, json!({ "name": "real", "slug": "real", "rules": [{ "targetUrl": "https://shop.example/", "isDefault": true }] }))
        .await;
    let headers = [
        ("content-type", "application/x-www-form-urlencoded"),
        ("cookie", "sl_report=abc"),
    ];
    let forged = app
        .visit_with_body(
            Method::POST,
            "_sl/report/real",
            &headers,
            Some("form=abd&reason=spam".into()),
        )
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
    assert!(
        forged
            .body
            .contains("This form has expired or did not come from this site.")
    );
    let other_site = [
        ("content-type", "application/x-www-form-urlencoded"),
        ("cookie", "sl_report=abc"),
        ("sec-fetch-site", "cross-site"),
    ];
    let sent = app
        .visit_with_body(
            Method::POST,
            "_sl/report/real",
            &other_site,
            Some("form=abc&reason=spam".into()),
        )
        .await;
    assert_eq!(sent.status, StatusCode::FORBIDDEN);
    assert!(reported(&app).await.links.is_empty());
}

#[tokio::test]
async fn a_report_without_a_reason_is_shown_the_form_again_with_its_note() {
    let app = spawn_app().await;
    let answer = report(&app, "x", "note=see+attached", "203.0.113.9:443").await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert!(answer.body.contains("Choose why you are reporting this link."));
    assert!(answer.body.contains(">see attached</textarea>"));
}

#[tokio::test]
async fn a_note_longer_than_a_thousand_characters_is_refused() {
    let app = spawn_app().await;
    let long = "a".repeat(1001);
    let answer = report(&app, "x", &format!("reason=other&note={long}"), "203.0.113.9:443").await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert!(answer.body.contains("Keep the note to 1000 characters or fewer."));
}

#[tokio::test]
async fn an_address_past_ten_reports_an_hour_is_told_to_wait_and_others_are_not() {
    let app = spawn_app().await;
    for _ in 0..10 {
        let answer = report(&app, "x", "reason=spam", "198.51.100.7:443").await;
        assert_eq!(answer.status, StatusCode::OK);
    }
    let refused = report(&app, "x", "reason=spam", "198.51.100.7:443").await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(refused.headers.contains_key("retry-after"));
    assert!(
        refused
            .body
            .contains("Too many requests from your address. Try again in")
    );
    let someone_else = report(&app, "x", "reason=spam", "198.51.100.8:443").await;
    assert_eq!(someone_else.status, StatusCode::OK);
}

#[tokio::test]
async fn a_link_past_a_hundred_reports_an_hour_keeps_no_more_but_still_thanks() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.create_ok(&ws, json!({ "name": "popular", "slug": "popular", "rules": [{ "targetUrl": "https://shop.example/", "isDefault": true }] }))
        .await;
    for i in 0..101 {
        let address = format!("198.51.{}.{}:443", i / 10, i % 10);
        let answer = report(&app, "popular", "reason=spam", &address).await;
        assert_eq!(answer.status, StatusCode::OK);
        assert!(answer.body.contains(THANKS));
    }
    assert_eq!(reported(&app).await.links[0].count, 100);
}

#[tokio::test]
async fn the_password_app_and_gone_pages_link_to_the_links_report_page() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let protected = json!({ "name": "secret", "slug": "secret", "password": "open sesame",
        "rules": [{ "targetUrl": "https://shop.example/", "isDefault": true }] });
    app.create_ok(&ws, protected).await;
    let app_link = json!({ "name": "shoes", "slug": "shoes",
        "rules": [{ "targetUrl": "myapp://open/item/4", "appFallbackUrl": "https://apps.apple.com/app/id1", "isDefault": true }] });
    app.create_ok(&ws, app_link).await;
    let ended = app
        .create_ok(&ws, json!({ "name": "ended", "slug": "ended", "rules": [{ "targetUrl": "https://shop.example/", "isDefault": true }] }))
        .await;
    let (status, body) = app.update(&ws, &ended, json!({ "active": false })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let link = |slug: &str| format!("<a href=\"/_sl/report/{slug}\">Report this link</a>");
    assert!(app.get("secret", &[]).await.body.contains(&link("secret")));
    let opening = app.get("shoes", &[("user-agent", IPHONE_SAFARI)]).await;
    assert!(opening.body.contains(&link("shoes")), "{}", opening.body);
    let gone = app.get("ended", &[]).await;
    assert_eq!(gone.status, StatusCode::GONE);
    assert!(gone.body.contains(&link("ended")), "{}", gone.body);
    assert!(!app.get("no-such-link", &[]).await.body.contains("Report this link"));
}

#[tokio::test]
async fn the_location_page_links_to_the_links_report_page() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.gps_link(&ws, "venue", json!({})).await;
    let asking = app.get("venue", &[]).await;
    assert!(crate::location_support::is_consent_page(&asking), "{}", asking.body);
    assert!(
        asking
            .body
            .contains("<a href=\"/_sl/report/venue\">Report this link</a>"),
        "{}",
        asking.body
    );
}

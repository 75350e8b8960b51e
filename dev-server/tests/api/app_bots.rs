//! The automated visits the clicks leave out, in one sentence beside the totals of both analytics
//! pages.

use reqwest::StatusCode;

use crate::bot_analytics::{CRAWLER, SLACKBOT, person, robot};
use crate::helpers::{TestApp, TestWorkspace};
use crate::pages_support::{Browser, signed_in_owner_with_key as owner};

/// The sentence of a page, as the template writes it.
fn left_out(sentence: &str) -> String {
    format!("<p class=\"muted left-out\" id=\"bots-left-out\">{sentence}</p>")
}

/// The link page's and the workspace page's HTML, once the stream is folded.
async fn both_pages(app: &TestApp, browser: &mut Browser<'_>, ws: &TestWorkspace, id: &str) -> [String; 2] {
    app.aggregate().await;
    let mut pages = Vec::new();
    for path in [
        format!("/app/w/{}/links/{id}/analytics", ws.id),
        format!("/app/w/{}/analytics", ws.id),
    ] {
        let page = browser.get(&path).await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        pages.push(page.html);
    }
    pages.try_into().expect("two pages")
}

#[tokio::test]
async fn both_analytics_pages_say_how_many_automated_visits_were_left_out_and_by_whom() {
    let app = crate::helpers::spawn_app().await;
    let (mut browser, ws) = owner(&app).await;
    let id = app.plain_link(&ws).await;
    person(&app, "plain").await;
    robot(&app, "plain", CRAWLER).await;
    robot(&app, "plain", CRAWLER).await;
    robot(&app, "plain", SLACKBOT).await;
    for html in both_pages(&app, &mut browser, &ws, &id).await {
        let sentence = "3 automated visits were left out: 2 by other robots, 1 by link previews.";
        assert!(html.contains(&left_out(sentence)), "{html}");
        assert!(!html.contains("style="), "no inline style under the CSP");
    }
}

#[tokio::test]
async fn one_automated_visit_is_worded_in_the_singular() {
    let app = crate::helpers::spawn_app().await;
    let (mut browser, ws) = owner(&app).await;
    let id = app.plain_link(&ws).await;
    robot(&app, "plain", SLACKBOT).await;
    for html in both_pages(&app, &mut browser, &ws, &id).await {
        let sentence = "1 automated visit was left out: 1 by link previews.";
        assert!(html.contains(&left_out(sentence)), "{html}");
    }
}

#[tokio::test]
async fn a_page_without_automated_visits_says_nothing_of_them() {
    let app = crate::helpers::spawn_app().await;
    let (mut browser, ws) = owner(&app).await;
    let id = app.plain_link(&ws).await;
    person(&app, "plain").await;
    for html in both_pages(&app, &mut browser, &ws, &id).await {
        assert!(!html.contains("bots-left-out"));
        assert!(!html.contains("automated visit"));
    }
}
